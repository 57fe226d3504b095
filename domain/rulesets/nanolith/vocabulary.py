"""Nanolith's vocabulary: phases, effects, attack types, outcomes, dice combinations and the fixed numbers.

Every figure here is printed in ``rulebooks/nanolith.txt``; :func:`rule` builds the citation that each
:class:`~domain.core.errors.RuleViolation` carries (``"nanolith.txt § Stress"``).
"""

from __future__ import annotations

from enum import Enum


def rule(section: str) -> str:
    """The citation of a rulebook section: ``rule("Nanoshock")`` -> ``"nanolith.txt § Nanoshock"``."""
    return f"nanolith.txt § {section}"


class Phase(str, Enum):
    """Where an Encounter stands (nanolith.txt § Round Overview). The value is the stored string."""

    SETUP = "setup"
    """Before the first Round of an Encounter, and between Encounters."""
    STATUS = "status"
    """1.1 Status Phase: Effects resolved, Action Dice rolled, the Initiative Token given."""
    CHARACTER_ACTION = "character-action"
    """1.2 Character Action Phase: the characters activate one after the other."""
    SPAWN = "spawn"
    """2.1 Spawn Phase: reinforcements bought with Reinforcement Tokens enter the map."""
    ENEMY_ACTION = "enemy-action"
    """2.2 Enemy Action Phase: all enemies activate."""

    @property
    def title(self) -> str:
        """The rulebook's name of the phase: ``"Character Action Phase"``."""
        return {"setup": "Setup", "status": "Status Phase", "character-action": "Character Action Phase",
                "spawn": "Spawn Phase", "enemy-action": "Enemy Action Phase"}[self.value]


class Effect(str, Enum):
    """The Effect Tokens of nanolith.txt § Status Effects (an Encounter may add others by name)."""

    POISONED = "poisoned"
    """Characters only, maximum 4: one Damage per token in each Status Phase."""
    HACKED = "hacked"
    """Characters only, maximum 4: the character may only try to remove it."""
    BLEEDING = "bleeding"
    """Characters only, maximum 1: the Encounter's Bleeding Defense Profile applies."""
    PARALYZED = "paralyzed"
    """Enemies only, maximum 1: the enemy skips its activation."""


EFFECT_MAXIMA: dict[str, int] = {"poisoned": 4, "hacked": 4, "bleeding": 1, "paralyzed": 1}
"""Effect Token Maximum per Effect (nanolith.txt § Status Effects; Unconscious, maximum 1, is a flag)."""
CHARACTER_ONLY_EFFECTS = frozenset({"poisoned", "hacked", "bleeding"})
ENEMY_ONLY_EFFECTS = frozenset({"paralyzed"})


class AttackType(str, Enum):
    """The four types of attack (nanolith.txt § Attacks, 3. Determining Combat Value)."""

    CLOSE_COMBAT = "close-combat"
    RANGED = "ranged"
    NANOSHOCK = "nanoshock"
    """Triggered by a Nanoshock Action; enemies use their Nanoshock Defense Value."""
    HACKING = "hacking"


class Outcome(str, Enum):
    """How an Encounter ended (nanolith.txt § Game Over)."""

    VICTORY = "victory"
    GAME_OVER = "game-over"


class Combination(str, Enum):
    """Dice combinations of Skill Cards (nanolith.txt § Skill Cards): actual doubles, triples or rows."""

    DOUBLE = "double"
    TRIPLE = "triple"
    STRAIGHT = "straight"


CHARACTERS: dict[str, tuple[str, ...]] = {
    "ashitaka": ("ash",),
    "vaa-lith": ("vaa", "vaalith", "vaa_lith"),
    "cora": (),
    "ada": (),
    "sidekick": ("sk",),
}
"""Character ids and their aliases; the four characters plus Sidekick (nanolith.txt § Cora and Sidekick)."""
HEROES: tuple[str, ...] = ("ashitaka", "vaa-lith", "cora", "ada")
"""The four characters with Player Boards (Nanolith is always played with all four)."""
SIDEKICK = "sidekick"
NAMES = {"ashitaka": "Ashitaka", "vaa-lith": "Vaa-Lith", "cora": "Cora", "ada": "Ada", "sidekick": "Sidekick"}

ACTION_DICE_VALUE = 5
"""Action Dice per character at the start of the game; Sidekick's is 0 (nanolith.txt § Action Dice Value)."""
INACTIVE_INDEX_SPACES = 6
"""Highest Inactive Index slot number accepted by ``set-stress-spaces`` (the Player Board prints them)."""
DAMAGE_MAX = 10
"""Damage Points that make a character Unconscious (nanolith.txt § Character Preparation)."""
STRESS_LIMIT_START = 6
"""Where the Nanoshock Cube starts: 6 Stress gives the first Nanoshock (nanolith.txt § Character Preparation)."""
NANOSHOCK_DAMAGE = 2
"""Damage a Nanoshock (and a Shock hitting the Stress Cube) deals (nanolith.txt § Nanoshock, § Shock)."""
STATUS_STRESS_RELIEF = 2
"""Spaces the Stress Cube moves back in the Status Phase, step 2 (nanolith.txt § 1.1 Status Phase)."""
RT_CAP = 12
"""Reinforcement Tokens the Reinforcement Pool can hold (nanolith.txt § Spawn Phase)."""
HACKED_DEFENSE = 6
"""Defense Value of a Hacked Token (nanolith.txt § Hacked)."""
COMBAT_DIE_SIDES = 8
ACTION_DIE_SIDES = 6
AFTER_UNCONSCIOUS_ATTACKS = ("ashitaka", "vaa-lith")
"""Whose Nanoshock Action (Rush, Falling Stars) goes on after they fall Unconscious (§ Unconscious)."""


def reinforcements_for_round(round_number: int) -> int:
    """Reinforcement Tokens placed when the Round Tracker reaches ``round_number`` (Status Phase step 1).

    nanolith.txt § 1.1 Status Phase: none in Round 1 (the step is skipped), 1 in Rounds 2-3, 2 in Rounds
    4-6, 3 in Rounds 7-9. The rulebook stops at Round 9; Questlog keeps placing 3 in every later Round
    (the last printed rate carries on), a reading the group can override with ``adjust``.
    """
    if round_number <= 1:
        return 0
    if round_number <= 3:
        return 1
    if round_number <= 6:
        return 2
    return 3
