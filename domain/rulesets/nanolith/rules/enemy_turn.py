"""The Enemy Turn with Enemy Cards: figures recorded, the Reinforcement Table, Spawn Points, Enemy
Initiative, target selection, Paralyzed enemies, Boss Cards and Damage Indexes.

nanolith.txt § Enemy Cards and Enemy Classes, § Spawn Phase, § Auto-Reinforcements, § Extra
Reinforcements, § Enemy Initiative, § 1. Target Selection, § Examples of Enemy Activations, § Large Enemies,
§ Boss Cards and Boss Activation, § Damage Index for Bosses, § Paralyzed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.core.errors import BadInput
from domain.core.names import counted, did_you_mean, quoted

from ..kit import KIT, spawn_dice
from .. import schemas as sc
from .. import schemas_encounter as se
from .. import encounter_events as ee
from .. import events as ev
from ..content import catalogue_for, slug
from ..encounter_state import enemy_order, next_enemy
from ..schemas import parse_reinforcement
from ..state import board, enemy_id, find_target
from ..vocabulary import Phase
from . import rounds
from .consequences import Decision, refuse
from .guards import name, require_encounter, require_phase


@KIT.action("place-enemy", sc.PlaceEnemySchema, "Place an enemy standee on the Encounter Map (--life from its Enemy Card)",
            section="The Spawn Pool", args=("enemy_type", "standee"))
def place_enemy(d: Decision, f: Mapping[str, Any]) -> None:
    """place-enemy (the Enemy Card's figures from the content packs go into EnemyPlaced)."""
    require_encounter(d.state)
    rounds.place_enemy(d, f)


@KIT.action("arrange-enemy-cards", se.ArrangeSchema, "Arrange the Enemy Cards (Enemy Initiative), top first",
            section="Enemy Initiative", args=("order",))
def arrange_enemy_cards(d: Decision, f: Mapping[str, Any]) -> None:
    """§ Enemy Initiative: the players arrange the Enemy Cards at the start of the Encounter (top first)."""
    require_phase(d.state, "Enemy Initiative", Phase.SETUP)
    order = [slug(t) for t in f["order"]]
    if len(set(order)) != len(order):
        raise BadInput("each enemy type is named once", {"order": ["named twice"]})
    d.emit(ee.EnemyCardsArranged(order=order))


def reinforcement_purchase(state: Mapping[str, Any], table: Mapping[str, Any]) -> tuple[list[str], int]:
    """The standees the Reinforcement Table brings (Auto-Reinforcements, then Extra Reinforcements top to
    bottom, a type bought until the RT or its standees run out; only then the next type) and the RT spent.

    Reading: when the top type's cost is more than the RT left while standees remain, buying stops
    (§ Extra Reinforcements: "Only then can enemies of the next enemy type be purchased").
    """
    pool = {t: list(ns) for t, ns in state["spawn_pool"].items()}
    chosen: list[str] = []
    for row in table.get("auto") or []:
        for _ in range(row.get("count") or 0):
            if pool.get(slug(row["enemy"])):
                chosen.append(f"{slug(row['enemy'])}:{pool[slug(row['enemy'])].pop(0)}")
    tokens, spent = state["reinforcement_pool"], 0
    for row in table.get("extra") or []:
        kind, cost = slug(row["enemy"]), row.get("cost")
        if cost is None:
            raise BadInput(f"the Reinforcement Table's cost of {kind} is unknown: give the enemies and --tokens-spent",
                           {"tokens_spent": ["required"]})
        while pool.get(kind) and tokens - spent >= cost:
            chosen.append(f"{kind}:{pool[kind].pop(0)}")
            spent += cost
        if pool.get(kind):
            break
    return chosen, spent


@KIT.action("spawn", sc.SpawnSchema, "Spawn Phase: the reinforcements that enter and the RT spent; leftover RT become Stress",
            section="Spawn Phase", reveal=True, args=("enemies",), dice=spawn_dice)
def spawn(d: Decision, f: Mapping[str, Any]) -> None:
    """§ Spawn Phase with the Encounter's Reinforcement Table (when known): Questlog works out the purchase
    (or checks the players' list against it), then a D6 per standee picks its Spawn Point (a full space is
    rolled again, unless the enemy is large). Leftover RT become Stress for the Initiative holder."""
    s = d.state
    require_phase(s, "Spawn Phase", Phase.SPAWN)
    table = (s.get("encounter_rules") or {}).get("reinforcements")
    fields = dict(f)
    if table is not None:  # known, perhaps with no rows: it buys nothing
        chosen, spent = reinforcement_purchase(s, table)
        given = f["enemies"] if f["enemies"] or f.get("tokens_spent") is not None else chosen
        if _types(given) != _types(chosen) or f.get("tokens_spent") not in (None, spent):
            paid = f" for {f['tokens_spent']} RT" if f.get("tokens_spent") is not None else ""
            raise refuse("Extra Reinforcements", f"the Reinforcement Table buys {' '.join(chosen) or 'nothing'} for {spent} RT, "
                                                 f"not {' '.join(f['enemies']) or 'nothing'}{paid}")
        fields.update(enemies=given, tokens_spent=spent)
    elif f.get("tokens_spent") is None:
        raise BadInput("give --tokens-spent (this Encounter's Reinforcement Table is not known)", {"tokens_spent": ["required"]})
    entering = [parse_reinforcement(e) for e in fields["enemies"]]
    placements, large, displaced = _spawn_points(d.state, entering, list(f.get("spawn_rolls") or []), list(f.get("rerolled") or []))
    rounds.spawn(d, fields)
    if placements:
        d.emit(ee.SpawnPointsRolled(placements=placements, rerolled=list(f.get("rerolled") or []), large=large,
                                    displaced=displaced))


def _types(entries: list[str]) -> list[str]:
    return sorted(parse_reinforcement(e)[0] for e in entries)


def is_large(s: Mapping[str, Any], enemy_type: str) -> bool:
    """Whether ``enemy_type``'s models are large (40 mm base): the Encounter's rules say so (set-encounter-rules
    --large), or its Enemy Card figures (recorded this Encounter, else the content packs) do (§ Large Enemies)."""
    if enemy_type in ((s.get("encounter_rules") or {}).get("large") or []):
        return True
    return bool((rounds.enemy_figures(s, enemy_type) or {}).get("large"))


def _large_on_points(s: Mapping[str, Any]) -> dict[int, str]:
    """Spawn Point -> the large model standing on it (recorded by the Spawn Phase it entered in)."""
    return {e["on_spawn_point"]: ident for ident, e in s["enemies"].items()
            if e.get("on_spawn_point") is not None and is_large(s, e["type"])}


def _spawn_points(s: Mapping[str, Any], entering: list[tuple[str, int, int | None]], rolls: list[int],
                  rerolled: list[int]) -> tuple[dict[str, int], list[str], list[str]]:
    """Each standee's Spawn Point: the rolls in order, skipping the ``rerolled`` (1-based) ones that hit a full
    space; the entering standees that are large models; and the standard ones whose roll hit a Spawn Point a large
    model stands on (displaced to a space within a range of A1: not on it).

    Refused (§ Spawn Phase, § Large Enemies): a large model's roll marked rerolled ("If a space is full, the D6
    has to be rolled again, unless the enemy is a large model"), and a roll marked rerolled on a Spawn Point a
    large model stands on ("If a Spawn Point is blocked by a large model, the dice are not rerolled ...; instead,
    the enemies are displaced to a space within a range of A1"), counting large models placed earlier in the same
    Spawn Phase."""
    if not rolls:
        return {}, [], []
    kept = [v for i, v in enumerate(rolls, 1) if i not in rerolled]
    if len(kept) != len(entering):
        raise BadInput(f"{counted(len(entering), 'standee')} enter: give one Spawn Point roll each (plus the rerolled ones), "
                       f"not {len(kept)}", {"spawn_rolls": ["one D6 per standee"]})
    placements, large, displaced, blocked, position = {}, [], [], _large_on_points(s), 0
    for i, v in enumerate(rolls, 1):
        kind, standee, _ = entering[position]
        ident = enemy_id(kind, standee)
        if i in rerolled:
            if is_large(s, kind):
                raise refuse("Spawn Phase", f"{ident} is a large model: if a space is full, the D6 has to be rolled again, "
                                            f"unless the enemy is a large model; it is placed on Spawn Point {v}, not rolled again")
            if v in blocked:
                raise refuse("Large Enemies", f"Spawn Point {v} is blocked by the large model {blocked[v]}: the dice are not "
                                              f"rerolled for {ident}; it is displaced to a space within a range of A1")
            continue
        placements[ident] = v
        if is_large(s, kind):
            large.append(ident)
            blocked[v] = ident
        elif v in blocked:
            displaced.append(ident)
        position += 1
    return placements, large, displaced


@KIT.action("activate-enemy", se.ActivateEnemySchema, "The next enemy in Enemy Initiative activates (Paralyzed: skipped)",
            section="Enemy Initiative", args=("enemy",))
def activate_enemy(d: Decision, f: Mapping[str, Any]) -> None:
    """§ Enemy Initiative: the next enemy activates (Bosses first, Enemy Cards top to bottom, standees by
    number); a Paralyzed one does nothing and its token is removed (§ Paralyzed). ``--target`` records the
    target the players selected, checked against ``--candidates`` when given (§ 1. Target Selection)."""
    s = d.state
    require_phase(s, "Enemy Action Phase", Phase.ENEMY_ACTION)
    pending = [b for b, deck in s["boss_cards"].items() if len(deck["resolved"]) < len(deck["drawn"])]
    if pending:
        raise refuse("Use of Boss Cards", f"Boss Cards are resolved first, at the start of the Enemy Action Phase: {', '.join(pending)}")
    enemy, expected = slug(f["enemy"]), next_enemy(s)
    if enemy not in s["enemies"]:
        raise BadInput(f"no enemy {quoted(f['enemy'])}{did_you_mean(enemy, s['enemies'])} on the Encounter Map ({', '.join(enemy_order(s)) or 'none'})", {"enemy": ["not on the map"]})
    if enemy != expected:
        raise refuse("Enemy Initiative", f"{expected or 'no enemy'} activates next, not {enemy} (order: {', '.join(enemy_order(s))})")
    if s["enemies"][enemy]["effects"].get("paralyzed"):
        d.emit(ee.EnemyActivated(enemy=enemy, skipped=True),
               ev.EffectRemoved(target=enemy, effect="paralyzed", removed=1, count=s["enemies"][enemy]["effects"]["paralyzed"] - 1))
        return
    d.emit(ee.EnemyActivated(enemy=enemy, skipped=False))
    if f.get("target"):
        select_target(d, {**f, "enemy": enemy})


@KIT.action("select-target", se.SelectTargetSchema, "Record an enemy's target, checked by the tie-break order with --candidates",
            section="1. Target Selection", args=("enemy", "target"))
def select_target(d: Decision, f: Mapping[str, Any]) -> None:
    """§ 1. Target Selection: the closest character (imaginary movement, counted by the players), then most
    Damage, then lowest Defense Value for the attack type, then the players' choice. With ``candidates``
    (``NAME:DISTANCE[:DEFENSE]``) Questlog checks the choice; a Provoke token overrides (§ Skill Cards)."""
    s = d.state
    require_encounter(s)
    enemy = slug(f["enemy"])
    if enemy not in s["enemies"]:
        raise BadInput(f"no enemy {quoted(f['enemy'])}{did_you_mean(enemy, s['enemies'])} on the Encounter Map", {"enemy": ["not on the map"]})
    found = find_target(s, f["target"])
    if not found or found[0] == "enemy":
        raise BadInput(f"enemies target characters or Sidekick, not {quoted(f['target'])}", {"target": ["not a character"]})
    target = found[1]
    if target != "sidekick" and board(s, target)["unconscious"]:
        raise refuse("Unconscious", f"{target} is Unconscious and cannot be targeted by enemies")
    # § Unconscious: an Unconscious character "can never ... be targeted", so is never the closest candidate.
    candidates = [c for c in (_candidate(s, text) for text in f.get("candidates") or []) if _targetable(s, c["target"])]
    provoker = s["enemy_phase"].get("provoked", {}).get(enemy)
    if provoker:  # Provoke: "He then counts as the closest target for those enemies until the end of this round."
        if target != provoker:
            raise refuse("Skill Cards", f"{enemy} is provoked: {name(provoker)} counts as its closest target")
        reason = "provoked"
    else:
        reason = _check_choice(target, candidates) if candidates else "as the players determined"
    d.emit(ee.TargetSelected(enemy=enemy, target=target, candidates=candidates, reason=reason))


def _targetable(s: Mapping[str, Any], who: str) -> bool:
    return s["sidekick"]["on_map"] if who == "sidekick" else not board(s, who)["unconscious"]


def _candidate(s: Mapping[str, Any], text: str) -> dict[str, Any]:
    parts = str(text).split(":")
    found = find_target(s, parts[0])
    if not found or found[0] == "enemy" or len(parts) not in (2, 3) or not all(p.isdigit() for p in parts[1:]):
        raise BadInput(f"a candidate is CHARACTER:DISTANCE[:DEFENSE] (cora:3:4), not {quoted(text)}", {"candidates": [f"bad candidate {quoted(text)}"]})
    who = found[1]
    damage = s["sidekick"]["damage"] if who == "sidekick" else board(s, who)["damage"]
    return {"target": who, "distance": int(parts[1]), "damage": damage, "defense": int(parts[2]) if len(parts) == 3 else None}


def _check_choice(target: str, candidates: list[dict[str, Any]]) -> str:
    if target not in {c["target"] for c in candidates}:
        raise BadInput(f"{target} is not among the candidates given", {"candidates": [f"add {target}"]})
    steps = [("closest", lambda c: c["distance"]), ("most Damage", lambda c: -c["damage"]),
             ("lowest Defense Value", lambda c: c["defense"] if c["defense"] is not None else 0)]
    pool = candidates
    for reason, key in steps:
        best = min(key(c) for c in pool)
        pool = [c for c in pool if key(c) == best]
        if len(pool) == 1:
            if pool[0]["target"] != target:
                raise refuse("1. Target Selection", f"the enemy targets {pool[0]['target']} ({reason}), not {target}")
            return reason
        if reason == "most Damage" and any(c["defense"] is None for c in pool):
            break
    if target not in {c["target"] for c in pool}:
        raise refuse("1. Target Selection", f"the enemy targets one of {', '.join(c['target'] for c in pool)}, not {target}")
    return "players' choice" if all(c["defense"] is not None for c in pool) else "players' choice (Defense Values not given)"


@KIT.action("draw-boss-card", se.BossCardSchema, "Draw a Boss Card in the Spawn Phase (a reveal)",
            section="Use of Boss Cards", reveal=True, args=("boss", "card"))
def draw_boss_card(d: Decision, f: Mapping[str, Any]) -> None:
    """§ Use of Boss Cards: Boss Cards are drawn in the Spawn Phase (a reveal) and resolved later. Reading:
    ``spawn`` closes the Spawn Phase, so a Boss that entered with it (an Auto-Reinforcement) has its Boss Card
    drawn right after, before anything activates in the Enemy Action Phase."""
    s = d.state
    if not (s["phase"] == Phase.ENEMY_ACTION.value and not s["enemy_phase"]["done"]
            and not any(deck["resolved"] for deck in s["boss_cards"].values())):
        require_phase(s, "Use of Boss Cards", Phase.SPAWN)
    boss = slug(f["boss"])
    if not any(e["type"] == boss for e in d.state["enemies"].values()):
        raise refuse("Use of Boss Cards", f"no {boss} on the Encounter Map")
    d.emit(ee.BossCardDrawn(boss=boss, card=f["card"].strip()))


@KIT.action("resolve-boss-card", se.BossSchema, "Resolve the next drawn Boss Card at the start of the Enemy Action Phase",
            section="Use of Boss Cards", args=("boss",))
def resolve_boss_card(d: Decision, f: Mapping[str, Any]) -> None:
    """§ Use of Boss Cards: at the start of the Enemy Action Phase, drawn cards resolve in drawing order (the
    Boss activates); a Paralyzed Boss resolves only the Special Skill Icon (§ Paralysis and Boss Cards)."""
    s = d.state
    require_phase(s, "Use of Boss Cards", Phase.ENEMY_ACTION)
    due = [(b, deck["drawn"][len(deck["resolved"])]) for b, deck in s["boss_cards"].items() if len(deck["resolved"]) < len(deck["drawn"])]
    if not due:
        raise refuse("Use of Boss Cards", "no drawn Boss Card is waiting")
    boss, card = due[0]
    if slug(f["boss"]) != boss:
        raise refuse("Multiple Boss Card Decks in an Encounter and Their Initiative", f"{boss}'s card {quoted(card)} resolves first")
    standees = [k for k, e in sorted(s["enemies"].items()) if e["type"] == boss and k not in s["enemy_phase"]["done"]]
    paralyzed = [k for k in standees if s["enemies"][k]["effects"].get("paralyzed")]
    d.emit(ee.BossCardResolved(boss=boss, card=card, paralyzed=bool(paralyzed)))
    for k in standees:
        d.emit(ee.EnemyActivated(enemy=k, skipped=k in paralyzed))
        if k in paralyzed:
            d.emit(ev.EffectRemoved(target=k, effect="paralyzed", removed=1, count=0))


@KIT.action("place-damage-cube", se.EnemySchema, "Place the cube on a Boss's Damage Index: it can be wounded from now on",
            section="Damage Index for Bosses", args=("enemy",))
def place_damage_cube(d: Decision, f: Mapping[str, Any]) -> None:
    """§ Damage Index for Bosses: from now on Damage dealt to the Boss moves its cube."""
    require_encounter(d.state)
    enemy = slug(f["enemy"])
    foe = d.state["enemies"].get(enemy)
    if foe is None or foe.get("cube_placed", True):
        raise refuse("Damage Index for Bosses", f"{enemy} is not a Boss waiting for its Damage Index cube")
    d.emit(ee.DamageCubePlaced(enemy=enemy))
