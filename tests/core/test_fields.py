"""The shared fields refuse what a table mistypes (issue 19, item 4): blanks, duplicates, out-of-range values."""

import pytest
from marshmallow import Schema, ValidationError, fields

from domain.core.fields import Text, distinct


class Named(Schema):
    name = Text(12, required=True)
    skills = fields.List(Text(20), validate=distinct("Skill"), load_default=list)


@pytest.mark.parametrize("raw, message", [
    ({"name": ""}, "must not be empty"),
    ({"name": "   "}, "must not be empty"),
    ({"name": "a" * 13}, "at most 12 characters, not 13"),
    ({"name": "two\nlines"}, "one line of printable characters"),
    ({"name": "ok", "skills": ["oath", "provoke", "oath"]}, "oath is given twice: each Skill once"),
])
def test_blank_long_and_repeated_values_are_refused_with_the_reason(raw, message):
    with pytest.raises(ValidationError) as info:
        Named().load(raw)
    assert message in str(info.value.messages)


def test_text_is_stripped():
    assert Named().load({"name": "  Encounter 1 "}) == {"name": "Encounter 1", "skills": []}
