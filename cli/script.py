"""Session scripts, Questlog's notation (DESIGN.md § Session scripts): ``questlog play FILE`` (``questlog
history --script`` writes them: :mod:`.history_script`).

A line is what would follow ``questlog`` on a command line (shell quoting); ``# ...`` and blank lines are
skipped; ``! <command>`` must be refused as bad input, a rule violation, or a conflict / sealed history
(exit 2, 3 or 4); ``!CODE <command>`` must be refused with that code (``!sealed undo``, ``!rule_violation ...``) and
``!CODE "text" <command>`` also with a message containing the text; ``expect VIEW PATH VALUE`` compares the view's JSON at the dotted PATH with VALUE
(everything after PATH, parsed as JSON). ``play`` stops at the first failing line with its number, the
line and the reason, and exits with that line's code (1 for a failed ``expect``).
"""

from __future__ import annotations

import contextlib
import io
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import click

from domain.core.errors import BadInput, QuestlogError
from domain.core.ruleset import get_ruleset
from domain.core.table import CORE_ACTIONS

from .context import Session, ValuesCommand, WholeNumber, emit, root_command, session
from .history_script import history_script
from domain.core.names import quoted

REFUSAL_CODES = (2, 3, 4)
NOT_IN_SCRIPTS = ("play", "serve")  # a script playing itself would recurse; a server never returns


WHITESPACE = " \t\r\n"
"""What separates the words of a line (:mod:`shlex`'s POSIX whitespace)."""


def split_line(line: str) -> list[str]:
    """The words of a script line as ``shlex.split(line)`` gives them (POSIX shell quoting: ``'...'`` literal,
    ``"..."`` with ``\\`` escaping only ``"`` and ``\\``, a backslash outside quotes escaping any character), in
    time linear in the line's length: :mod:`shlex` grows each word a character at a time, quadratic (a 1 MB line
    took 20 s and more; a ``history --script`` line carries a paper sheet of up to 1 MB). Raises ``ValueError``
    ("No closing quotation", "No escaped character") exactly where :func:`shlex.split` does."""
    words: list[str] = []
    word: list[str] = []
    in_word = False  # a word has begun (an empty quoted '' is a word)
    i, n = 0, len(line)
    while i < n:
        ch = line[i]
        if ch in WHITESPACE:
            if in_word:
                words.append("".join(word))
                word, in_word = [], False
            i += 1
        elif ch == "\\":
            if i + 1 >= n:
                raise ValueError("No escaped character")
            word.append(line[i + 1])
            in_word, i = True, i + 2
        elif ch == "'":
            end = line.find("'", i + 1)
            if end < 0:
                raise ValueError("No closing quotation")
            word.append(line[i + 1:end])
            in_word, i = True, end + 1
        elif ch == '"':
            i, in_word = i + 1, True
            while True:
                if i >= n:
                    raise ValueError("No closing quotation")
                c = line[i]
                if c == '"':
                    i += 1
                    break
                if c == "\\":
                    if i + 1 >= n:
                        raise ValueError("No escaped character")
                    nxt = line[i + 1]
                    word.append(nxt if nxt in '"\\' else c + nxt)
                    i += 2
                    continue
                stop = min((k for k in (line.find('"', i), line.find("\\", i)) if k >= 0), default=n)
                word.append(line[i:stop])
                i = stop
        else:
            start = i
            while i < n and line[i] not in WHITESPACE and line[i] not in "\\'\"":
                i += 1
            word.append(line[start:i])
            in_word = True
    if in_word:
        words.append("".join(word))
    return words


class MalformedExpect(Exception):
    """An ``expect`` line that is not ``expect VIEW PATH JSON`` (bad input: exit 2)."""


class ScriptFailure(Exception):
    """A line of a script that did not do what it says: ``code`` is the exit code ``play`` ends with."""

    def __init__(self, number: int, line: str, reason: str, code: int) -> None:
        super().__init__(f"line {number}: {line}\n  {reason}")
        self.number, self.line, self.reason, self.code = number, line, reason, code


