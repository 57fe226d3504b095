"""The complete Encounter's rules by verb, merged into :data:`.RULES` (new verbs, and the richer
versions of start-encounter, end-encounter, start-round, place-enemy, spawn, attack, enemy-attack,
remove-hacked and take-damage that read the content packs and record their figures)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from . import activation, combat, content_rules, enemy_turn, items, rounds, sidekick, skills
from .consequences import Decision


def _start_round(d: Decision, f: Mapping[str, Any]) -> None:
    rounds.start_round(d, f)
    skills.discard_status_phase_tokens(d)


def _attack(d: Decision, f: Mapping[str, Any]) -> None:
    combat.attack(d, content_rules.fill_attack_figures(d, f))


def _enemy_attack(d: Decision, f: Mapping[str, Any]) -> None:
    combat.enemy_attack(d, content_rules.fill_enemy_attack_figures(d, f))


def _remove_hacked(d: Decision, f: Mapping[str, Any]) -> None:
    activation.remove_hacked(d, f)
    sidekick.after_remove_hacked(d, f)


ENCOUNTER_RULES: dict[str, Callable[[Decision, Mapping[str, Any]], None]] = {
    "start-encounter": content_rules.start_encounter,
    "end-encounter": content_rules.end_encounter,
    "start-round": _start_round,
    "place-enemy": enemy_turn.place_enemy,
    "spawn": enemy_turn.spawn,
    "attack": _attack,
    "enemy-attack": _enemy_attack,
    "remove-hacked": _remove_hacked,
    "set-encounter-rules": content_rules.set_encounter_rules,
    "arrange-enemy-cards": enemy_turn.arrange_enemy_cards,
    "choose-skills": skills.choose_skills,
    "perform-skill": skills.activate_skill,
    "exchange-skill": skills.exchange_skill,
    "use-skill-token": skills.use_skill_token,
    "provoke": content_rules.provoke,
    "pick-up-item": items.pick_up_item,
    "take-card": items.take_card,
    "trade-item": items.trade_item,
    "use-item": items.use_item,
    "activate-enemy": enemy_turn.activate_enemy,
    "select-target": enemy_turn.select_target,
    "draw-boss-card": enemy_turn.draw_boss_card,
    "resolve-boss-card": enemy_turn.resolve_boss_card,
    "place-damage-cube": enemy_turn.place_damage_cube,
    "download-program": sidekick.download_program,
    "hack": sidekick.hack_profile,
    "use-program": sidekick.use_program,
    "hacked-profile-attack": sidekick.hacked_profile_attack,
    "gain-rewards": content_rules.gain_rewards,
}
