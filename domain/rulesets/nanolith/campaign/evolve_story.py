"""Campaign Mode ``evolve`` handlers for the story: places, cards, Mission Tokens, the City Phase, Save Points,
Game Over, the difficulty level (on Campaign Mode's kit), and the Encounter's own events the campaign sheet
records (followed: applied after the Encounter's handler)."""

from __future__ import annotations

import copy
from typing import Any

from domain.core.ruleset import State

from .. import encounter_events as ee
from .. import events as nev
from ..vocabulary import STRESS_LIMIT_START
from . import story_events as se
from .kit import KIT, on_record
from .state import fresh_character
from .vocabulary import Place, Upgrades


def _go(c: dict[str, Any], place: str, name: str, disk: bool = False, exit_icon: bool = False, page: str | None = None) -> None:
    c["progress"]["position"] = {"place": place, "name": name, "disk": disk, "exit_icon": exit_icon, "page": page}


def _add(items: list[Any], item: Any) -> None:
    if item not in items:
        items.append(item)


@KIT.evolves(se.SessionDated)
@on_record
def _date(s: State, c: dict[str, Any], e: Any) -> None:
    c["progress"]["date"] = e.date


@KIT.evolves(se.ChapterStarted)
@on_record
def _chapter(s: State, c: dict[str, Any], e: Any) -> None:
    c["progress"]["chapter"] = e.chapter


@KIT.evolves(se.PlaceReached)
@on_record
def _place(s: State, c: dict[str, Any], e: Any) -> None:
    _go(c, e.place, e.name, e.disk, e.exit_icon, e.page)
    if e.place == Place.LOBBY.value:
        _add(c["progress"]["lobbies"], e.name)
    elif e.place == Place.COMIC.value:
        _add(c["progress"]["comics"], e.name)


@KIT.evolves(se.RiddleSolved)
@on_record
def _riddle(s: State, c: dict[str, Any], e: Any) -> None:
    c["progress"]["riddles"].append({"name": e.name, "chapter": e.chapter, "hint": e.hint})


@KIT.evolves(se.NanostoryRead)
@on_record
def _nanostory(s: State, c: dict[str, Any], e: Any) -> None:
    _add(c["progress"]["nanostories"], e.name)


@KIT.evolves(se.EncounterWonOnPaper)
@on_record
def _won_on_paper(s: State, c: dict[str, Any], e: Any) -> None:
    p = c["progress"]
    p["encounters"].append({"name": e.name, "outcome": "victory", "date": p["date"]})


@KIT.evolves(se.HiddenCardTaken)
@on_record
def _card(s: State, c: dict[str, Any], e: Any) -> None:
    c["cards"][e.code] = {"name": e.name, "holder": e.character, "quest_item": e.quest_item, "persistent": e.persistent,
                          "defragments": list(e.defragments), "lobby": e.lobby, "discarded": False}


@KIT.evolves(se.HiddenCardPassed)
@on_record
def _passed(s: State, c: dict[str, Any], e: Any) -> None:
    c["cards"][e.code]["holder"] = e.character


@KIT.evolves(se.QuestItemDiscarded)
@on_record
def _discarded(s: State, c: dict[str, Any], e: Any) -> None:
    c["cards"][e.code]["discarded"] = True


@KIT.evolves(se.DefragmentedTextRead)
@on_record
def _defragmented(s: State, c: dict[str, Any], e: Any) -> None:
    _add(c["defragmented"], {"text": e.text, "code": e.code})


@KIT.evolves(se.MissionTokenPlaced)
@on_record
def _token(s: State, c: dict[str, Any], e: Any) -> None:
    c["mission_tokens"][e.token] = {"page": e.page, "placed_because": e.reason, "chosen": 0}


@KIT.evolves(se.CityPhaseStarted)
@on_record
def _city(s: State, c: dict[str, Any], e: Any) -> None:
    c["progress"]["city_phase"] = {"step": 1, "returned": None}
    c["progress"]["city_phases"] += 1
    _go(c, Place.CITY_MAP.value, "Neo-Eden City Map", disk=True)


@KIT.evolves(se.QuestCardsDiscarded)
@on_record
def _quest_discard(s: State, c: dict[str, Any], e: Any) -> None:
    for code in e.discarded:
        c["cards"][code]["discarded"] = True


