"""Checks on text the table types (names, one-line notes), without marshmallow: what the application service needs
to load and to name things, so that opening a store does not import the schema library (:mod:`.fields` builds the
schemas' ``Text`` on :func:`printable_line`)."""

from __future__ import annotations

import difflib
import unicodedata
from collections.abc import Iterable, Mapping
from typing import Any

from .errors import BadInput

UNPRINTABLE = ("Cc", "Cf", "Cs", "Zl", "Zp")
"""Unicode categories a name may not contain: controls, format characters, lone surrogates, line breaks."""


JOINERS = frozenset("\u200c\u200d")
"""The two format characters written text needs: ZERO WIDTH NON-JOINER (Persian, Hindi and other scripts' spelling)
and ZERO WIDTH JOINER (emoji sequences such as a family or the rainbow flag, Indic conjuncts). Accepted between two
other characters, never at either end of the text nor beside another joiner (where they join nothing)."""

BLACK_FLAG, CANCEL_TAG = "\U0001f3f4", "\U000e007f"
"""An emoji tag sequence (the flags of England, Scotland, Wales) is the black flag, tag letters U+E0020..U+E007E and
the cancel tag: its tags are accepted there only."""


def _is_tag(ch: str) -> bool:
    return "\U000e0020" <= ch <= CANCEL_TAG


def printable_line(text: str) -> bool:
    """Whether ``text`` is one printable line: no character of an :data:`UNPRINTABLE` category (controls, bidi
    overrides, zero width spaces, lone surrogates, line breaks) but a :data:`JOINERS` character between two others
    and the tags of an emoji tag sequence (so that ``"می\u200cخواهم"`` and ``"👨\u200d👩\u200d👧"`` are names)."""
    if text.isprintable():  # no Cc, Cf, Cs, Zl, Zp (nor Co, Cn, Zs but the space) at C speed: the usual case
        return True
    return not any(unicodedata.category(ch) in UNPRINTABLE and not _written(text, i) for i, ch in enumerate(text))


def _written(text: str, i: int) -> bool:
    """Whether ``text[i]``, a format character, is one written text needs there: a :data:`JOINERS` character between
    two others, or a tag of an emoji tag sequence (the black flag, tags, the cancel tag)."""
    ch = text[i]
    if ch in JOINERS:
        return 0 < i < len(text) - 1 and text[i - 1] not in JOINERS and text[i + 1] not in JOINERS
    if not _is_tag(ch):
        return False
    start = i
    while start > 0 and _is_tag(text[start - 1]):
        start -= 1
    end = i
    while end < len(text) - 1 and _is_tag(text[end + 1]) and text[end] != CANCEL_TAG:
        end += 1
    return start > 0 and text[start - 1] == BLACK_FLAG and text[end] == CANCEL_TAG and end > start


def quoted(name: Any) -> str:
    """A name the table typed, quoted for a message: ``'Mia'``, ``"O'Brien"``, ``'👨\\u200d👩\\u200d👧'`` shown as the
    family emoji it is. Quoted as ``repr`` quotes text (single quotes, double ones around a name holding a ``'``), and
    its characters as typed but those nobody can see or that would break the line (controls, bidi overrides, zero
    width spaces, a joiner joining nothing, spaces other than the space), which are shown as ``repr`` escapes them
    (``'\\u202eevil'``; a backslash doubled, so an escape is never mistaken for what was typed): a message shows the
    name itself, and still tells two names that look alike apart. Anything but text is shown as ``repr`` shows it. For
    names, ids and other text people type; where a value's type matters (``3`` or ``'3'``), messages keep ``!r``."""
    if not isinstance(name, str) or name.isprintable():
        return repr(name)  # a number stays a number (3, not '3'); nothing hidden: repr's own quoting, at C speed
    text = name
    quote = '"' if "'" in text and '"' not in text else "'"
    out = []
    for i, ch in enumerate(text):
        if ch.isprintable() or ch == " " or (unicodedata.category(ch) in UNPRINTABLE and _written(text, i)):
            out.append("\\'" if ch == quote == "'" else "\\\\" if ch == "\\" else ch)
        else:
            out.append(repr(ch)[1:-1])
    return quote + "".join(out) + quote


def clean_text(value: Any, what: str, longest: int) -> str:
    """``value`` stripped, 1..``longest`` characters, printable (no newlines, control characters or lone
    surrogates: names end up in listings, terminals and session scripts). Raises :class:`BadInput`."""
    text = str(value or "").strip()
    if not 1 <= len(text) <= longest or not printable_line(text):
        raise BadInput(f"{what} needs 1..{longest} printable characters on one line, not {quoted(text[:40])}",
                       {"name": [f"1..{longest} printable characters"]})
    return text


def did_you_mean(name: Any, known: Iterable[Any], real: Mapping[str, str] | None = None) -> str:
    """``" (did you mean 'vaa-lith'?)"`` for a mistyped name close to one of ``known``, else ``""``: appended to every
    refusal of an unknown name (a verb, a character, a room, a card).

    ``known`` is the spellings accepted (a mapping: its keys); ``real`` maps a spelling that is only an alias to the
    real name it stands for, so the suggestion is always a real name (``vaalith`` finds ``'vaa-lith'``, never the
    alias). Spellings equal but for case are one, named as the later one spells it (a printed name after its id).
    Close means :func:`closeness` >= 0.6 (case, spaces, ``-`` and ``_`` aside): the whole text, or word by word, so a
    mistyped word of a longer name still finds it (``sply`` -> ``'Air Supply'``). The closest wins; the first on a tie."""
    choices = {str(k).lower(): str(k) for k in known}
    best, suggestion = (0.6, 0.0), None
    typed = _words(name)
    for spelling, shown in choices.items():
        score = closeness(typed, _words(spelling))
        if score > best or (score == best and suggestion is None):
            best, suggestion = score, (real or {}).get(shown, shown)
    return f" (did you mean {quoted(suggestion)}?)" if suggestion is not None else ""


def _words(text: Any) -> list[str]:
    return str(text).lower().replace("-", " ").replace("_", " ").split()


def closeness(typed: list[str], name: list[str]) -> tuple[float, float]:
    """How close the ``typed`` words are to a ``name``'s words: ``(best, whole)``, ``whole`` difflib's ratio of the two
    texts, ``best`` the greater of it and the mean ratio of the typed words against as many consecutive words of the
    name, aligned at any word (``["air", "suply"]`` or ``["suply"]`` against ``["air", "supply"]``)."""
    whole = difflib.SequenceMatcher(None, " ".join(typed), " ".join(name)).ratio()
    words = 0.0
    if typed and len(typed) <= len(name) and len(name) > 1:
        for start in range(len(name) - len(typed) + 1):
            ratios = [difflib.SequenceMatcher(None, t, w).ratio() for t, w in zip(typed, name[start:])]
            words = max(words, sum(ratios) / len(ratios))
    return max(whole, words), whole


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
    return f"{quoted(str(value)[:40])} is not a whole number (digits 0-9)"
