"""The ``questlog`` command: campaigns, every ruleset action, undo / redo, history, views, session scripts.

Exit codes (DESIGN.md § Interfaces): 0 done, 2 bad input, 3 rule violation, 4 conflict or sealed
history, 1 anything else.
"""

from __future__ import annotations

import importlib
from typing import Any

import click

from .context import Session, ValuesCommand, WHOLE, emit, guarded, parse_assignments, session
from domain.core.names import quoted

# Commands living in their own modules, imported only when used (the CLI must not import Flask to show a board).
LAZY_COMMANDS = {"play": "cli.script:play", "serve": "cli.serve:serve_command", "token": "cli.tokens:token_group",
                 "horizon": "cli.audit:horizon", "audit": "cli.audit:audit", "rebuild": "cli.audit:rebuild",
                 "export": "cli.transfer:export", "import": "cli.transfer:import_", "verify": "cli.transfer:verify",
                 "backup": "cli.transfer:backup", "rename": "cli.transfer:rename", "correct": "cli.correct:correct",
                 "amend": "cli.life:amend", "bookmark": "cli.life:bookmark", "bookmarks": "cli.life:bookmarks",
                 "branch": "cli.life:branch", "export-plays": "cli.plays:export_plays", "stats": "cli.stats:stats",
                 "recap": "cli.stats:recap", "standings": "cli.stats:standings",
                 "timeline": "cli.stats:timeline"}


def summary(command: click.Command) -> str:
    """A command's whole first paragraph (its ``short_help`` if it has one), never click's cut at 45-80 characters or at
    the first full stop (which cut "e.g." and ended 14 summaries in "...")."""
    if command.short_help:
        return command.short_help
    first = (command.help or "").strip().split("\n\n", 1)[0]
    return " ".join(first.split())


class QuestlogGroup(click.Group):
    """The root group: built-in commands plus the actions of the current campaign's game, found at run time."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(self.commands) + sorted(LAZY_COMMANDS) + sorted(self._verbs(ctx))

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name in self.commands:
            return self.commands[name]
        if name in LAZY_COMMANDS:
            module, attr = LAZY_COMMANDS[name].split(":")
            try:
                return getattr(importlib.import_module(module), attr)
            except (ImportError, AttributeError):
                return None
        spec = self._verbs(ctx).get(name)
        if spec is None:
            return None
        from domain.core.ruleset import QuerySpec  # a game's verb: its ruleset (and marshmallow) are loaded by now

        from .actions import action_command, query_command

        return query_command(spec) if isinstance(spec, QuerySpec) else action_command(spec)

    def resolve_command(self, ctx: click.Context, args: list[str]) -> tuple[str | None, click.Command | None, list[str]]:
        """As click's, but a verb of another game says which game it belongs to and which game is current."""
        name = args[0] if args else ""
        if name and not name.startswith("-") and self.get_command(ctx, name) is None:
            from domain.core.ruleset import rulesets

            owners = [r.title for r in rulesets().values() if name in r.actions or name in r.queries]
            game = self._game(ctx)
            if owners and game:
                raise click.UsageError(f"{quoted(name)} is an action of {' and '.join(owners)}, but the current campaign is a "
                                       f"{rulesets()[game].title} campaign: `questlog campaigns` lists them, "
                                       "`questlog use NAME` switches", ctx)
            if not owners:
                from domain.core.names import did_you_mean

                hint = did_you_mean(name, [*self.commands, *LAZY_COMMANDS, *self._verbs(ctx)])
                raise click.UsageError(f"No such command {quoted(name)}{hint}.", ctx)
        return super().resolve_command(ctx, args)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        builtins = [(n, self.get_command(ctx, n)) for n in sorted(self.commands) + sorted(LAZY_COMMANDS)]
        with formatter.section("Commands"):
            formatter.write_dl([(n, summary(c)) for n, c in builtins if c])
        verbs = self._verbs(ctx)
        if verbs:
            with formatter.section(f"Actions ({self._game(ctx) or 'all games'}; `questlog ACTION --help` lists its fields)"):
                formatter.write_dl([(v, s.help) for v, s in sorted(verbs.items())])

    def _game(self, ctx: click.Context) -> str | None:
        from pathlib import Path

        from infrastructure.store import resolve_db

        s = session(ctx)
        db = resolve_db(s.db)
        if "://" not in db and not Path(db).expanduser().is_file():
            return None  # no store yet: list every game's actions without creating one just for --help
        try:
            return s.app.game_of(s.campaign_id())
        except Exception:  # no store or no current campaign yet: offer every game's actions
            return None

    def _verbs(self, ctx: click.Context) -> dict[str, Any]:
        from domain.core.ruleset import get_ruleset, rulesets
        from domain.core.table import CORE_ACTIONS

        game = self._game(ctx)
        found: dict[str, Any] = dict(CORE_ACTIONS)
        for ruleset in ([get_ruleset(game)] if game else rulesets().values()):  # only the current game's, when known
            for verb, spec in {**ruleset.actions, **ruleset.queries}.items():
                found.setdefault(verb, spec)
        return found