@KIT.evolves(se.ItemCardsReturned)
@on_record
def _returned(s: State, c: dict[str, Any], e: Any) -> None:
    c["progress"]["city_phase"] = {"step": 3, "returned": e.count}
    for board in s.get("characters", {}).values():
        board["items"] = []


@KIT.evolves(se.MissionTokenChosen)
@on_record
def _chosen(s: State, c: dict[str, Any], e: Any) -> None:
    c["mission_tokens"][e.token]["chosen"] += 1
    c["progress"]["city_phase"] = None
    _go(c, Place.STORYBOOK.value, f"Mission {e.token}", page=e.page)


def _heal_everyone(s: State) -> None:
    """Damage and Stress 0, Effects and Skill Tokens discarded, Unconscious gone, every Start Item recovered
    "(by flipping the card)" (§ Save Points, § Game Over)."""
    for board in s.get("characters", {}).values():
        board.update(damage=0, stress=0, stress_limit=STRESS_LIMIT_START, nanoshocks=0, nanoshock_token="inactive",
                     unconscious=False, activated=False, skill_tokens=0, dice=[],
                     effects={k: 0 for k in board.get("effects", {})},
                     start_items={k: "ready" for k in board.get("start_items", {})})


@KIT.evolves(se.SavePointReached)
@on_record
def _save(s: State, c: dict[str, Any], e: Any) -> None:
    _heal_everyone(s)
    c["saves"][e.name] = copy.deepcopy(c["upgrades"])
    p = c["progress"]
    p["save_points"].append({"name": e.name, "date": p["date"], "chapter": p["chapter"]})
    _go(c, Place.SAVE_POINT.value, e.name, disk=True)


@KIT.evolves(se.GameOverResumed)
@on_record
def _resume(s: State, c: dict[str, Any], e: Any) -> None:
    _heal_everyone(s)
    if e.upgrades == Upgrades.ROLL_BACK.value:
        c["upgrades"] = copy.deepcopy(c["saves"][e.save_point])
        for character, active in c["active"].items():
            skills = c["upgrades"]["characters"].get(character, fresh_character())["skills"]
            c["active"][character] = [a for a in active if skills.get(a, {}).get("conscious")]
    p = c["progress"]
    if e.encounter is not None:
        p["game_overs"].append({"encounter": e.encounter, "save_point": e.save_point, "upgrades": e.upgrades, "date": p["date"]})
    p["game_over_pending"] = None
    _go(c, Place.SAVE_POINT.value, e.save_point, disk=True)


@KIT.evolves(se.DifficultyLevelSet)
@on_record
def _difficulty(s: State, c: dict[str, Any], e: Any) -> None:
    c["progress"]["difficulty"] = e.level
    s["lower_difficulty"] = e.level == "lower"


@KIT.follows(nev.EncounterStarted)
@on_record
def _encounter_started(s: State, c: dict[str, Any], e: Any) -> None:
    c["progress"]["game_over_pending"] = None
    c["progress"]["city_phase"] = None
    _go(c, Place.ENCOUNTER.value, e.name)


@KIT.follows(nev.EncounterEnded)
@on_record
def _encounter_ended(s: State, c: dict[str, Any], e: Any) -> None:
    p = c["progress"]
    p["encounters"].append({"name": e.name, "outcome": e.outcome, "date": p["date"]})
    p["game_over_pending"] = e.name if e.outcome == "game-over" else None
    _go(c, Place.STORYBOOK.value, f"after {e.name}")


@KIT.follows(ee.RewardsGained)
@on_record
def _rewards(s: State, c: dict[str, Any], e: Any) -> None:
    """The Encounter's rewards (issue #4's event): Nanofragments and Nanosync Tokens per character, High-Frequency
    Nanopotential, Quest Item codes (held by nobody until ``take-hidden-card`` gives them to a character)."""
    for character, n in (getattr(e, "nanofragments", None) or {}).items():
        if character in c["upgrades"]["characters"]:
            c["upgrades"]["characters"][character]["unconscious"] += n
    for character, n in (getattr(e, "nanosync_tokens", None) or {}).items():
        if character in c["upgrades"]["characters"]:
            c["upgrades"]["characters"][character]["nanosync_tokens"] += n
    c["upgrades"]["high_frequency"]["unspent"] += getattr(e, "high_frequency_nanopotential", 0) or 0
    for code in getattr(e, "quest_items", None) or []:
        c["cards"].setdefault(code, {"name": code, "holder": None, "quest_item": True, "persistent": False,
                                     "defragments": [], "lobby": None, "discarded": False})
