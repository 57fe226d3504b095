"""Character cards, weapons and objects as data (cards.yaml), loaded once at import and checked on load.

A card is flattened to one mapping of the values a figure carries (:data:`CARD_FIELDS`); a value the book
does not print is ``None`` and listed in ``unprinted`` (nin-gonost.txt § Components In Nîn-Gonost: the
book prints Sir Galwen's card whole and only fragments of the others). The players fill an unprinted value
from their own card when they recruit (:func:`figure_card`); a printed value is never overridden.
"""

from __future__ import annotations

import math
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from domain.core import BadInput
from domain.core.names import did_you_mean, quoted

from .book import refuse

UNPRINTED = "unprinted"
ALIGNMENTS = ("good", "evil", "neutral")
NUMBERS = ("value", "ap", "walk", "run", "fight_die", "fight_bonus", "range_die", "range_bonus", "res", "manna",
           "str", "con", "dex", "per", "wil", "ctr", "wgt")
"""The card's numbers (Components In Nîn-Gonost § The Cards, § Attributes); bonuses may be negative."""
CARD_FIELDS = (*NUMBERS, "alignment", "skills", "equipment")
SIGNED = ("fight_bonus", "range_bonus")
PATH = Path(__file__).with_name("cards.yaml")



def _flatten(card_id: str, raw: dict[str, Any]) -> dict[str, Any]:
    """One card of cards.yaml as {field: value or None} plus ``unprinted`` (sorted field names)."""
    flat: dict[str, Any] = {"card": card_id, "name": raw["name"], "named": bool(raw["named"]), "source": raw["source"]}
    for key in ("fight", "range"):
        for part in ("die", "bonus"):
            flat[f"{key}_{part}"] = raw[key][part]
    for key in ("value", "ap", "walk", "run", "res", "manna", "str", "con", "dex", "per", "wil", "ctr", "wgt",
                "alignment", "skills", "equipment"):
        flat[key] = raw[key]
    unprinted = sorted(k for k in CARD_FIELDS if flat[k] == UNPRINTED)
    for key in unprinted:
        flat[key] = None
    flat["unprinted"] = unprinted
    flat["derived"] = dict(raw.get("derived", {}))
    _check(card_id, flat)
    return flat


def _check(card_id: str, flat: dict[str, Any]) -> None:
    """Refuse a malformed card at import (a broken data file must be loud)."""
    for key in NUMBERS:
        value = flat[key]
        if value is not None and (not isinstance(value, int) or isinstance(value, bool) or (value < 0 and key not in SIGNED)):
            raise ValueError(f"cards.yaml: {card_id}.{key} must be a whole number, not {value!r}")
    if flat["alignment"] not in (None, *ALIGNMENTS):
        raise ValueError(f"cards.yaml: {card_id}.alignment must be one of {ALIGNMENTS}")
    for key in ("skills", "equipment"):
        if flat[key] is not None and not isinstance(flat[key], dict):
            raise ValueError(f"cards.yaml: {card_id}.{key} must map names to bonuses")


@cache
def content() -> dict[str, Any]:
    """cards.yaml parsed and checked: ``cards`` (id -> flat card), ``weapons``, ``ranged_weapons``, ``objects``."""
    raw = yaml.safe_load(PATH.read_text(encoding="utf-8"))
    return {"cards": {cid: _flatten(cid, c) for cid, c in raw["cards"].items()}, "weapons": raw["weapons"],
            "ranged_weapons": raw["ranged_weapons"], "objects": raw["objects"],
            "aliases": {cid: tuple(c.get("aliases", ())) for cid, c in raw["cards"].items()}}


STARS = {"blue": "good", "purple": "evil", "green": "neutral"}
"""The colour of the stars around a card's Action Point Total -> its alignment (§ Choosing Sides)."""


def parse_card_values(items: list[str]) -> dict[str, Any]:
    """``["res=10", "alignment=evil", "skill-sneak=0", "name=Kurtz"]`` -> values. A bare alignment or star colour is the
    card's alignment, as the table says it: ``good`` / ``blue`` -> ``alignment=good`` (§ Choosing Sides: "Good
    characters have Blue stars..."). Raises :class:`BadInput`."""
    out: dict[str, Any] = {}
    for item in items:
        bare = item.strip().lower()
        if bare in ALIGNMENTS or bare in STARS:
            out["alignment"] = STARS.get(bare, bare)
            continue
        key, sep, text = item.partition("=")
        key = key.strip().lower().replace("-", "_") if not key.strip().lower().startswith(("skill-", "weapon-")) else key.strip().lower()
        if not sep or not text.strip():
            raise BadInput(f"a card value is NAME=VALUE (res=10) or the card's alignment (good, evil, neutral, or its stars' "
                           f"colour: blue, purple, green), not {quoted(item)}", {"card": [f"not NAME=VALUE: {quoted(item)}"]})
        out[key] = _card_value(key, text.strip())
    return out


