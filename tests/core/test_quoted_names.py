"""Names in messages read as typed (domain.core.names.quoted): a ZWJ emoji sequence, a Persian word with its ZERO WIDTH
NON-JOINER and an emoji flag's tags are shown as the characters they are, never as ``\\u200d`` escapes; what nobody
can see or what would break a line (a joiner joining nothing, a bidi override, a tab, a no-break space) is shown as
``repr`` escapes it; anything but text as ``repr`` shows it (3 stays 3)."""

from __future__ import annotations

import pytest

from domain.core.names import clean_text, did_you_mean, quoted
from domain.core.errors import BadInput

FAMILY = "\U0001f468\u200d\U0001f469\u200d\U0001f467"  # man, ZWJ, woman, ZWJ, girl: one family emoji
PERSIAN = "\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645"  # "mikhaham": the ZWNJ is part of its spelling
ENGLAND = "\U0001f3f4\U000e0067\U000e0062\U000e0065\U000e006e\U000e0067\U000e007f"


@pytest.mark.parametrize("name, shown", [
    ("Mia", "'Mia'"),
    (f"{FAMILY} night", f"'{FAMILY} night'"),
    (PERSIAN, f"'{PERSIAN}'"),
    (ENGLAND, f"'{ENGLAND}'"),
    ("O'Brien", '"O\'Brien"'),  # repr's own choice of quotes
    (f"O'Brien {FAMILY}", f'"O\'Brien {FAMILY}"'),
    (f"a'b\"{FAMILY}", f"'a\\'b\"{FAMILY}'"),
])
def test_a_name_is_quoted_as_typed(name, shown):
    assert quoted(name) == shown
    assert "\\u200" not in quoted(name)


@pytest.mark.parametrize("name, shown", [
    ("\u200devil", "'\\u200devil'"),  # a joiner joining nothing
    ("ab\u202ec", "'ab\\u202ec'"),  # a bidi override
    ("tab\there", "'tab\\there'"),
    ("x\u00a0y", "'x\\xa0y'"),  # a no-break space looks like a space: told apart
    (f"{FAMILY}\u200b", f"'{FAMILY}\\u200b'"),  # the family as typed, the zero width space made visible
    (f"back\\slash{FAMILY}\u200b", f"'back\\\\slash{FAMILY}\\u200b'"),  # a backslash doubled, as repr doubles it
])
def test_only_hidden_or_control_characters_are_escaped(name, shown):
    assert quoted(name) == shown


@pytest.mark.parametrize("value", [3, 2.5, None, True, [1, "a"]])
def test_anything_but_text_is_shown_as_repr_shows_it(value):
    assert quoted(value) == repr(value)


def test_refusals_quote_names_readably():
    assert did_you_mean(f"{FAMILY} nite", [f"{FAMILY} night"]) == f" (did you mean '{FAMILY} night'?)"
    with pytest.raises(BadInput) as refused:
        clean_text("\u202eevil", "a person's name", 80)
    assert refused.value.message == "a person's name needs 1..80 printable characters on one line, not '\\u202eevil'"
