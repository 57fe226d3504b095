"""Moving campaigns around: export, import, verify (tamper evidence), backup, rename."""

from __future__ import annotations

import contextlib
import sqlite3
from pathlib import Path
from typing import Any

import click

from domain.core.errors import BadInput

from .context import ValuesCommand, cannot_write, check_directory, emit, guarded, session, write_lines
from domain.core.names import quoted


@click.command()
@click.option("--output", "-o", type=click.Path(dir_okay=False, path_type=Path), help="write to FILE instead of stdout")
@click.option("--force", is_flag=True, help="export even a campaign that fails verify (with a warning)")
@click.option("--json", "local_json", is_flag=True, help="with --output: report the file as JSON (the export itself is JSON Lines)")
@click.pass_context
def export(ctx: click.Context, output: Path | None, force: bool, local_json: bool) -> None:
    """Write the current campaign as JSON Lines (its stored form, hashes included); refused if it fails verify."""
    from domain.transfer import export_lines

    s = session(ctx)
    cid = guarded(ctx, s.campaign_id, local_json=local_json)

    def warn(report: dict) -> None:
        click.echo(f"⚠ warning: this campaign fails verify at version {report['position']}: {report['reason']}; "
                   "the export will fail verify too", err=True)

    lines = guarded(ctx, lambda: export_lines(s.app, cid, force=force, warn=warn), local_json=local_json)  # verified once, here
    if output is None:
        for line in lines:
            click.echo(line)
        return
    events = guarded(ctx, write_lines, output, lines, local_json=local_json) - 1
    if local_json or s.as_json:
        emit(ctx, {"file": str(output), "events": events}, None, True)
    else:
        click.echo(f"✔ exported {events} events to {output}", err=True)


@click.command("import", cls=ValuesCommand)
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--name", help="a new name for the imported campaign (needed when its name is taken in this store)")
@click.option("--json", "local_json", is_flag=True, help="machine-readable output")
@click.pass_context
def import_(ctx: click.Context, file: Path, name: str | None, local_json: bool) -> None:
    """Import an export FILE under a new id (refused if its chain is broken) and make it current."""
    from domain.transfer import import_campaign

    s = session(ctx)

    def run(progress: Any = None) -> dict:
        if not file.is_file():
            raise BadInput(f"no export file {quoted(str(file))}")
        cid = import_campaign(s.app, _read(file), name=name, actor=s.actor, progress=progress)
        s.app.choose_campaign(cid)
        return s.app.summary(s.app.get_campaign(cid))

    from rich.console import Console

    console = Console(stderr=True)
    if local_json or s.as_json or not console.is_terminal:  # a bar off a terminal left a blank line around every message
        info = guarded(ctx, run, local_json=local_json)
    else:
        from rich.progress import Progress

        with Progress(console=console, transient=True) as bar:  # stderr: stdout keeps the one result line
            task = bar.add_task("importing", total=None)
            info = guarded(ctx, run, lambda stage, done, total: bar.update(task, description=stage, completed=done, total=total))
    emit(ctx, info, f"✔ imported {quoted(info['name'])} ({info['game']}, version {info['version']}) as {info['id']}; now current", local_json)


@click.command(cls=ValuesCommand)
@click.argument("file", required=False, type=click.Path(dir_okay=False, path_type=Path))
@click.option("--json", "local_json", is_flag=True, help="machine-readable output")
@click.pass_context
def verify(ctx: click.Context, file: Path | None, local_json: bool) -> None:
    """Check the tamper-evident chain of the current campaign, or of an export FILE; names the first broken link."""
    from domain.transfer import verify_export

    s = session(ctx)

    def run() -> dict:
        if file is None:
            return s.app.verify(s.campaign_id())
        if not file.is_file():
            raise BadInput(f"no export file {quoted(str(file))}")
        return verify_export(s.app, _read(file))

    report = guarded(ctx, run, local_json=local_json)
    where = f" at {'line' if file else 'version'} {report['position']}" if report.get("position") else ""
    text = (f"✔ the chain holds: {report['records']} records, head {report['head'][:16]}…\n  checked: {'; '.join(report['checked'])}"
            if report["ok"] else f"✘ broken{where}: {report['reason']}")
    emit(ctx, report, text, local_json)
    if not report["ok"]:
        ctx.exit(4)


