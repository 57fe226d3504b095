"""The Encounter's evolve handlers for :mod:`.encounter_events`, on the Encounter's kit (pure, total)."""

from __future__ import annotations

from typing import Any

from domain.core.ruleset import State

from . import encounter_events as ee
from .evolve import _char
from .kit import KIT


@KIT.evolves(ee.EncounterRulesSet)
def _rules(s: State, e: ee.EncounterRulesSet) -> None:
    s["encounter_rules"] = {k: v for k, v in e.to_data().items()}


@KIT.evolves(ee.EnemyCardsArranged)
def _arranged(s: State, e: ee.EnemyCardsArranged) -> None:
    s["enemy_cards"] = list(e.order) + [t for t in s["enemy_cards"] if t not in e.order]


@KIT.evolves(ee.SkillsChosen)
def _chosen(s: State, e: ee.SkillsChosen) -> None:
    _char(s, e.character)["skills"]["active"] = list(e.active)


@KIT.evolves(ee.SkillActivated)
def _activated(s: State, e: ee.SkillActivated) -> None:
    _char(s, e.character)["skills"]["used"].append(e.skill)


@KIT.evolves(ee.SkillExchanged)
def _exchanged(s: State, e: ee.SkillExchanged) -> None:
    skills = _char(s, e.character)["skills"]
    active = [k for k in (skills["active"] or []) if k != e.deactivated]
    if e.activated and e.activated not in active:
        active.append(e.activated)
    skills["active"] = active


def _tokens(s: State, character: str, skill: str, total: int) -> None:
    c = _char(s, character)
    sources: dict[str, int] = c.setdefault("skill_token_sources", {})
    if total:
        sources[skill] = total
    else:
        sources.pop(skill, None)
    c["skill_tokens"] = sum(sources.values())


@KIT.evolves(ee.SkillTokensGained)
def _tokens_gained(s: State, e: ee.SkillTokensGained) -> None:
    _tokens(s, e.character, e.skill, e.total)


@KIT.evolves(ee.SkillTokensDiscarded)
def _tokens_discarded(s: State, e: ee.SkillTokensDiscarded) -> None:
    _tokens(s, e.character, e.skill, e.total)


@KIT.evolves(ee.ItemGained)
def _item_gained(s: State, e: ee.ItemGained) -> None:
    c = _char(s, e.character)
    if e.item_type == "start":
        c["start_items"][e.item] = "ready"
    else:
        c["quest_items" if e.item_type == "quest" else "items"].append(e.item)


@KIT.evolves(ee.ItemUsed)
def _item_used(s: State, e: ee.ItemUsed) -> None:
    c = _char(s, e.character)
    if e.item_type == "start":
        c["start_items"][e.item] = "used"
    elif e.item in c["items"]:
        c["items"].remove(e.item)  # § Activating Cards: shuffled back into the Item Deck


@KIT.evolves(ee.ItemTraded)
def _item_traded(s: State, e: ee.ItemTraded) -> None:
    giver, receiver = _char(s, e.giver), _char(s, e.receiver)
    if e.item in giver["start_items"]:
        receiver["start_items"][e.item] = giver["start_items"].pop(e.item)
        return
    for key in ("items", "quest_items"):
        if e.item in giver[key]:
            giver[key].remove(e.item)
            receiver[key].append(e.item)
            return


@KIT.evolves(ee.EnemyActivated)
def _enemy_activated(s: State, e: ee.EnemyActivated) -> None:
    s["enemy_phase"]["done"].append(e.enemy)
    enemy = s["enemies"].get(e.enemy)
    if enemy and enemy.get("on_spawn_point") is not None and not e.skipped:
        enemy["on_spawn_point"] = None  # reading: an activation may move it off its Spawn Point (positions are the players')
    if e.skipped:
        s["enemy_phase"].setdefault("skipped", []).append(e.enemy)


@KIT.evolves(ee.TargetSelected)
def _target(s: State, e: ee.TargetSelected) -> None:
    s["enemy_phase"]["targets"][e.enemy] = e.target


@KIT.evolves(ee.BossCardDrawn)
def _boss_drawn(s: State, e: ee.BossCardDrawn) -> None:
    s["boss_cards"].setdefault(e.boss, {"drawn": [], "resolved": []})["drawn"].append(e.card)


@KIT.evolves(ee.BossCardResolved)
def _boss_resolved(s: State, e: ee.BossCardResolved) -> None:
    deck = s["boss_cards"].setdefault(e.boss, {"drawn": [], "resolved": []})
    deck["resolved"].append(e.card)


@KIT.evolves(ee.DamageCubePlaced)
def _cube(s: State, e: ee.DamageCubePlaced) -> None:
    if e.enemy in s["enemies"]:
        s["enemies"][e.enemy]["cube_placed"] = True


@KIT.evolves(ee.ProfileDamaged)
def _profile(s: State, e: ee.ProfileDamaged) -> None:
    s["profiles"][e.target] = {"profile": e.profile, "damage": e.damage, "index": e.index, "hacked": False}


@KIT.evolves(ee.ProfileHacked)
def _hacked(s: State, e: ee.ProfileHacked) -> None:
    if e.target in s["profiles"]:
        s["profiles"][e.target]["hacked"] = True


@KIT.evolves(ee.ProgramDownloaded)
def _program(s: State, e: ee.ProgramDownloaded) -> None:
    s["programs"] = list(e.programs)


@KIT.evolves(ee.SavedProgramsLoaded)
def _programs_loaded(s: State, e: ee.SavedProgramsLoaded) -> None:
    s["programs"] = list(e.programs)


@KIT.evolves(ee.ProgramsLost)
def _programs_lost(s: State, e: ee.ProgramsLost) -> None:
    s["programs"] = [p for p in s["programs"] if p not in e.programs]


@KIT.evolves(ee.HackedProfileAttackDue)
def _hacked_due(s: State, e: ee.HackedProfileAttackDue) -> None:
    s["pending_hacked_attack"] = e.character


@KIT.evolves(ee.RewardsGained)
def _rewards(s: State, e: ee.RewardsGained) -> None:
    rewards: list[dict[str, Any]] = s.setdefault("rewards", [])
    rewards.append(e.to_data())


@KIT.evolves(ee.EnemyProvoked)
def _provoked(s: State, e: ee.EnemyProvoked) -> None:
    s["enemy_phase"].setdefault("provoked", {})[e.enemy] = e.character


@KIT.evolves(ee.SpawnPointsRolled)
def _spawn_points(s: State, e: ee.SpawnPointsRolled) -> None:
    """Each placed enemy's Spawn Point (``spawn_point``: where it entered; ``on_spawn_point``: where it stands
    now). A large model placed there displaces every other model to an adjacent space (§ Spawn Phase); an enemy
    whose roll hit a Spawn Point a large model stands on is placed near it, not on it (§ Large Enemies)."""
    for enemy, point in e.placements.items():
        if enemy not in s["enemies"]:
            continue
        if enemy in e.large:
            for other in s["enemies"].values():
                if other.get("on_spawn_point") == point:
                    other["on_spawn_point"] = None
        s["enemies"][enemy].update(spawn_point=point, on_spawn_point=None if enemy in e.displaced else point)


KIT.records(ee.ContentChecked)  # history only (stored by campaigns from before check-content became a query)
