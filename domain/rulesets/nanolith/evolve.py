"""The Encounter's evolve handlers for :mod:`.events` and :mod:`.enemy_events`, registered on the Encounter's
kit (:data:`.kit.KIT`): pure and total, they apply and never validate (DESIGN.md § Ruleset contract).

Each handler receives a private copy of the state (the kit makes it) and changes it in place.
"""

from __future__ import annotations

import copy
from typing import Any

from domain.core.ruleset import State

from . import events as ev
from .content import slug
from .encounter_state import fresh_encounter
from .kit import KIT
from .state import fresh_character, no_effects
from .vocabulary import HEROES, STRESS_LIMIT_START, Phase

def _char(s: State, character: str) -> dict[str, Any]:
    return s["characters"].setdefault(character, fresh_character())


def keep_cards(new: dict[str, Any], old: dict[str, Any]) -> None:
    """Cards a character keeps into the next Encounter: Item and Quest Cards; Start Items set up again
    face up (§ Activating Cards)."""
    new["items"] = list(old.get("items", []))
    new["quest_items"] = list(old.get("quest_items", []))
    new["start_items"] = {k: "ready" for k in old.get("start_items", {})}


def _campaign_start_items(s: State, c: str) -> None:
    """The Start Items the campaign sheet gives ``c`` (give-start-items, bought levels) lie face up on their
    board at an Encounter's start, keyed like their cards (``nano-heal-lv-1``) (§ Start Items); a level the group
    bought past is gone (§ Upgraded Start Items: "In future Encounters, they will only have access to the
    higher-level Start Item")."""
    held = ((s.get("campaign") or {}).get("upgrades") or {}).get("start_items") or {}
    mine = s["characters"][c]["start_items"]
    for item, record in held.items():
        for level in record.get("removed") or []:  # § Upgraded Start Items: "removed from the game and can no longer be used"
            mine.pop(slug(f"{item} Lv. {level}"), None)
        if record.get("holder") == c:
            key = slug(f"{item} Lv. {record.get('level', 1)}")
            mine.setdefault(key, "ready")


@KIT.evolves(ev.EncounterStarted)
def _encounter_started(s: State, e: ev.EncounterStarted) -> None:
    s["encounter"] = {"name": e.name, "lower_difficulty": e.lower_difficulty}
    content = s.setdefault("content", {"paths": None, "packs": [], "started_with": None})
    if e.content_packs:
        content["packs"] = [dict(p) for p in e.content_packs]
        content["started_with"] = content.get("started_with") or [dict(p) for p in e.content_packs]
    s.update(round=1, phase=Phase.SETUP.value, reinforcement_pool=0, initiative=None, activating=None,
             nanoshock_action=None, effect_maxima=dict(e.effect_maxima), enemies={}, spawn_pool={}, enemy_life={})
    for c in HEROES:
        old = _char(s, c)
        s["characters"][c] = fresh_character(old["action_dice_value"], old["stress_spaces"], e.effect_maxima)
        keep_cards(s["characters"][c], old)
        _campaign_start_items(s, c)
    s["sidekick"] = {"on_map": False, "damage": 0, "life": None}
    s.update(fresh_encounter())


@KIT.evolves(ev.EncounterEnded)
def _encounter_ended(s: State, e: ev.EncounterEnded) -> None:
    s.update(encounter=None, last_encounter={"name": e.name, "outcome": e.outcome}, phase=Phase.SETUP.value,
             initiative=None, activating=None, nanoshock_action=None)


@KIT.evolves(ev.SpawnPoolSet)
def _spawn_pool_set(s: State, e: ev.SpawnPoolSet) -> None:
    s["spawn_pool"] = {t: sorted(v) for t, v in e.pool.items()}


@KIT.evolves(ev.StressSpacesSet)
def _stress_spaces_set(s: State, e: ev.StressSpacesSet) -> None:
    _char(s, e.character)["stress_spaces"] = sorted(e.slots)


