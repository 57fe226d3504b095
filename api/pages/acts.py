"""What the page offers to do now, from the ruleset's declarations only (it names no game; DESIGN.md § The table page).

- :func:`owed_now`: what the turn says is owed (``ruleset.owed(state)``), each with who owes it and the actions that
  settle it, labelled, the owing character prefilled where the action picks a character.
- :func:`tap_offers`: a tap on a drawn thing (``data-kind`` / ``data-id``): each action with a field picking from
  that kind (``ruleset.taps(kind)``), asked of the legality query with that field filled in (a dry run, nothing
  stored), as ``now`` (accepted as it stands), ``details`` (other fields first) or ``not-now`` (with the refusal).
- :func:`grouped`: the full action list by the presentation's group, the owed actions first.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from html.parser import HTMLParser
from typing import Any

from domain.core.declarations import CHARACTER_KIND
from domain.core.ruleset import ActionSpec, Ruleset, State

from .forms import Choice, kind_options, legality, log, presented


@dataclass
class Offer:
    """An action the page offers: ``verb``, ``label``, the raw fields it opens prefilled with, its ``status``
    (``now`` / ``details`` / ``not-now``) and the refusal's ``reason``."""

    verb: str
    label: str
    prefill: dict[str, Any] = field(default_factory=dict)
    status: str = "details"
    reason: str = ""
    owed: bool = False
    """What the turn says is owed now (by the tapped thing's character, or by the table)."""
    other_role: bool = False
    """The thing in the action's second field of its kind (a Sneak's target, a Duel's defender): offered apart."""
    not_yours: str = ""
    """Why this phone's seat may not record it (the seat check's refusal: another seat's character), else ""."""


SeatCheck = Callable[[str, dict[str, Any], "str | None"], str]
"""``check(verb, prefill, owes) -> refusal`` ("" when this phone's seat may record it): :func:`api.seats.page_check`."""


def _list_field(spec: ActionSpec, name: str) -> bool:
    declared = spec.schema._declared_fields.get(name)
    return declared is not None and hasattr(declared, "inner")


def _raw(spec: ActionSpec, name: str, value: str) -> Any:
    """``value`` as the field takes it raw: one item of a list field, else the value itself."""
    return [value] if _list_field(spec, name) else value


def owed_now(ruleset: Any, state: State, mine: SeatCheck | None = None) -> list[dict[str, Any]]:
    """``[{"text", "who", "who_label", "offers": [Offer]}]``: what the turn view says is owed now, in order ([] when
    the ruleset declares nothing, or its declaration fails: logged, a page never fails on it). With ``mine`` (a seat's
    phone), an offer its seat may not record carries the seat check's refusal in ``not_yours``."""
    owed = getattr(ruleset, "owed", None)
    if owed is None:
        return []
    try:
        items = owed(state)
    except Exception:  # a broken declaration must not hide the board
        log.exception("owed(state) failed for %s", ruleset.game)
        return []
    names = dict(kind_options(ruleset, state, CHARACTER_KIND)) if getattr(ruleset, "characters", None) else {}
    out = []
    for item in items:
        offers = []
        for verb in item.verbs:
            if verb not in ruleset.actions:
                continue
            picks = ruleset.presentation(verb).picks
            spec = ruleset.actions[verb]
            prefill = {name: _raw(spec, name, item.who) for name, kind in picks.items() if kind == CHARACTER_KIND and item.who}
            prefill = dict(list(prefill.items())[:1])
            label = presented(ruleset, verb)["label"]
            who = names.get(item.who or "", item.who)
            theirs = mine(verb, prefill, item.who) if mine else ""
            offers.append(Offer(verb, f"{who}: {label}" if who else label, prefill, "now", owed=True, not_yours=theirs))
        out.append({"text": item.text, "who": item.who, "who_label": names.get(item.who or "", item.who), "offers": offers})
    return out


def thing_label(ruleset: Any, state: State, kind: str, thing: str) -> str | None:
    """The rulebook's name of ``thing`` of ``kind`` now (``None`` when the kind's source does not list it)."""
    return dict(kind_options(ruleset, state, kind)).get(thing)


def _tap_label(ruleset: Any, taps: list[tuple[str, str]], verb: str, name: str) -> str:
    """An offer's label; an action taking the tapped thing in a second field of its kind (a Sneak's target, beside
    the figure sneaking) says which field the thing goes in (``"Sneak (Accuracy) · as the target"``)."""
    label = presented(ruleset, verb)["label"]
    first = next(n for v, n in taps if v == verb)
    return f"{label} · as the {name.replace('_', ' ')}" if name != first else label


