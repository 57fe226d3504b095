"""Warbands: the point limit, recruiting figures from cards, and who goes first (nin-gonost.txt § Basics).

- § Choosing Sides: each side fields up to the agreed points of VALUE; Good (blue stars) and Evil (purple)
  never on one team, Neutral (green) with either; a Named character (a proper name on its card) is Unique:
  one per team.
- § Turn Sequence: the side with fewer miniatures chooses who goes first; equal figures: the lower total
  points chooses; still a tie: the chooser is determined randomly (``start-battle --chooser`` records it,
  a reveal).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from marshmallow import Schema, fields, validate

from domain.core import BadInput, State
from domain.core.decision import Decision
from domain.core.fields import WholeNumber
from domain.core.names import did_you_mean, quoted

from .arms import initial_weapons
from .book import KIT, refuse
from .cards import figure_card, parse_card_values
from .events import BattleStarted, CardValuesRead, ChooserDetermined, FigureRecruited, PointLimitSet
from .fields import FigureId
from .state import FACINGS, figure, name, new_figure, warband_points

WARBAND = validate.Regexp(r"^[a-z][a-z0-9-]{0,29}$", error="a warband's name is lowercase letters, digits and dashes")


class PointLimitSchema(Schema):
    points = WholeNumber(required=True, validate=validate.Range(1, 100000), metadata={"description": "points of VALUE per side (the book's example: 200)"})


class RecruitSchema(Schema):
    warband = fields.String(required=True, validate=WARBAND, metadata={"description": "the warband (side) the figure joins"})
    card_id = FigureId(required=True, metadata={"description": "the card: galwen, orc-archer, orc-warrior, orc, squire, half-troll, or your own"})
    card = fields.List(fields.String(), load_default=list, metadata={"description": "what your card shows that the book does not print: its alignment (good, evil, neutral, or the stars' colour: blue, purple, green) and NAME=VALUE (res=8, skill-sneak=0)"})
    facing = fields.String(load_default="north", validate=validate.OneOf(FACINGS), metadata={"description": "the way the miniature faces"})


class ReadCardSchema(Schema):
    figure = FigureId(required=True)
    card = fields.List(fields.String(), required=True, validate=validate.Length(1), metadata={"description": "NAME=VALUE read off the card"})


class StartSchema(Schema):
    first = fields.String(required=True, validate=WARBAND, metadata={"description": "the warband the chooser picks to go first"})
    chooser = fields.String(validate=WARBAND, metadata={"description": "only on a tie of miniatures and points: the warband the random draw made chooser"})


@KIT.action("set-point-limit", PointLimitSchema, "Agree the points of character VALUE each side may field",
            section="Choosing Sides", args=("points",))
def set_point_limit(d: Decision, f: Mapping[str, Any]) -> None:
    """The limit applies to recruiting from now on; a side already over it is refused (§ Choosing Sides)."""
    if d.state["battle"]["started"]:
        raise refuse("Choosing Sides", "the battle has started: the point limit was agreed before it")
    over = [w for w in d.state["warbands"] if warband_points(d.state, w) > f["points"]]
    if over:
        raise refuse("Choosing Sides", f"{', '.join(over)} already field more than {f['points']} points")
    d.emit(PointLimitSet(f["points"]))


@KIT.action("recruit", RecruitSchema, "Add a character card's miniature to a warband (then what the book does not print: good, res=8)",
            section="Choosing Sides", args=("warband", "card_id", "card"))
def recruit(d: Decision, f: Mapping[str, Any]) -> None:
    """Checks Good/Evil, Named characters and the point limit (§ Choosing Sides). The figure's id is the card's
    id, then ``<card>-2``, ``<card>-3``... for further miniatures of the same card."""
    s = d.state
    if s["battle"]["started"]:
        raise refuse("Choosing Sides", "the battle has started: warbands are chosen before it")
    card = figure_card(f["card_id"], parse_card_values(f["card"]))
    _needed_at_recruit(card, s["point_limit"] is not None, f"recruit {f['warband']} {f['card_id']} {' '.join(f['card'])}".rstrip())
    team = [s["figures"][x] for x in s["warbands"].get(f["warband"], [])]
    if card["named"] and any(m["card"]["card"] == card["card"] for m in team):
        raise refuse("Choosing Sides", f"{card['name']} is a Named character, Unique: {f['warband']} already fields one")
    _check_alignment(card, team, f["warband"])
    _check_points(s, card, f["warband"])
    d.emit(FigureRecruited(f["warband"], _figure_id(s, card["card"]), card, f["facing"]))


NEEDED = {"alignment": ("blue|purple|green", "the stars around its Action Point Total: blue Good, purple Evil, green "
                                             "Neutral; Good and Evil don't mix, § Choosing Sides"),
          "ap": ("ap=N", "its ACTIONS: every turn starts with them, § Turn Sequence")}
"""Values a figure cannot be recruited without: an example of what to type, and why it is needed."""


def _needed_at_recruit(card: dict[str, Any], limited: bool, typed: str) -> None:
    """A value the figure needs from the first moment, unprinted and not given, is bad input at ``recruit`` (exit 2):
    the alignment, the ACTIONS, and the VALUE under a point limit. The message shows the line to type with the values
    added (``recruit knights galwen blue|purple|green``)."""
    missing = {k: why for k, why in NEEDED.items() if card.get(k) is None}
    if limited and card.get("value") is None:
        missing["value"] = ("value=N", "its VALUE: counted against the point limit, § Choosing Sides")
    if missing:
        example = " ".join(x for x, _ in missing.values())
        raise BadInput(f"{card['name']}'s card does not print {', '.join(k.upper() for k in missing)} in the book: add what "
                       f"your card shows, e.g. `{typed} {example}` (" + "; ".join(why for _, why in missing.values()) + ")",
                       {"card": [f"needs {k}" for k in missing]})


def _check_alignment(card: dict[str, Any], team: list[dict[str, Any]], warband: str) -> None:
    """Good and Evil never mix (Core Rule #1 of § Choosing Sides)."""
    opposite = {"good": "evil", "evil": "good"}.get(card["alignment"])
    clash = [m["card"]["name"] for m in team if m["card"]["alignment"] == opposite]
    if clash:
        raise refuse("Choosing Sides", f"{card['name']} is {card['alignment'].title()} and {warband} fields {opposite.title()} "
                     f"{', '.join(clash)}: Good and Evil don't mix (blue and purple stars never on one team)")


def _check_points(s: State, card: dict[str, Any], warband: str) -> None:
    """Within the point limit, when one is set (§ Choosing Sides)."""
    limit = s["point_limit"]
    if limit is None:
        return
    total = (warband_points(s, warband) if warband in s["warbands"] else 0) + card["value"]
    if total > limit:
        raise refuse("Choosing Sides", f"{card['name']} ({card['value']}) would bring {warband} to {total} points, over the {limit} agreed")


def _figure_id(s: State, card_id: str) -> str:
    """``card_id``, or the first free ``card_id-N`` (N from 2)."""
    if card_id not in s["figures"]:
        return card_id
    n = 2
    while f"{card_id}-{n}" in s["figures"]:
        n += 1
    return f"{card_id}-{n}"


@KIT.action("read-card", ReadCardSchema, "Give values the book does not print, read off the figure's own card",
            section="Components In Nîn-Gonost", args=("figure", "card"))
def read_card(d: Decision, f: Mapping[str, Any]) -> None:
    """Only unprinted, not yet known values (Components In Nîn-Gonost § The Cards: the card is the authority)."""
    fig = figure(d.state, f["figure"])
    values = parse_card_values(f["card"])
    known = [k for k in values if k in ("name", "named") or (fig["card"].get(k) is not None and not k.startswith(("skill-", "weapon-")))]
    if known:
        raise refuse("Components In Nîn-Gonost", f"{name(d.state, f['figure'])}'s card already shows {', '.join(known)}")
    if "alignment" in values and d.state["battle"]["started"]:
        raise refuse("Choosing Sides", "alignment is read when recruiting, before the battle")
    d.emit(CardValuesRead(f["figure"], values))


@KIT.action("start-battle", StartSchema, "Begin the battle: the side that chooses names who goes first",
            section="Turn Sequence", reveal=True, args=("first",))
def start_battle(d: Decision, f: Mapping[str, Any]) -> None:
    """The chooser is the side with fewer miniatures, then the lower total points, then a random draw given
    as ``--chooser`` (a reveal); it picks ``first`` (§ Turn Sequence)."""
    s = d.state
    if s["battle"]["started"]:
        raise refuse("Turn Sequence", "the battle has already started")
    sides = list(s["warbands"])
    if len(sides) < 2:
        raise refuse("Choosing Sides", f"a battle needs two warbands, not {len(sides)}")
    for w in (f["first"], f.get("chooser")):
        if w is not None and w not in sides:
            raise BadInput(f"no warband {quoted(w)}{did_you_mean(w, sides)} (warbands: {', '.join(sides)})", {"first": [f"unknown warband {quoted(w)}"]})
    chooser, reason = _chooser(s, sides)
    if chooser is None:
        if f.get("chooser") is None:
            raise refuse("Turn Sequence", f"{reason}: determine the chooser randomly and give it with --chooser")
        chooser = f["chooser"]
        d.emit(ChooserDetermined(chooser))
    elif f.get("chooser") not in (None, chooser):
        raise refuse("Turn Sequence", f"{chooser} chooses ({reason}): no random draw is made")
    order = [f["first"]] + [w for w in sides if w != f["first"]]
    d.emit(BattleStarted(order, chooser, reason))


def _chooser(s: State, sides: list[str]) -> tuple[str | None, str]:
    """The side that chooses and why, or ``None`` on a full tie."""
    counts = {w: len(s["warbands"][w]) for w in sides}
    fewest = min(counts.values())
    low = [w for w in sides if counts[w] == fewest]
    if len(low) == 1:
        return low[0], f"fewer miniatures ({', '.join(f'{w} {n}' for w, n in counts.items())})"
    points = {w: warband_points(s, w) for w in low}
    least = min(points.values())
    lowest = [w for w in low if points[w] == least]
    if len(lowest) == 1:
        return lowest[0], f"equal miniatures, lower total points ({', '.join(f'{w} {p}' for w, p in points.items())})"
    return None, f"equal miniatures and points ({', '.join(f'{w} {p}' for w, p in points.items())})"


@KIT.evolves(PointLimitSet)
def _limit(s: State, e: PointLimitSet) -> None:
    s["point_limit"] = e.points


@KIT.evolves(FigureRecruited)
def _recruited(s: State, e: FigureRecruited) -> None:
    s["warbands"].setdefault(e.warband, []).append(e.figure)
    s["figures"][e.figure] = new_figure(e.warband, dict(e.card, figure=e.figure), e.facing)


@KIT.evolves(CardValuesRead)
def _read(s: State, e: CardValuesRead) -> None:
    card = s["figures"][e.figure]["card"]
    for key, value in e.values.items():
        if key.startswith(("skill-", "weapon-")):
            slot = "skills" if key.startswith("skill-") else "equipment"
            card[slot] = {**(card[slot] or {}), key.split("-", 1)[1]: value}
        else:
            card[key] = value
    card["given"] = sorted(set(card.get("given", [])) | set(e.values))
    fig = s["figures"][e.figure]
    if fig.get("weapons") is None:
        fig["weapons"] = initial_weapons(card)
    else:
        for w in card.get("equipment") or {}:
            fig["weapons"].setdefault(w, {"where": "sheathed", "at": None})
    card["unprinted"] = [k for k in card["unprinted"] if card.get(k) is None]


@KIT.evolves(ChooserDetermined)
def _chooser_drawn(s: State, e: ChooserDetermined) -> None:
    s["battle"]["chooser"] = e.warband


@KIT.evolves(BattleStarted)
def _started(s: State, e: BattleStarted) -> None:
    s["battle"].update(started=True, order=list(e.order), turn=1, player=e.order[0], active=None, chooser=e.chooser)
