"""Starting from a paper campaign (``new nanolith NAME --from-sheet FILE``): the sheet as ONE event.

The sheet (shape: :class:`PaperSheetSchema`, example ``examples/nanolith/paper-sheet.yaml``) holds what the
campaign record keeps between Encounters (nanolith.txt § Campaign): the chapter, each character's Divider
Card (Nanofragments on both sides, its printed X-code), Nanosync Tokens held, Skill Cards with their
stickers, Start Item levels and Items (Hidden Cards) held; High-Frequency Nanopotential, Sidekick's saved
programs, what was unlocked (Lobbies entered, Nanostories read), the Encounters already won and the Save Points
reached.

The event :class:`CampaignStartedFromPaper` stores the sheet itself; its handler replays it as the
campaign's own events (Skill Card obtained, stickers, ...) so later play reads the same record as if it
had been played in Questlog. Reading chosen: a sticker on the sheet was bought, so its Nanofragments are
already counted on the Conscious side as the sheet gives it (nothing is spent again).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import json

from marshmallow import Schema, ValidationError, fields, pre_load, validate

from domain.core.errors import BadInput
from domain.core.ruleset import GameEvent, State
from domain.core.fields import Character, Text, WholeNumber, Within

from .. import events as ev
from .. import story_events as se
from ..kit import KIT
from ...schemas import Slug
from ..state import KEY, initial_campaign
from ..vocabulary import MAX_PROGRAMS, X_CODES, Direction, Place
from ...vocabulary import HEROES, Combination
from domain.core.names import quoted

HEROES_ONLY = {h: h for h in HEROES}


@dataclass(frozen=True)
class CampaignStartedFromPaper(GameEvent):
    """The campaign picks up a paper one at ``chapter``; ``sheet`` is the validated paper sheet (schema
    :class:`PaperSheetSchema`), applied as the campaign's own events."""

    chapter: str
    sheet: dict


def _n(low: int, high: int, **kw: Any) -> fields.Integer:
    return WholeNumber(validate=Within(low, high), **kw)


class StickersSchema(Schema):
    """The stickers on one Skill Card (nanolith.txt § Leveling Up: each slot is used once)."""

    cost = fields.Boolean(load_default=False, metadata={"description": "a cost sticker (§ Lowering Skill Costs)"})
    numbers = fields.Dict(keys=Slug(), values=fields.String(validate=validate.OneOf([d.value for d in Direction])),
                          load_default=dict, metadata={"description": "number -> up|down (§ Lowering or Increasing Numerical Values)"})
    range = fields.Boolean(load_default=False, metadata={"description": '"any space" sticker (§ Improving Line of Sight and Range)'})
    nanosync = fields.Boolean(load_default=False, metadata={"description": "a Nanosync Token stuck on it (§ Nanosync Tokens)"})


class PaperSkillSchema(Schema):
    """One Skill Card as printed (the figures before stickers) and its stickers."""

    name = Slug(required=True)
    conscious = fields.Boolean(load_default=False)
    combination = fields.String(validate=validate.OneOf([c.value for c in Combination]), load_default=None)
    cost = fields.List(_n(1, 6), load_default=list, validate=validate.Length(0, 6))
    numbers = fields.Dict(keys=Slug(), values=_n(0, 99), load_default=dict)
    range = _n(0, 30, load_default=None)
    stickers = fields.Nested(StickersSchema, load_default=lambda: StickersSchema().load({}))


class ItemSchema(Schema):
    """An Item (Hidden Card) a character holds: its code and name as printed."""

    code = Slug(required=True)
    name = Text(120, required=True)
    quest_item = fields.Boolean(load_default=False)
    persistent = fields.Boolean(load_default=False)


class DividerSheetSchema(Schema):
    code = fields.String(required=True, validate=validate.OneOf(X_CODES))
    space = _n(1, 60, required=True)


class PaperCharacterSchema(Schema):
    """One character's upgrade sheet (nanolith.txt § Divider Cards, Conscious Memories, Unconscious Memories and Bonus Skills)."""

    unconscious = _n(0, 999, load_default=0)
    conscious = _n(0, 999, load_default=0)
    divider = fields.Nested(DividerSheetSchema, load_default=None)
    bonus_skill = Slug(load_default=None, metadata={"description": "the Bonus Skill once the Conscious side reaches the X-code"})
    nanosync_tokens = _n(0, 99, load_default=0)
    skills = fields.List(fields.Nested(PaperSkillSchema), load_default=list, validate=validate.Length(0, 40))
    start_items = fields.Dict(keys=Slug(), values=_n(1, 9), load_default=dict)
    items = fields.List(fields.Nested(ItemSchema), load_default=list, validate=validate.Length(0, 20))


class HighFrequencySchema(Schema):
    unspent = _n(0, 999, load_default=0)
    spent = _n(0, 999, load_default=0)


