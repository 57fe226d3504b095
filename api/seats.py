"""Seat-limited tokens (DESIGN.md § The table page, Joining; issue 25, item 2).

A token limited to a seat (``questlog token create --campaign X --seat Mia``) acts for that person: its actor is
the seat whatever the body says, and it may record only

- actions whose events involve only characters the seat runs (the core's ``seat`` action says who runs which;
  which characters an event involves is the ruleset's ``involves``, as for the audit), and
- the table's actions: those the ruleset presents as ``table_wide``, and those whose events involve no character
  at all (a round starting, a card drawn for the table).

Anything else is 403 ``not_your_seat``, nothing stored. An action the rules refuse has no events: when its own fields
name a character the seat does not run, the 403 comes before the rules' 422 (who may act is said first). An ``adjust``
names its character by its path (``characters.cora.stress``: the ruleset's ``owned_paths`` say which key), so another
seat's track is 403 whatever the rules would say of the value. Undo and redo of an action another person recorded
need a table-wide token. Saying who sits where (``seat``) needs a table-wide token too. The page asks the same check
(:func:`page_check`) before it offers a seat's phone an owed action or a tap's action.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from marshmallow import fields as ma_fields

from domain.access import Grant
from domain.core.declarations import CHARACTER_KIND
from domain.core.fields import Character
from domain.core.ruleset import TABLE_KEY, Command
from domain.core.table import named_by_core

from .errors import ApiError
from domain.core.names import quoted

TABLE_ONLY = frozenset({"seat"})
"""Core verbs a seat token may not record: who runs which character is the table's decision."""


def not_your_seat(message: str) -> ApiError:
    """The 403 a seat token gets for another person's action."""
    return ApiError(403, "not_your_seat", message)


def seat_characters(campaign: Any, seat: str) -> set[str]:
    """The character ids the person ``seat`` runs in ``campaign`` (names compared without case)."""
    table = campaign.state.get(TABLE_KEY, {}) or {}
    return {c for person, chars in table.items() if person.casefold() == seat.casefold() for c in chars}


def named_characters(ruleset: Any, command: Any) -> set[str]:
    """The character ids ``command``'s own fields name (its :class:`~domain.core.fields.Character` fields and those the
    page picks from the game's characters, alone or in lists; an ``adjust``'s path through a character's track, by
    the ruleset's ``owned_paths``): what a seat check can know before the rules decide (an illegal action has no
    events to ask)."""
    named = named_by_core(ruleset, command)
    spec = ruleset.actions.get(command.verb) if hasattr(ruleset.actions, "get") else None
    if spec is None:
        return named
    present = getattr(ruleset, "presentation", None)
    picks = present(command.verb).picks if present is not None else {}
    for name, field in spec.schema().fields.items():
        inner = field.inner if isinstance(field, ma_fields.List) else field
        value = command.fields.get(name)
        if (isinstance(inner, Character) or picks.get(name) == CHARACTER_KIND) and value is not None:
            named |= {v for v in value if isinstance(v, str)} if isinstance(value, list) else {value} if isinstance(value, str) else set()
    return named


def seat_refusal(campaign: Any, seat: str, command: Any, events: list[Any] | None, owes: str | None = None) -> str | None:
    """Why the person ``seat`` may not record ``command`` in ``campaign`` (``None``: they may): the one seat check, asked
    by :func:`check_action` for the API and by the page for what it offers a seat's phone (``events=None``: judged by
    the characters the command names, as for an action the rules refuse, and by ``owes``, the character the turn says
    owes it, when the page offers an owed action whose fields are not all given yet; else by the characters ``events``
    involve and those an ``adjust``'s path names)."""
    theirs = _not_theirs(campaign, seat, command, events, owes)
    if theirs is None:
        return f"only a table-wide token may record {quoted(command.verb)}; this token acts for {seat}"
    if theirs:
        return (f"this token acts for {seat}, who does not run {', '.join(sorted(theirs))}: "
                "record it from that person's phone or a table-wide token")
    return None