class Interrupted(Exception):
    """Ctrl-C while a script played: ``number`` / ``line`` is where it came, ``stored`` whether that line's action
    was stored all the same, ``last`` the last line stored before it as ``(number, line, version)`` (or ``None``)."""

    def __init__(self, number: int, line: str, stored: bool, version: int | None, last: tuple[int, str, int] | None) -> None:
        super().__init__(f"interrupted at line {number}")
        self.number, self.line, self.stored, self.version, self.last = number, line, stored, version, last

    def to_dict(self) -> dict[str, Any]:
        """The JSON report (``error: interrupted``)."""
        last = {"line": self.last[0], "text": self.last[1], "version": self.last[2]} if self.last else None
        return {"error": "interrupted", "line": self.number, "text": self.line, "stored": self.stored,
                "version": self.version, "last_stored": last, "exit_code": 130}

    def message(self) -> str:
        """What a table needs to go on: which line was the last one stored, at which version, and where to resume."""
        if self.stored:
            return (f"✘ interrupted at line {self.number}: {self.line}\n  that line was stored (campaign version "
                    f"{self.version}): go on with `questlog play FILE --from-line {self.number + 1}`")
        before = (f"the last line stored is line {self.last[0]}: {self.last[1]} (version {self.last[2]})" if self.last
                  else "no line of this script was stored")
        return f"✘ interrupted at line {self.number}: {self.line}\n  that line was not stored; {before}: go on with `questlog play FILE --from-line {self.number}`"


def run_command(s: Session, args: list[str]) -> tuple[int, str]:
    """Run one command line in-process on the shared session; returns (exit code, what it printed).
    Raises ``KeyboardInterrupt`` when Ctrl-C came while it ran (click turns it into ``Abort``)."""
    out = io.StringIO()
    held = s.actor, s.campaign_ref  # a line's own --as / --campaign hold for that line only
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
        try:
            code = root_command().main(args=args, prog_name="questlog", standalone_mode=False, obj=s)
        except click.ClickException as exc:
            exc.show()
            code = exc.exit_code
        except click.Abort as abort:
            if isinstance(abort.__cause__ or abort.__context__, KeyboardInterrupt):
                raise KeyboardInterrupt from None
            code = 1
        finally:
            s.actor, s.campaign_ref = held
    return (code or 0), out.getvalue().strip()


def split_expect(rest: str) -> tuple[str, str, str]:
    """``VIEW PATH VALUE`` -> its three parts; PATH ends at the first space outside double quotes."""
    name, _, tail = rest.strip().partition(" ")
    tail, end, in_quotes = tail.lstrip(), 0, False
    while end < len(tail) and (in_quotes or not tail[end].isspace()):
        in_quotes = in_quotes != (tail[end] == '"')
        end += 1
    if in_quotes:
        raise MalformedExpect(f"PATH has an unclosed quote: {tail}")
    if not name or not tail[:end] or not tail[end:].strip():
        raise MalformedExpect("expect needs VIEW PATH VALUE")
    return name, tail[:end], tail[end:].strip()


def path_parts(path: str) -> list[str]:
    """A dotted PATH's keys; a double-in_quotes segment is one key as written, dots and spaces included:
    ``shops."Naboo's Shop".cool-down-lv-2`` -> ``["shops", "Naboo's Shop", "cool-down-lv-2"]``."""
    parts, current, in_quotes = [], "", False
    for ch in path:
        if ch == '"':
            in_quotes = not in_quotes
        elif ch == "." and not in_quotes:
            parts.append(current)
            current = ""
        else:
            current += ch
    return [*parts, current]


def lookup(data: Any, parts: list[str]) -> Any:
    """The value at ``parts`` (list indexes are numbers). Raises ``KeyError``."""
    node = data
    for part in parts:
        if isinstance(node, list) and part.isdigit() and int(part) < len(node):
            node = node[int(part)]
        elif isinstance(node, dict) and part in node:
            node = node[part]
        else:
            raise KeyError(part)
    return node


def check_expect(s: Session, rest: str) -> str | None:
    """Check ``VIEW PATH VALUE``; returns ``None`` if it holds, else the reason it does not."""
    name, path, raw = split_expect(rest)
    try:
        expected = json.loads(raw)
    except ValueError as exc:
        raise MalformedExpect(f"VALUE is not JSON ({exc}): {raw}") from None
    try:
        data = s.app.view(s.campaign_id(), name)
    except QuestlogError as exc:
        return exc.message
    try:
        actual = lookup(data, path_parts(path))
    except KeyError:
        return f"the {name} view has no {quoted(path)}"
    if actual != expected:
        return f"expected {json.dumps(expected)}, got {json.dumps(actual)}"
    return None