class PaperSheetSchema(Schema):
    """A paper Nanolith campaign: ``chapter`` required, everything else as far as the group got."""

    chapter = Text(60, required=True)
    date = Text(40, load_default=None)
    characters = fields.Dict(keys=Character(HEROES_ONLY), values=fields.Nested(PaperCharacterSchema), load_default=dict)
    high_frequency = fields.Nested(HighFrequencySchema, load_default=lambda: {"unspent": 0, "spent": 0})
    programs = fields.List(Slug(), load_default=list, validate=validate.Length(0, MAX_PROGRAMS))
    lobbies = fields.List(Text(120), load_default=list, validate=validate.Length(0, 60))
    nanostories = fields.List(Text(120), load_default=list, validate=validate.Length(0, 60))
    encounters_won = fields.List(Text(120), load_default=list, validate=validate.Length(0, 60),
                                 metadata={"description": "the Encounters already won on paper, in the order played"})
    save_points = fields.List(Text(120), load_default=list, validate=validate.Length(0, 30))

    @pre_load
    def _json_parts(self, data: Any, **_: Any) -> Any:
        return json_parts(data, ("characters", "high_frequency"))


def json_parts(data: Any, keys: tuple[str, ...]) -> Any:
    """``data`` with the nested parts ``keys`` read from JSON text where given as text (a ``history --script``
    line or the command line writes them so). Raises ``ValidationError`` naming the part."""
    if not isinstance(data, Mapping):
        return data
    out = dict(data)
    for key in keys:
        if isinstance(out.get(key), str):
            try:
                out[key] = json.loads(out[key])
            except ValueError as exc:
                raise ValidationError({key: [f"not valid JSON: {exc}"]}) from None
    return out


def _refuse(section: str, message: str, field: str) -> BadInput:
    return BadInput(f"{message} (nanolith.txt § {section})", {field: [message]})


def _check(sheet: Mapping[str, Any]) -> None:
    """The rulebook's bounds a schema cannot say. Raises :class:`BadInput` naming the field."""
    codes = [c["divider"]["code"] for c in sheet["characters"].values() if c["divider"]]
    if len(set(codes)) != len(codes):
        raise _refuse("Divider Cards, Conscious Memories, Unconscious Memories and Bonus Skills",
                      "each Bonus Skill X1..X4 is printed on one character's Divider Card", "characters")
    if len(set(sheet["programs"])) != len(sheet["programs"]):
        raise _refuse("Saving Programs", "Sidekick holds each program once", "programs")
    won = [n.lower() for n in sheet["encounters_won"]]
    if len(set(won)) != len(won):
        raise _refuse("Campaign", "an Encounter once won is not won again: each is named once in encounters_won", "encounters_won")
    for who, c in sheet["characters"].items():
        names = [s["name"] for s in c["skills"]]
        if len(set(names)) != len(names):
            raise _refuse("Obtaining New Skill Cards", f"{who} holds a Skill Card twice", "characters")
        reached = bool(c["divider"]) and c["conscious"] >= c["divider"]["space"]
        if reached != bool(c["bonus_skill"]):
            raise _refuse("Divider Cards, Conscious Memories, Unconscious Memories and Bonus Skills",
                          f"{who}: a bonus_skill is named exactly when the Conscious side reaches the divider's X-code space", "characters")
        for s in c["skills"]:
            _check_skill(who, s)


def _check_skill(who: str, s: Mapping[str, Any]) -> None:
    st, where = s["stickers"], f"{who}'s {s['name']}"
    if bool(s["combination"]) != bool(s["cost"]):
        raise _refuse("Skill Cards", f"{where}: give the printed cost as both combination and cost", "characters")
    if st["cost"] and (not s["cost"] or min(s["cost"]) <= 1):
        raise _refuse("Lowering Skill Costs", f"{where}: a cost of {s['cost'] or 'nothing'} cannot go one step lower", "characters")
    for number, direction in st["numbers"].items():
        if number not in s["numbers"]:
            raise _refuse("Lowering or Increasing Numerical Values on Skills", f"{where} has no number {quoted(number)}", "characters")
        if direction == Direction.DOWN.value and s["numbers"][number] < 1:
            raise _refuse("Lowering or Increasing Numerical Values on Skills", f"{where}'s {number} cannot go below 0", "characters")
    if st["nanosync"] and not s["conscious"]:
        raise _refuse("Nanosync Tokens", f"{where}: a Nanosync Token goes on a Conscious Skill", "characters")


def sheet_events(sheet: Mapping[str, Any]) -> list[GameEvent]:
    """The campaign's own events that build ``sheet``'s record, in the order play would have made them."""
    out: list[GameEvent] = [se.ChapterStarted(chapter=sheet["chapter"])]
    if sheet["date"]:
        out.insert(0, se.SessionDated(date=sheet["date"]))
    for who, c in sheet["characters"].items():
        out += _character_events(who, c)
    out += _nanosync_stuck(sheet)
    hf = sheet["high_frequency"]
    if hf["unspent"] + hf["spent"]:
        out.append(ev.HighFrequencyNanopotentialGained(amount=hf["unspent"] + hf["spent"], unspent=hf["unspent"] + hf["spent"], reason="paper"))
    if hf["spent"]:
        out.append(ev.HighFrequencyNanopotentialSpent(amount=hf["spent"], unspent=hf["unspent"], spent=hf["spent"], reason="paper"))
    for i, program in enumerate(sheet["programs"]):
        out.append(ev.ProgramSaved(character="cora", program=program, programs=list(sheet["programs"][:i + 1])))
    out += [se.PlaceReached(place=Place.LOBBY.value, name=n, disk=False, exit_icon=False, page=None) for n in sheet["lobbies"]]
    out += [se.NanostoryRead(name=n) for n in sheet["nanostories"]]
    out += [se.EncounterWonOnPaper(name=n) for n in sheet["encounters_won"]]
    return out + [se.SavePointReached(name=n) for n in sheet["save_points"]]


