"""Where the group is and what it found: dates, chapters, Lobbies, Shops, comics, Riddles, Nanostories, Hidden
Cards and Quest Items, Defragmented Texts, Mission Tokens (nanolith.txt § Lobbies, § Riddles, § Nanostories,
§ Comics, § Hidden Cards and Quest Items, § Open and Hidden Texts, § Defragmented Files, § Mission Token)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..kit import KIT
from .. import schemas as sc
from .. import events as ev
from .. import story_events as sev
from ..state import position, sheet
from ..vocabulary import X_CODES, Place
from .common import DIVIDER, Decision, refuse, require_between_encounters
from domain.core.names import quoted

CARDS = "Hidden Cards and Quest Items"


@KIT.action("session-date", sc.DateSchema, "Today's date for the progress sheet", section="Campaign", args=("date",))
def session_date(d: Decision, f: Mapping[str, Any]) -> None:
    """Today's date, as the group writes it; the progress sheet dates Encounters and Save Points with it."""
    d.emit(sev.SessionDated(date=f["date"]))


@KIT.action("start-chapter", sc.ChapterSchema, "The chapter the campaign is in", section="Campaign", args=("chapter",))
def start_chapter(d: Decision, f: Mapping[str, Any]) -> None:
    """The chapter the campaign is in (Riddles always refer to their chapter: § Riddles)."""
    d.emit(sev.ChapterStarted(chapter=f["chapter"]))


def _place(d: Decision, place: Place, f: Mapping[str, Any], disk: bool, exit_icon: bool = False) -> None:
    require_between_encounters(d, f"Going to {quoted(f['name'])}", "Encounterbook and Storybook")
    d.emit(sev.PlaceReached(place=place.value, name=f["name"], disk=disk, exit_icon=exit_icon, page=f.get("page")))


@KIT.action("enter-lobby", sc.PlaceSchema, "The group enters a Lobby (--disk, --exit-icon as printed)",
            section="Lobbies", args=("name",))
def enter_lobby(d: Decision, f: Mapping[str, Any]) -> None:
    """A Lobby; say whether it shows the Disk Icon (levelling up) and the Exit Icon (to the City Map)."""
    _place(d, Place.LOBBY, f, f["disk"], f["exit_icon"])


@KIT.action("enter-shop", sc.PlaceSchema, "The group enters a Shop",
            section="Weapon Upgrades and Body Augmentations", args=("name",))
def enter_shop(d: Decision, f: Mapping[str, Any]) -> None:
    """A Shop: levelling up, Weapon Upgrades, Body Augmentations and Start Item levels are bought here."""
    _place(d, Place.SHOP, f, True)


@KIT.action("read-comic", sc.PlaceSchema, "The group reads a comic (--disk if it shows the Disk Icon)",
            section="Comics", args=("name",))
def read_comic(d: Decision, f: Mapping[str, Any]) -> None:
    """A comic (some show the Disk Icon)."""
    _place(d, Place.COMIC, f, f["disk"])


@KIT.action("turn-to-page", sc.PlaceSchema, "The group turns to another page of the books",
            section="Encounterbook and Storybook", args=("name",))
def turn_to_page(d: Decision, f: Mapping[str, Any]) -> None:
    """Any other page of the books (Storybook text, a Mission Token's page)."""
    _place(d, Place.STORYBOOK, f, f["disk"])


@KIT.action("solve-riddle", sc.RiddleSchema, "A riddle of this chapter solved (--hint if the hint was read)",
            section="Riddles", args=("name",))
def solve_riddle(d: Decision, f: Mapping[str, Any]) -> None:
    """A riddle of the current chapter solved (``hint``: the Rulebook's hint page was read)."""
    d.emit(sev.RiddleSolved(name=f["name"], chapter=d.campaign["progress"]["chapter"], hint=f["hint"]))


@KIT.action("read-nanostory", sc.NanostorySchema, "A Nanostory played; --nanosync-tokens names who gets a token",
            section="Nanostories", args=("name",))
def read_nanostory(d: Decision, f: Mapping[str, Any]) -> None:
    """A Nanostory played; each character named gets a Nanosync Token (name one twice for two)."""
    d.emit(sev.NanostoryRead(name=f["name"]))
    for character in f["nanosync_tokens"]:
        held = sheet(d.state, character)["nanosync_tokens"]
        d.emit(ev.NanosyncTokenGained(character=character, held=held + 1, reason=f"Nanostory {f['name']}"))


