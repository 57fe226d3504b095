"""Every ruleset action as a click command, built from its ActionSpec's marshmallow schema.

Mapping (a contract the session scripts rely on): the fields named in ``ActionSpec.args`` are positional,
in order, and a list field among them takes the rest; every other field is a ``--kebab-case`` option;
boolean fields are flags; list options take comma-separated values or repeat. Reveal actions that roll
dice accept ``--digital`` (Questlog rolls for the table and records the values).
"""

from __future__ import annotations

import re
from typing import Any

import click
from marshmallow import fields as mf

from domain.core.ruleset import ActionSpec

from .context import emit, guarded, session


def _option_name(name: str) -> str:
    return "--" + name.replace("_", "-")


def _params(spec: ActionSpec) -> list[click.Parameter]:
    schema_fields = spec.schema().fields
    params: list[click.Parameter] = []
    for name in spec.args:
        field = schema_fields[name]
        many = isinstance(field, mf.List)
        params.append(click.Argument([name], nargs=-1 if many else 1, required=False if many else field.required))
    for name, field in schema_fields.items():
        if name in spec.args:
            continue
        help_text = field.metadata.get("description", "")
        if isinstance(field, mf.Boolean):
            params.append(click.Option([_option_name(name)], is_flag=True, default=None, help=help_text))
        elif isinstance(field, mf.List):
            params.append(click.Option([_option_name(name)], multiple=True, help=f"{help_text} (comma-separated)".strip()))
        else:
            kind = click.INT if isinstance(field, mf.Integer) else None
            params.append(click.Option([_option_name(name)], type=kind, required=field.required, help=help_text))
    if spec.dice is not None:
        params.append(click.Option(["--digital"], is_flag=True, help="Questlog rolls the dice for the table (still a reveal)"))
    params += [
        click.Option(["--expected-version"], type=int, help="refuse unless the campaign is at this version"),
        click.Option(["--action-id"], help="your own id for this action: sending it twice records it once"),
        click.Option(["--json", "local_json"], is_flag=True, help="machine-readable output"),
    ]
    return params


def raw_fields(spec: ActionSpec, values: dict[str, Any]) -> dict[str, Any]:
    """The action's raw fields from parsed click values (unset options left out; lists split on commas)."""
    schema_fields = spec.schema().fields
    raw: dict[str, Any] = {}
    for name, field in schema_fields.items():
        value = values.get(name)
        if value is None or value == ():
            if name in spec.args and isinstance(field, mf.List) and field.required:
                raw[name] = []
            continue
        if isinstance(field, mf.List) and name not in spec.args:
            value = [part.strip() for item in value for part in str(item).split(",") if part.strip()]
        raw[name] = list(value) if isinstance(value, tuple) else value
    return raw


class ActionCommand(click.Command):
    """A click command whose positional values may start with ``-`` and a digit (a negative number or a grid
    cell such as ``-1,0``); any other unknown ``-``/``--`` token is still refused as an unknown option."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        params = [p for p in self.get_params(ctx) if isinstance(p, click.Option)]
        valued = {o for p in params if not p.is_flag for o in p.opts}
        known = valued | {o for p in params for o in (*p.opts, *p.secondary_opts)}
        skip = False
        for arg in args:
            if arg == "--":
                break
            name = arg.split("=", 1)[0]
            if not skip and arg.startswith("-") and not re.match(r"-\d", arg) and name not in known:
                raise click.NoSuchOption(name, ctx=ctx)
            skip = not skip and arg in valued
        ctx.ignore_unknown_options = True
        return super().parse_args(ctx, args)


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
        emit(ctx, result.to_dict(), _result_text(s, result), local_json)

    return ActionCommand(spec.verb, params=_params(spec), callback=callback, help=spec.help, short_help=spec.help)


def _result_text(s: Any, result: Any) -> str:
    from .render import describe_events

    head = f"✔ {result.verb} recorded at version {result.version}" + (" (a reveal: earlier actions are now sealed)" if result.reveal else "")
    if result.duplicate:
        head = f"✔ {result.verb} was already recorded (action {result.action_id}); nothing new stored"
    lines = describe_events(s.app, result.campaign_id, result.events)
    return "\n".join([head, *("  " + line for line in lines)])