def tap_offers(ruleset: Ruleset, state: State, kind: str, thing: str, context: dict[str, str] | None = None,
               mine: SeatCheck | None = None) -> list[Offer]:
    """Every action a tap on ``thing`` (of ``kind``) may offer, with its field filled in and its legality now:
    accepted ones first, then those needing other fields, then the refused ones (with the refusal's message).
    ``context`` (kind -> id: what the thing belongs to, a die's character) fills the action's fields picking those
    kinds too. What the turn says is owed now by the thing's character (the thing itself, or its context's), or by the
    table, comes first and is marked ``owed``, unless the rules refuse it. An action taking the thing in a second
    field of its kind (a Sneak's target) is marked ``other_role`` (the page lists those apart, after the thing's own).
    With ``mine`` (a seat's phone), an action its seat may not record with these fields is ``not-yours`` (last, with
    the seat check's refusal), whatever the rules would say."""
    rank = {"now": 0, "details": 1, "any": 1, "not-now": 2, "not-yours": 3}
    character = thing if kind == CHARACTER_KIND else (context or {}).get(CHARACTER_KIND)
    owed_verbs = {o.verb for item in owed_now(ruleset, state, mine) if not item["who"] or item["who"] == character
                  for o in item["offers"] if not o.not_yours}
    offers = []
    taps = list(ruleset.taps(kind))
    for verb, name in taps:
        spec = ruleset.actions[verb]
        prefill = {name: _raw(spec, name, thing)}
        for other, k in ruleset.presentation(verb).picks.items():
            if other != name and k in (context or {}):
                prefill[other] = _raw(spec, other, context[k])
        theirs = mine(verb, prefill, None) if mine else ""
        status, reason = ("not-yours", theirs) if theirs else legality(ruleset, state, spec, prefill)
        status = "details" if status == "any" else status
        owed = verb in owed_verbs and status not in ("not-now", "not-yours")
        other = next(n for v, n in taps if v == verb) != name and not owed  # what is owed is never set apart
        offers.append(Offer(verb, _tap_label(ruleset, taps, verb, name), prefill, status, reason, owed=owed, other_role=other))
    return sorted(offers, key=lambda o: (not o.owed, rank[o.status], o.other_role))


def tap_table(ruleset: Any) -> dict[str, dict[str, Any]]:
    """What a tap on each kind of thing may offer, without the legality query (it needs the state: the server), so a
    page keeps it for when the server is out of reach: ``{kind: {"label": str, "offers": [{"verb", "label", "field",
    "picks": {field: {"kind": kind, "list": bool}}}]}}`` (every field of the action picking a kind, so the tapped thing
    and what it belongs to, ``data-context``, are filled in as :func:`tap_offers` fills them). {} for a ruleset that
    declares no kinds."""
    kinds = ruleset.kinds() if hasattr(ruleset, "kinds") else {}
    table: dict[str, dict[str, Any]] = {}
    for kind, kind_label in kinds.items():
        offers = []
        taps = list(ruleset.taps(kind))
        for verb, name in taps:
            spec = ruleset.actions[verb]
            picks = {f: {"kind": k, "list": _list_field(spec, f)} for f, k in ruleset.presentation(verb).picks.items()}
            offers.append({"verb": verb, "label": _tap_label(ruleset, taps, verb, name), "field": name, "picks": picks})
        table[kind] = {"label": kind_label, "offers": offers}
    return table


def grouped(choices: list[Choice], first: list[str]) -> list[tuple[str, list[Choice]]]:
    """``choices`` as ``[(group, [Choice])]``: the owed actions (verbs ``first``) as "Owed now", then each
    presentation group in the order its first action comes, the catalogue's order kept within a group."""
    owed = [c for verb in dict.fromkeys(first) for c in choices if c.action["verb"] == verb]  # each once
    groups: dict[str, list[Choice]] = {"Owed now": owed} if owed else {}
    for c in choices:
        if c in owed:
            continue
        groups.setdefault(c.group or "Other actions", []).append(c)
    return list(groups.items())


class _Things(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.found: dict[str, tuple[str, str, list[str]]] = {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        named = dict(attrs)
        kind, thing = named.get("data-kind"), named.get("data-id")
        if kind and thing:
            pairs = (named.get("data-context") or "").split()
            self.found.setdefault(thing_key(kind, thing, pairs), (kind, thing, pairs))


def thing_key(kind: str, thing: str, pairs: list[str]) -> str:
    """``KIND|ID|CONTEXT``: how the page names a drawn thing (board.js ``thingKey``; the context's pairs joined by one space)."""
    return f"{kind}|{thing}|{' '.join(pairs)}"


def board_things(html: str) -> dict[str, tuple[str, str, list[str]]]:
    """Every thing a drawn board lets the table tap (``data-kind`` / ``data-id``, with its ``data-context`` pairs), once
    each, in drawing order: ``{thing_key: (kind, id, pairs)}``."""
    parser = _Things()
    parser.feed(html)
    return parser.found
