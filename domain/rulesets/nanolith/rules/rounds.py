"""Encounters and Rounds: start / end an Encounter, the Status Phase, the Initiative Token, the Spawn Phase.

nanolith.txt § Setup, § Character Preparation, § Round Overview, § 1.1 Status Phase, § Spawn Phase,
§ The Spawn Pool.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.core.errors import BadInput

from ..kit import KIT, action_dice
from .. import schemas as sc
from .. import events as ev
from ..content import catalogue_for
from ..schemas import parse_effect_max, parse_pool_entry, parse_reinforcement
from ..state import board, enemy_id
from ..vocabulary import EFFECT_MAXIMA, HEROES, STATUS_STRESS_RELIEF, Phase, reinforcements_for_round
from .consequences import Decision, gain_stress, refuse, take_damage
from .guards import name, require_conscious, require_encounter, require_hero, require_phase
from domain.core.names import quoted


def start_encounter(d: Decision, f: Mapping[str, Any]) -> None:
    """Begin an Encounter: every Player Board as § Character Preparation sets it, Round 1, phase "setup".

    Effect Token Maxima default to § Status Effects; an Encounter may change them or add its own.
    """
    if d.state.get("encounter"):
        raise refuse("Encounter", f"the Encounter {quoted(d.state['encounter']['name'])} is in progress; end it first (end-encounter)")
    maxima = dict(EFFECT_MAXIMA)
    for effect in ("poisoned", "hacked", "bleeding", "paralyzed"):
        if f.get(f"{effect}_max") is not None:
            maxima[effect] = f[f"{effect}_max"]
    for entry in f.get("other_effects", []):
        effect, maximum = parse_effect_max(entry)
        maxima[effect] = maximum
    d.emit(ev.EncounterStarted(name=f.get("name") or "Encounter", lower_difficulty=bool(f.get("lower_difficulty")),
                               effect_maxima=maxima, content_packs=catalogue_for(d.state).summary()))


def end_encounter(d: Decision, f: Mapping[str, Any]) -> None:
    """End the Encounter with its outcome (Victory Conditions / § Game Over)."""
    require_encounter(d.state)
    d.emit(ev.EncounterEnded(name=d.state["encounter"]["name"], outcome=f["outcome"]))


@KIT.action("set-spawn-pool", sc.SpawnPoolSchema, "Set the Spawn Pool: TYPE:STANDEES entries, e.g. bio-mutant:1,2,3 security-droid:1-4",
            section="The Spawn Pool", args=("entries",))
def set_spawn_pool(d: Decision, f: Mapping[str, Any]) -> None:
    """§ The Spawn Pool: the enemies available for the Encounter, off the map (replaces the pool)."""
    require_encounter(d.state)
    pool: dict[str, list[int]] = {}
    for enemy_type, standees in map(parse_pool_entry, f["entries"]):
        pool[enemy_type] = sorted(set(pool.get(enemy_type, [])) | set(standees))
    on_map = [enemy_id(t, n) for t, ns in pool.items() for n in ns if enemy_id(t, n) in d.state["enemies"]]
    if on_map:
        raise refuse("The Spawn Pool", f"{', '.join(on_map)} on the Encounter Map cannot also be in the Spawn Pool")
    d.emit(ev.SpawnPoolSet(pool=pool))


@KIT.action("set-stress-spaces", sc.StressSpacesSchema, "Say which Inactive Index spaces (1-based) of a Player Board show the Stress Icon",
            section="Spending Action Dice", args=("character", "slots"))
def set_stress_spaces(d: Decision, f: Mapping[str, Any]) -> None:
    """Which Inactive Index spaces carry the Stress Icon on a Player Board (§ Spending Action Dice).

    The rulebook does not print them; the group reads them off the board once. By default there are none.
    """
    require_hero(f["character"], "have Stress spaces (his Inactive Index has a Download space)")
    d.emit(ev.StressSpacesSet(character=f["character"], slots=sorted(set(f["slots"]))))


def start_round(d: Decision, f: Mapping[str, Any]) -> None:
    """§ 1.1 Status Phase, steps 1-3: Round Tracker and RT (skipped in Round 1), Stress back 2, Status Effects.

    Step 3 resolves Poisoned (one Damage per token); Hacked and Bleeding act when the character acts.
    """
    s = d.state
    require_phase(s, "Round Overview", Phase.SETUP, Phase.ENEMY_ACTION)
    first = s["phase"] == Phase.SETUP.value
    number = s["round"] if first else s["round"] + 1
    due = 0 if first else reinforcements_for_round(number)
    placed = max(0, min(due, 12 - s["reinforcement_pool"]))
    d.emit(ev.RoundStarted(round=number, reinforcements_due=due, placed=placed, pool=s["reinforcement_pool"] + placed))
    for c in HEROES:
        stress = board(d.state, c)["stress"]
        if stress and not board(d.state, c)["unconscious"]:
            relief = min(STATUS_STRESS_RELIEF, stress)
            d.emit(ev.StressRelieved(character=c, amount=relief, stress=stress - relief))
    for c in HEROES:
        poisoned = board(d.state, c)["effects"].get("poisoned", 0)
        if poisoned:
            take_damage(d, c, poisoned, f"Poisoned ({poisoned} token{'s' if poisoned > 1 else ''})")


@KIT.action("roll-action-dice", sc.RollActionDiceSchema, "Record a character's Action Dice roll (each 1 gives 1 Stress)",
            section="1.1 Status Phase", reveal=True, args=("character", "dice"), dice=action_dice)
def roll_action_dice(d: Decision, f: Mapping[str, Any]) -> None:
    """§ 1.1 Status Phase, step 4: roll the Action Dice; each 1 gives 1 Stress (§ Stress Factors).

    A character revived in the Character Action Phase who has not activated may roll then (§ Unconscious).
    """
    s, c = d.state, f["character"]
    require_encounter(s)
    if c == "sidekick":
        raise refuse("Action Dice Value", "Sidekick's Action Dice Value is 0: he acts with Cora's Action Dice")
    require_conscious(s, c, "roll Action Dice")
    me = board(s, c)
    if s["phase"] == Phase.STATUS.value:
        if me["dice"]:
            raise refuse("1.1 Status Phase", f"{name(c)} has already rolled their Action Dice this Round")
    elif s["phase"] == Phase.CHARACTER_ACTION.value:
        if me["dice"] or me["activated"]:
            raise refuse("1.1 Status Phase", f"{name(c)} rolled their Action Dice in the Status Phase; dice are not rolled again")
    else:
        require_phase(s, "1.1 Status Phase", Phase.STATUS)
    if len(f["dice"]) != me["action_dice_value"]:
        raise refuse("Action Dice Value", f"{name(c)} rolls exactly {me['action_dice_value']} Action Dice, not {len(f['dice'])}")
    d.emit(ev.ActionDiceRolled(character=c, dice=list(f["dice"])))
    gain_stress(d, c, f["dice"].count(1), "rolled a 1 on an Action Die")


@KIT.action("give-initiative", sc.CharacterSchema, "Give the Initiative Token; the Character Action Phase begins",
            section="1.1 Status Phase", args=("character",))
def give_initiative(d: Decision, f: Mapping[str, Any]) -> None:
    """§ 1.1 Status Phase, step 5: the Initiative Token; then the Character Action Phase begins."""
    s, c = d.state, f["character"]
    require_phase(s, "1.1 Status Phase", Phase.STATUS)
    require_hero(c, "hold the Initiative Token")
    require_conscious(s, c, "take the Initiative Token")
    waiting = [x for x in HEROES if not board(s, x)["unconscious"] and board(s, x)["action_dice_value"] > 0 and not board(s, x)["dice"]]
    if waiting:
        raise refuse("1.1 Status Phase", f"step 4 comes before step 5: {', '.join(map(name, waiting))} must roll their Action Dice first")
    d.emit(ev.InitiativeGiven(character=c), ev.PhaseChanged(phase=Phase.CHARACTER_ACTION.value))


def spawn(d: Decision, f: Mapping[str, Any]) -> None:
    """§ Spawn Phase as the players resolve it: the reinforcements bought and the RT spent.

    All RT must be used by the end of the Spawn Phase: Tokens left over are removed and become Stress for
    the Initiative holder, one point at a time. Then the Enemy Action Phase begins.
    """
    s = d.state
    require_phase(s, "Spawn Phase", Phase.SPAWN)
    pool = s["reinforcement_pool"]
    if f["tokens_spent"] > pool:
        raise refuse("Spawn Phase", f"Extra Reinforcements are bought only with RT in the Reinforcement Pool: "
                                    f"{f['tokens_spent']} spent, {pool} in the pool")
    entering = [_entering(s, enemy_type, standee, life) for enemy_type, standee, life in map(parse_reinforcement, f["enemies"])]
    ids = [e.enemy for e in entering]
    if len(set(ids)) != len(ids):
        raise refuse("The Spawn Pool", f"each standee enters once: {' '.join(ids)}")
    leftover = pool - f["tokens_spent"]
    d.emit(ev.ReinforcementsBought(enemies=ids, tokens_spent=f["tokens_spent"], leftover=leftover,
                                   spawn_rolls=list(f.get("spawn_rolls", []))), *entering)
    holder = s.get("initiative")
    if leftover and holder:
        gain_stress(d, holder, leftover, "excess Reinforcement Token at the end of the Spawn Phase")
    d.emit(ev.PhaseChanged(phase=Phase.ENEMY_ACTION.value))


def _entering(s: Mapping[str, Any], enemy_type: str, standee: int, life: int | None) -> ev.EnemyPlaced:
    if standee not in s["spawn_pool"].get(enemy_type, []):
        raise refuse("The Spawn Pool", f"{enemy_id(enemy_type, standee)} is not in the Spawn Pool "
                                       f"(available: {_pool_text(s)})")
    return ev.EnemyPlaced(enemy=enemy_id(enemy_type, standee), enemy_type=enemy_type, standee=standee,
                          life=_life(s, enemy_type, life), figures=enemy_figures(s, enemy_type))


def place_enemy(d: Decision, f: Mapping[str, Any]) -> None:
    """Place an enemy on the Encounter Map (the Storybook's setup, or a Special Rule).

    If its type is in the Spawn Pool, the standee is taken from there (§ The Spawn Pool).
    """
    s = d.state
    require_encounter(s)
    enemy_type, standee = f["enemy_type"], f["standee"]
    ident = enemy_id(enemy_type, standee)
    if ident in s["enemies"]:
        raise refuse("The Spawn Pool", f"{ident} is already on the Encounter Map")
    if enemy_type in s["spawn_pool"] and standee not in s["spawn_pool"][enemy_type]:
        raise refuse("The Spawn Pool", f"{ident} is not in the Spawn Pool (available: {_pool_text(s)})")
    d.emit(ev.EnemyPlaced(enemy=ident, enemy_type=enemy_type, standee=standee, life=_life(s, enemy_type, f.get("life")),
                          figures=enemy_figures(s, enemy_type)))


def _life(s: Mapping[str, Any], enemy_type: str, life: int | None) -> int:
    if life is None:
        life = s["enemy_life"].get(enemy_type) or (enemy_figures(s, enemy_type) or {}).get("life")
    if life is None:
        raise BadInput(f"give the Life Points of {enemy_type} (off its Enemy Card) the first time one is placed",
                       {"life": [f"unknown for {enemy_type}"]})
    return life


def enemy_figures(s: Mapping[str, Any], enemy_type: str) -> dict[str, Any] | None:
    """The figures of ``enemy_type``'s Enemy Card: as recorded this Encounter, else from the content packs
    (stored in the EnemyPlaced event, so editing a pack never changes a replay); ``None`` when unknown."""
    if enemy_type in s.get("enemy_figures", {}):
        return dict(s["enemy_figures"][enemy_type])
    entry = catalogue_for(s).get("enemies", enemy_type)
    bosses = (s.get("encounter_rules") or {}).get("bosses") or {}
    if enemy_type in bosses:  # the Encounter names it a Boss, with its Damage Index (§ Damage Index for Bosses)
        entry = {"name": enemy_type, **entry, "enemy_class": "boss", "damage_index": bosses[enemy_type] or entry.get("damage_index")}
    if not entry:
        return None
    return {"name": entry["name"], "enemy_class": entry.get("enemy_class"), "life": entry.get("damage_index") or entry.get("life"),
            "large": entry.get("large"), "program": entry.get("program"), "defense": entry.get("defense") or {},
            "profile": entry.get("profile"), "damage_index": entry.get("damage_index")}


def _pool_text(s: Mapping[str, Any]) -> str:
    return "; ".join(f"{t}: {', '.join(map(str, ns))}" for t, ns in s["spawn_pool"].items() if ns) or "none"
