"""Nanolith's events for a complete Encounter: content used, Skills, Items, the Enemy Turn, Sidekick's
Programs, Hacking Profiles and rewards (see :mod:`.events`). Class names and fields are a persisted contract.

Figures read from a content pack are copied into these events, so editing a pack never changes a replay.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from domain.core.ruleset import GameEvent

DRAWN_FOR_ITEM_TOKEN = "Item Token: card drawn"
"""``ItemGained.source`` of the Item Card drawn for an Item Token (pick-up-item): the one source that reveals."""


@dataclass(frozen=True)
class EncounterRulesSet(GameEvent):
    """The Encounter's own rules (from its pack entry ``encounter`` or given by the players).

    ``bleeding_defense``: attack type -> {value, armor}; ``hacked_profile``: {attack, dice, text};
    ``reinforcements``: {auto: [{enemy, count}], extra: [{enemy, cost}], boss_cards: [...]}.
    """

    encounter: str | None
    special_rules: str | None
    victory: str | None
    game_over: str | None
    bleeding_defense: dict[str, Any]
    hacked_profile: dict[str, Any] | None
    reinforcements: dict[str, Any] | None
    bosses: dict[str, int | None] = field(default_factory=dict)
    """Boss enemy types of the Encounter -> their Damage Index size (§ Damage Index for Bosses)."""
    large: list[str] = field(default_factory=list)
    """Enemy types whose models are large (40 mm base) though the content packs do not say (§ Large Enemies)."""


@dataclass(frozen=True)
class EnemyCardsArranged(GameEvent):
    """The Enemy Cards from top to bottom: the Enemy Initiative (§ Enemy Initiative)."""

    order: list[str]


@dataclass(frozen=True)
class SkillsChosen(GameEvent):
    """``character``'s Active Skills (at most 3) for the Encounter, out of the ``owned`` Skills."""

    involved = ("character",)

    character: str
    active: list[str]
    owned: list[str]


@dataclass(frozen=True)
class SkillActivated(GameEvent):
    """``character`` activated ``skill`` with dice ``values``; ``cost`` is the figure paid
    (``{combination, value}``); ``nanosync`` the supporting character, if any."""

    involved = ("character",)

    character: str
    skill: str
    name: str
    values: list[int]
    cost: dict[str, Any] | None
    nanosync: str | None


@dataclass(frozen=True)
class SkillExchanged(GameEvent):
    """``character`` made ``activated`` Active (1 RT) and/or ``deactivated`` Inactive (free)."""

    involved = ("character",)

    character: str
    activated: str | None
    deactivated: str | None


@dataclass(frozen=True)
class SkillTokensGained(GameEvent):
    """``character`` gained ``count`` Skill Tokens of ``skill``; ``total`` of that Skill now."""

    involved = ("character",)

    character: str
    skill: str
    count: int
    total: int


@dataclass(frozen=True)
class SkillTokensDiscarded(GameEvent):
    """``count`` Skill Tokens of ``skill`` discarded by ``character`` (``reason``); ``total`` left."""

    involved = ("character",)

    character: str
    skill: str
    count: int
    total: int
    reason: str


@dataclass(frozen=True)
class ItemGained(GameEvent):
    """``character`` took Item Card ``item`` (``item_type`` start / item / quest) from ``source``."""

    @property
    def reveals(self) -> bool:  # type: ignore[override]
        """Only an Item Card drawn for an Item Token reveals (§ Picking Up Items); one taken by name does not."""
        return self.source == DRAWN_FOR_ITEM_TOKEN

    involved = ("character",)

    character: str
    item: str
    name: str
    item_type: str
    source: str


@dataclass(frozen=True)
class ItemUsed(GameEvent):
    """``character`` used ``item``: an Item Card is shuffled back, a Start Item flipped face down."""

    involved = ("character", "target")

    character: str
    item: str
    item_type: str
    target: str | None


@dataclass(frozen=True)
class ItemTraded(GameEvent):
    """``item`` passed from ``giver`` to ``receiver`` (a Free Action within A1)."""

    involved = ("giver", "receiver")

    giver: str
    receiver: str
    item: str


