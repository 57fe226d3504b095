"""Content in play: starting an Encounter from its pack entry, the Encounter's rules given by the players,
checking packs, figures filled into attacks, Provoke, the end of an Encounter and its rewards.

nanolith.txt § Setup, § Status Effects (Effect Token Maximum), § Bleeding, § Hacked, § Spawn Phase,
§ Attacks (3. Determining Combat Value), § Upgrading Characters, § Using Programs.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.core.errors import BadInput
from domain.core.names import did_you_mean, quoted
from domain.core.practice import last_practice

from ..kit import KIT
from .. import schemas as sc
from .. import schemas_encounter as se
from .. import encounter_events as ee
from .. import events as ev
from ..content import catalogue, catalogue_for, packs_from_data, shipped_packs, slug
from ..state import board, find_target
from ..vocabulary import HEROES, Phase
from . import rounds
from .consequences import Decision, lose_programs, refuse, saved_programs
from .guards import name, require_encounter, require_phase


@KIT.action("start-encounter", sc.StartEncounterSchema, "Start an Encounter: Player Boards reset, Round 1 (options: Effect Token Maxima)",
            section="Character Preparation", args=("name",))
def start_encounter(d: Decision, f: Mapping[str, Any]) -> None:
    """start-encounter; with ``--encounter ID`` its pack entry gives the name, Effect Token Maxima, Spawn
    Pool, Enemy Cards and rules. The packs in use are recorded (ContentPacksUsed)."""
    cat = catalogue_for(d.state)
    fields = dict(f)
    entry: dict[str, Any] = {}
    if f.get("encounter"):
        found = cat.find("encounters", f["encounter"])
        if not found:
            raise BadInput(f"no Encounter {quoted(f['encounter'])}{did_you_mean(f['encounter'], cat.names('encounters'))} in the content packs ({', '.join(cat.sections['encounters']) or 'none'})",
                           {"encounter": ["unknown Encounter"]})
        entry = found[1]
        fields["name"] = f.get("name") if f.get("name") not in (None, "Encounter") else entry["name"]
        extra = [f"{k}:{v}" for k, v in entry["effect_maxima"].items() if k not in ("poisoned", "hacked", "bleeding", "paralyzed")]
        for k in ("poisoned", "hacked", "bleeding", "paralyzed"):
            if fields.get(f"{k}_max") is None and k in entry["effect_maxima"]:
                fields[f"{k}_max"] = entry["effect_maxima"][k]
        fields["other_effects"] = extra + list(f.get("other_effects") or [])
    rounds.start_encounter(d, fields)
    if f.get("stress_spaces") is not None:  # § Spending Action Dice: the Stress Icons, read off the Player Boards
        for hero in HEROES:
            d.emit(ev.StressSpacesSet(character=hero, slots=sorted(f["stress_spaces"])))
    saved = saved_programs(d.state)
    if saved:  # § Saving Programs: "He can keep it until he wants to overwrite or delete the program"
        d.emit(ee.SavedProgramsLoaded(programs=saved))
    if entry:
        d.emit(ee.EncounterRulesSet(encounter=found[0], special_rules=entry.get("special_rules"), victory=entry.get("victory"),
                                    game_over=entry.get("game_over"), bleeding_defense=entry.get("bleeding_defense") or {},
                                    hacked_profile=entry.get("hacked_profile"), reinforcements=entry.get("reinforcements")))
        if entry.get("spawn_pool"):
            rounds.set_spawn_pool(d, {"entries": [f"{slug(t)}:{','.join(map(str, ns))}" for t, ns in entry["spawn_pool"].items()]})
        if entry.get("enemy_cards"):
            d.emit(ee.EnemyCardsArranged(order=[slug(t) for t in entry["enemy_cards"]]))


@KIT.action("set-encounter-rules", se.EncounterRulesSchema, "Give the Encounter's Reinforcement Table, Bleeding Defense and Hacked Profiles, conditions",
            section="Spawn Phase")
def set_encounter_rules(d: Decision, f: Mapping[str, Any]) -> None:
    """The Encounter's rules the packs do not give, as the players read them in the Storybook: the
    Reinforcement Table (``auto:TYPE:COUNT``, ``extra:TYPE:COST``), the Bleeding Defense Profile
    (``TYPE:VALUE[:ARMOR]``), the Hacked Profile, Victory and Game Over conditions, the enemy types with large
    models (§ Large Enemies) the packs do not mark. Given fields replace; a
    Reinforcement Table given with no rows is known to bring nothing (not unknown)."""
    require_encounter(d.state)
    old = dict(d.state.get("encounter_rules") or {})
    table = _table(f["reinforcements"]) if f.get("reinforcements") is not None else old.get("reinforcements")
    bleeding = dict(_bleeding(t) for t in f["bleeding_defense"]) if f.get("bleeding_defense") else old.get("bleeding_defense") or {}
    hacked = old.get("hacked_profile")
    if f.get("hacked_dice") or f.get("hacked_attack"):
        hacked = {"attack": f.get("hacked_attack"), "dice": f.get("hacked_dice"), "text": None}
    bosses = dict(_boss(b) for b in f["bosses"]) if f.get("bosses") else old.get("bosses") or {}
    large = sorted({slug(t) for t in f["large"]}) if f.get("large") else list(old.get("large") or [])
    d.emit(ee.EncounterRulesSet(encounter=old.get("encounter"), special_rules=f.get("special_rules") or old.get("special_rules"),
                                victory=f.get("victory") or old.get("victory"), game_over=f.get("game_over") or old.get("game_over"),
                                bleeding_defense=bleeding, hacked_profile=hacked, reinforcements=table, bosses=bosses, large=large))


def _boss(text: str) -> tuple[str, int | None]:
    kind, _, size = text.rpartition(":") if ":" in text else (text, "", "")
    if not slug(kind) or (size and not size.isdigit()):
        raise BadInput(f"a Boss is TYPE[:DAMAGE-INDEX] (overseer:8), not {quoted(text)}", {"bosses": [text]})
    return slug(kind), int(size) if size else None


def _table(rows: list[str]) -> dict[str, Any]:
    table: dict[str, Any] = {"auto": [], "extra": [], "boss_cards": []}
    for row in rows:
        kind, _, rest = row.partition(":")
        enemy, _, number = rest.rpartition(":")
        if kind not in ("auto", "extra") or not enemy or not number.isdigit():
            raise BadInput(f"a Reinforcement Table row is auto:TYPE:COUNT or extra:TYPE:COST, not {quoted(row)}", {"reinforcements": [row]})
        table[kind].append({"enemy": slug(enemy), "count" if kind == "auto" else "cost": int(number)})
    return table


def _bleeding(text: str) -> tuple[str, dict[str, Any]]:
    parts = text.split(":")
    if len(parts) not in (2, 3) or parts[0] not in ("close-combat", "ranged", "nanoshock", "hacking") \
            or not all(p.isdigit() or p.upper() == "X" for p in parts[1:]):
        raise BadInput(f"a Bleeding Defense Value is TYPE:VALUE[:ARMOR] (ranged:3:0), not {quoted(text)}", {"bleeding_defense": [text]})
    value = "X" if parts[1].upper() == "X" else int(parts[1])
    return parts[0], {"value": value, "armor": int(parts[2]) if len(parts) == 3 else None}


@KIT.query("check-content", se.CheckContentSchema, "Check the content packs (and PATH), storing nothing: refused naming file, entry and field",
           section="Setup", args=("content",), files=("content",))
def check_content(state: Mapping[str, Any], f: Mapping[str, Any]) -> dict[str, Any]:
    """The ``check-content`` query (DESIGN.md § Words, content pack): the shipped packs, the campaign's own and
    the packs given in ``f["content"]`` (already read and validated at the edge, ``infrastructure.files``: this
    reads no file). Stores nothing. Returns ``{"packs": [{pack, version, file, entries: {section: count}}],
    "entries": {section: count}}`` (entries after merging); raises ``ContentError`` (bad input) for data that
    is not loaded packs (a path given where loaded packs belong)."""
    own = [*catalogue_for(dict(state)).packs[len(shipped_packs()):], *packs_from_data(f.get("content") or [])]
    cat = catalogue(own)
    packs = [{**{k: p.summary()[k] for k in ("pack", "version", "file")}, "entries": {s: len(v) for s, v in p.sections.items()}}
             for p in cat.packs]
    return {"packs": packs, "entries": {s: len(v) for s, v in cat.sections.items()}}


def fill_attack_figures(d: Decision, f: Mapping[str, Any]) -> dict[str, Any]:
    """A character's attack on an enemy: the Defense Value and Armor from the figures recorded for its
    type when the players leave them out. Raises ``BadInput`` when neither knows them."""
    fields = dict(f)
    if f.get("profile"):
        return _defaults(fields, None, "the target's Defense Value")
    foe = d.state["enemies"].get(slug(f["target"]))
    kind = "nanoshock" if (d.state.get("nanoshock_action") or {}).get("character") == f["character"] else f.get("kind")
    known = (d.state["enemy_figures"].get(foe["type"], {}).get("defense") or {}).get(kind or "") if foe else None
    return _defaults(fields, known, f"{slug(f['target'])}'s {kind or 'attack-type'} Defense Value")


def fill_enemy_attack_figures(d: Decision, f: Mapping[str, Any]) -> dict[str, Any]:
    """An enemy's attack: its attack type from its Combat Profile; an enemy target's Defense from its figures;
    a Bleeding character's from the Encounter's Bleeding Defense Profile (§ Bleeding)."""
    s, fields = d.state, dict(f)
    attacker = s["enemies"].get(f["enemy"])
    kind = ((s["enemy_figures"].get(attacker["type"], {}) if attacker else {}).get("profile") or {}).get("attack")
    found = find_target(s, f["target"])
    known = None
    if found and found[0] == "enemy":
        target_type = s["enemies"][found[1]]["type"]
        known = (s["enemy_figures"].get(target_type, {}).get("defense") or {}).get(kind or "")
    elif found and found[0] == "character" and board(s, found[1])["effects"].get("bleeding"):
        known = ((s.get("encounter_rules") or {}).get("bleeding_defense") or {}).get(kind or "")
        if known and known.get("value") is not None and f.get("defense") is not None and f["defense"] != known["value"]:
            raise refuse("Bleeding", f"{name(found[1])} is Bleeding: the Encounter's Bleeding Defense Profile gives "
                                     f"{known['value']} against {kind}, not {f['defense']}")
    return _defaults(fields, known, f"the {kind or 'attack-type'} Defense Value of {f['target']}")


def _defaults(fields: dict[str, Any], known: Mapping[str, Any] | None, what: str) -> dict[str, Any]:
    known = known or {}
    if fields.get("defense") is None:
        if known.get("value") is None:
            raise BadInput(f"{what} is not in the content packs: give --defense", {"defense": ["unknown: give it"]})
        fields["defense"] = known["value"]
    if fields.get("armor") is None:
        if known.get("value") is not None and known.get("armor") is None and fields["defense"] == known.get("value"):
            raise BadInput("the Armor against this attack is not in the content packs: give --armor", {"armor": ["unknown: give it"]})
        fields["armor"] = known.get("armor") or 0
    return fields


@KIT.action("provoke", se.ProvokeSchema, "Ashitaka discards a Provoke token: he is that enemy's closest target this Round",
            section="Ashitaka – Rush", args=("enemy",))
def provoke(d: Decision, f: Mapping[str, Any]) -> None:
    """Provoke: in the Enemy Action Phase, before target selection, Ashitaka discards one token per enemy
    chosen; he counts as the closest target for it this Round (the Provoke Skill Card)."""
    s, c = d.state, f["character"]
    require_phase(s, "Skill Tokens", Phase.ENEMY_ACTION)
    enemy = slug(f["enemy"])
    if enemy not in s["enemies"]:
        raise BadInput(f"no enemy {quoted(f['enemy'])}{did_you_mean(enemy, s['enemies'])} on the Encounter Map", {"enemy": ["not on the map"]})
    if enemy in s["enemy_phase"]["targets"]:
        raise refuse("Skill Cards", f"{enemy} has selected its target already (Provoke comes before target selection)")
    have = board(s, c)["skill_token_sources"].get("provoke", 0)
    if not have:
        raise refuse("Skill Tokens", f"{name(c)} has no Provoke Skill Token")
    d.emit(ee.SkillTokensDiscarded(character=c, skill="provoke", count=1, total=have - 1, reason=f"provoked {enemy}"),
           ee.EnemyProvoked(character=c, enemy=enemy))


@KIT.action("end-encounter", sc.EndEncounterSchema, "End the Encounter with --outcome victory or game-over", section="Game Over")
def end_encounter(d: Decision, f: Mapping[str, Any]) -> None:
    """End the Encounter; Sidekick's unsaved programs are discarded (§ Using Programs)."""
    require_encounter(d.state)
    lose_programs(d, "the Encounter ended")
    rounds.end_encounter(d, f)


