"""Audit commands: the undo horizon, the filtered audit history, chain verification, read-model rebuild."""

from __future__ import annotations

from typing import Any

import click

from .context import WholeNumber, emit, guarded, session


@click.command()
@click.option("--json", "local_json", is_flag=True, help="machine-readable output")
@click.pass_context
def horizon(ctx: click.Context, local_json: bool) -> None:
    """How far back undo can go, and which reveal stops it."""
    s = session(ctx)
    data = guarded(ctx, lambda: s.app.get_campaign(s.campaign_id()).horizon(), local_json=local_json)
    lines = [f"undo can take back: {a['summary']} (version {a['version']})" for a in data["undoable"]] or ["nothing to undo"]
    if data["seal"]:
        lines.append(f"sealed at version {data['seal']['version']} by {data['seal']['summary']}")
    emit(ctx, data, "\n".join(lines), local_json)


@click.command()
@click.option("--character", help="only actions involving this character id")
@click.option("--event", "event_type", help="only actions that produced this event type (e.g. NanoshockTriggered)")
@click.option("--play", help="only actions recorded during a play whose label contains this text")
@click.option("--limit", type=WholeNumber(1, 100000), default=1000, show_default=True)
@click.option("--offset", type=WholeNumber(0), default=0)
@click.option("--json", "local_json", is_flag=True, help="machine-readable output")
@click.pass_context
def audit(ctx: click.Context, character: str | None, event_type: str | None, play: str | None, limit: int, offset: int,
          local_json: bool) -> None:
    """The audit history of the current campaign from the persisted read model, filtered."""
    s = session(ctx)

    def run() -> tuple[list[dict[str, Any]], Any]:
        cid = s.campaign_id()
        s.app.read_models.catch_up()
        ruleset = s.app.get_campaign(cid).ruleset
        char = ruleset.resolve_character(character) if character else None
        return s.app.read_models.audit(cid, char, event_type, play, limit, offset), ruleset

    rows, ruleset = guarded(ctx, run, local_json=local_json)
    named = {r["action_id"]: r["summary"] for r in rows if r["kind"] == "action" and r["summary"]}
    emit(ctx, rows, "\n".join(line for r in rows for line in _audit_lines(ruleset, r, named)) or "no matching actions", local_json)


def _audit_lines(ruleset: Any, row: dict[str, Any], named: dict[str, str] | None = None) -> list[str]:
    """One audit row in words: its summary, then each event as its history line (as ``history`` shows it), a
    correction's or amendment's new values as ``field value``; never a Python dict. An undo or redo names the action
    it took back or put back by its summary when ``named`` (action id -> summary) has it, else by its id."""
    from domain.core.ruleset import plain_words
    from domain.history import ruleset_text

    target = (named or {}).get(row["action_id"]) or row["action_id"][:8]
    what = row["summary"] if row["kind"] in ("action", "correction", "amendment") else f"{row['kind']} of {target}"
    marks = (" [undone]" if row["status"] == "undone" else "") + (" [reveal]" if row["reveal"] else "")
    lines = [f"v{row['version']:>5} {row['recorded_at']} {row['actor'] or '-':<10} {what}{marks}"]
    if row["kind"] in ("correction", "amendment"):
        done = "corrected" if row["kind"] == "correction" else "amended"
        return lines + [f"         · {done} to {plain_words(e['fields'])}" for e in row["events"]]
    return lines + [f"         · {ruleset_text(ruleset, e)}" for e in row["events"]]


@click.command()
@click.option("--json", "local_json", is_flag=True, help="machine-readable output")
@click.pass_context
def rebuild(ctx: click.Context, local_json: bool) -> None:
    """Drop the persisted read models and rebuild them from every stored event."""
    s = session(ctx)
    if local_json or s.as_json:
        read = guarded(ctx, lambda: s.app.read_models.rebuild(), local_json=True)
        emit(ctx, {"notifications": read, "position": s.app.read_models.recorder.position()}, None, True)
        return
    from rich.progress import Progress

    with Progress(transient=False) as bar:
        task = bar.add_task("rebuilding read models", total=None)
        read = guarded(ctx, lambda: s.app.read_models.rebuild(lambda done, total: bar.update(task, completed=done, total=total)))
    click.echo(f"✔ rebuilt from {read} stored events")