@KIT.action("take-hidden-card", sc.HiddenCardSchema, "Take a Hidden Card by its code and give it to a character",
            section="Hidden Cards and Quest Items", args=("code", "character"))
def take_hidden_card(d: Decision, f: Mapping[str, Any]) -> None:
    """Take Hidden Card ``code`` from the deck and give it to a character (not a reveal: it is found by code).

    Refused: a card someone holds (one card per code); X1..X4, which only a Divider Card gives.
    """
    code = f["code"]
    if code in X_CODES:
        raise refuse(DIVIDER, f"Hidden Card {code} is a Bonus Skill: it comes when a spent Nanofragment reaches the {code} space")
    card = d.campaign["cards"].get(code)
    if card and card["holder"] and not card["discarded"]:
        raise refuse(CARDS, f"Hidden Card {code} is already held by {card['holder']}")
    d.emit(sev.HiddenCardTaken(code=code, name=f.get("name") or (card or {}).get("name") or code, character=f["character"],
                               quest_item=f["quest_item"], persistent=f["persistent"], defragments=list(f["defragments"]),
                               lobby=f.get("lobby")))


def _held(d: Decision, code: str, section: str = CARDS) -> dict[str, Any]:
    card = d.campaign["cards"].get(code)
    if not card or card["discarded"] or not card["holder"]:
        raise refuse(section, f"nobody holds Hidden Card {code}")
    return card


@KIT.action("pass-hidden-card", sc.CodeCharacterSchema, "Trade a Hidden Card to another character",
            section="Hidden Cards and Quest Items", args=("code", "character"))
def pass_hidden_card(d: Decision, f: Mapping[str, Any]) -> None:
    """§ Save Points: Quest Cards are traded freely between the characters outside Encounters."""
    require_between_encounters(d, "Trading cards", "Save Points")
    card = _held(d, f["code"])
    d.emit(sev.HiddenCardPassed(code=f["code"], character=f["character"], previous=card["holder"]))


@KIT.action("discard-quest-item", sc.CodeReasonSchema, "Discard a Quest Item a text says to discard",
            section="Quest Items", args=("code",))
def discard_quest_item(d: Decision, f: Mapping[str, Any]) -> None:
    """§ Persistent Icon: a Persistent card stays until a text prompts the group to discard it."""
    card = _held(d, f["code"], "Persistent Icon")
    d.emit(sev.QuestItemDiscarded(code=f["code"], character=card["holder"], reason=f["reason"]))


@KIT.action("read-defragmented-text", sc.TextCodeSchema, "Read a Defragmented Text with the Quest Item that opens it",
            section="Defragmented Files", args=("text",))
def read_defragmented_text(d: Decision, f: Mapping[str, Any]) -> None:
    """§ Open and Hidden Texts: a Defragmented Text is read only while a Quest Item with its Defragmentation Code is
    held, in the Lobby the card names (§ Defragmented Files)."""
    text = f["text"]
    opening = [(code, c) for code, c in d.campaign["cards"].items()
               if text in c["defragments"] and c["holder"] and not c["discarded"]]
    if not opening:
        raise refuse("Open and Hidden Texts", f"no Quest Item the group holds carries the Defragmentation Code {text}")
    here = position(d.state)
    in_place = [(code, c) for code, c in opening if not c["lobby"]
                or (here and here["place"] == Place.LOBBY.value and here["name"] == c["lobby"])]
    if not in_place:
        raise refuse("Defragmented Files", f"{text} is read in the Lobby {quoted(opening[0][1]['lobby'])}; the group is elsewhere")
    code, card = in_place[0]
    d.emit(sev.DefragmentedTextRead(text=text, code=code, character=card["holder"]))


@KIT.action("place-mission-token", sc.MissionTokenSchema, "Stick a Mission Token on the City Map",
            section="Mission Token", args=("token",))
def place_mission_token(d: Decision, f: Mapping[str, Any]) -> None:
    """A Mission Token sticker on the City Map (City Phase step 1, or a Quest Item's text)."""
    if f["token"] in d.campaign["mission_tokens"]:
        raise refuse("Mission Token", f"the Mission Token {quoted(f['token'])} is already stuck on the City Map")
    d.emit(sev.MissionTokenPlaced(token=f["token"], page=f.get("page"), reason=f["reason"]))