REFUSAL_NAMES = ("invalid_input", "rule_violation", "sealed", "nothing_to_undo", "nothing_to_redo", "stale_version",
                 "idempotency_conflict", "not_found", "conflict")
"""The codes a ``!CODE`` line may name (DESIGN.md § Interfaces: the API's stable ``error`` codes)."""


@dataclass(frozen=True)
class Refusal:
    """What a ``!`` line expects: any refusal (``code`` None), one with ``code``, and a ``text`` its message contains."""

    code: str | None
    text: str | None

    def mismatch(self, code: str, output: str) -> str | None:
        """Why a refusal with ``code`` and message ``output`` is not the one expected, or ``None``."""
        if self.code is not None and code != self.code:
            return f"with {code}, not {self.code}"
        if self.text is not None and self.text not in output:
            return f"the message does not say {quoted(self.text)}"
        return None


def parse_refusal(line: str) -> tuple[Refusal, list[str]]:
    """``! cmd``, ``!CODE cmd`` or ``!CODE "text" cmd`` -> (what is expected, the command's arguments).
    Raises ``ValueError`` for an unknown code or a line that does not split."""
    head, _, rest = line[1:].partition(" ") if not line[1:2].isspace() else ("", "", line[1:])
    if head and head not in REFUSAL_NAMES:
        raise ValueError(f"unknown refusal code {quoted(head)}; codes: {', '.join(REFUSAL_NAMES)}")
    text = None
    if head and rest.lstrip().startswith('"'):
        said, *args = split_line(rest)
        return Refusal(head, said), args
    return Refusal(head or None, text), split_line(rest)


def run_line(s: Session, number: int, line: str) -> str:
    """Run one script line; returns a short report, or raises :class:`ScriptFailure`."""
    if line.startswith("expect ") or line == "expect":
        try:
            reason = check_expect(s, line[len("expect "):])
        except MalformedExpect as bad:
            raise ScriptFailure(number, line, str(bad), 2) from None
        if reason:
            raise ScriptFailure(number, line, reason, 1)
        return "✔ " + line
    refused = line.startswith("!")
    try:
        want, args = parse_refusal(line) if refused else (Refusal(None, None), split_line(line))
    except ValueError as exc:
        raise ScriptFailure(number, line, f"cannot split the line: {exc}", 2) from None
    if args and args[0] in NOT_IN_SCRIPTS:
        raise ScriptFailure(number, line, f"`{args[0]}` cannot run inside a session script", 2)
    if any(a == "--db" or a.startswith("--db=") for a in args[:len(args) - len(_past_root_options(args))]):
        # the session's store is opened once, for the whole script: a line's own store would be ignored
        raise ScriptFailure(number, line, "a script line cannot name its own store (--db): the whole script plays into "
                                          "the store `questlog --db FILE play SCRIPT` names", 2)
    s.last_refusal = None
    args = _renamed(s, args)
    action = _action_verb(s, args)
    before = _position(s) if action else None
    code, output = run_command(s, args)
    first = output.splitlines()[0] if output else ""
    if not refused and code != 0 and (again := _new_again(s, args)) is not None:
        name, args = again
        code, output = run_command(s, args)
        first = (output.splitlines()[0] if output else "") + f" (this store already had a campaign called {name!r})"
    if refused:
        if code == 0 and action and (after := _position(s)) != before and after is not None:
            raise ScriptFailure(number, line, f"was accepted but must be refused; it is stored (the campaign is now at "
                                              f"version {after[1]}: `questlog undo` takes it back)", 1)
        if code not in REFUSAL_CODES:
            raise ScriptFailure(number, line, "was accepted but must be refused" if code == 0 else f"failed with exit {code}: {output}",
                                code or 1)
        mismatch = want.mismatch(s.last_refusal.code if s.last_refusal else "invalid_input", output)
        if mismatch:
            raise ScriptFailure(number, line, f"refused, but {mismatch}: {first}", 1)
        return f"✔ {line}  → refused (exit {code}): {first}"
    if code != 0:
        raise ScriptFailure(number, line, output or f"exit {code}", code)
    helped = asks_for_help(args)
    if action and (helped or _position(s) == before):
        # an action line that showed help or stored nothing is not a recorded action: replaying it would go on silently
        raise ScriptFailure(number, line, f"the {action} line recorded nothing" + (" (it asks for help)" if helped else ""), 1)
    return f"{line}  → {first}" if first else line