@click.command(cls=ValuesCommand)
@click.argument("target", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--force", is_flag=True, help="replace TARGET if it exists (whatever it holds: another store is overwritten)")
@click.option("--json", "local_json", is_flag=True, help="machine-readable output")
@click.pass_context
def backup(ctx: click.Context, target: Path, force: bool, local_json: bool) -> None:
    """Copy the SQLite store to TARGET consistently, even while others are writing to it.

    TARGET is a new file in a directory that exists; an existing file is replaced only with --force."""
    s = session(ctx)

    def run() -> None:
        source = s.app.env.get("SQLITE_DBNAME")
        if s.app.env.get("PERSISTENCE_MODULE") != "eventsourcing.sqlite" or not source:
            raise BadInput("backup copies a SQLite store; for PostgreSQL use pg_dump (or questlog export per campaign)")
        if target.resolve() == Path(source).resolve():
            raise BadInput("the backup target is the store itself")
        check_directory(target, "target")  # as export -o: never a directory made up from a typo
        if target.exists() and not force:
            raise BadInput(f"cannot write {quoted(str(target))}: the file already exists; name a new file, or add --force to replace it",
                           {"target": ["already exists"]})
        _copy_store(source, target)

    guarded(ctx, run, local_json=local_json)
    emit(ctx, {"backup": str(target), "bytes": target.stat().st_size}, f"✔ backed up to {target}", local_json)


def _copy_store(source: str, target: Path) -> None:
    """Copy the SQLite store ``source`` into ``target`` with SQLite's online backup API (a consistent snapshot of the
    whole file, however many are writing). An existing SQLite store at ``target`` is overwritten through SQLite (its
    journal and readers are respected); any other file there is removed first. Raises :class:`BadInput` naming
    ``target`` when it cannot be opened; a failure of the copy itself reaches the caller as it is."""
    if target.exists() and not _is_store(target):
        target.unlink()  # --force on a file that is no store (a text file, a damaged one): replaced whole
    with contextlib.closing(sqlite3.connect(source, timeout=30)) as src:
        try:
            dst = sqlite3.connect(target)
        except sqlite3.Error as exc:  # an unwritable directory: the target's fault, not the store's
            raise cannot_write(target, str(exc), "target") from None
        with contextlib.closing(dst):
            src.backup(dst)


def _is_store(path: Path) -> bool:
    """Whether ``path`` is a SQLite file SQLite can read (an empty file is not: it holds nothing to respect)."""
    with path.open("rb") as file:
        if file.read(16) != b"SQLite format 3\x00":
            return False
    try:
        with contextlib.closing(sqlite3.connect(path)) as conn:
            conn.execute("PRAGMA schema_version")
        return True
    except sqlite3.DatabaseError:
        return False


@click.command(cls=ValuesCommand)
@click.argument("name")
@click.option("--json", "local_json", is_flag=True, help="machine-readable output")
@click.pass_context
def rename(ctx: click.Context, name: str, local_json: bool) -> None:
    """Rename the current campaign (recorded in its history)."""
    s = session(ctx)
    version = guarded(ctx, lambda: s.app.rename_campaign(s.campaign_id(), name, actor=s.actor), local_json=local_json)
    emit(ctx, {"name": name.strip(), "version": version}, f"✔ renamed {quoted(name.strip())} (version {version})", local_json)


def _read(file: Path) -> str:
    """The file's text exactly as stored (no newline translation: a CRLF line is not a line Questlog wrote); bytes
    that are not UTF-8 are kept as escapes, so the check names their line."""
    try:
        return file.read_bytes().decode("utf-8", errors="surrogateescape")
    except OSError as exc:
        raise BadInput(f"cannot read {quoted(str(file))} as a JSON Lines export: {exc}") from None
