"""What every command shares: the options of the root group and the one application per process."""

from __future__ import annotations

import importlib
import json
import sys
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import click

from domain.core.errors import BadInput, QuestlogError
from domain.core.names import quoted

if TYPE_CHECKING:
    from domain.application import Questlog


@dataclass
class Session:
    """The root group's options and the lazily opened application service (one per process)."""

    db: str | None = None
    as_json: bool = False
    actor: str | None = None
    campaign_ref: str | None = None
    _app: Questlog | None = field(default=None, repr=False)
    last_refusal: QuestlogError | None = field(default=None, repr=False)
    renamed: dict[str, str] = field(default_factory=dict, repr=False)
    """A session script's campaign names taken in the store before it ran -> the names its ``new`` lines got instead
    (:func:`cli.script.run_line`), so its later ``use NAME`` / ``--campaign NAME`` lines mean the campaign it made."""

    @property
    def app(self) -> Questlog:
        """The application service on the chosen store (opened on first use)."""
        if self._app is None:
            from infrastructure.runtime import open_questlog

            # one command at a time: one PostgreSQL connection opened at start, not the library's 5 (~15 ms a start)
            self._app = open_questlog(self.db, connections=1)
        return self._app

    def campaign_id(self) -> str:
        """The campaign commands act on: ``--campaign`` if given, else the store's current one. Raises :class:`BadInput`."""
        if self.campaign_ref:
            return self.app.find_campaign(self.campaign_ref)
        current = self.app.current_campaign()
        if current is None:
            raise BadInput("no current campaign: create one with `questlog new GAME NAME` or choose one with `questlog use NAME`")
        return current


ROOT_COMMAND = "cli.main:cli"
"""Where the root group lives, found by name (as the root finds its lazy commands): a script runs its lines
through it without the two modules importing each other."""


def root_command() -> click.Command:
    """The ``questlog`` root group."""
    module, attr = ROOT_COMMAND.split(":")
    return getattr(importlib.import_module(module), attr)


def session(ctx: click.Context) -> Session:
    """The :class:`Session` of the root context, built from the root's parameters on first use."""
    root = ctx.find_root()
    if "session" not in root.meta:
        params = root.params
        if isinstance(root.obj, Session):  # a script's lines share one Session; a line's own --as / --campaign hold for it
            root.obj.actor = params.get("actor") if params.get("actor") is not None else root.obj.actor
            root.obj.campaign_ref = params.get("campaign") if params.get("campaign") is not None else root.obj.campaign_ref
            root.meta["session"] = root.obj
        else:
            root.meta["session"] = Session(db=params.get("db"), as_json=bool(params.get("as_json")), actor=params.get("actor"),
                                           campaign_ref=params.get("campaign"))
    return root.meta["session"]


def wants_json(ctx: click.Context, local: bool = False) -> bool:
    """Whether output should be JSON (``--json`` on the root group or on the command)."""
    return local or session(ctx).as_json


def emit(ctx: click.Context, data: Any, text: str | None = None, local_json: bool = False) -> None:
    """Print ``data`` as JSON when asked, else ``text`` (or a readable rendering of ``data``)."""
    if wants_json(ctx, local_json):
        click.echo(json.dumps(data, indent=2, ensure_ascii=False, default=str))
    else:
        from .render import render

        click.echo(text if text is not None else render(data))


def fail(ctx: click.Context, error: QuestlogError, local_json: bool = False) -> None:
    """Report ``error`` (JSON on stdout with ``--json``, else a message on stderr) and exit with its code. The
    session keeps it as ``last_refusal`` (a session script's ``!CODE`` line checks its code)."""
    if isinstance(ctx.find_root().obj, Session):
        ctx.find_root().obj.last_refusal = error
    if wants_json(ctx, local_json):
        click.echo(json.dumps(error.to_dict(), indent=2, ensure_ascii=False, default=str))
    else:
        label = {2: "bad input", 3: "rule violation", 4: "refused"}.get(error.exit_code, "error")
        click.echo(f"✘ {label}: {error.message}", err=True)
    ctx.exit(error.exit_code)


def guarded(ctx: click.Context, func: Any, *args: Any, local_json: bool = False, **kwargs: Any) -> Any:
    """Call ``func``; a :class:`QuestlogError` becomes a clear message and its exit code, anything else one line
    (see :func:`unexpected`)."""
    try:
        return func(*args, **kwargs)
    except QuestlogError as error:
        fail(ctx, error, local_json)
    except Exception as error:  # a store that cannot be opened, a broken file: never a traceback
        if getattr(sys, "_questlog_debug", False):
            raise
        message, code = unexpected(error, session(ctx).db)
        click.echo(f"✘ {'refused' if code == 4 else 'error'}: {message}", err=True)
        ctx.exit(code)


def unexpected(error: BaseException, db: str | None = None) -> tuple[str, int]:
    """A failure that is not a refusal, as one line a player can act on and its exit code: no exception class
    names, no SQL, no traceback. A store another process holds locked is a conflict (4: try again); the rest is 1."""
    from infrastructure.store import resolve_db

    lines = [line.strip() for line in str(error).splitlines() if line.strip()]
    first = lines[0] if lines else "no details"
    try:
        store = resolve_db(db)
    except QuestlogError:
        store = repr(db)
    if "database is locked" in first or "lock timeout" in first.lower() or "lock_timeout" in first.lower():
        return (f"the store {store} is locked: another process (a questlog command, `questlog serve`, a backup) is "
                "writing to it; try again in a moment", 4)
    if "connection" in first.lower() and ("refused" in first.lower() or "failed" in first.lower()):
        return f"cannot reach the store {store}: {first}", 1
    return f"the store {store} or a file could not be used: {first}", 1


