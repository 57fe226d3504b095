"""One human line per Nemesis event, for ``history`` (the rulebook's words)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.core.names import possessive, counted
from domain.core import GameEvent

from . import events as ev


def _token(e: ev.RoomExplored) -> str:
    items = "Items not counted" if e.items is None else counted(e.items, 'Item')
    return f"{e.character} explored {e.room}: {e.name}, Exploration token {e.token.title()}, {items}" + \
        (", a Computer" if e.computer else "")


def _noise(e: ev.NoiseRolled) -> str:
    slime = " (Silence is Danger with Slime)" if e.resolved_as != e.result else ""
    return f"{e.character} rolled the Noise die in {e.room}: {e.result.title()}{slime}" + (" (an event)" if e.event else "")


HOW = {"careful-movement": " by Careful Movement (no Noise roll)", "reconnaissance": " by Reconnaissance (no Noise roll)"}


def _moved(e: ev.CharacterMoved) -> str:
    way = f"through {e.corridor}" if e.corridor else f"through the Technical Corridors ({e.via})"
    return f"{e.character} moved{HOW.get(e.how, '')} from {e.from_room} to {e.to_room} {way}" + (" by the Escape rule" if e.escape else "")


LINES: dict[type, Callable[[Any], str]] = {
    ev.GameStarted: lambda e: f"the game began: {', '.join(e.characters)} wake in {e.room}; Round 1",
    ev.CharacterMoved: _moved,
    ev.RoomExplored: _token,
    ev.NoiseRollCalledFor: lambda e: f"{e.character} entered an empty Room ({e.room}): a Noise roll is due",
    ev.NoiseRollsCalledFor: lambda e: f"{e.cause}: every Character makes a Noise roll — owed by "
                                      f"{', '.join(e.characters) or 'nobody'}"
                                      + (f" ({', '.join(e.excused)} in Combat: no roll)" if e.excused else ""),
    ev.NoiseRollsExcused: lambda e: f"{', '.join(e.characters)} now in Combat: no event Noise roll",
    ev.NoiseRolled: _noise,
    ev.NoiseMarkerPlaced: lambda e: f"a Noise marker went into {e.place}",
    ev.EncounterCalled: lambda e: f"{e.place} already had a Noise marker: {e.character} has an Encounter in {e.room}",
    ev.IntruderTokenDrawn: lambda e: f"Encounter: {e.character} drew {e.token} from the Intruder bag in {e.room}"
                                     + (f"; Noise markers removed from {', '.join(e.removed)}" if e.removed else ""),
    ev.IntruderPlaced: lambda e: f"{e.intruder} ({e.kind}) placed in {e.room}",
    ev.AdultsRetreated: lambda e: f"8 Adult models out: {', '.join(e.intruders)} retreated (tokens back in the bag)",
    ev.AdultNotPlaced: lambda e: f"every Adult model is out and in Combat: no Adult placed in {e.room}",
    ev.IntruderMoved: lambda e: f"{e.intruder} moved from {e.from_room} to {e.to_room} through {e.corridor}",
    ev.IntruderHid: lambda e: f"{e.intruder} disappeared into the Technical Corridors from {e.room} "
                              f"({e.injuries} Injuries discarded, token back in the bag)",
    ev.IntruderInjured: lambda e: f"{e.intruder} took {counted(e.injuries, 'Injury marker')}",
    ev.IntruderRemoved: lambda e: f"{e.intruder} left the board: {e.reason}",
    ev.DoorClosed: lambda e: f"the Door in {e.corridor} closed",
    ev.DoorOpened: lambda e: f"the Door in {e.corridor} opened",
    ev.DoorDestroyed: lambda e: f"the Door in {e.corridor} was destroyed" + (f" by {e.intruder}, which stays" if e.intruder else ""),
    ev.DoorRepaired: lambda e: f"{e.character} repaired the Door in {e.corridor} with the Plasma Torch (closed)",
    ev.SlimeGained: lambda e: f"{e.character} already has a Slime marker: nothing happens" if e.already
    else f"{e.character} got a Slime marker",
    ev.SlimeRemoved: lambda e: f"{possessive(e.character)} Slime marker removed ({e.by})",
    ev.FirePlaced: lambda e: f"{e.room} already has a Fire marker: nothing happens" if e.already
    else f"a Fire marker went into {e.room}",
    ev.FireRemoved: lambda e: f"the Fire in {e.room} was put out ({e.by})",
    ev.MalfunctionPlaced: lambda e: f"a Malfunction marker went into {e.room}",
    ev.MalfunctionNotPlaced: lambda e: f"a Malfunction marker called for in {e.room}: nothing placed ({e.reason})",
    ev.MalfunctionRepaired: lambda e: f"the Malfunction marker in {e.room} was discarded ({e.by}): back to the pool",
    ev.WoundSuffered: lambda e: f"{e.character} suffered {counted(e.count, f'{e.kind.title()} Wound')} ({e.cause})",
    ev.ActionTaken: lambda e: f"{e.character} took an Action in {e.room}: {e.action}",
    ev.ItemsFound: lambda e: f"the Item Counter of {e.room} went down to {e.left}",
    ev.CharacterHibernated: lambda e: f"{e.character} is Hibernated",
    ev.TurnEnded: lambda e: f"{e.character} passed" if e.passed else f"{possessive(e.character)} turn ended (2 Actions)",
    ev.RoundEnded: lambda e: f"Round {e.round} ended; Round {e.round + 1} begins",
    ev.GameEnded: lambda e: f"the game ended: {e.reason}" + (f"; won by {', '.join(e.winners)}" if e.winners else ""),
}


def describe_event(event: GameEvent) -> str | None:
    """The history line for ``event``, or ``None`` for an event of another game."""
    line = LINES.get(type(event))
    return line(event) if line else None
