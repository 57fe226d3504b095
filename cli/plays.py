"""``questlog export-plays``: the campaign's finished plays for BG Stats or BoardGameGeek (see :mod:`domain.plays`)."""

from __future__ import annotations

import json
from typing import Any

import click

from .context import emit, guarded, session, write_output


@click.command("export-plays")
@click.option("--format", "fmt", type=click.Choice(["bgstats", "bgg"]), default="bgstats", show_default=True,
              help="bgstats: BG Stats' JSON import; bgg: BoardGameGeek play XML")
@click.option("--output", "-o", type=click.Path(dir_okay=False, writable=True), help="write to this file instead of printing")
@click.option("--json", "local_json", is_flag=True, help="machine-readable summary (with --output)")
@click.pass_context
def export_plays(ctx: click.Context, fmt: str, output: str | None, local_json: bool) -> None:
    """Write each finished play (an Encounter, a Scenario...) with date, duration, players, scores and winners.

    Players are the people seated with `questlog seat`, not the characters.
    """
    from domain.plays import to_bgg_xml, to_bgstats

    s = session(ctx)
    plays = guarded(ctx, lambda: s.app.finished_plays(s.campaign_id()), local_json=local_json)
    text = to_bgg_xml(plays) if fmt == "bgg" else json.dumps(to_bgstats(plays), ensure_ascii=False, indent=1)
    if output is None:
        click.echo(text)
        return
    guarded(ctx, write_output, output, text + "\n", local_json=local_json)
    summary: dict[str, Any] = {"plays": len(plays), "format": fmt, "output": output}
    emit(ctx, summary, f"✔ {len(plays)} play(s) written to {output} ({fmt})", local_json)
