"""The City Phase, Save Points, Game Over and the difficulty level (nanolith.txt § Neo-Eden and the City Phase,
§ Exit Icon, § Save Points, § Game Over, § Lower Difficulty Level)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..kit import KIT
from .. import schemas as sc
from .. import events as ev
from .. import story_events as sev
from ..state import in_encounter, position, sheet, where
from ..vocabulary import CITY_PHASE_BONUS, CITY_PHASE_BONUS_AT, Place, Upgrades
from .common import Decision, refuse, require_between_encounters
from domain.core.names import quoted

CITY = "Neo-Eden and the City Phase"


@KIT.action("start-city-phase", sc.EmptySchema, "Enter the City Map: the City Phase; non-Persistent Quest Cards are discarded",
            section="Neo-Eden and the City Phase")
def start_city_phase(d: Decision, f: Mapping[str, Any]) -> None:
    """Enter the City Map; step 1 follows at once: Quest Cards without the Persistent Icon are discarded.

    Refused from a Lobby without an Exit Icon (§ Exit Icon), during an Encounter, or inside a City Phase.
    """
    require_between_encounters(d, "The City Phase", CITY)
    if d.campaign["progress"]["city_phase"]:
        raise refuse(CITY, "a City Phase is already under way (choose-mission-token ends it)")
    here = position(d.state)
    if here and here["place"] == Place.LOBBY.value and not here["exit_icon"]:
        raise refuse("Exit Icon", f"the Lobby {quoted(here['name'])} has no Exit Icon: it cannot be exited")
    d.emit(sev.CityPhaseStarted(came_from=here["name"] if here else None))
    held = {code: c for code, c in d.campaign["cards"].items() if c["quest_item"] and c["holder"] and not c["discarded"]}
    d.emit(sev.QuestCardsDiscarded(discarded=sorted(c for c, v in held.items() if not v["persistent"]),
                                   kept=sorted(c for c, v in held.items() if v["persistent"])))


@KIT.action("return-item-cards", sc.ReturnItemsSchema, "City Phase step 2: Item Cards returned (3+: --nanofragment-to CHARACTER)",
            section="Neo-Eden and the City Phase", args=("count",))
def return_item_cards(d: Decision, f: Mapping[str, Any]) -> None:
    """Step 2: every Item Card (Start Items aside) back to the Item Deck: ``count`` is exactly the Item Cards
    the characters hold (they all leave, and no more: Start Items and Quest Cards are not returned); 3 or more
    give one character 1 Nanofragment."""
    phase = d.campaign["progress"]["city_phase"]
    if not phase:
        raise refuse(CITY, "Item Cards are returned in step 2 of the City Phase (start-city-phase first)")
    if phase["returned"] is not None:
        raise refuse(CITY, f"step 2 is done: {phase['returned']} Item Cards were returned")
    count, to = f["count"], f.get("nanofragment_to")
    held = {c: list(b.get("items", [])) for c, b in d.state.get("characters", {}).items() if b.get("items")}
    holding = sum(map(len, held.values()))
    if count != holding:
        listed = " (" + "; ".join(f"{c}: {', '.join(items)}" for c, items in held.items()) + ")" if held else ""
        what = "return all of the characters' Item Cards" if count < holding else "only the Item Cards the characters hold are returned"
        raise refuse(CITY, f"2. Return all of the characters' Item Cards (except for Start Items): {what}; they hold "
                           f"{holding}{listed}, not {count}")
    if to and count < CITY_PHASE_BONUS_AT:
        raise refuse(CITY, f"{count} Item Cards returned: the Nanofragment needs {CITY_PHASE_BONUS_AT} or more")
    d.emit(sev.ItemCardsReturned(count=count, character=to))
    if to:
        unconscious = sheet(d.state, to)["unconscious"]
        d.emit(ev.NanofragmentsGained(character=to, amount=CITY_PHASE_BONUS, unconscious=unconscious + CITY_PHASE_BONUS,
                                      reason=f"City Phase: {count} Item Cards returned"))


@KIT.action("choose-mission-token", sc.TokenSchema, "City Phase step 3: choose a Mission Token; the City Phase ends",
            section="Mission Token", args=("token",))
def choose_mission_token(d: Decision, f: Mapping[str, Any]) -> None:
    """Step 3: a Mission Token on the City Map chosen; turn to its page. This ends the City Phase."""
    phase = d.campaign["progress"]["city_phase"]
    if not phase or phase["returned"] is None:
        raise refuse(CITY, "a Mission Token is chosen in step 3 of the City Phase, after the Item Cards are returned (step 2)")
    token = d.campaign["mission_tokens"].get(f["token"])
    if token is None:
        placed = ", ".join(d.campaign["mission_tokens"]) or "none"
        raise refuse("Mission Token", f"no Mission Token {quoted(f['token'])} is stuck on the City Map (placed: {placed})")
    d.emit(sev.MissionTokenChosen(token=f["token"], page=token["page"]))


@KIT.action("reach-save-point", sc.NameSchema, "A Save Point: everyone back to their starting condition",
            section="Save Points", args=("name",))
def reach_save_point(d: Decision, f: Mapping[str, Any]) -> None:
    """A page with the Save Icon: the characters return to their starting condition; the group may level up here."""
    require_between_encounters(d, "Reaching a Save Point", "Save Points")
    d.emit(sev.SavePointReached(name=f["name"]))


@KIT.action("resume-at-save-point", sc.ResumeSchema, "After a Game Over, resume at a Save Point (--upgrades keep|roll-back)",
            section="Save Points", args=("name",))
def resume_at_save_point(d: Decision, f: Mapping[str, Any]) -> None:
    """§ Game Over / § Save Points: resume, fully healed, at a Save Point reached before, keeping the Item Cards.

    ``--upgrades roll-back`` (only right after a Game Over) returns the upgrade sheet to that Save Point.
    """
    if in_encounter(d.state):
        raise refuse("Game Over", f"the group is {where(d.state)}: end it first (end-encounter --outcome game-over)")
    if f["name"] not in d.campaign["saves"]:
        reached = ", ".join(d.campaign["saves"]) or "none yet"
        raise refuse("Save Points", f"the Save Point {quoted(f['name'])} has not been reached (reached: {reached})")
    pending = d.campaign["progress"]["game_over_pending"]
    if f["upgrades"] == Upgrades.ROLL_BACK.value and not pending:
        raise refuse("Game Over", "upgrades are only rolled back when resuming after a Game Over")
    d.emit(sev.GameOverResumed(save_point=f["name"], encounter=pending, upgrades=f["upgrades"]))


@KIT.action("set-difficulty-level", sc.DifficultySchema, "The campaign difficulty level: normal or lower",
            section="Lower Difficulty Level", args=("level",))
def set_difficulty_level(d: Decision, f: Mapping[str, Any]) -> None:
    """§ Lower Difficulty Level: the group may lower (or restore) the campaign difficulty at any time."""
    d.emit(sev.DifficultyLevelSet(level=f["level"]))