@KIT.evolves(ev.RoundStarted)
def _round_started(s: State, e: ev.RoundStarted) -> None:
    s.update(round=e.round, phase=Phase.STATUS.value, reinforcement_pool=e.pool, initiative=None, activating=None)
    s["enemy_phase"] = {"done": [], "targets": {}}
    for c in HEROES:
        _char(s, c).update(activated=False, dice=[])
        _char(s, c)["skills"]["used"] = []


@KIT.evolves(ev.StressRelieved)
def _stress_relieved(s: State, e: ev.StressRelieved) -> None:
    _char(s, e.character)["stress"] = e.stress


@KIT.evolves(ev.ActionDiceRolled)
def _dice_rolled(s: State, e: ev.ActionDiceRolled) -> None:
    _char(s, e.character)["dice"] = [{"value": v, "rolled": v, "spent": False, "manipulated": False, "slot": None}
                                     for v in e.dice]


@KIT.evolves(ev.StressGained)
def _stress_gained(s: State, e: ev.StressGained) -> None:
    _char(s, e.character)["stress"] = e.stress


@KIT.evolves(ev.NanoshockTriggered)
def _nanoshock(s: State, e: ev.NanoshockTriggered) -> None:
    _char(s, e.character).update(stress=0, nanoshock_token="active", stress_limit=e.stress_limit, nanoshocks=e.nanoshocks)
    action = s.get("nanoshock_action")
    if action and action["character"] == e.character:
        action["nanoshock_obtained"] = True


@KIT.evolves(ev.DamageTaken)
def _damage(s: State, e: ev.DamageTaken) -> None:
    _char(s, e.character)["damage"] = e.damage


@KIT.evolves(ev.Healed)
def _healed(s: State, e: ev.Healed) -> None:
    _char(s, e.character)["damage"] = e.damage


@KIT.evolves(ev.FellUnconscious)
def _unconscious(s: State, e: ev.FellUnconscious) -> None:
    c = _char(s, e.character)
    c.update(damage=0, stress=0, stress_limit=STRESS_LIMIT_START, unconscious=True, effects=no_effects(s["effect_maxima"]),
             skill_tokens=0, skill_token_sources={}, dice=[])
    if not e.during_nanoshock_action:
        c["nanoshock_token"] = "inactive"


@KIT.evolves(ev.Revived)
def _revived(s: State, e: ev.Revived) -> None:
    _char(s, e.character).update(unconscious=False, damage=0, stress=0, stress_limit=STRESS_LIMIT_START)


@KIT.evolves(ev.InitiativeGiven)
def _initiative(s: State, e: ev.InitiativeGiven) -> None:
    s["initiative"] = e.character


@KIT.evolves(ev.PhaseChanged)
def _phase(s: State, e: ev.PhaseChanged) -> None:
    s["phase"] = e.phase


@KIT.evolves(ev.ActivationStarted)
def _activation_started(s: State, e: ev.ActivationStarted) -> None:
    s["activating"] = e.character
    _char(s, e.character)["activated"] = True


@KIT.evolves(ev.ActivationEnded)
def _activation_ended(s: State, e: ev.ActivationEnded) -> None:
    if s.get("activating") == e.character:
        s["activating"] = None
    _char(s, e.character)["activated"] = True


@KIT.evolves(ev.DiceSpent)
def _dice_spent(s: State, e: ev.DiceSpent) -> None:
    dice = _char(s, e.character)["dice"]
    for position, slot in zip(e.positions, e.slots):
        if 0 < position <= len(dice):
            dice[position - 1].update(spent=True, slot=slot)


@KIT.evolves(ev.DieManipulated)
def _die_manipulated(s: State, e: ev.DieManipulated) -> None:
    dice = _char(s, e.character)["dice"]
    if 0 < e.position <= len(dice):
        dice[e.position - 1].update(value=e.after, manipulated=True)


@KIT.evolves(ev.ReinforcementTokensPlaced)
def _rt_placed(s: State, e: ev.ReinforcementTokensPlaced) -> None:
    s["reinforcement_pool"] = e.pool


@KIT.evolves(ev.ReinforcementsBought)
def _bought(s: State, e: ev.ReinforcementsBought) -> None:
    s["reinforcement_pool"] = 0


