"""The deciders of start-round, attack, enemy-attack and remove-hacked: the basic rule (:mod:`.rounds`,
:mod:`.combat`, :mod:`.activation`) plus what the complete Encounter adds (Skill Tokens discarded in the
Status Phase, the content packs' figures, Sidekick's programs after a Hacked removal)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..kit import KIT, combat_dice
from .. import schemas as sc
from . import activation, combat, content_rules, rounds, sidekick, skills
from .consequences import Decision


@KIT.action("start-round", sc.EmptySchema, "Status Phase steps 1-3: Round Tracker and Reinforcement Tokens, Stress back 2, Poisoned Damage",
            section="1.1 Status Phase")
def _start_round(d: Decision, f: Mapping[str, Any]) -> None:
    rounds.start_round(d, f)
    skills.discard_status_phase_tokens(d)


@KIT.action("attack", sc.AttackSchema, "Record a character's attack roll against an enemy (or a Hacking Profile with --profile)",
            section="Attacks", reveal=True, args=("character", "target", "roll"), dice=combat_dice("roll"))
def _attack(d: Decision, f: Mapping[str, Any]) -> None:
    combat.attack(d, content_rules.fill_attack_figures(d, f))


@KIT.action("enemy-attack", sc.EnemyAttackSchema, "Record an enemy's attack roll against a character, Sidekick or enemy",
            section="3. Rolling the Dice & Determining Damage", reveal=True, args=("enemy", "target", "roll"), dice=combat_dice("roll"))
def _enemy_attack(d: Decision, f: Mapping[str, Any]) -> None:
    combat.enemy_attack(d, content_rules.fill_enemy_attack_figures(d, f))


@KIT.action("remove-hacked", sc.RemoveHackedSchema, "Spend a die and roll Hacking dice against the Hacked Token (Defense 6)",
            section="Status Effects", reveal=True, args=("character", "die", "roll"), dice=combat_dice("roll"))
def _remove_hacked(d: Decision, f: Mapping[str, Any]) -> None:
    activation.remove_hacked(d, f)
    sidekick.after_remove_hacked(d, f)