@KIT.action("gain-rewards", se.RewardsSchema, "Record an Encounter's rewards for the campaign (RewardsGained)",
            section="Upgrading Characters")
def gain_rewards(d: Decision, f: Mapping[str, Any]) -> None:
    """§ Upgrading Characters: after an Encounter, its rewards for the campaign (Quest Items, Nanofragments,
    Nanosync Tokens, High-Frequency Nanopotential), as the Storybook gives them (RewardsGained)."""
    s = d.state
    encounter = (s.get("encounter") or s.get("last_encounter") or {}).get("name")
    if not encounter:
        practice = last_practice(s)
        if practice:
            raise refuse("Upgrading Characters", f"rewards follow an Encounter; the only one played, {practice['title']}, was a "
                         "practice play, which changes no campaign progress (its rewards are not kept)")
        raise refuse("Upgrading Characters", "rewards follow an Encounter: none has been played")
    d.emit(ee.RewardsGained(encounter=encounter, nanofragments=_per_character(f.get("nanofragments") or []),
                            quest_items=[q.strip() for q in f.get("quest_items") or []],
                            nanosync_tokens=_per_character(f.get("nanosync_tokens") or []),
                            high_frequency_nanopotential=f.get("high_frequency_nanopotential") or 0))


def _per_character(entries: list[str]) -> dict[str, int]:
    from ..vocabulary import CHARACTERS
    out: dict[str, int] = {}
    for text in entries:
        who, _, count = str(text).partition(":")
        c = next((h for h in HEROES if who.strip().lower() in (h, *CHARACTERS[h])), None)
        if c is None or not count.isdigit() or not 1 <= int(count) <= 20:
            raise BadInput(f"give CHARACTER:COUNT (vaa-lith:2), not {quoted(text)}", {"rewards": [text]})
        out[c] = out.get(c, 0) + int(count)
    return out
