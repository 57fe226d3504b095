"""History lines for :mod:`.encounter_events` (merged into :data:`.describe.LINES`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.core.names import possessive, quoted
from .vocabulary import NAMES


def _n(character: str) -> str:
    return NAMES.get(character, character)


def _s(count: int) -> str:
    return "" if count == 1 else "s"


def _counts(counts: dict[str, int]) -> str:
    return ", ".join(f"{_n(c)} {n}" for c, n in counts.items()) or "none"


def _cost(cost: dict[str, Any] | None) -> str:
    if not cost:
        return ""
    return f" ({cost['combination']} {cost['value']}+)" if cost.get("combination") else f" (cost {cost['value']})"


def _table_known(table: dict[str, Any]) -> str:
    rows = [f"{r['enemy']} ×{r['count']}" for r in table.get("auto") or []] + \
        [f"{r['enemy']} for {r['cost']} RT" for r in table.get("extra") or []]
    return f": Reinforcement Table {', '.join(rows)}" if rows else ": the Reinforcement Table has no rows (nothing is bought)"


ENCOUNTER_LINES: dict[str, Callable[[Any], str]] = {
    "EncounterRulesSet": lambda e: "Encounter rules set" + (f" from {quoted(e.encounter)}" if e.encounter else "")
                                   + (_table_known(e.reinforcements) if e.reinforcements is not None else ""),
    "EnemyCardsArranged": lambda e: f"Enemy Cards, top to bottom: {', '.join(e.order)}",
    "SkillsChosen": lambda e: f"{possessive(_n(e.character))} Active Skills: {', '.join(e.active) or 'none'}",
    "SkillActivated": lambda e: f"{_n(e.character)} activates {e.name} with {' '.join(map(str, e.values))}{_cost(e.cost)}"
                                + (f", Nanosync by {_n(e.nanosync)}" if e.nanosync else ""),
    "SkillExchanged": lambda e: f"{_n(e.character)} exchanges Skill Cards: " + ", ".join(
        x for x in ((f"{e.deactivated} made Inactive" if e.deactivated else ""), (f"{e.activated} made Active" if e.activated else "")) if x),
    "SkillTokensGained": lambda e: f"{_n(e.character)} gains {e.count} {e.skill} Skill Token{_s(e.count)}: {e.total}",
    "SkillTokensDiscarded": lambda e: f"{_n(e.character)} discards {e.count} {e.skill} Skill Token{_s(e.count)} ({e.reason}): {e.total} left",
    "ItemGained": lambda e: f"{_n(e.character)} takes {e.name} ({e.item_type}; {e.source})",
    "ItemUsed": lambda e: f"{_n(e.character)} uses {e.item}" + (f" on {_n(e.target)}" if e.target else "")
                          + (": turned face down" if e.item_type == "start" else ": shuffled back into the Item Deck" if e.item_type == "item" else ""),
    "ItemTraded": lambda e: f"{e.item} passes from {_n(e.giver)} to {_n(e.receiver)}",
    "SpawnPointsRolled": lambda e: "Spawn Points: " + ", ".join(f"{k} {'within A1 of' if k in e.displaced else 'on'} {v}"
                                                                for k, v in e.placements.items())
                                   + (f" (rolls {', '.join(map(str, e.rerolled))} hit full spaces)" if e.rerolled else ""),
    "ContentChecked": lambda e: "Content packs checked: " + ", ".join(f"{p['pack']} v{p['version']}" for p in e.packs),
    "EnemyProvoked": lambda e: f"{_n(e.character)} provokes {e.enemy}: its closest target this Round",
    "EnemyActivated": lambda e: f"{e.enemy} " + ("is Paralyzed: skipped, token removed" if e.skipped else "activates"),
    "TargetSelected": lambda e: f"{e.enemy} targets {_n(e.target)} ({e.reason})",
    "BossCardDrawn": lambda e: f"Boss Card drawn for {e.boss}: {e.card}",
    "BossCardResolved": lambda e: f"{possessive(e.boss)} Boss Card {e.card} resolves" + (" (Paralyzed: Special Skill Icon only)" if e.paralyzed else ""),
    "DamageCubePlaced": lambda e: f"The cube goes on {possessive(e.enemy)} Damage Index",
    "ProfileDamaged": lambda e: f"{e.target} takes {e.amount} Damage: {e.damage}" + (f"/{e.index}" if e.index else ""),
    "ProfileHacked": lambda e: f"{e.target} is hacked: its Profile Effects resolve",
    "ProgramDownloaded": lambda e: f"Sidekick downloads {e.name} (from {e.enemy_type}): {', '.join(e.programs)}",
    "ProgramsLost": lambda e: f"Sidekick loses {', '.join(e.programs)} ({e.reason})",
    "SavedProgramsLoaded": lambda e: f"Sidekick holds his saved programs: {', '.join(e.programs)}",
    "HackedProfileAttackDue": lambda e: (f"{possessive(_n(e.character))} Hacked Profile attacks the closest character"
                                         if e.character else "The Hacked Profile attack is done"),
    "RewardsGained": lambda e: (f"Rewards of {quoted(e.encounter)}: Nanofragments {_counts(e.nanofragments)}; "
                                f"Quest Items {', '.join(e.quest_items) or 'none'}; Nanosync Tokens {_counts(e.nanosync_tokens)}; "
                                f"High-Frequency Nanopotential {e.high_frequency_nanopotential}"),
}