def parse_assignments(pairs: tuple[str, ...], usage: str, lists: tuple[str, ...] = ()) -> dict[str, Any]:
    """``NAME=VALUE`` pairs as a dict, each VALUE parsed as JSON when it is JSON (``3``, ``[1,2]``), else kept as
    text; a list may also be typed as the command line types one: ``[yellow,red]``, and for the fields named in
    ``lists`` also ``yellow,red`` or ``yellow red``. Raises :class:`BadInput` naming ``usage`` for a pair without ``=``."""
    out: dict[str, Any] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        name = name.strip()
        if not sep or not name:
            raise BadInput(f"{usage}, not {quoted(pair)}")
        try:
            out[name] = json.loads(value)
        except ValueError:
            bracketed = value.strip().startswith("[") and value.strip().endswith("]")
            out[name] = _words(value.strip()[1:-1] if bracketed else value) if bracketed or name in lists else value
    return out


def _words(text: str) -> list[str]:
    return [part for part in text.replace(",", " ").split() if part]


def write_output(path: Any, text: str) -> None:
    """Write ``text`` to the file ``path`` (UTF-8). Raises :class:`BadInput` naming the path when it cannot be written
    (a missing directory, no permission, a directory in its place): the store is not to blame."""
    from pathlib import Path

    target = Path(path).expanduser()
    try:
        target.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise cannot_write(path, exc.strerror or str(exc), "output") from None


def write_lines(path: Any, lines: Any) -> int:
    """Write each string of ``lines`` and a newline to the file ``path`` (UTF-8) as they come, never holding them all;
    returns how many were written. Raises :class:`BadInput` as :func:`write_output` does."""
    from pathlib import Path

    target, count = Path(path).expanduser(), 0
    try:
        with target.open("w", encoding="utf-8") as file:
            for line in lines:
                file.write(line + "\n")
                count += 1
    except OSError as exc:
        raise cannot_write(path, exc.strerror or str(exc), "output") from None
    return count


def cannot_write(path: Any, reason: str, option: str) -> BadInput:
    """The refusal of a file ``path`` a command was told to write (``export -o``, ``backup TARGET``) for ``reason``,
    naming the path, not the store; a missing directory says to create it (files are written only where asked)."""
    from pathlib import Path

    missing = not Path(path).expanduser().parent.is_dir()
    return BadInput(f"cannot write {quoted(str(path))}: {reason}" + (" (create the directory first)" if missing else ""), {option: ["not writable"]})


def check_directory(path: Any, option: str) -> None:
    """Refuse (:func:`cannot_write`) a file ``path`` whose directory does not exist, before anything is written:
    a command never creates directories it was not asked for."""
    import errno
    import os
    from pathlib import Path

    parent = Path(path).expanduser().parent
    if not parent.is_dir():
        raise cannot_write(path, os.strerror(errno.ENOTDIR if parent.exists() else errno.ENOENT), option)


class ValuesCommand(click.Command):
    """A click command whose positional values are never read as options: a value may start with ``-`` (a negative
    number, a grid cell such as ``-1,0,W,ghost``, a name with a leading dash: ``new nanolith -Friday``, ``bookmark -b1``).
    Only the command's own options (and ``--help``) are options; an unknown ``--word`` is still refused as an unknown
    option (a mistyped flag must not become a value). The tokens are put back in click's order, options first and every value after ``--``, so click's
    parser cannot split ``-1,0,W,ghost`` into short options (its ``h`` used to show the help and record nothing)."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        params = [p for p in self.get_params(ctx) if isinstance(p, click.Option)]
        valued = {o for p in params if not p.is_flag for o in p.opts}
        known = valued | {o for p in params for o in (*p.opts, *p.secondary_opts)} | set(self.get_help_option_names(ctx))
        options: list[str] = []
        values: list[str] = []
        rest = iter(args)
        for arg in rest:
            if arg == "--":
                values.extend(rest)
                break
            name = arg.split("=", 1)[0]
            if name in known:
                options.append(arg)
                following = next(rest, None) if arg in valued else None  # its value follows, whatever it looks like
                if following is not None:
                    options.append(following)
                continue
            if arg.startswith("--"):
                raise click.NoSuchOption(name, ctx=ctx)
            values.append(arg)
        return super().parse_args(ctx, [*options, "--", *values] if values else options)


class WholeNumber(click.ParamType):
    """A command line's whole number: ASCII digits only, optionally signed, within ``minimum..maximum`` (click's
    ``INT`` reads a full-width ``３`` as 3, and bounds nothing: ``--bgg-id 99999999999999999999`` was kept)."""

    name = "integer"

    def __init__(self, minimum: int | None = None, maximum: int | None = None) -> None:
        self.minimum, self.maximum = minimum, maximum

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int:
        if isinstance(value, int) and not isinstance(value, bool):
            number = value
        else:
            text = str(value).strip()
            digits = text[1:] if text[:1] in "+-" else text
            if not (digits.isascii() and digits.isdigit()):
                self.fail(f"{value!r} is not a whole number (digits 0-9)", param, ctx)
            if len(digits) > 18:
                self.fail(f"{text[:24]}... is far too large", param, ctx)
            number = int(text)
        if (self.minimum is not None and number < self.minimum) or (self.maximum is not None and number > self.maximum):
            low = "" if self.minimum is None else self.minimum
            high = "" if self.maximum is None else self.maximum
            self.fail(f"{number} is not within {low}..{high}", param, ctx)
        return number


WHOLE = WholeNumber()
"""Any whole number given in ASCII digits (``--expected-version``)."""
