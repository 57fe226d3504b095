"""``questlog history --script``: a campaign written back out as a session script that replays it."""

from __future__ import annotations

import json
import shlex
from typing import Any

from marshmallow import fields as mf

from domain.core.fields import AnyValue
from domain.core.names import quoted


def _token(field: mf.Field | None, value: Any) -> str:
    if isinstance(field, AnyValue) or isinstance(value, dict):
        return shlex.quote(json.dumps(value))
    return shlex.quote(str(value))


def _empty_list_says_something(field: mf.Field | None) -> bool:
    """Whether ``[]`` differs from leaving the option out (its default is not an empty list)."""
    if field is None:
        return False
    default = field.load_default() if callable(field.load_default) else field.load_default
    return default != []


def _looks_like_an_option(token: str) -> bool:
    """Whether the parser would take ``token`` for an option even in a :class:`cli.context.ValuesCommand` (a person
    called ``--as``, a campaign called ``-h``); ``-Mia`` and ``-1,0,W,ghost`` are values already. ``token`` is quoted
    for a shell (:func:`shlex.quote`): what the parser sees is judged."""
    word = shlex.split(token)[0] if token.strip() else token
    return word.startswith("--") or word.split("=", 1)[0] == "-h"


def command_line(parts: list[str], values: list[str]) -> str:
    """``parts`` (the command and its options) then the positional ``values`` (quoted), after ``--`` when one of them
    would otherwise be read as an option."""
    return " ".join([*parts, "--", *values] if any(_looks_like_an_option(v) for v in values) else [*parts, *values])


def action_line(spec: Any, fields: dict[str, Any]) -> str:
    """The command line that records an action with these (loaded) fields."""
    schema_fields = spec.schema().fields
    values: list[str] = []
    for name in spec.args:
        value = fields.get(name)
        if isinstance(value, list):
            values += [_token(schema_fields[name], v) for v in value]
        elif value is not None:
            values.append(_token(schema_fields[name], value))
    return command_line([spec.verb, *_options(spec, fields, schema_fields)], values)


def _options(spec: Any, fields: dict[str, Any], schema_fields: dict[str, mf.Field]) -> list[str]:
    """The ``--option VALUE`` tokens of the fields not given positionally."""
    parts: list[str] = []
    for name, value in fields.items():
        if name in spec.args or value is None or value is False or (value == [] and not _empty_list_says_something(schema_fields.get(name))):
            continue
        option = "--" + name.replace("_", "-")
        if value == []:
            parts += [option, "''"]  # an empty list that is not the default: a Reinforcement Table with no rows
        elif value is True:
            parts.append(option)
        elif isinstance(value, list):
            parts += [option, shlex.quote(",".join(map(str, value)))]
        else:
            parts += [option, _token(schema_fields.get(name), value)]
    return parts


def _entry_line(app: Any, view: dict[str, Any], entry: dict[str, Any], since: int | None) -> str | None:
    """The script line of one history ``entry`` (without its ``--as``), or ``None`` when nothing replays it."""
    if entry["kind"] == "created":
        setup = " ".join(f"--setup {shlex.quote(f'{k}={json.dumps(v)}')}" for k, v in entry["setup"].items())
        return command_line(["new", *([setup] if setup else [])], [entry["game"], shlex.quote(entry["name"])])
    if entry["kind"] in ("undo", "redo"):
        return entry["kind"]
    if entry["kind"] == "rename":
        return command_line(["rename"], [shlex.quote(entry["name"])])
    if entry["kind"] in ("correction", "amendment"):
        version = next((e["version"] for e in view["actions"] if e["kind"] == "action" and e["action_id"] == entry["action_id"]), None)
        target = f"v{version}" if version is not None else entry["action_id"]  # an action before --since: by its id
        values = " ".join(shlex.quote(f"{k}={json.dumps(v)}") for k, v in entry["fields"].items())
        verb = "correct" if entry["kind"] == "correction" else "amend"
        return f"{verb} {target} {values} --reason {shlex.quote(entry['reason'])}"
    if entry["kind"] == "bookmark" and since is not None and entry["at"] <= since:
        return None  # it names where the script starts (or earlier): not something that followed
    if entry["kind"] == "bookmark":
        return command_line(["bookmark"], [shlex.quote(entry["name"])])
    if entry["kind"] == "branched":
        origin = entry["from"]
        return f"# branched from {quoted(origin['name'])} ({origin['campaign_id']}) at its version {origin['version']}"
    if entry["verb"] in app.games()[view["game"]].queries:  # recorded before it became a query: nothing to replay
        return f"# {entry['summary']} (a check: stores nothing now)"
    spec = app.action_spec(view["game"], entry["verb"])
    return action_line(spec, entry["fields"])


def history_script(app: Any, view: dict[str, Any], since: int | None = None) -> str:
    """A session script that replays the campaign of a ``history`` view, undos and redos included. With ``since`` (the
    view holds only what was recorded after that version: ``history --since``), the script replays exactly that part
    onto the campaign as it stood then: it starts with ``use NAME``, not ``new``."""
    lines = [f"# {view['name']} ({view['game']}), written by `questlog history --script` at version {view['version']}"]
    if since is not None:
        lines += [f"# what followed version {since}: play it on the campaign as it stood at version {since} (a copy, or the "
                  "server's campaign that stopped there)", command_line(["use"], [shlex.quote(view["name"])])]
    for entry in view["actions"]:
        line = _entry_line(app, view, entry, since)
        if line is not None and entry.get("digital") and entry["kind"] == "action":  # no script line can make Questlog roll these
            lines.append("# Questlog rolled the dice below (a digital roll); played from this script they are entered as "
                         "a physical roll")
        if line is not None:  # who gave it (``--as``), for every kind of entry that records one
            lines.append(f"--as {shlex.quote(entry['actor'])} {line}" if entry.get("actor") and not line.startswith("#") else line)
    return "\n".join(lines)


__all__ = ["action_line", "command_line", "history_script"]