def _character_events(who: str, c: Mapping[str, Any]) -> list[GameEvent]:
    total = c["unconscious"] + c["conscious"]
    out: list[GameEvent] = []
    if total:
        out.append(ev.NanofragmentsGained(character=who, amount=total, unconscious=total, reason="paper"))
    if c["conscious"]:
        out.append(ev.NanofragmentsSpent(character=who, amount=c["conscious"], unconscious=c["unconscious"],
                                         conscious=c["conscious"], reason="paper"))
    if c["divider"]:
        out.append(ev.DividerCardSet(character=who, code=c["divider"]["code"], space=c["divider"]["space"]))
    if c["bonus_skill"]:
        out.append(ev.BonusSkillObtained(character=who, code=c["divider"]["code"], skill=c["bonus_skill"]))
    held = c["nanosync_tokens"] + sum(1 for s in c["skills"] if s["stickers"]["nanosync"])
    for n in range(held):
        out.append(ev.NanosyncTokenGained(character=who, held=n + 1, reason="paper"))
    for s in c["skills"]:
        out += _skill_events(who, s)
    if c["start_items"]:
        out.append(ev.StartItemsGiven(character=who, items=list(c["start_items"])))
    for item, level in c["start_items"].items():
        for lv in range(2, level + 1):
            out.append(ev.StartItemLevelBought(character=who, item=item, level=lv, removed_level=lv - 1, price=0,
                                               currency="nanofragments", shop="paper"))
    return out + [se.HiddenCardTaken(code=i["code"], name=i["name"], character=who, quest_item=i["quest_item"],
                                     persistent=i["persistent"], defragments=[], lobby=None) for i in c["items"]]


def _skill_events(who: str, s: Mapping[str, Any]) -> list[GameEvent]:
    st = s["stickers"]
    out: list[GameEvent] = [ev.SkillCardObtained(character=who, skill=s["name"], conscious=s["conscious"],
                                                 combination=s["combination"], cost=list(s["cost"]) or None,
                                                 numbers=dict(s["numbers"]), range=s["range"], reason="paper")]
    if st["cost"]:
        out.append(ev.SkillCostLowered(character=who, skill=s["name"], combination=s["combination"],
                                       before=list(s["cost"]), after=[v - 1 for v in s["cost"]]))
    for number, direction in st["numbers"].items():
        before = s["numbers"][number]
        out.append(ev.SkillNumberChanged(character=who, skill=s["name"], number=number, before=before,
                                         after=before + (1 if direction == Direction.UP.value else -1)))
    if st["range"]:
        out.append(ev.SkillRangeExtended(character=who, skill=s["name"], before=s["range"]))
    return out


@KIT.action("start-from-paper", PaperSheetSchema, "Start where the paper campaign sheet stands (new --from-sheet)",
            section="Campaign")
def start_from_paper(d: Any, f: Mapping[str, Any]) -> None:
    """The paper sheet as one event, only on a campaign that has recorded nothing yet (nanolith.txt § Campaign)."""
    if d.state.get("encounter") or d.campaign != initial_campaign():
        raise KIT.refuse("Campaign", "a paper sheet starts a campaign: this one has already recorded play")
    _check(f)
    sheet = PaperSheetSchema().dump(f)
    d.emit(CampaignStartedFromPaper(chapter=f["chapter"], sheet=sheet))


@KIT.evolves(CampaignStartedFromPaper)
def _from_paper(s: State, e: CampaignStartedFromPaper) -> None:
    """Apply the sheet's own events in place, in order."""
    s[KEY] = s.get(KEY) or initial_campaign()
    for sub in sheet_events(PaperSheetSchema().load(e.sheet)):
        KIT.handlers[type(sub)](s, sub)


def _nanosync_stuck(sheet: Mapping[str, Any]) -> list[GameEvent]:
    """The Nanosync Tokens stuck on Skill Cards, after the tokens were gained (held counts down to the sheet's)."""
    out: list[GameEvent] = []
    for who, c in sheet["characters"].items():
        held = c["nanosync_tokens"] + sum(1 for s in c["skills"] if s["stickers"]["nanosync"])
        for s in c["skills"]:
            if s["stickers"]["nanosync"]:
                held -= 1
                out.append(ev.NanosyncTokenPlaced(character=who, skill=s["name"], held=held))
    return out
