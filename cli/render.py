"""Human output: views as tables and lines, history as a readable log (JSON goes out untouched)."""

from __future__ import annotations

import io
from typing import Any

from domain.core.ruleset import plain_words
from domain.core.names import counted, quoted


def _console() -> tuple[Any, io.StringIO]:
    from rich.console import Console  # imported when used: a ruleset's own drawing needs no rich

    buffer = io.StringIO()
    return Console(file=buffer, width=120, color_system=None, highlight=False), buffer


def _cell(value: Any) -> str:
    """A value in words: yes/no, ``-`` for nothing, zeros kept (Trace 0 is worth seeing), records as ``key value``
    pairs and a list of records one ``(...)`` each: never a Python repr."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None or value == [] or value == {}:
        return "-"
    if isinstance(value, dict):
        return ", ".join(f"{str(k).replace('_', ' ')} {_cell(v)}" for k, v in value.items())
    if isinstance(value, list):
        if any(isinstance(v, dict) for v in value):
            return " ".join(f"({_cell(v)})" for v in value)
        return " ".join(_cell(v) for v in value)
    return str(value)


def _empty(value: Any) -> bool:
    """Nothing worth a column in a block: None, no entries, or no (a 0 is a value: Trace 0, EXP 0)."""
    return value is None or value is False or value == [] or value == {}


def render(data: Any) -> str:
    """A readable text rendering of any view's JSON: scalars as lines, maps of records as tables."""
    console, buffer = _console()
    if not isinstance(data, dict):
        console.print(_cell(data))
        return buffer.getvalue().rstrip()
    for key, value in data.items():
        columns = list(dict.fromkeys(k for v in value.values() for k in v)) if isinstance(value, dict) and value and \
            all(isinstance(v, dict) for v in value.values()) else []
        if len(columns) > 8:  # too wide for a table: one indented block per row instead
            console.print(f"{key.replace('_', ' ')}:")
            for row_key, row in value.items():
                console.print(f"  {row_key}: " + "; ".join(f"{k.replace('_', ' ')} {_cell(v)}" for k, v in row.items()
                                                            if not _empty(v)))
        elif columns:
            from rich.table import Table

            table = Table(title=key.replace("_", " ").title(), title_justify="left")
            table.add_column("")
            for column in columns:
                table.add_column(column.replace("_", " "))
            for row_key, row in value.items():
                table.add_row(row_key, *(_cell(row.get(c)) for c in columns))
            console.print(table)
        else:
            console.print(f"{key.replace('_', ' ')}: {_cell(value)}")
    return buffer.getvalue().rstrip()


def render_view(app: Any, campaign_id: str, name: str, data: Any) -> str:
    """A view as text: the ruleset's own drawing of it if it has one, else :func:`render`. The drawing is found through
    the game's card, so drawing a kept view does not import the game's rules."""
    from domain.core.ruleset import text_drawing

    draw = text_drawing(app.game_of(campaign_id), name)
    return draw(data) if draw else render(data)


def describe_events(app: Any, campaign_id: str, events: list[dict[str, Any]]) -> list[str]:
    """One line per event record, in the ruleset's words."""
    from domain.history import ruleset_text

    from domain.core.ruleset import get_ruleset

    ruleset = get_ruleset(app.game_of(campaign_id))
    return [ruleset_text(ruleset, e) for e in events]


def render_history(view: dict[str, Any]) -> str:
    """The history view as a log: one line per action (undone ones marked, seals shown), events indented."""
    lines = [f"{view['name']} ({view['game']}), version {view['version']}"]
    for entry in view["actions"]:
        v = f"v{entry['version']:>4}"
        who = f" by {entry['actor']}" if entry.get("actor") else ""
        if entry["kind"] == "created":
            lines.append(f"{v}  campaign created{who}")
        elif entry["kind"] == "rename":
            lines.append(f"{v}  renamed {quoted(entry['name'])}{who}")
        elif entry["kind"] in ("undo", "redo"):
            lines.append(f"{v}  {entry['kind']} of {entry['verb']} ({entry['action_id'][:8]}){who}")
        elif entry["kind"] in ("correction", "amendment"):
            changed = {k: x for k, x in entry["fields"].items() if entry.get("original_fields", {}).get(k) != x} or entry["fields"]
            values = ", ".join(f"{k} {plain_words(x)}" for k, x in changed.items())
            lines.append(f"{v}  {entry['kind']} of {entry['verb']} ({entry['action_id'][:8]}): {values} — {entry['reason']}{who}")
        elif entry["kind"] == "bookmark":
            lines.append(f"{v}  bookmark {quoted(entry['name'])} at version {entry['at']}{who}")
        elif entry["kind"] == "branched":
            origin = entry["from"]
            lines.append(f"{v}  branched from {quoted(origin['name'])} ({origin['campaign_id'][:8]}) at its version {origin['version']}{who}")
        else:
            marks = (" [undone]" if entry["status"] == "undone" else "") + (" [reveal: seals all before]" if entry["reveal"] else "")
            lines.append(f"{v}  {entry['summary']}{who}{marks}")
            lines.extend(f"         · {e['text']}" for e in entry["events"])
            for decision in entry.get("superseded", []):
                lines.append(f"         superseded at version {decision['until_version']}:")
                lines.extend(f"           × {e['text']}" for e in decision["events"])
    horizon = view["horizon"]
    seal = horizon["seal"]
    undoable = horizon["undoable"]
    if undoable:
        lines.append(f"undo can take back {counted(len(undoable), 'action')}, back to {undoable[-1]['summary']}")
    if seal:
        lines.append(f"sealed at version {seal['version']} by {seal['summary']}")
    return "\n".join(lines)
