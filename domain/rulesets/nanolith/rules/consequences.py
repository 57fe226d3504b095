"""What the rules derive on their own: Stress one point at a time, Nanoshocks, Damage (characters, enemies,
Sidekick), Unconscious, RT.

A :class:`Decision` folds each event into a running state as it is emitted, so every consequence is
decided against the board as it stands at that moment (a 1 that brings the Stress Cube to the
Nanoshock Cube triggers the Nanoshock before the next 1 is counted).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.core.decision import Decision
from domain.core.errors import RuleViolation

from .. import encounter_events as ee
from .. import events as ev
from ..content import slug
from ..state import board, in_own_nanoshock_action, must_still_activate
from ..vocabulary import (AFTER_UNCONSCIOUS_ATTACKS, DAMAGE_MAX, NANOSHOCK_DAMAGE, RT_CAP, SIDEKICK, Phase, rule)


def refuse(section: str, message: str) -> RuleViolation:
    """A :class:`RuleViolation` citing ``nanolith.txt § section``."""
    return RuleViolation(rule(section), message)


def gain_stress(d: Decision, character: str, points: int, cause: str) -> None:
    """``character`` gains ``points`` Stress, one point at a time (§ Stress; § Nanoshock).

    Each point that brings the Stress Cube to the space next to the Nanoshock Cube triggers a Nanoshock, so
    one cause can bring one or more Nanoshocks. Unconscious characters and Sidekick take no Stress
    (§ Unconscious; Sidekick has no Stress Index).
    """
    if character == SIDEKICK:
        return
    for _ in range(points):
        c = board(d.state, character)
        if c["unconscious"]:
            return
        stress = c["stress"] + 1
        d.emit(ev.StressGained(character=character, stress=stress, cause=cause))
        if stress >= c["stress_limit"]:
            nanoshock(d, character)


def nanoshock(d: Decision, character: str) -> None:
    """§ Nanoshock: Stress to the Zero Space, 2 Damage, Token active, Nanoshock Cube one space left.

    The Nanoshock Cube never passes the first space of the Stress Index (``stress_limit`` stays >= 1).
    """
    c = board(d.state, character)
    d.emit(ev.NanoshockTriggered(character=character, nanoshocks=c["nanoshocks"] + 1, stress_limit=max(1, c["stress_limit"] - 1)))
    take_damage(d, character, NANOSHOCK_DAMAGE, "Nanoshock")


def take_damage(d: Decision, character: str, amount: int, cause: str) -> None:
    """``character`` takes ``amount`` Damage; reaching 10 makes them Unconscious (§ Character Preparation).

    Unconscious characters can never take Damage (§ Unconscious); Damage past the skull is not marked.
    """
    c = board(d.state, character)
    if c["unconscious"] or amount <= 0:
        return
    damage = min(DAMAGE_MAX, c["damage"] + amount)
    d.emit(ev.DamageTaken(character=character, amount=damage - c["damage"], damage=damage, cause=cause))
    if damage >= DAMAGE_MAX:
        fall_unconscious(d, character)


def fall_unconscious(d: Decision, character: str) -> None:
    """§ Unconscious: cubes to their Zero Spaces, Effect and Skill Tokens removed, activation over.

    Exception: Ashitaka's Rush and Vaa-Lith's Falling Stars go on (their Nanoshock Action stays open);
    anyone else's Nanoshock Action and activation end at once.
    """
    own_action = in_own_nanoshock_action(d.state, character)
    d.emit(ev.FellUnconscious(character=character, during_nanoshock_action=own_action))
    if own_action and character in AFTER_UNCONSCIOUS_ATTACKS:
        return
    if own_action:
        d.emit(ev.NanoshockActionEnded(character=character, token_discarded=True))
    if d.state.get("activating") == character:
        d.emit(ev.ActivationEnded(character=character, reason="unconscious"))
        close_character_phase_if_done(d)


def place_reinforcements(d: Decision, due: int, cause: str) -> None:
    """Place ``due`` RT; the Reinforcement Pool holds 12, excess Tokens are not placed (§ Spawn Phase)."""
    if due <= 0:
        return
    pool = d.state["reinforcement_pool"]
    placed = max(0, min(due, RT_CAP - pool))
    d.emit(ev.ReinforcementTokensPlaced(due=due, placed=placed, pool=pool + placed, cause=cause))


def close_character_phase_if_done(d: Decision) -> None:
    """§ Basic Rules for Sequence of Activation: when all characters have completed their activation,
    the Character Action Phase ends and the Enemy Spawn Phase begins."""
    s = d.state
    if s["phase"] == Phase.CHARACTER_ACTION.value and s.get("activating") is None and not s.get("nanoshock_action") \
            and not must_still_activate(s):
        d.emit(ev.PhaseChanged(phase=Phase.SPAWN.value))


def damage_enemy(d: Decision, enemy: str, amount: int) -> None:
    """Mark Damage on an enemy; at its Life Points it is eliminated and returns to the Spawn Pool."""
    foe = d.state["enemies"].get(enemy)
    if foe is None or amount <= 0 or not foe.get("cube_placed", True):
        return  # § Damage Index for Bosses: "Some Bosses cannot be wounded" until the cube is placed
    total = foe["damage"] + amount
    d.emit(ev.EnemyDamaged(enemy=enemy, amount=amount, damage=total))
    if total >= foe["life"]:
        d.emit(ev.EnemyEliminated(enemy=enemy, enemy_type=foe["type"], standee=foe["standee"]))


def damage_sidekick(d: Decision, amount: int) -> None:
    """Damage on Sidekick; at his Life Points he is eliminated and leaves the map, losing every program not
    permanently saved (§ More on Sidekick: "He will automatically lose any programs that haven't been
    permanently saved on his hard drive")."""
    kid = d.state["sidekick"]
    if not kid["on_map"] or amount <= 0:
        return
    d.emit(ev.SidekickDamaged(amount=amount, damage=kid["damage"] + amount))
    if kid["life"] is not None and kid["damage"] + amount >= kid["life"]:
        d.emit(ev.SidekickEliminated())
        lose_programs(d, "Sidekick was eliminated")


def saved_programs(state: Mapping[str, Any]) -> list[str]:
    """Programs permanently saved on Sidekick's hard drive (the campaign record, issue #5)."""
    upgrades = (state.get("campaign") or {}).get("upgrades") or {}
    return [slug(p) for p in upgrades.get("programs") or []]


def lose_programs(d: Decision, reason: str) -> None:
    """Sidekick loses every program not permanently saved (§ More on Sidekick; § Using Programs)."""
    lost = [p for p in d.state["programs"] if p not in saved_programs(d.state)]
    if lost:
        d.emit(ee.ProgramsLost(programs=lost, reason=reason))
