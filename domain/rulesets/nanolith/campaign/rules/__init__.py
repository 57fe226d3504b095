"""``decide`` for Campaign Mode: one rule function per verb, each citing ``nanolith.txt § <section>``.

A rule receives a :class:`Decision` (events so far and the state they lead to) and the command's loaded
fields; it raises :class:`~domain.core.errors.RuleViolation` where the rulebook forbids the action and
checks everything before it emits anything. Pure: no clock, no dice, no storage.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from domain.core.ruleset import Command, GameEvent, State

from . import city, fragments, shops, skills, story
from .common import Decision

RULES: dict[str, Callable[[Decision, Mapping[str, Any]], None]] = {
    "gain-nanofragments": fragments.gain_nanofragments,
    "spend-nanofragments": fragments.spend_nanofragments,
    "set-divider-card": fragments.set_divider_card,
    "gain-high-frequency": fragments.gain_high_frequency,
    "obtain-skill": skills.obtain_skill,
    "make-skill-conscious": skills.make_skill_conscious,
    "choose-active-skills": skills.choose_active_skills,
    "equip-skill": skills.equip_skill,
    "unequip-skill": skills.unequip_skill,
    "lower-skill-cost": skills.lower_skill_cost,
    "change-skill-number": skills.change_skill_number,
    "extend-skill-range": skills.extend_skill_range,
    "gain-nanosync-token": skills.gain_nanosync_token,
    "place-nanosync-token": skills.place_nanosync_token,
    "buy-weapon-upgrade": shops.buy_weapon_upgrade,
    "buy-body-augmentation": shops.buy_body_augmentation,
    "give-start-items": shops.give_start_items,
    "buy-start-item": shops.buy_start_item,
    "buy-upgrade": shops.buy_upgrade,
    "save-program": shops.save_program,
    "delete-program": shops.delete_program,
    "session-date": story.session_date,
    "start-chapter": story.start_chapter,
    "enter-lobby": story.enter_lobby,
    "enter-shop": story.enter_shop,
    "read-comic": story.read_comic,
    "turn-to-page": story.turn_to_page,
    "solve-riddle": story.solve_riddle,
    "read-nanostory": story.read_nanostory,
    "take-hidden-card": story.take_hidden_card,
    "pass-hidden-card": story.pass_hidden_card,
    "discard-quest-item": story.discard_quest_item,
    "read-defragmented-text": story.read_defragmented_text,
    "place-mission-token": story.place_mission_token,
    "start-city-phase": city.start_city_phase,
    "return-item-cards": city.return_item_cards,
    "choose-mission-token": city.choose_mission_token,
    "reach-save-point": city.reach_save_point,
    "resume-at-save-point": city.resume_at_save_point,
    "set-difficulty-level": city.set_difficulty_level,
}


def decide(state: State, command: Command) -> list[GameEvent]:
    """The events of a Campaign Mode ``command`` (its verb is in :data:`RULES`). Raises ``RuleViolation``."""
    decision = Decision(state)
    RULES[command.verb](decision, command.fields)
    return decision.events
