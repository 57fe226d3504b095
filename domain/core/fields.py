"""marshmallow fields shared by rulesets: characters with aliases, dice pips, JSON-ish values."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from marshmallow import ValidationError, fields, validate

from .names import UNPRINTABLE, clean_text, did_you_mean, printable_line  # noqa: F401  (re-exported: rulesets import them from here)
from .names import quoted


def choices_of(field: fields.Field) -> list[str]:
    """The values a field accepts when it lists them (a ``OneOf`` validator: ``up``/``down``, die faces), else ``[]``."""
    for check in field.validators:
        if isinstance(check, validate.OneOf):
            return [str(c) for c in check.choices]
    return []


def known_characters(characters: Mapping[str, tuple[str, ...]]) -> str:
    """``ashitaka (ash), vaa-lith (vaa)...``: the ids with their aliases, for help texts and refusals."""
    return ", ".join(f"{c} ({'/'.join(a)})" if a else c for c, a in characters.items())


class Character(fields.String):
    """A character id; accepts the id or any alias, case-insensitive (``ash`` -> ``ashitaka``).

    ``characters`` maps ids to alias tuples (a ruleset's ``characters``).
    """

    def __init__(self, characters: Mapping[str, tuple[str, ...]], **kwargs: Any) -> None:
        self.characters = dict(characters)
        kwargs.setdefault("metadata", {}).setdefault("description", f"character id or alias: {known_characters(self.characters)}")
        super().__init__(**kwargs)

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> str:
        key = super()._deserialize(value, attr, data, **kwargs).strip().lower()
        for char_id, aliases in self.characters.items():
            if key == char_id or key in aliases:
                return char_id
        names = [*self.characters, *(a for aliases in self.characters.values() for a in aliases)]
        aliases = {a: c for c, al in self.characters.items() for a in al}  # an alias suggests its character
        raise ValidationError(f"unknown character {quoted(value)}{did_you_mean(value, names, aliases)}; known: {', '.join(self.characters)}")

    def _jsonschema_type_mapping(self) -> dict[str, Any]:  # used by apispec when present
        return {"type": "string", "enum": sorted({c for c in self.characters} | {a for al in self.characters.values() for a in al})}


class Among(validate.OneOf):
    """``validate.OneOf`` whose refusal suggests the closest choice: ``Must be one of: ... (did you mean 'green'?)``."""

    def __call__(self, value: Any) -> Any:
        try:
            return super().__call__(value)
        except ValidationError as refused:
            raise ValidationError(f"{refused.messages[0]}{did_you_mean(value, self.choices)}") from None


class Within(validate.Range):
    """``validate.Range`` whose refusal names the field's range and the value given: ``within 1..30, not -1``."""

    message_min = "at least {{min}}, not {{input}}"  # formatted twice: once for the bounds, once for the value
    message_max = "at most {{max}}, not {{input}}"
    message_all = "within {{min}}..{{max}}, not {{input}}"


class WholeNumber(fields.Integer):
    """An integer given as a number or as ASCII digits (a command line's ``"5"``, never a full-width ``"５"``); never a
    fraction or a boolean.

    (marshmallow's non-strict Integer would quietly truncate 2.5 to 2: a die never shows 2.5.)
    """

    def _validated(self, value: Any) -> int:
        if isinstance(value, (bool, float)):  # JSON's 1.0 is no die face either: the CLI refuses "1.0" the same way
            raise self.make_error("invalid")
        digits = value.strip().lstrip("+-") if isinstance(value, str) else ""
        if isinstance(value, str) and not (digits.isascii() and digits.isdigit()):  # int("２") is 2: refuse it here
            raise self.make_error("invalid")
        return super()._validated(value)


def Pips(sides: int, **kwargs: Any) -> fields.Integer:
    """One die's face value, 1..``sides`` (a D6 Action Die: 1..6; a D8 Combat Die: 1..8)."""
    kwargs.setdefault("metadata", {}).setdefault("description", f"a die's pips, 1..{sides}")
    return WholeNumber(validate=Within(1, sides, error=f"a D{sides} shows 1..{sides}, not {{input}}"), **kwargs)


def DiceList(sides: int, min_count: int = 1, max_count: int | None = None, **kwargs: Any) -> fields.List:
    """Dice in roll order (their identity is their place), each 1..``sides``."""
    bounds = f"{min_count}..{max_count}" if max_count else f"at least {min_count}"
    kwargs.setdefault("metadata", {}).setdefault("description", f"{bounds} D{sides} results in roll order")
    return fields.List(Pips(sides), validate=validate.Length(min_count, max_count), **kwargs)


class AnyValue(fields.Field):
    """A JSON value; a string that parses as JSON is parsed (``"3"`` -> 3, ``"true"`` -> True).

    Used by the manual adjustment, whose value comes as text from a command line.
    """

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> Any:
        if isinstance(value, str):
            try:
                return json.loads(value)
            except ValueError:
                return value
        return value


class Text(fields.String):
    """A name or a line of free text as the table types it: stripped of surrounding spaces, 1..``longest``
    characters, printable, on one line. An empty or blank value is refused (``start-encounter ""`` names no
    Encounter); an optional field is simply left out. A field whose default is ``""`` takes ``""`` as that default."""

    def __init__(self, longest: int = 200, **kwargs: Any) -> None:
        self.longest = longest
        super().__init__(**kwargs)

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> str:
        text = super()._deserialize(value, attr, data, **kwargs).strip()
        if not text and self.load_default == "":
            return ""  # a field whose default is empty: "" is the same as leaving it out (recorded actions replay)
        if not text:
            raise ValidationError("must not be empty")
        if len(text) > self.longest:
            raise ValidationError(f"at most {self.longest} characters, not {len(text)}")
        if not printable_line(text):
            raise ValidationError("one line of printable characters")
        return text


def distinct(what: str) -> Any:
    """A list validator refusing an entry given twice (after aliases are resolved: ``ash ashitaka`` is twice
    Ashitaka); ``what`` names the entries in the message."""

    def check(values: list[Any]) -> None:
        seen: list[Any] = []
        for value in values:
            if value in seen:
                raise ValidationError(f"{value} is given twice: each {what} once")
            seen.append(value)

    return check
