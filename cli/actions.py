"""Every ruleset action as a click command, built from its ActionSpec's marshmallow schema.

Mapping (a contract the session scripts rely on): the fields named in ``ActionSpec.args`` are positional,
in order, and a list field among them takes the rest; every other field is a ``--kebab-case`` option;
boolean fields are flags; list options take comma-separated values or repeat. Reveal actions that roll
dice accept ``--digital`` (Questlog rolls for the table and records the values).
"""

from __future__ import annotations

from typing import Any

import click
from marshmallow import fields as mf
from marshmallow import validate

from domain.core.fields import choices_of
from domain.core.ruleset import ActionSpec, QuerySpec

from .context import WHOLE, ValuesCommand, emit, guarded, session


def _option_name(name: str) -> str:
    return "--" + name.replace("_", "-")


def _min_length(field: mf.Field) -> int:
    return max([v.min or 0 for v in field.validators if isinstance(v, validate.Length)] or [0])


def _argument(spec: ActionSpec, name: str, field: mf.Field) -> click.Argument:
    """A positional field: a list takes the rest (required when it needs entries and Questlog cannot roll them),
    a field that lists its values shows them (``{up|down}``)."""
    inner = field.inner if isinstance(field, mf.List) else field
    kind = click.Choice(choices_of(inner)) if choices_of(inner) else None
    if isinstance(field, mf.List):
        needed = field.required and _min_length(field) > 0 and spec.dice is None
        return click.Argument([name], nargs=-1, required=needed, type=kind)
    return click.Argument([name], required=field.required, type=kind)


def _params(spec: ActionSpec) -> list[click.Parameter]:
    schema_fields = spec.schema().fields
    params: list[click.Parameter] = [_argument(spec, name, schema_fields[name]) for name in spec.args]
    for name, field in schema_fields.items():
        if name in spec.args:
            if isinstance(field, mf.List):  # the rest of the line, or as an option: a script written either way runs
                params.append(click.Option([_option_name(name), f"{name}{AS_OPTION}"], multiple=True,
                                           help="the same values as the trailing arguments (comma-separated)"))
            continue
        help_text = field.metadata.get("description", "")
        if isinstance(field, mf.Boolean):
            params.append(click.Option([_option_name(name)], is_flag=True, default=None, help=help_text))
        elif isinstance(field, mf.List):
            values = choices_of(field.inner)
            listed = f" (one of {', '.join(values)};" if values else " ("
            params.append(click.Option([_option_name(name)], multiple=True, help=f"{help_text}{listed} comma-separated)".strip()))
        else:
            kind = click.Choice(choices_of(field)) if choices_of(field) else WHOLE if isinstance(field, mf.Integer) else None
            params.append(click.Option([_option_name(name)], type=kind, required=field.required, help=help_text))
    if spec.dice is not None:
        params.append(click.Option(["--digital"], is_flag=True, help="Questlog rolls the dice for the table (still a reveal)"))
    params += [
        click.Option(["--expected-version"], type=WHOLE, help="refuse unless the campaign is at this version"),
        click.Option(["--action-id"], help="your own id for this action: sending it twice records it once"),
        click.Option(["--json", "local_json"], is_flag=True, help="machine-readable output"),
    ]
    return params


def _help(spec: ActionSpec) -> str:
    """The action's help line, then what each positional field takes (click shows no help for arguments)."""
    schema_fields = spec.schema().fields
    lines = [spec.help + (" (a reveal: it seals every earlier action)" if spec.reveal else "")]
    if spec.args:
        lines += ["", "\b", "Arguments:"]
        for name in spec.args:
            field = schema_fields[name]
            inner = field.inner if isinstance(field, mf.List) else field
            said = field.metadata.get("description") or inner.metadata.get("description") or ""
            values = f"one of {', '.join(choices_of(inner))}" if choices_of(inner) else ""
            lines.append(f"  {name.upper():<12} {'; '.join(x for x in (said, values) if x) or '-'}")
        if spec.dice is not None:
            lines.append("  (leave the dice out with --digital: Questlog rolls them)")
    return "\n".join(lines)


