"""Audit commands: the undo horizon, the filtered audit history, chain verification, read-model rebuild."""

from __future__ import annotations

from typing import Any

import click

from .context import emit, guarded, session


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
@click.option("--limit", type=click.IntRange(1, 100000), default=1000, show_default=True)
@click.option("--offset", type=click.IntRange(0), default=0)
@click.option("--json", "local_json", is_flag=True, help="machine-readable output")
@click.pass_context
def audit(ctx: click.Context, character: str | None, event_type: str | None, play: str | None, limit: int, offset: int,
          local_json: bool) -> None:
    """The audit history of the current campaign from the persisted read model, filtered."""
    s = session(ctx)

    def run() -> list[dict[str, Any]]:
        cid = s.campaign_id()
        s.app.read_models.catch_up()
        char = s.app.get_campaign(cid).ruleset.resolve_character(character) if character else None
        return s.app.read_models.audit(cid, char, event_type, play, limit, offset)

    rows = guarded(ctx, run, local_json=local_json)
    lines = []
    for r in rows:
        what = r["summary"] if r["kind"] in ("action", "correction", "amendment") else f"{r['kind']} of {r['action_id'][:8]}"
        marks = (" [undone]" if r["status"] == "undone" else "") + (" [reveal]" if r["reveal"] else "")
        lines.append(f"v{r['version']:>5} {r['recorded_at']} {r['actor'] or '-':<10} {what}{marks}")
        if r["kind"] in ("correction", "amendment"):
            lines.extend(f"         · {'corrected' if r['kind'] == 'correction' else 'amended'} to {e['fields']}" for e in r["events"])
        else:
            lines.extend(f"         · {e['type']} {e['data']}" for e in r["events"])
    emit(ctx, rows, "\n".join(lines) or "no matching actions", local_json)


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