def _new_again(s: Session, args: list[str]) -> tuple[str, list[str]] | None:
    """A ``new GAME NAME`` line refused because the store already has a campaign called NAME (a script played a second
    time into the same store, as the README's Quick start is): the name taken and the line again with the first free
    ``NAME (2)``, ``NAME (3)``..., remembered in ``s.renamed``; ``None`` for any other line or refusal. A ``! new`` line
    that expects the refusal is never run again."""
    command = _past_root_options(args)
    refusal = s.last_refusal
    if len(command) < 3 or command[0] != "new" or any(a.startswith("-") for a in command[1:3]) or refusal is None \
            or getattr(refusal, "fields", {}).get("name") != ["already taken in this store"]:
        return None
    name = command[2]
    for n in range(2, 10_000):
        fresh = f"{name} ({n})"
        try:
            s.app.find_campaign(fresh)
        except QuestlogError:  # no campaign by that name (nor an id it could be a prefix of)
            s.renamed[name] = fresh
            at = len(args) - len(command) + 2
            return name, [*args[:at], fresh, *args[at + 1:]]
    return None


def _renamed(s: Session, args: list[str]) -> list[str]:
    """``args`` with a campaign name this script's ``new`` gave another name (:func:`_new_again`) replaced by that name,
    in ``use NAME`` and ``--campaign NAME``."""
    if not s.renamed:
        return args
    out = list(args)
    for i, arg in enumerate(out[:-1]):
        if arg == "--campaign" and out[i + 1] in s.renamed:
            out[i + 1] = s.renamed[out[i + 1]]
    command = _past_root_options(out)
    if len(command) >= 2 and command[0] == "use" and command[1] in s.renamed:
        out[len(out) - len(command) + 1] = s.renamed[command[1]]
    return out


HELP_FLAGS = frozenset({"--help", "-h"})


def asks_for_help(args: list[str]) -> bool:
    """Whether ``args`` ask for help: ``-h`` or ``--help`` before any ``--`` (after it, ``-h`` is a value: a person
    called ``-h``, as ``history --script`` writes it)."""
    return bool(HELP_FLAGS & set(args[:args.index("--")] if "--" in args else args))


ROOT_VALUED = ("--as", "--campaign", "--db")
"""The root group's options that take a value (``--as Mia seat Mia ashitaka``: the command starts after them)."""


def _past_root_options(args: list[str]) -> list[str]:
    """``args`` from the command on: the root group's options before it (``--as NAME``, ``--json``) left out."""
    while args and (args[0] in (*ROOT_VALUED, "--json") or args[0].split("=", 1)[0] in ROOT_VALUED):
        args = args[2:] if args[0] in ROOT_VALUED else args[1:]
    return args


def _action_verb(s: Session, args: list[str]) -> str | None:
    """The verb of ``args`` when it records an action of the current campaign's game (not a read, not a query, not one
    naming its own ``--action-id``, which may be a repeat that records once), else ``None``."""
    args = _past_root_options(args)
    if not args or "--action-id" in args or any(a.startswith("--action-id=") for a in args):
        return None
    try:
        game = s.app.get_campaign(s.campaign_id()).game
        return args[0] if args[0] in {**get_ruleset(game).actions, **CORE_ACTIONS} else None
    except QuestlogError:
        return None


