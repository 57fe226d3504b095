"""What a ruleset declares with the kit for the page's forms and board styles (mixed into
:class:`~.declarations.Declarations` and :class:`~.declarations.Declared`; the module there says how each is used):
``KIT.stylesheet`` (the board's CSS file), ``KIT.field_labels`` (fields in words) and ``KIT.shown_when`` (a field
asked only for some values of another). Plain data about a game: the page reads it and names no game."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .ruleset import State


@dataclass(frozen=True)
class ShownWhen:
    """A field of ``verb`` shown only while the thing chosen in ``field`` is one of ``among(state)`` (ids as the
    picker's values): Nemesis asks for an Exploration token only when the destination Room is unexplored."""

    verb: str
    shown: str
    field: str
    among: Callable[[State], Iterable[Any]]

    def values(self, state: State) -> list[str]:
        """The ids of ``field`` for which the field is shown, now (as strings, the picker's values)."""
        return [str(v) for v in self.among(state)]


def field_words(name: str) -> str:
    """``exit_icon`` -> ``Exit icon``: a field's name in words when the ruleset declares none."""
    return name.replace("_", " ").replace("-", " ").strip().capitalize() or name


CORE_FIELD_LABELS = {"person": "Who (a person at the table)", "path": "Path in the campaign state", "value": "New value",
                     "reason": "Reason"}
"""The words of the core's own action fields (``adjust``, ``seat``: domain/core/table.py), for every game."""


class FormDeclarations:
    """The kit's side: declare (see the module), and compose a sub-mode's with :meth:`merge_forms`."""

    def init_forms(self) -> None:
        """Start with nothing declared (called by the kit's ``__init__``)."""
        self.styles: list[Path] = []
        self.labels: dict[str, str] = {}
        self.shown_whens: dict[tuple[str, str], ShownWhen] = {}

    def stylesheet(self, path: Path) -> None:
        """The CSS file of this kit's drawn board (read when served: ``/page/styles/GAME.css``). Raises ``ValueError``
        when ``path`` is not a ``.css`` file that exists."""
        path = Path(path)
        if path.suffix != ".css" or not path.is_file():
            raise ValueError(f"stylesheet {path} is not a .css file")
        if path not in self.styles:
            self.styles.append(path)

    def field_labels(self, labels: Mapping[str, str]) -> None:
        """Words for fields on the forms of this kit: ``name`` -> label on every form, ``"verb.name"`` -> label on that
        action's form only (a name two actions use for different things). Raises ``ValueError`` for an empty label or a
        field given two different labels."""
        for name, label in labels.items():
            if not str(label).strip() or self.labels.get(name, label) != label:
                raise ValueError(f"field {name!r}: label {label!r} is empty or differs from {self.labels.get(name)!r}")
            self.labels[name] = str(label)

    def shown_when(self, verb: str, shown: str, field: str, among: Callable[[State], Iterable[Any]]) -> None:
        """Show ``verb``'s field ``shown`` only while its field ``field`` holds one of ``among(state)`` (see
        :class:`ShownWhen`). Raises ``ValueError`` for the same field declared twice."""
        if (verb, shown) in self.shown_whens:
            raise ValueError(f"shown_when of {verb} {shown} declared twice")
        self.shown_whens[(verb, shown)] = ShownWhen(verb, shown, field, among)

    def merge_forms(self, other: FormDeclarations) -> None:
        """Take a sub-mode's styles, labels and shown_when declarations (a label or a shown_when both declare
        differently is refused: ``ValueError``)."""
        self.styles += [p for p in other.styles if p not in self.styles]
        self.field_labels(other.labels)
        for key, when in other.shown_whens.items():
            if key in self.shown_whens:
                raise ValueError(f"shown_when of {key} declared by two sub-modes")
            self.shown_whens[key] = when


class FormDeclared:
    """The ruleset's side: answers from its ``kit``'s declarations."""

    kit: FormDeclarations

    def field_label(self, name: str, verb: str = "") -> str:
        """Field ``name`` (of ``verb``) in words: the kit's label for ``"verb.name"``, else for ``name``, else the core's,
        else its name in words (:func:`field_words`)."""
        labels = self.kit.labels
        return labels.get(f"{verb}.{name}") or labels.get(name) or CORE_FIELD_LABELS.get(name) or field_words(name)

    def shown_when(self, verb: str, state: State) -> dict[str, tuple[str, list[str]]]:
        """``{field: (the field it follows, the values it is shown for)}`` for ``verb``'s conditional fields, now."""
        return {w.shown: (w.field, w.values(state)) for (v, _), w in self.kit.shown_whens.items() if v == verb}

    def stylesheet(self) -> str:
        """The CSS of the game's drawn board ("" when it declares none), every declared file in order."""
        return "\n".join(p.read_text(encoding="utf-8") for p in self.kit.styles)


__all__ = ["CORE_FIELD_LABELS", "FormDeclarations", "FormDeclared", "ShownWhen", "field_words"]
