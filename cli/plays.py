"""``questlog export-plays``: the campaign's finished plays for BG Stats or BoardGameGeek (see :mod:`domain.plays`)."""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

import click

from .context import WholeNumber, emit, guarded, session, write_output
from domain.core.names import counted


@click.command("export-plays")
@click.option("--format", "fmt", type=click.Choice(["bgstats", "bgg"]), default="bgstats", show_default=True,
              help="bgstats: BG Stats' JSON import; bgg: BoardGameGeek play XML")
@click.option("--output", "-o", type=click.Path(dir_okay=False, writable=True), help="write to this file instead of printing")
@click.option("--bgg-id", type=WholeNumber(1, 10**9), help="the game's BoardGameGeek id: remembered in this store for every "
              "later export of this game (Questlog cannot look it up; until set, exports write 0)")
@click.option("--json", "local_json", is_flag=True, help="machine-readable summary (with --output)")
@click.pass_context
def export_plays(ctx: click.Context, fmt: str, output: str | None, bgg_id: int | None, local_json: bool) -> None:
    """Write each finished play (an Encounter, a Scenario, a match, a battle, a game) with date, duration, players,
    scores and winners.

    Players are the people seated with `questlog seat`; with nobody seated, who played as the game names them
    (characters, Scientists, warbands). Each play carries a stable uuid (the same from an imported or branched copy):
    importing the same file twice adds nothing. Dates are in this machine's time zone (TZ respected).
    """
    from domain.plays import to_bgg_xml, to_bgstats

    s = session(ctx)
    if bgg_id is not None:
        guarded(ctx, lambda: s.app.set_bgg_id(s.app.get_campaign(s.campaign_id()).game, bgg_id), local_json=local_json)
    plays = guarded(ctx, lambda: s.app.finished_plays(s.campaign_id()), local_json=local_json)
    if plays and not plays[0].bgg_id:
        click.echo(f"note: {plays[0].game_title}'s BoardGameGeek id is not set, exported as 0: give it once with "
                   "`questlog export-plays --bgg-id N`", err=True)
    here = datetime.now().astimezone().tzinfo  # dates as the table's clock read them (this machine's zone, TZ respected)
    text = to_bgg_xml(plays, here) if fmt == "bgg" else json.dumps(to_bgstats(plays, here), ensure_ascii=False, indent=1)
    if output is None:
        click.echo(text)
        return
    guarded(ctx, write_output, output, text + "\n", local_json=local_json)
    summary: dict[str, Any] = {"plays": len(plays), "format": fmt, "output": output}
    emit(ctx, summary, f"✔ {counted(len(plays), 'play')} written to {output} ({fmt})", local_json)