AS_OPTION = "__as_option"
"""Suffix of the click parameter that takes a positional list field as an option (``recruit ... --card good``)."""


def raw_fields(spec: ActionSpec, values: dict[str, Any]) -> dict[str, Any]:
    """The action's raw fields from parsed click values (unset options left out; lists split on commas). A positional
    list field given as its option too has the option's values first, then the trailing arguments."""
    schema_fields = spec.schema().fields
    raw: dict[str, Any] = {}
    for name, field in schema_fields.items():
        value = values.get(name)
        as_option = [part.strip() for item in values.get(f"{name}{AS_OPTION}") or () for part in str(item).split(",") if part.strip()]
        if as_option:
            value = [*as_option, *(value or ())]
        if value is None or value == ():
            if name in spec.args and isinstance(field, mf.List) and field.required:
                raw[name] = []
            continue
        if isinstance(field, mf.List) and name not in spec.args:
            value = [part.strip() for item in value for part in str(item).split(",") if part.strip()]
        raw[name] = list(value) if isinstance(value, tuple) else value
    return raw


class ActionCommand(ValuesCommand):
    """An action's click command: its positional values are never read as options (:class:`cli.context.ValuesCommand`:
    a negative number, a grid cell such as ``-1,0,W,ghost``, a name with a leading dash)."""


def action_command(spec: ActionSpec) -> click.Command:
    """A click command that records ``spec``'s action on the current campaign."""

    def callback(**values: Any) -> None:
        ctx = click.get_current_context()
        local_json = values.pop("local_json", False)
        expected = values.pop("expected_version", None)
        action_id = values.pop("action_id", None)
        digital = bool(values.pop("digital", False))
        s = session(ctx)

        def run() -> Any:
            cid = s.campaign_id()
            return s.app.record(cid, spec.verb, raw_fields(spec, values), expected_version=expected, actor=s.actor,
                                action_id=action_id, digital=digital)

        result = guarded(ctx, run, local_json=local_json)
        ended = s.app.ended_play(result)
        out = result.to_dict() if ended is None else {**result.to_dict(), "play_ended": ended}
        emit(ctx, out, _result_text(s, result) + (_recap_hint(ended) if ended else ""), local_json)

    return ActionCommand(spec.verb, params=_params(spec), callback=callback, help=_help(spec), short_help=spec.help)


def query_command(spec: QuerySpec) -> click.Command:
    """A click command that asks ``spec``'s query of the current campaign and prints the answer; it stores nothing.
    Its file fields (``spec.files``) are read here, at the edge (``infrastructure.files``), never by the query."""

    def callback(**values: Any) -> None:
        ctx = click.get_current_context()
        local_json = values.pop("local_json", False)
        s = session(ctx)

        def run() -> Any:
            from infrastructure.files import resolve_query

            cid = s.campaign_id()
            fields = resolve_query(s.app.get_campaign(cid).ruleset, spec, raw_fields(spec, values), "cli")
            return s.app.ask(cid, spec.verb, fields)

        data = guarded(ctx, run, local_json=local_json)
        from .render import render

        emit(ctx, data, f"✔ {spec.verb}: nothing stored\n{render(data)}", local_json)

    params = [p for p in _params(spec) if p.name not in ("expected_version", "action_id")]
    return ActionCommand(spec.verb, params=params, callback=callback, help=spec.help + " (a query: nothing stored)",
                         short_help=spec.help)


def _recap_hint(ended: dict[str, Any]) -> str:
    """The line after an action that finished a play: where its recap is (issue 30)."""
    return f"\n✔ play {ended['n']} finished: {ended['title']} ({ended['outcome']}). Its recap: questlog recap {ended['n']}"


def _result_text(s: Any, result: Any) -> str:
    from .render import describe_events

    head = f"✔ {result.verb} recorded at version {result.version}" + (" (a reveal: earlier actions are now sealed)" if result.reveal else "")
    if result.duplicate:
        head = f"✔ {result.verb} was already recorded (action {result.action_id}); nothing new stored"
    lines = describe_events(s.app, result.campaign_id, result.events)
    return "\n".join([head, *("  " + line for line in lines)])