@dataclass(frozen=True)
class SpawnPointsRolled(GameEvent):
    """Spawn Point rolls: ``placements`` enemy id -> Spawn Point; ``rerolled`` (1-based rolls that hit a full space);
    ``large``: the placed enemies that are large models, which displace every other model on their Spawn Point
    (§ Spawn Phase); ``displaced``: the entering enemies whose roll hit a Spawn Point a large model stands on, placed
    within a range of A1 of it and not on it (§ Large Enemies). Both empty in events stored before them."""

    reveals = True  # a D6 per entering standee (nanolith.txt § Undoing Moves)

    placements: dict[str, int]
    rerolled: list[int]
    large: list[str] = field(default_factory=list)
    displaced: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class ContentChecked(GameEvent):
    """The content packs were checked: ``packs`` (summaries) and ``entries`` per section."""

    packs: list[dict[str, Any]]
    entries: dict[str, int]


@dataclass(frozen=True)
class EnemyProvoked(GameEvent):
    """``character`` discarded a Provoke Skill Token: he counts as the closest target of ``enemy`` this Round."""

    involved = ("character",)

    character: str
    enemy: str


@dataclass(frozen=True)
class EnemyActivated(GameEvent):
    """``enemy`` activated in the Enemy Action Phase; ``skipped`` when Paralyzed (its token removed)."""

    enemy: str
    skipped: bool


@dataclass(frozen=True)
class TargetSelected(GameEvent):
    """``enemy`` targets ``target``; ``candidates`` as the players gave them, ``reason`` the deciding criterion."""

    involved = ("target",)

    enemy: str
    target: str
    candidates: list[dict[str, Any]]
    reason: str


@dataclass(frozen=True)
class BossCardDrawn(GameEvent):
    """A Boss Card ``card`` of ``boss``'s deck was drawn in the Spawn Phase."""

    reveals = True  # a card drawn from the Boss deck (nanolith.txt § Undoing Moves)

    boss: str
    card: str


@dataclass(frozen=True)
class BossCardResolved(GameEvent):
    """``boss``'s Boss Card ``card`` was resolved; ``paralyzed``: only its Special Skill Icon was."""

    boss: str
    card: str
    paralyzed: bool


@dataclass(frozen=True)
class DamageCubePlaced(GameEvent):
    """The cube went on the start space of Boss ``enemy``'s Damage Index: it can now be wounded."""

    enemy: str


@dataclass(frozen=True)
class ProfileDamaged(GameEvent):
    """Hacking Profile ``target`` (a Door, Console...) took ``amount``: ``damage`` of ``index`` (null: unknown)."""

    target: str
    profile: str
    amount: int
    damage: int
    index: int | None


@dataclass(frozen=True)
class ProfileHacked(GameEvent):
    """``target``'s Damage Index is full: its Profile Effects are resolved (a Door is removed)."""

    target: str


@dataclass(frozen=True)
class ProgramDownloaded(GameEvent):
    """Sidekick downloaded Program ``program`` (from ``enemy_type``); ``programs`` he holds now."""

    program: str
    name: str
    enemy_type: str
    programs: list[str]


@dataclass(frozen=True)
class ProgramsLost(GameEvent):
    """Sidekick lost ``programs`` (not permanently saved): eliminated or the Encounter ended."""

    programs: list[str]
    reason: str


@dataclass(frozen=True)
class SavedProgramsLoaded(GameEvent):
    """Sidekick starts the Encounter with his permanently saved ``programs`` (§ Saving Programs)."""

    programs: list[str]


@dataclass(frozen=True)
class HackedProfileAttackDue(GameEvent):
    """``character`` failed to remove the Hacked Tokens: the Hacked Profile attacks the closest character."""

    involved = ("character",)

    character: str


@dataclass(frozen=True)
class RewardsGained(GameEvent):
    """Encounter ``encounter``'s rewards for the campaign: ``nanofragments`` and ``nanosync_tokens`` by
    character, ``quest_items`` (codes), ``high_frequency_nanopotential`` (count)."""

    involved = ("nanofragments", "nanosync_tokens")

    encounter: str
    nanofragments: dict[str, int]
    quest_items: list[str]
    nanosync_tokens: dict[str, int]
    high_frequency_nanopotential: int


ENCOUNTER_EVENTS: list[type[GameEvent]] = [
    EncounterRulesSet, EnemyCardsArranged, SkillsChosen, SkillActivated,
    SkillExchanged, SkillTokensGained, SkillTokensDiscarded, ItemGained, ItemUsed, ItemTraded, EnemyActivated,
    TargetSelected, BossCardDrawn, BossCardResolved, DamageCubePlaced, ProfileDamaged, ProfileHacked,
    ProgramDownloaded, ProgramsLost, SavedProgramsLoaded, HackedProfileAttackDue, RewardsGained, SpawnPointsRolled, ContentChecked,
    EnemyProvoked,
]