def _not_theirs(campaign: Any, seat: str, command: Any, events: list[Any] | None, owes: str | None) -> set[str] | None:
    """The characters ``command`` is for that ``seat`` does not run (empty: the seat may record it); ``None`` for a
    verb only a table-wide token may record. See :func:`seat_refusal`."""
    if command.verb in TABLE_ONLY:
        return None
    ruleset = campaign.ruleset
    present = getattr(ruleset, "presentation", None)
    if present is not None and command.verb in ruleset.actions and present(command.verb).table_wide:
        return set()
    if events is None:  # the rules refused it (or it is not yet decided): the characters the command names
        involved = named_characters(ruleset, command) | ({owes} if owes else set())
    else:
        involved = set().union(*(ruleset.involves(e) for e in events if hasattr(e, "involved"))) if events else set()
        involved |= named_by_core(ruleset, command)  # a figure's track whose id is no card's (Nîn-Gonost) is still its
    return involved - seat_characters(campaign, seat)


def check_action(grant: Grant) -> Callable[[Any, Any, list[Any] | None], None] | None:
    """The ``authorize`` hook for :meth:`Questlog.record` under ``grant`` (``None`` for a table-wide token): called
    with the events decided, and with ``events=None`` when the rules refuse the action (then the characters the
    command's fields name are checked, so a seat token acting for another seat's character hears 403
    ``not_your_seat``, not the rules' 422). An action the rules allow is judged by its events (:func:`seat_refusal`)."""
    seat = grant.seat
    if seat is None:
        return None

    def authorize(campaign: Any, command: Any, events: list[Any] | None) -> None:
        refusal = seat_refusal(campaign, seat, command, events)
        if refusal:
            raise not_your_seat(refusal)

    return authorize


def page_check(campaign: Any, grant: Grant) -> Callable[[str, dict[str, Any], str | None], str] | None:
    """What the page asks before offering an action to ``grant``'s phone (``None`` for a table-wide token):
    ``check(verb, prefill, owes) -> why not`` ("" when the seat may record it), the API's own seat check
    (:func:`seat_refusal`) on the fields the page fills in (raw ids) and the character owing it, so a phone offers only
    what its seat may record, before anyone enters dice. Why not is said for the page: ``"Ben's to record (this phone
    records for Mia)"``, or that nobody is seated for the character."""
    seat = grant.seat
    if seat is None:
        return None
    table = campaign.state.get(TABLE_KEY, {}) or {}

    def check(verb: str, prefill: dict[str, Any], owes: str | None = None) -> str:
        theirs = _not_theirs(campaign, seat, Command(verb=verb, fields=prefill), None, owes)
        if theirs is None:
            return f"only a table-wide phone records this (this phone records for {seat})"
        if not theirs:
            return ""
        people = sorted({person for person, chars in table.items() for c in theirs if c in chars})
        if not people:
            return f"nobody is seated for {', '.join(sorted(theirs))}: a table-wide phone records it (this phone records for {seat})"
        return f"{' and '.join(people)}'s to record (this phone records for {seat})"

    return check


def check_undo(grant: Grant) -> Callable[[Any, dict[str, Any]], None] | None:
    """The ``authorize`` hook for :meth:`Questlog.undo` / ``redo``: a seat token takes back only its seat's actions."""
    seat = grant.seat
    if seat is None:
        return None

    def authorize(campaign: Any, target: dict[str, Any]) -> None:
        if (target.get("actor") or "").casefold() != seat.casefold():
            who = target.get("actor") or "the table"
            raise not_your_seat(f"{target.get('summary')} was recorded by {who}: only a table-wide token may take back another "
                                f"seat's action (this token acts for {seat})")

    return authorize


def actor_for(grant: Grant, given: str | None) -> str | None:
    """The actor recorded: a seat token's seat, whatever the body says; else the body's ``actor``."""
    return grant.seat if grant.seat is not None else given


__all__ = ["actor_for", "check_action", "check_undo", "named_characters", "not_your_seat", "page_check", "seat_characters", "seat_refusal"]
