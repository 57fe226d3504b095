"""Skill Cards across the campaign: obtained, made conscious, chosen Active, stickered, Nanosync Tokens
(nanolith.txt § Obtaining New Skill Cards, § Lowering Skill Costs, § Lowering or Increasing Numerical Values
on Skills, § Improving Line of Sight and Range, § Exchanging Skill Cards, § Nanosync Tokens)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.core.errors import BadInput
from domain.core.names import did_you_mean, quoted

from ..kit import KIT
from .. import schemas as sc
from .. import events as ev
from ..state import in_encounter, sheet, skill
from ..vocabulary import (LOWER_COST_COST, MAKE_CONSCIOUS_COST, MAX_ACTIVE_SKILLS, NUMBER_STICKER_COST,
                          RANGE_STICKER_COST, Direction, Sticker)
from .common import DIVIDER, LEVELLING, Decision, check_funds, refuse, require_disk, spend

EXCHANGING = "Exchanging Skill Cards"
OBTAINING = "Obtaining New Skill Cards"


def _owned(d: Decision, f: Mapping[str, Any], section: str = OBTAINING) -> dict[str, Any]:
    s = skill(d.state, f["character"], f["skill"])
    if s is None:
        raise refuse(section, f"{f['character']} has no Skill Card {quoted(f['skill'])}{did_you_mean(f['skill'], sheet(d.state, f['character'])['skills'])} (obtain-skill first)")
    return s


def _slot_free(s: dict[str, Any], slot: str, f: Mapping[str, Any]) -> None:
    """§ Leveling Up: stickers cannot be added to Upgrade Slots that already contain a sticker."""
    if slot in s["stickers"]:
        raise refuse(LEVELLING, f"the {slot} slot of {f['character']}'s {f['skill']} already holds a sticker: "
                                "each slot can only be used once")


@KIT.action("obtain-skill", sc.ObtainSkillSchema, "A Skill Card joins a character (unconscious; --start: a Start Skill)",
            section="Obtaining New Skill Cards", args=("character", "skill"))
def obtain_skill(d: Decision, f: Mapping[str, Any]) -> None:
    """A Skill Card joins the Unconscious side of the Card Box (a Start Skill: the Conscious side)."""
    if skill(d.state, f["character"], f["skill"]) is not None:
        raise refuse(OBTAINING, f"{f['character']} already has the Skill Card {quoted(f['skill'])}")
    if bool(f.get("combination")) != bool(f["cost"]):
        raise BadInput("give the printed Action Cost as both --combination and --cost (e.g. double 2,2)",
                       {"cost": ["needs --combination"]})
    if f.get("combination"):
        _check_printed_cost(f["combination"], list(f["cost"]))
    numbers = dict(n.split("=") for n in f["numbers"])
    d.emit(ev.SkillCardObtained(character=f["character"], skill=f["skill"], conscious=f["start"],
                                combination=f.get("combination"), cost=list(f["cost"]) or None,
                                numbers={k: int(v) for k, v in numbers.items()}, range=f.get("range"), reason=f["reason"]))


@KIT.action("make-skill-conscious", sc.CharacterSkillSchema, "Make an unconscious Skill conscious for 2 Nanofragments",
            section="Obtaining New Skill Cards", args=("character", "skill"))
def make_skill_conscious(d: Decision, f: Mapping[str, Any]) -> None:
    """2 Nanofragments bring an unconscious Skill Card to the Conscious side (at a Disk Icon)."""
    s = _owned(d, f)
    if s["conscious"]:
        raise refuse(OBTAINING, f"{f['character']}'s {f['skill']} is already conscious")
    require_disk(d, "Making a Skill conscious")
    check_funds(d, f["character"], MAKE_CONSCIOUS_COST, "nanofragments")
    spend(d, f["character"], MAKE_CONSCIOUS_COST, f"{f['skill']} made conscious")
    d.emit(ev.SkillMadeConscious(character=f["character"], skill=f["skill"]))


def _choose(d: Decision, character: str, skills: list[str]) -> None:
    if in_encounter(d.state) and d.state.get("phase") != "setup":
        raise refuse(EXCHANGING, "Active Skills are chosen at the start of an Encounter or at a Save Point; during the "
                                 "Encounter an Inactive Skill is exchanged in an activation for 1 Reinforcement Token")
    for name in skills:
        s = skill(d.state, character, name)
        if s is None:
            raise refuse(EXCHANGING, f"{character} has no Skill Card {quoted(name)}{did_you_mean(name, sheet(d.state, character)['skills'])}")
        if not s["conscious"]:
            raise refuse(DIVIDER, f"{character}'s {name} is unconscious: only Conscious Skills can be activated "
                                  "(make-skill-conscious for 2 Nanofragments)")
    if len(skills) > MAX_ACTIVE_SKILLS:
        raise refuse(EXCHANGING, f"{character} can never have more than {MAX_ACTIVE_SKILLS} Active Skills, not {len(skills)}")
    previous = list(d.campaign["active"].get(character, []))
    d.emit(ev.ActiveSkillsChosen(character=character, skills=skills, previous=previous))


@KIT.action("choose-active-skills", sc.ActiveSkillsSchema, "Choose up to 3 Active Skills (Conscious only) before an Encounter",
            section="Exchanging Skill Cards", args=("character", "skills"))
def choose_active_skills(d: Decision, f: Mapping[str, Any]) -> None:
    """Up to 3 Active Skills, all conscious, chosen before an Encounter starts (or in its setup)."""
    _choose(d, f["character"], list(dict.fromkeys(f["skills"])))


@KIT.action("equip-skill", sc.CharacterSkillSchema, "Make one more Conscious Skill Active (at most 3)",
            section="Exchanging Skill Cards", args=("character", "skill"))
def equip_skill(d: Decision, f: Mapping[str, Any]) -> None:
    """One more Active Skill (refused as a fourth)."""
    active = list(d.campaign["active"].get(f["character"], []))
    if f["skill"] in active:
        raise refuse(EXCHANGING, f"{f['character']}'s {f['skill']} is already Active")
    _choose(d, f["character"], active + [f["skill"]])


@KIT.action("unequip-skill", sc.CharacterSkillSchema, "Make an Active Skill Inactive",
            section="Exchanging Skill Cards", args=("character", "skill"))
def unequip_skill(d: Decision, f: Mapping[str, Any]) -> None:
    """An Active Skill becomes Inactive (free)."""
    active = list(d.campaign["active"].get(f["character"], []))
    if f["skill"] not in active:
        raise refuse(EXCHANGING, f"{f['character']}'s {f['skill']} is not Active")
    _choose(d, f["character"], [s for s in active if s != f["skill"]])


@KIT.action("lower-skill-cost", sc.CharacterSkillSchema, "Cost sticker: the Skill's combination one step lower, 1 Nanofragment",
            section="Lowering Skill Costs", args=("character", "skill"))
def lower_skill_cost(d: Decision, f: Mapping[str, Any]) -> None:
    """§ Lowering Skill Costs: the same combination one step lower (two 2s -> two 1s), once per Skill, 1 Nanofragment."""
    s = _owned(d, f)
    _slot_free(s, Sticker.COST.value, f)
    if not s["cost"]:
        raise refuse("Lowering Skill Costs", f"{f['skill']} was obtained without its printed cost (--combination, --cost)")
    if min(s["cost"]) <= 1:
        raise refuse("Lowering Skill Costs", f"{f['skill']}'s {s['combination']} of {s['cost']} cannot go one step lower")
    require_disk(d, "A cost sticker")
    check_funds(d, f["character"], LOWER_COST_COST, "nanofragments")
    spend(d, f["character"], LOWER_COST_COST, f"{f['skill']}: cost sticker")
    d.emit(ev.SkillCostLowered(character=f["character"], skill=f["skill"], combination=s["combination"],
                               before=list(s["cost"]), after=[v - 1 for v in s["cost"]]))


@KIT.action("change-skill-number", sc.SkillNumberSchema, "Number sticker: one of the Skill's numbers up or down 1, 1 Nanofragment",
            section="Lowering or Increasing Numerical Values on Skills", args=("character", "skill", "number", "direction"))
def change_skill_number(d: Decision, f: Mapping[str, Any]) -> None:
    """§ Lowering or Increasing Numerical Values on Skills: one number +1 or -1, once, 1 Nanofragment."""
    s = _owned(d, f)
    if f["number"] not in s["numbers"]:
        known = ", ".join(s["numbers"]) or "none given"
        raise refuse("Lowering or Increasing Numerical Values on Skills", f"{f['skill']} has no number {quoted(f['number'])} (known: {known})")
    _slot_free(s, f"{Sticker.NUMBER.value}:{f['number']}", f)
    before = s["numbers"][f["number"]]
    after = before + (1 if f["direction"] == Direction.UP.value else -1)
    if after < 0:
        raise refuse("Lowering or Increasing Numerical Values on Skills", f"{f['skill']}'s {f['number']} is {before}: it cannot go below 0")
    require_disk(d, "A number sticker")
    check_funds(d, f["character"], NUMBER_STICKER_COST, "nanofragments")
    spend(d, f["character"], NUMBER_STICKER_COST, f"{f['skill']}: {f['number']} {before} -> {after}")
    d.emit(ev.SkillNumberChanged(character=f["character"], skill=f["skill"], number=f["number"], before=before, after=after))


@KIT.action("extend-skill-range", sc.CharacterSkillSchema, '"Any space on the Encounter Map" sticker, 2 Nanofragments',
            section="Improving Line of Sight and Range", args=("character", "skill"))
def extend_skill_range(d: Decision, f: Mapping[str, Any]) -> None:
    """§ Improving Line of Sight and Range: "any space on the Encounter Map" over the range, 2 Nanofragments."""
    s = _owned(d, f)
    _slot_free(s, Sticker.RANGE.value, f)
    require_disk(d, "The range sticker")
    check_funds(d, f["character"], RANGE_STICKER_COST, "nanofragments")
    spend(d, f["character"], RANGE_STICKER_COST, f"{f['skill']}: any space on the Encounter Map")
    d.emit(ev.SkillRangeExtended(character=f["character"], skill=f["skill"], before=s["range"]))


@KIT.action("gain-nanosync-token", sc.CharacterReasonSchema, "A character gets a Nanosync Token to hold",
            section="Nanosync Tokens", args=("character",))
def gain_nanosync_token(d: Decision, f: Mapping[str, Any]) -> None:
    """A Nanosync Token for ``character`` (mainly from Nanostories), held until stuck on a Skill Card."""
    held = sheet(d.state, f["character"])["nanosync_tokens"]
    d.emit(ev.NanosyncTokenGained(character=f["character"], held=held + 1, reason=f["reason"]))


@KIT.action("place-nanosync-token", sc.CharacterSkillSchema, "Stick a held Nanosync Token on a Skill's Nanosync Space (free)",
            section="Nanosync Tokens", args=("character", "skill"))
def place_nanosync_token(d: Decision, f: Mapping[str, Any]) -> None:
    """§ Nanosync Tokens: at a Disk Icon, free, onto an empty Nanosync Space: that Nanosync Skill is unlocked."""
    s = _owned(d, f, "Nanosync Tokens")
    held = sheet(d.state, f["character"])["nanosync_tokens"]
    if held < 1:
        raise refuse("Nanosync Tokens", f"{f['character']} holds no Nanosync Token")
    if s["nanosync"]:
        raise refuse("Nanosync Tokens", f"{f['character']}'s {f['skill']} already has a Nanosync Token on its Nanosync Space")
    require_disk(d, "Sticking a Nanosync Token")
    d.emit(ev.NanosyncTokenPlaced(character=f["character"], skill=f["skill"], held=held - 1))


def _check_printed_cost(combination: str, pips: list[int]) -> None:
    """A printed cost is an actual combination (nanolith.txt § Skill Cards): a Double is 2 equal pips, a Triple
    3, a Straight a run of at least 3 consecutive pips. Raises :class:`BadInput` (a mis-typed card)."""
    ok = {"double": len(pips) == 2 and len(set(pips)) == 1,
          "triple": len(pips) == 3 and len(set(pips)) == 1,
          "straight": len(pips) >= 3 and sorted(pips) == list(range(min(pips), min(pips) + len(pips)))}.get(combination, True)
    if not ok:
        raise BadInput(f"a {combination} cannot cost {','.join(map(str, pips))}: a Double is two equal pips (2,2), a Triple "
                       "three (3,3,3), a Straight a run of at least three (2,3,4) (nanolith.txt § Skill Cards)",
                       {"cost": [f"not a {combination}"]})