@KIT.evolves(ev.EnemyPlaced)
def _enemy_placed(s: State, e: ev.EnemyPlaced) -> None:
    if e.figures and e.enemy_type not in s["enemy_figures"]:
        s["enemy_figures"][e.enemy_type] = copy.deepcopy(e.figures)
    if e.enemy_type not in s["enemy_cards"]:
        s["enemy_cards"].append(e.enemy_type)  # § Enemy Initiative: new types go below the others
    figures = s["enemy_figures"].get(e.enemy_type) or {}
    s["enemies"][e.enemy] = {"type": e.enemy_type, "standee": e.standee, "damage": 0, "life": e.life,
                             "effects": no_effects(s["effect_maxima"], enemy=True),
                             "cube_placed": not figures.get("damage_index")}
    s["enemy_life"][e.enemy_type] = e.life
    pool = s["spawn_pool"]
    if e.standee in pool.get(e.enemy_type, []):
        pool[e.enemy_type] = [n for n in pool[e.enemy_type] if n != e.standee]


@KIT.evolves(ev.EnemyDamaged)
def _enemy_damaged(s: State, e: ev.EnemyDamaged) -> None:
    if e.enemy in s["enemies"]:
        s["enemies"][e.enemy]["damage"] = e.damage


@KIT.evolves(ev.EnemyEliminated)
def _enemy_eliminated(s: State, e: ev.EnemyEliminated) -> None:
    foe = s["enemies"].pop(e.enemy, None) or {}
    s.setdefault("eliminated", []).append({"enemy": e.enemy, "type": e.enemy_type, "standee": e.standee, "round": s["round"],
                                           "damage": foe.get("damage"), "eliminated": True})
    standees = s["spawn_pool"].setdefault(e.enemy_type, [])
    if e.standee not in standees:
        standees.append(e.standee)
        standees.sort()


def _effects_of(s: State, target: str) -> dict[str, int]:
    if target in s["characters"]:
        return s["characters"][target]["effects"]
    return s["enemies"].get(target, {}).setdefault("effects", {})


@KIT.evolves(ev.EffectGiven)
def _effect_given(s: State, e: ev.EffectGiven) -> None:
    _effects_of(s, e.target)[e.effect] = e.count


@KIT.evolves(ev.EffectRemoved)
def _effect_removed(s: State, e: ev.EffectRemoved) -> None:
    _effects_of(s, e.target)[e.effect] = e.count


@KIT.evolves(ev.ShockResolved)
def _shock(s: State, e: ev.ShockResolved) -> None:
    c = _char(s, e.character)
    c["stress_limit"] = e.stress_limit
    if e.hit_stress_cube:
        c["stress"] = 0


@KIT.evolves(ev.NanoshockActionPerformed)
def _nanoshock_action(s: State, e: ev.NanoshockActionPerformed) -> None:
    _char(s, e.character)["nanoshock_token"] = "inactive"
    s["nanoshock_action"] = {"character": e.character, "nanoshock_obtained": False}


@KIT.evolves(ev.NanoshockActionEnded)
def _nanoshock_action_ended(s: State, e: ev.NanoshockActionEnded) -> None:
    s["nanoshock_action"] = None
    c = _char(s, e.character)
    if e.token_discarded or c["unconscious"]:
        c["nanoshock_token"] = "inactive"


@KIT.evolves(ev.SidekickEntered)
def _sidekick_entered(s: State, e: ev.SidekickEntered) -> None:
    s["sidekick"] = {"on_map": True, "damage": 0, "life": e.life}


@KIT.evolves(ev.SidekickDamaged)
def _sidekick_damaged(s: State, e: ev.SidekickDamaged) -> None:
    s["sidekick"]["damage"] = e.damage


@KIT.evolves(ev.SidekickEliminated)
def _sidekick_eliminated(s: State, e: ev.SidekickEliminated) -> None:
    s["sidekick"] = {"on_map": False, "damage": 0, "life": s["sidekick"].get("life")}



KIT.records(ev.HackedRemovalRolled, ev.AttackRolled)  # history only: their consequences are events of their own