def play_file(s: Session, path: Path, echo: Any = None, start: int = 1) -> int:
    """Run a script from line ``start`` (1: the whole of it); returns the number of lines run. Raises
    :class:`ScriptFailure`."""
    count = 0
    try:
        text = path.read_text(encoding="utf-8")
    except (UnicodeDecodeError, OSError) as exc:
        raise BadInput(f"cannot read {quoted(str(path))} as a UTF-8 session script: {exc}") from None
    total = len(text.splitlines())
    if start > max(total, 1):
        raise BadInput(f"--from-line {start} is past the end of {path.name}: it has {total} lines")
    last: tuple[int, str, int] | None = None
    previous: tuple[int, str, tuple[str, int] | None] | None = None  # the line before, and where the campaign stood then
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if number < start or not line or line.startswith("#"):
            continue
        try:
            before = _position(s)
            if previous and before and before != previous[2]:
                last = (previous[0], previous[1], before[1])
            previous = (number, line, before)
            report = run_line(s, number, line)
            count += 1
            if echo:
                echo(f"{number:>4}  {report}")
        except KeyboardInterrupt:
            now = _position(s)
            moved = previous is not None and now is not None and now != previous[2]
            if moved and previous[0] != number:  # interrupted before this line began: the one before it stored
                last = (previous[0], previous[1], now[1])
            raise Interrupted(number, line, moved and previous[0] == number, now[1] if now else None, last) from None
    return count


def _position(s: Session) -> tuple[str, int] | None:
    """The campaign a script line acts on and its version (``None`` before there is one): a line stored something
    when this moves."""
    try:
        cid = s.campaign_id()
        return cid, s.app.get_campaign(cid).version
    except QuestlogError:
        return None


@click.command(cls=ValuesCommand)
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--show", default=None, help="view to print at the end (default: the game's main view; '' for none)")
@click.option("--quiet", is_flag=True, help="print only failures and the final view")
@click.option("--from-line", "start", type=WholeNumber(1), default=1, show_default=True,
              help="go on from this line (after an interrupted play: the lines before it are not run again)")
@click.option("--json", "local_json", is_flag=True, help="machine-readable output")
@click.pass_context
def play(ctx: click.Context, file: Path, show: str | None, quiet: bool, start: int, local_json: bool) -> None:
    """Run the session script FILE line by line (`!` lines must be refused, `expect` lines checked).

    Ctrl-C stops it with exit 130, saying whether the line it came in was stored and which line was the last one
    stored (with the campaign's version), so the table knows where to go on: `questlog play FILE --from-line N`."""
    s = session(ctx)
    as_json = local_json or s.as_json
    if not file.is_file():
        _stop(ctx, as_json, {"error": "invalid_input", "message": f"no script file {quoted(str(file))}"}, 2)
    try:
        count = play_file(s, file, None if (quiet or as_json) else click.echo, start)
    except Interrupted as stop:
        click.echo(json.dumps(stop.to_dict(), indent=2, ensure_ascii=False) if as_json else stop.message(), err=not as_json)
        ctx.exit(130)
    except ScriptFailure as failure:
        _stop(ctx, as_json, {"error": "script_failed", "line": failure.number, "text": failure.line,
                             "reason": failure.reason, "exit_code": failure.code}, failure.code)
    except QuestlogError as error:
        _stop(ctx, as_json, error.to_dict(), error.exit_code)
    data: dict[str, Any] = {"file": str(file), "lines": count}
    if s.renamed:
        data["renamed"] = dict(s.renamed)
    view_data = None
    if show is None:
        try:
            show = get_ruleset(s.app.game_of(s.campaign_id())).main_view
        except QuestlogError as error:
            _stop(ctx, as_json, error.to_dict(), error.exit_code)
    if show:
        try:
            view_data = s.app.view(s.campaign_id(), show)
        except QuestlogError as error:
            _stop(ctx, as_json, error.to_dict(), error.exit_code)
        data["view"] = {show: view_data}
    if as_json:
        emit(ctx, data, None, True)
        return
    click.echo(f"✔ {count} lines of {file} played")
    for taken, fresh in s.renamed.items():
        click.echo(f"  this store already had a campaign called {taken!r}: the script's new one is {fresh!r}")
    if view_data is not None:
        from .render import render_view

        click.echo(f"\n{show}:\n{render_view(s.app, s.campaign_id(), show, view_data)}")


def _stop(ctx: click.Context, as_json: bool, payload: dict[str, Any], code: int) -> None:
    if as_json:
        click.echo(json.dumps(payload, indent=2, ensure_ascii=False))
    elif payload.get("error") == "script_failed":
        click.echo(f"✘ line {payload['line']}: {payload['text']}\n  {payload['reason']}", err=True)
    else:
        click.echo(f"✘ {payload['message']}", err=True)
    ctx.exit(code)


__all__ = ["play", "play_file", "history_script", "ScriptFailure", "BadInput"]
