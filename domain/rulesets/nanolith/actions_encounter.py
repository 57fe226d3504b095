"""The complete Encounter's actions (see :mod:`.actions`): Skills, Items, Enemy Turn, Sidekick, content.

Reveals: pick-up-item (an Item Card drawn), draw-boss-card, download-program, hack and
hacked-profile-attack (Combat Dice rolled).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.core.ruleset import ActionSpec, DiceRoll, QuerySpec, State

from . import schemas_encounter as se
from .rules.content_rules import check_content
from .vocabulary import COMBAT_DIE_SIDES


def _combat(state: State, fields: Mapping[str, Any]) -> DiceRoll | None:
    count = fields.get("combat_value")
    return DiceRoll("roll", count, COMBAT_DIE_SIDES) if count else None


def _spec(verb: str, schema: Any, help: str, *args: str, reveal: bool = False, dice: Any = None) -> ActionSpec:
    return ActionSpec(verb, schema, help, reveal=reveal, args=args, dice=dice)


ENCOUNTER_ACTIONS: dict[str, ActionSpec] = {s.verb: s for s in [
    _spec("set-encounter-rules", se.EncounterRulesSchema, "Give the Encounter's Reinforcement Table, Bleeding Defense and Hacked Profiles, conditions"),
    _spec("arrange-enemy-cards", se.ArrangeSchema, "Arrange the Enemy Cards (Enemy Initiative), top first", "order"),
    _spec("choose-skills", se.ChooseSkillsSchema, "Choose a character's Active Skills (up to 3) at the start of the Encounter", "character", "skills"),
    _spec("perform-skill", se.ActivateSkillSchema, "Perform a Skill: pay its dice combination, Nanosync (--nanosync ada:1), Effect", "character", "skill", "dice"),
    _spec("exchange-skill", se.ExchangeSkillSchema, "Exchange Skill Cards in an activation (--activate costs 1 RT)", "character"),
    _spec("use-skill-token", se.SkillTokenSchema, "Use (discard) a Skill Token as its card says", "character", "skill"),
    _spec("provoke", se.ProvokeSchema, "Ashitaka discards a Provoke token: he is that enemy's closest target this Round", "enemy"),
    _spec("pick-up-item", se.ItemSchema, "Pick up an Item Token: the Item Card drawn (a reveal)", "character", "item", reveal=True),
    _spec("take-card", se.TakeCardSchema, "Take a card by name: Start Item, Hidden Card / Quest Item, a given Item Card", "character", "item"),
    _spec("trade-item", se.TradeSchema, "Trade or pick up an Item Card between two characters within A1", "giver", "receiver", "item"),
    _spec("use-item", se.UseItemSchema, "Use an Item Card (shuffled back) or Start Item (flipped); Nanophoenix --target", "character", "item"),
    _spec("activate-enemy", se.ActivateEnemySchema, "The next enemy in Enemy Initiative activates (Paralyzed: skipped)", "enemy"),
    _spec("select-target", se.SelectTargetSchema, "Record an enemy's target, checked by the tie-break order with --candidates", "enemy", "target"),
    _spec("draw-boss-card", se.BossCardSchema, "Draw a Boss Card in the Spawn Phase (a reveal)", "boss", "card", reveal=True),
    _spec("resolve-boss-card", se.BossSchema, "Resolve the next drawn Boss Card at the start of the Enemy Action Phase", "boss"),
    _spec("place-damage-cube", se.EnemySchema, "Place the cube on a Boss's Damage Index: it can be wounded from now on", "enemy"),
    _spec("download-program", se.DownloadSchema, "Sidekick downloads a Program: free Hacking Attack on its Profile (a reveal)",
          "program", "roll", reveal=True, dice=_combat),
    _spec("hack", se.HackSchema, "Hack a Hacking Profile (Door, Console) after paying its cost (a reveal)", "character", "target", "roll",
          reveal=True, dice=_combat),
    _spec("use-program", se.UseProgramSchema, "Cora uses one of Sidekick's Programs", "program", "dice"),
    _spec("hacked-profile-attack", se.HackedProfileAttackSchema, "After a failed Hacked removal: the Hacked Profile's attack (a reveal)",
          "target", "roll", reveal=True, dice=_combat),
    _spec("gain-rewards", se.RewardsSchema, "Record an Encounter's rewards for the campaign (RewardsGained)"),
]}
"""The complete Encounter's actions by verb."""

QUERIES: dict[str, QuerySpec] = {
    "check-content": QuerySpec("check-content", se.CheckContentSchema,
                               "Check the content packs (and --path), storing nothing: refused naming file, entry and field",
                               run=check_content),
}
"""Checks that store nothing (not actions: nothing to undo)."""
