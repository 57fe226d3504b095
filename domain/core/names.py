"""Checks on text the table types (names, one-line notes), without marshmallow: what the application service needs
to load and to name things, so that opening a store does not import the schema library (:mod:`.fields` builds the
schemas' ``Text`` on :func:`printable_line`)."""

from __future__ import annotations

import difflib
import unicodedata
from collections.abc import Iterable
from typing import Any

from .errors import BadInput

UNPRINTABLE = ("Cc", "Cf", "Cs", "Zl", "Zp")
"""Unicode categories a name may not contain: controls, format characters, lone surrogates, line breaks."""


def printable_line(text: str) -> bool:
    """Whether ``text`` is one printable line (no character of an :data:`UNPRINTABLE` category)."""
    if text.isprintable():  # no Cc, Cf, Cs, Zl, Zp (nor Co, Cn, Zs but the space) at C speed: the usual case
        return True
    return not any(unicodedata.category(ch) in UNPRINTABLE for ch in text)


def clean_text(value: Any, what: str, longest: int) -> str:
    """``value`` stripped, 1..``longest`` characters, printable (no newlines, control characters or lone
    surrogates: names end up in listings, terminals and session scripts). Raises :class:`BadInput`."""
    text = str(value or "").strip()
    if not 1 <= len(text) <= longest or not printable_line(text):
        raise BadInput(f"{what} needs 1..{longest} printable characters on one line, not {text[:40]!r}",
                       {"name": [f"1..{longest} printable characters"]})
    return text


def did_you_mean(name: Any, known: Iterable[Any]) -> str:
    """``" (did you mean 'ashitaka'?)"`` for a mistyped name close to one of ``known`` (case-insensitive, difflib's
    ratio >= 0.6), else ``""``: appended to every refusal of an unknown name (a verb, a character, a room, a card)."""
    choices = {str(k).lower(): str(k) for k in known}
    close = difflib.get_close_matches(str(name).strip().lower(), list(choices), n=1, cutoff=0.6)
    return f" (did you mean {choices[close[0]]!r}?)" if close else ""


def possessive(name: Any) -> str:
    """``name``'s possessive as a history line writes it: ``Cora's``, but ``knights'`` (never ``knights's``)."""
    text = str(name)
    return f"{text}'" if text.endswith(("s", "S")) else f"{text}'s"


def counted(count: Any, noun: str, plural: str | None = None) -> str:
    """``count`` and ``noun`` as a sentence says them: ``1 miniature``, ``0 miniatures``, ``2 matches``, ``3 Charges``.

    ``plural`` names an irregular plural (``counted(2, "die", "dice")``); otherwise ``-es`` after s, x, z, ch and sh,
    ``-s`` after anything else. Every count a view, history line or message shows goes through here: never
    ``card(s)``, never ``1 miniatures`` (tests/test_plural_wording.py checks every example's text)."""
    if count == 1:
        return f"{count} {noun}"
    if plural is None:
        plural = noun + ("es" if noun.endswith(("s", "x", "z", "ch", "sh")) else "s")
    return f"{count} {plural}"


def whole_number(text: str, signed: bool = False) -> int | None:
    """The whole number ``text`` spells in ASCII digits 0-9 (``"12"``; with ``signed`` also ``"-3"``, ``"+3"``), else
    ``None``: no spaces, no other script's digits (``int("５")`` is 5, ``int(" 5 ")`` is 5: neither is a number a person
    typed on purpose), at most 19 digits. The one rule every adapter reads numbers by (query parameters, headers, path
    parts, command lines, form fields)."""
    digits = text[1:] if signed and text[:1] in ("+", "-") else text
    if not (digits.isascii() and digits.isdigit()) or len(digits) > 19:
        return None
    return int(text)


def not_whole_number(value: object) -> str:
    """The refusal of ``value`` where a whole number belongs: ``'５' is not a whole number (digits 0-9)``."""
    return f"{str(value)[:40]!r} is not a whole number (digits 0-9)"
