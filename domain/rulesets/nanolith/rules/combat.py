"""Attacks: the characters' (with rerolls, Force Success, Nanoshock Attacks) and the enemies'.

nanolith.txt § Attacks (4. Rolling the Dice & Determining Damage, Immunities to Types of Attack, Attacks on
Multiple Models), § Armor, § Special Rule: Force Success, § Stress Factors, § Nanoshock Attacks,
§ 3. Rolling the Dice & Determining Damage (enemies), § Lower Difficulty Level.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.core.errors import BadInput
from domain.core.names import did_you_mean, quoted

from .. import events as ev
from ..schemas import parse_reroll
from ..state import attacks_after_unconscious, find_target, in_own_nanoshock_action, lower_difficulty, targets
from ..vocabulary import AttackType, Phase
from .combat_value import check_combat_dice
from .consequences import Decision, damage_enemy, damage_sidekick, gain_stress, place_reinforcements, refuse, take_damage
from .effects import check_effect_target, give_effect_tokens, resolve_shock
from .guards import may_activate, name, require_hero, require_not_hacked, require_phase


def attack(d: Decision, f: Mapping[str, Any]) -> None:
    """A character's attack from the Combat Dice rolled (a reveal); one roll per model hit.

    Dice at or above the Defense Value hit, Armor lowers the total, ``X`` is immune. Every 1 rolled gives
    the attacker 1 Stress, the 1s of a first roll too when those dice are rerolled. In the attacker's own
    Nanoshock Action the attack is a Nanoshock Attack; Ashitaka and Vaa-Lith finish theirs even after
    falling Unconscious, without Stress, Damage or Nanoshocks (§ Unconscious).
    """
    s, c = d.state, f["character"]
    require_hero(c, "attack on his own: record Sidekick's program attacks as Cora's")
    if not attacks_after_unconscious(s, c):
        if may_activate(s, c, "attack"):
            raise refuse("2. Calculating and Paying Action Costs",
                          f"{name(c)} must spend the Action Cost of the attack first (spend-dice), which starts the activation")
        require_not_hacked(s, c, "attack")
    kind = _kind(s, c, f.get("kind"))
    check_combat_dice(s, c, kind, len(f["roll"]), f.get("bonus_dice") or 0)
    target = f["target"].strip().lower() if f.get("profile") else _enemy_target(s, f["target"])
    final, rerolls, ones = _apply_rerolls(f["roll"], f.get("reroll", []))
    hits, failed = _hits(final, f["defense"])
    forced = _forced(f, failed)
    damage = max(0, hits + forced - f["armor"])
    d.emit(ev.AttackRolled(attacker=c, target=target, kind=kind, dice=list(f["roll"]), rerolls=rerolls, final=final,
                           defense=f["defense"], armor=f["armor"], hits=hits + forced, forced=forced, damage=damage))
    gain_stress(d, c, ones, "rolled a 1 on a Combat Die")
    if not f.get("profile"):
        damage_enemy(d, target, damage)
    take_damage(d, c, forced * f["force_damage"], "Force Success")


def _kind(s: Mapping[str, Any], c: str, kind: str | None) -> str | None:
    if in_own_nanoshock_action(s, c):
        if kind not in (None, AttackType.NANOSHOCK.value):
            raise refuse("Nanoshock Attacks", f"an attack triggered by {name(c)}'s Nanoshock Action is a Nanoshock Attack, not {kind}")
        return AttackType.NANOSHOCK.value
    if kind == AttackType.NANOSHOCK.value:
        raise refuse("Nanoshock Attacks", "a Nanoshock Attack is triggered by a Nanoshock Action (perform-nanoshock-action)")
    return kind


def _enemy_target(s: Mapping[str, Any], text: str) -> str:
    found = find_target(s, text)
    key = str(text).strip().lower()
    if found and found[0] == "enemy":
        return found[1]
    if found:
        raise refuse("Ashitaka – Rush", "attacks performed by the characters cannot hit other characters")
    if any(key.startswith(t + "-") and key[len(t) + 1:].isdigit() for t in s["spawn_pool"]):
        raise refuse("The Spawn Pool", f"{key} is in the Spawn Pool, not on the Encounter Map")
    on_map = ", ".join(s["enemies"]) or "none"
    raise BadInput(f"no enemy {quoted(text)}{did_you_mean(key, s['enemies'])} on the Encounter Map (on the map: {on_map}); a Door, Console or Program "
                   "takes --profile", {"target": ["not on the Encounter Map"]})


def _apply_rerolls(roll: list[int], rerolls: list[str]) -> tuple[list[int], list[list[int]], int]:
    """The dice counted after rerolls, the rerolls as ``[position, new]``, and every 1 rolled (first roll too)."""
    final, done, out = list(roll), set(), []
    for old, new in map(parse_reroll, rerolls):
        position = next((i for i, v in enumerate(roll) if v == old and i not in done), None)
        if position is None:
            raise BadInput(f"no die showing {old} in the roll {' '.join(map(str, roll))} left to reroll", {"reroll": [f"no {old} to reroll"]})
        done.add(position)
        final[position] = new
        out.append([position + 1, new])
    return final, out, roll.count(1) + sum(1 for _, new in out if new == 1)


def _hits(dice: list[int], defense: Any) -> tuple[int, int]:
    """(hits, failed dice): dice equal to or higher than the Defense Value hit; ``X`` is immune (no hits)."""
    if defense == "X":
        return 0, 0
    hits = sum(1 for v in dice if v >= defense)
    return hits, len(dice) - hits


def _forced(f: Mapping[str, Any], failed: int) -> int:
    """§ Special Rule: Force Success: each failed die can become a success once, on a Hacking Profile."""
    forced = f.get("force", 0)
    if not forced:
        return 0
    if not f.get("profile"):
        raise refuse("Special Rule: Force Success", "Force Success applies to targets with a Hacking Profile (give --profile)")
    if f["defense"] == "X":
        raise refuse("Immunities to Types of Attack", "an X Defense Value is immune: no success can be forced")
    if forced > failed:
        raise refuse("Special Rule: Force Success", f"each unsuccessful die can be forced once: {failed} failed, not {forced}")
    if not f.get("force_damage"):
        raise BadInput("give --force-damage: the Damage the Force Success Icon inflicts on the hacker", {"force_damage": ["required with --force"]})
    return forced


def enemy_attack(d: Decision, f: Mapping[str, Any]) -> None:
    """An enemy's attack roll (a reveal), in the Enemy Action Phase or a character's turn (Mindhack).

    Each die at or above the target's Defense Value is 1 Damage, Armor lowers it; each 1 rolled places 1 RT
    (none on the Lower Difficulty Level). ``--effect`` and ``--shock`` are what the Enemy Card gives.
    """
    s = d.state
    require_phase(s, "3. Rolling the Dice & Determining Damage", Phase.CHARACTER_ACTION, Phase.ENEMY_ACTION)
    enemy = f["enemy"] if f["enemy"] in s["enemies"] else _unknown_attacker(s, f["enemy"])
    if s["enemies"][enemy]["effects"].get("paralyzed"):
        raise refuse("Paralyzed", f"{enemy} is Paralyzed and does nothing (remove its token: remove-effect {enemy} paralyzed)")
    if enemy in s["enemy_phase"].get("skipped", []):
        raise refuse("Paralysis and Boss Cards" if s["enemies"][enemy]["type"] in s["boss_cards"] else "Paralyzed",
                     f"{enemy} was Paralyzed: it skipped its activation this Enemy Action Phase and does absolutely nothing")
    kind, target = _enemy_attack_target(s, f["target"], enemy)
    if f.get("effect"):
        check_effect_target(s, kind, target, f["effect"])
    if f.get("shock") and kind != "character":
        raise refuse("Shock", "Shock is an Effect that only characters can get")
    hits, _ = _hits(f["roll"], f["defense"])
    damage = max(0, hits - f["armor"])
    d.emit(ev.AttackRolled(attacker=enemy, target=target, kind=None, dice=list(f["roll"]), rerolls=[], final=list(f["roll"]),
                           defense=f["defense"], armor=f["armor"], hits=hits, forced=0, damage=damage))
    if not lower_difficulty(s):
        place_reinforcements(d, f["roll"].count(1), f"{enemy} rolled a 1")
    if kind == "character":
        take_damage(d, target, damage, f"attack by {enemy}")
    elif kind == "sidekick":
        damage_sidekick(d, damage)
    else:
        damage_enemy(d, target, damage)
    if kind == "character" and not d.state["characters"][target]["unconscious"]:
        if f.get("effect"):
            give_effect_tokens(d, target, f["effect"], f["effect_count"])
        if f.get("shock"):
            resolve_shock(d, target)
    elif kind == "enemy" and f.get("effect") and target in d.state["enemies"]:
        give_effect_tokens(d, target, f["effect"], f["effect_count"])


def _unknown_attacker(s: Mapping[str, Any], text: str) -> str:
    on_map = ", ".join(s["enemies"]) or "none"
    raise BadInput(f"no enemy {quoted(text)}{did_you_mean(text, s['enemies'])} on the Encounter Map (on the map: {on_map})", {"enemy": ["not on the Encounter Map"]})


def _enemy_attack_target(s: Mapping[str, Any], text: str, enemy: str) -> tuple[str, str]:
    found = find_target(s, text)
    if found is None:
        raise BadInput(f"no character, Sidekick or enemy {quoted(text)}{did_you_mean(text, targets(s))} to attack", {"target": ["unknown target"]})
    kind, target = found
    if kind == "character" and s["characters"][target]["unconscious"]:
        raise refuse("Unconscious", f"{name(target)} is Unconscious and cannot be targeted by enemies")
    if kind == "sidekick" and not s["sidekick"]["on_map"]:
        raise refuse("More on Sidekick", "Sidekick is not on the Encounter Map")
    if target == enemy:
        raise refuse("3. Rolling the Dice & Determining Damage", f"{enemy} cannot attack itself")
    return kind, target