def _card_value(key: str, text: str) -> Any:
    """One typed card value; unknown names and malformed values raise :class:`BadInput`."""
    bad = {"card": [f"{key}: {quoted(text)}"]}
    if key in NUMBERS or key.startswith(("skill-", "weapon-")):
        if not text.lstrip("+-").isdigit() or (text.startswith("-") and key in NUMBERS and key not in SIGNED):
            raise BadInput(f"the card's {key} is a whole number, not {quoted(text)}", bad)
        return int(text)
    if key == "alignment":
        if text.lower() not in (*ALIGNMENTS, *STARS):
            raise BadInput(f"alignment is good, evil or neutral (blue, purple or green stars), not {quoted(text)}", bad)
        return STARS.get(text.lower(), text.lower())
    if key == "named":
        return text.lower() in ("true", "yes", "1")
    if key == "name":
        return text[:60]
    raise BadInput(f"a card has no value {quoted(key)}; known: {', '.join(CARD_FIELDS)}, name, named, skill-NAME, weapon-NAME", bad)


def figure_card(card_id: str, given: dict[str, Any]) -> dict[str, Any]:
    """The card a recruited figure carries: the book's card with the players' values for unprinted fields.

    A card not in the book needs ``name`` among ``given`` (a card the players enter whole). Giving a value
    the book prints is refused (Components In Nîn-Gonost § The Cards). Returns the flat card with
    ``given`` (the field names the players supplied) and ``unprinted`` (still unknown).
    """
    book = content()["cards"].get(card_id)
    if book is None and "name" not in given:
        known = ", ".join(content()["cards"])
        raise BadInput(f"no card {quoted(card_id)}{did_you_mean(card_id, content()['cards'])} in the book ({known}); a card of your own needs --card name=...",
                       {"card_id": [f"unknown card {quoted(card_id)}"]})
    card = dict(book) if book else _blank(card_id)
    printed = [k for k in given if book and k in CARD_FIELDS and k not in book["unprinted"]]
    printed += [k for k in ("name", "named") if book and k in given]
    if printed:
        raise refuse("Components In Nîn-Gonost", f"{card['name']}'s card prints {', '.join(printed)}: only an unprinted value is given at recruiting")
    _fill(card, given)
    return card


def _blank(card_id: str) -> dict[str, Any]:
    """A card the players enter themselves: every value unknown until given."""
    card = {"card": card_id, "name": card_id, "named": False, "source": "entered by the players", "derived": {}}
    card.update({k: None for k in CARD_FIELDS})
    card["unprinted"] = list(CARD_FIELDS)
    return card


def _fill(card: dict[str, Any], given: dict[str, Any]) -> None:
    """Write the players' values into ``card`` (skills and weapons by name)."""
    for key, value in given.items():
        if key.startswith(("skill-", "weapon-")):
            slot = "skills" if key.startswith("skill-") else "equipment"
            if card["card"] in content()["cards"] and slot not in card["unprinted"]:
                raise refuse("Components In Nîn-Gonost", f"{card['name']}'s card prints its {slot}: {key} is not given at recruiting")
            card[slot] = {**(card[slot] or {}), key.split("-", 1)[1]: value}
            continue
        card[key] = value
    card["given"] = sorted(given)
    card["unprinted"] = [k for k in card["unprinted"] if card.get(k) is None]


def need(card: dict[str, Any], key: str, why: str) -> Any:
    """``card[key]``, or a refusal saying the value is unprinted and how to give it."""
    value = card.get(key)
    if value is None:
        raise refuse("Components In Nîn-Gonost", f"{card['name']}'s {key.upper()} is not printed in the book and was not given: "
                     f"give it from your card with read-card {card.get('figure') or card['card']} --card {key}=N ({why})")
    return value


def object_stats(wgt: int) -> dict[str, int]:
    """An object without printed stats: RES = WGT x 2, Structural Points = WGT / 2 rounded up; WGT 0 counts as 1
    (Attacking Structures And Objects). ``object_stats(8)`` -> ``{"res": 16, "sp": 4, "wgt": 8}``."""
    if wgt < 0:
        raise BadInput(f"an object's WGT is 0 or more, not {wgt}", {"wgt": ["0 or more"]})
    counted = max(wgt, 1)
    return {"res": counted * 2, "sp": math.ceil(counted / 2), "wgt": wgt}


def card_aliases() -> dict[str, tuple[str, ...]]:
    """The book's cards by id with their aliases (the ruleset's ``characters``)."""
    return dict(content()["aliases"])


__all__ = ["ALIGNMENTS", "CARD_FIELDS", "NUMBERS", "card_aliases", "content", "figure_card", "need",
           "object_stats", "parse_card_values"]