@click.group(cls=QuestlogGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--db", envvar="QUESTLOG_DB", help="store: a SQLite file path or a postgresql:// URL (default: a SQLite file in your data directory)")
@click.option("--json", "as_json", is_flag=True, help="machine-readable JSON output")
@click.option("--as", "actor", help="who at the table gives these commands")
@click.option("--campaign", help="act on this campaign (id, id prefix or name) instead of the current one")
@click.version_option(package_name="questlog")
@click.pass_context
def cli(ctx: click.Context, db: str | None, as_json: bool, actor: str | None, campaign: str | None) -> None:
    """Questlog: log a physical session of a campaign board game, undo until a reveal, and audit it all.

    \b
    Start:   questlog new nanolith "Tuesday group"
    Record:  questlog roll-action-dice ashitaka 2 4 5 2 6
    Look:    questlog view board
    Oops:    questlog undo
    """
    session(ctx)


@cli.command(cls=ValuesCommand)
@click.argument("game")
@click.argument("name")
@click.option("--setup", "setup", multiple=True, metavar="KEY=VALUE", help="a setup option of the game (repeatable)")
@click.option("--from-sheet", "sheet", metavar="FILE", help="start where a paper campaign stands: the game's sheet as YAML or JSON "
              "(examples/GAME/paper-sheet.yaml)")
@click.option("--json", "local_json", is_flag=True, help="machine-readable output")
@click.pass_context
def new(ctx: click.Context, game: str, name: str, setup: tuple[str, ...], sheet: str | None, local_json: bool) -> None:
    """Create a campaign of GAME called NAME and make it the current one."""
    s = session(ctx)

    def run() -> str:
        from domain.core.ruleset import get_ruleset
        from infrastructure.files import resolve_setup

        from .sheets import read_sheet

        paper = read_sheet(sheet) if sheet is not None else None
        options = resolve_setup(get_ruleset(game), parse_assignments(setup, "--setup takes KEY=VALUE"), "cli")
        cid = s.app.create_campaign(game, name, options, actor=s.actor, from_sheet=paper)
        s.app.choose_campaign(cid)
        return cid

    cid = guarded(ctx, run, local_json=local_json)
    emit(ctx, {"campaign_id": cid, "game": game, "name": name}, f"✔ new {game} campaign {quoted(name)} ({cid}) is now current", local_json)


@cli.command(cls=ValuesCommand)
@click.argument("campaign")
@click.option("--json", "local_json", is_flag=True, help="machine-readable output")
@click.pass_context
def use(ctx: click.Context, campaign: str, local_json: bool) -> None:
    """Make CAMPAIGN (id, id prefix or name) the current campaign."""
    s = session(ctx)

    def run() -> dict[str, Any]:
        cid = s.app.find_campaign(campaign)
        s.app.choose_campaign(cid)
        return s.app.summary(s.app.get_campaign(cid))

    info = guarded(ctx, run, local_json=local_json)
    emit(ctx, info, f"✔ now using {quoted(info['name'])} ({info['game']}, version {info['version']})", local_json)


@cli.command()
@click.option("--json", "local_json", is_flag=True, help="machine-readable output")
@click.pass_context
def campaigns(ctx: click.Context, local_json: bool) -> None:
    """List the campaigns in this store (the current one marked *)."""
    s = session(ctx)
    found = guarded(ctx, lambda: s.app.campaigns(), local_json=local_json)
    current = s.app.current_campaign()
    width = max((len(c["game"]) for c in found), default=0)  # nanobot-battle-arena is 20 characters: columns stay aligned
    lines = [f"{'*' if c['id'] == current else ' '} {c['id'][:8]}  {c['game']:<{width}}  v{c['version']:<6} {c['name']}"
             + (f"  — {c['current_play']}" if c["current_play"] else "") for c in found]
    emit(ctx, found, "\n".join(lines) or "no campaigns yet: questlog new GAME NAME", local_json)


def _undo_redo(verb: str) -> click.Command:
    @click.option("--expected-version", type=WHOLE, help="refuse unless the campaign is at this version")
    @click.option("--json", "local_json", is_flag=True, help="machine-readable output")
    @click.pass_context
    def command(ctx: click.Context, expected_version: int | None, local_json: bool, to: str | None = None) -> None:
        s = session(ctx)

        def run() -> Any:
            cid = s.campaign_id()
            if to is not None:
                return s.app.undo_to(cid, s.app.resolve_version(cid, to), expected_version=expected_version, actor=s.actor)
            method = s.app.undo if verb == "undo" else s.app.redo
            return method(cid, expected_version=expected_version, actor=s.actor)

        result = guarded(ctx, run, local_json=local_json)
        emit(ctx, result.to_dict(), _undone_text(verb, result), local_json)

    command.__doc__ = ("Take back the latest action not sealed by a reveal (--to: every one after a version or bookmark)."
                       if verb == "undo" else "Put back the most recently undone action (only until a new action is recorded).")
    if verb == "undo":
        command = click.option("--to", metavar="VERSION|BOOKMARK", help="take back every action recorded after this version "
                               "or bookmark, in one go (refused whole if a reveal lies in between)")(command)
    return click.command(verb)(command)


def _undone_text(verb: str, result: Any) -> str:
    """``✔ undo: took back ... (version 14, recorded by Mia); now at version 16``, one line per action taken back."""
    def one(done: dict[str, Any]) -> str:
        who = f", recorded by {done['actor']}" if done.get("actor") else ""
        return f"{done['summary']} (version {done['version']}{who})"

    done = result.undone_actions or [result.undone_action]
    took = "took back" if verb == "undo" else "put back"
    if len(done) == 1:
        return f"✔ {verb}: {took} {one(done[0])}; now at version {result.version}"
    return "\n".join([f"✔ undo: took back {len(done)} actions; now at version {result.version} (redo puts them back one by one)",
                      *(f"  · {one(d)}" for d in done)])


cli.add_command(_undo_redo("undo"))
cli.add_command(_undo_redo("redo"))


@cli.command(cls=ValuesCommand)
@click.argument("name")
@click.option("--at", metavar="VERSION|BOOKMARK", help="show the view as of this version or bookmark (time travel)")
@click.option("--json", "local_json", is_flag=True, help="machine-readable output")
@click.pass_context
def view(ctx: click.Context, name: str, at: str | None, local_json: bool) -> None:
    """Show the view NAME (board, history, ... `questlog views` lists them) of the current campaign."""
    s = session(ctx)
    cid = guarded(ctx, s.campaign_id, local_json=local_json)
    data = guarded(ctx, lambda: s.app.view(cid, name, s.app.resolve_version(cid, at)), local_json=local_json)
    if local_json or s.as_json:
        emit(ctx, data, None, True)
        return
    from .render import render_history, render_view

    emit(ctx, data, render_history(data) if name == "history" else render_view(s.app, cid, name, data))


@cli.command()
@click.option("--at", metavar="VERSION|BOOKMARK", help="only up to this version or bookmark")
@click.option("--since", metavar="VERSION|BOOKMARK", help="only what was recorded after this version or bookmark (not a later one than --at)")
@click.option("--script", "as_script", is_flag=True, help="print a session script that replays this campaign (with "
              "--since: only what followed, to replay onto the campaign as it stood then)")
@click.option("--json", "local_json", is_flag=True, help="machine-readable output")
@click.pass_context
def history(ctx: click.Context, at: str | None, since: str | None, as_script: bool, local_json: bool) -> None:
    """Every action of the current campaign, undone ones marked, with the seals and the undo horizon."""
    s = session(ctx)

    def run() -> tuple[dict[str, Any], int | None]:
        cid = s.campaign_id()
        version = s.app.resolve_version(cid, at)
        start = s.app.resolve_version(cid, since)
        if start is None:
            return s.app.view(cid, "history", version), None
        from domain.history import history_since  # only what was recorded since: read like an API history page

        return history_since(s.app, cid, start, version), start

    data, start = guarded(ctx, run, local_json=local_json)
    if as_script:
        from .history_script import history_script

        click.echo(history_script(s.app, data, start))
        return
    from .render import render_history

    emit(ctx, data, render_history(data), local_json)


@cli.command()
@click.option("--json", "local_json", is_flag=True, help="machine-readable output")
@click.pass_context
def views(ctx: click.Context, local_json: bool) -> None:
    """List the views the current campaign offers."""
    from domain.views import view_names

    s = session(ctx)
    names = guarded(ctx, lambda: view_names(s.app.get_campaign(s.campaign_id()).ruleset), local_json=local_json)
    emit(ctx, names, "\n".join(names), local_json)


@cli.command(cls=ValuesCommand)
@click.argument("game", required=False)
@click.option("--json", "local_json", is_flag=True, help="machine-readable output")
@click.pass_context
def games(ctx: click.Context, game: str | None, local_json: bool) -> None:
    """List the games, or GAME's actions with their fields and help."""
    from domain.core.ruleset import get_ruleset, rulesets

    from domain.core.catalogue import catalogue

    if game is None:
        found = {name: r.title for name, r in rulesets().items()}
        emit(ctx, found, "\n".join(f"{k:<12} {v}" for k, v in found.items()), local_json)
        return
    data = guarded(ctx, lambda: catalogue(get_ruleset(game)), local_json=local_json)
    text = "\n".join(f"{verb}  {a['usage']}\n    {a['help']}" for verb, a in data["actions"].items())
    emit(ctx, data, text, local_json)


def main() -> None:
    """Console entry point (``questlog``): whatever fails, a one-line message and the documented exit code."""
    import sys

    from domain.core.errors import QuestlogError

    bad = next((n for n, arg in enumerate(sys.argv[1:], start=1) if any("\udc80" <= ch <= "\udcff" for ch in arg)), None)
    if bad is not None:  # Python keeps undecodable bytes as lone surrogates: refuse them as bad input, before anything runs
        click.echo(f"✘ bad input: argument {bad} is not valid UTF-8", err=True)
        sys.exit(2)
    try:
        cli()
    except QuestlogError as error:
        label = {2: "bad input", 3: "rule violation", 4: "refused"}.get(error.exit_code, "error")
        click.echo(f"✘ {label}: {error.message}", err=True)
        sys.exit(error.exit_code)
    except Exception as error:  # a store that cannot be opened, a broken file: never a traceback
        from .context import unexpected

        db = next((a.split("=", 1)[1] if "=" in a else nxt for a, nxt in zip(sys.argv, sys.argv[1:] + [""])
                   if a == "--db" or a.startswith("--db=")), None)
        message, code = unexpected(error, db)
        click.echo(f"✘ {'refused' if code == 4 else 'error'}: {message}", err=True)
        sys.exit(code)


__all__ = ["cli", "main", "Session"]
