"""``questlog stats``, ``questlog recap [PLAY]`` and ``questlog standings``: the pictures of a campaign (issue 30).

Thin over :mod:`projections.statistics`; scipy and matplotlib are imported only when one of these commands runs.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from .context import ValuesCommand, WholeNumber, emit, guarded, session, wants_json, write_output
from domain.core.names import quoted

BAR = 24
"""Characters of the terminal's longest bar."""


def _bar(n: int, top: int) -> str:
    return "█" * round(BAR * n / top) if top else ""


def _dice_table(groups: list[dict[str, Any]], title: str, by: str = "") -> Any:
    from rich.table import Table

    table = Table(title=title, title_justify="left")
    for column in ([by] if by else []) + ["die", "face", "rolls", "", "luck"]:
        table.add_column(column)
    for g in groups:
        top = max((n for _, n in g["counts"]), default=0)
        for i, (face, n) in enumerate(g["counts"]):
            first = i == 0
            row = ([str(g.get(by.lower(), "") or "—") if first else ""] if by else []) + [
                g["label"] if first else "", str(face), str(n), _bar(n, top), _luck(g) if first else ""]
            table.add_row(*row)
        table.add_section()
    return table


def _luck(g: dict[str, Any]) -> str:
    if not g.get("tested"):
        return f"{g['rolls']} rolls (faces not printed: counts only)"
    if g.get("chi2") is None:
        return "no rolls"
    words = f"{g['rolls']} rolls, fair {g['expected']:.3g} each; χ² {g['chi2']:.3g} (dof {g['dof']}), p {g['p']:.3g}"
    return words + ("" if g["meaningful"] else f"; means little before {g['needs']} rolls")


def _curves_table(latest: dict[str, Any]) -> Any:
    from rich.table import Table

    table = Table(title=f"Curves of {latest['name']} ({latest['actions']} actions)", title_justify="left")
    for column in ("series", "of", "start", "highest", "last", "over the play"):
        table.add_column(column)
    for series in latest["curves"].values():
        for key, points in sorted(series["lines"].items()):
            values = [p[1] for p in points]
            table.add_row(series["label"], key or "—", _n(values[0]), _n(max(values)), _n(values[-1]), _spark(_every(values, 24)))
    return table


def _every(values: list[float], count: int) -> list[float]:
    """``count`` values spread evenly over ``values`` (all of them when there are fewer), the last one included."""
    if len(values) <= count:
        return values
    return [values[round(i * (len(values) - 1) / (count - 1))] for i in range(count)]


def _spark(values: list[float]) -> str:
    marks = "▁▂▃▄▅▆▇█"
    low, high = min(values), max(values)
    return "".join(marks[0 if high == low else round((v - low) / (high - low) * 7)] for v in values)


def _n(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:.3g}"


def _print(*renderables: Any) -> None:
    from rich.console import Console

    console = Console(highlight=False, soft_wrap=False, width=120)
    for r in renderables:
        console.print(r)


@click.command()
@click.option("--by", type=click.Choice(["kind", "character", "person", "digital"]), default="kind", show_default=True,
              help="group the dice by die kind alone, or by kind and character, person, physical/digital (a play's: recap)")
@click.option("--json", "local_json", is_flag=True, help="machine-readable output (every grouping)")
@click.option("--csv", "as_csv", is_flag=True, help="CSV: a header, one row per series point of the latest play, then dice faces")
@click.option("--chart", type=click.Path(dir_okay=False), help="also draw the dice luck to this .svg or .png file")
@click.pass_context
def stats(ctx: click.Context, by: str, local_json: bool, as_csv: bool, chart: str | None) -> None:
    """Dice luck of the current campaign (each face against the fair expectation, chi-square and p-value) and the
    curves of its latest play. Undone actions never count; corrected dice count as corrected."""
    from projections.statistics import campaign_stats, series_csv

    s = session(ctx)
    data = guarded(ctx, lambda: campaign_stats(s.app, s.campaign_id()), local_json=local_json)
    if chart:
        guarded(ctx, _draw, chart, lambda fmt: _dice_chart(data, fmt), local_json=local_json)
    if as_csv:
        click.echo(series_csv(data), nl=False)
        if chart:  # on stderr: stdout is the CSV a spreadsheet opens
            click.echo(f"✔ chart written to {chart}", err=True)
        return
    if wants_json(ctx, local_json):
        emit(ctx, {**data, "chart": chart} if chart else data, local_json=local_json)
        return
    c = data["campaign"]
    click.echo(f"{c['title']} · {c['name']} · version {c['version']}")
    grouped = data["dice"][by]
    label = {"kind": "", "character": "who", "person": "person", "digital": "digital"}[by]
    tables = [_dice_table(grouped, "Dice luck", label.capitalize() if label else "")] if grouped else []
    if data["latest_play"]:
        tables.append(_curves_table(data["latest_play"]))
    if not tables:
        click.echo("No dice rolled and no play recorded yet.")
    _print(*tables)
    if chart:
        click.echo(f"✔ chart written to {chart}")


def _dice_chart(data: dict[str, Any], fmt: str) -> bytes:
    from projections.charts import dice_chart

    return dice_chart(data["dice"]["kind"], fmt, f"Dice luck · {data['campaign']['name']}")


def _draw(path: str, draw: Any) -> None:
    """Write a chart to ``path``; its suffix picks the format. Raises ``BadInput`` for another suffix or an unwritable path."""
    from domain.core.errors import BadInput

    from .context import check_directory

    fmt = Path(path).suffix.lower().lstrip(".")
    if fmt not in ("svg", "png"):
        raise BadInput(f"a chart is written as .svg or .png, not {quoted(Path(path).name)}", {"chart": ["use a .svg or .png file name"]})
    check_directory(path, "chart")
    Path(path).write_bytes(draw(fmt))


@click.command(cls=ValuesCommand)
@click.argument("play", type=WholeNumber(1), required=False)
@click.option("--html", "html_out", type=click.Path(dir_okay=False), help="write the recap as one self-contained HTML file")
@click.option("--image", type=click.Path(dir_okay=False), help="write the recap's picture to this .svg or .png file")
@click.option("--json", "local_json", is_flag=True, help="machine-readable output")
@click.pass_context
def recap(ctx: click.Context, play: int | None, html_out: str | None, image: str | None, local_json: bool) -> None:
    """A play's recap (PLAY: 1 for the campaign's first; default the latest): when and how long, who played, the
    result, the turning points, the dice luck and the curves."""
    from projections.statistics import recap as build

    s = session(ctx)
    data = guarded(ctx, lambda: build(s.app, s.campaign_id(), play), local_json=local_json)
    if html_out:
        from projections.recap_html import recap_html

        guarded(ctx, write_output, html_out, recap_html(data), local_json=local_json)
    if image:
        from projections.recap_html import recap_image

        guarded(ctx, _draw, image, lambda fmt: recap_image(data, fmt), local_json=local_json)
    if wants_json(ctx, local_json):
        emit(ctx, data, local_json=local_json)
        return
    p = data["play"]
    people = ", ".join(f"{x['name']} ({', '.join(x.get('characters', []))})" + (" ★" if x.get("winner") else "") for x in p["players"])
    click.echo(f"{p['title']}: {p['outcome'] or 'in progress'} · play {p['n']} of {p['of']}\n"
               f"{p['started'][:16].replace('T', ' ')} UTC, {p['duration_min']} min, {p['actions']} actions · {people or 'nobody seated'}")
    click.echo("Turning points:" if data["turning_points"] else "Turning points: none named")
    for t in data["turning_points"]:
        click.echo(f"  action {t['step']}: {t['text']}")
    tables = [_dice_table(data["dice"]["kind"], "Dice luck of the play")] if data["dice"]["kind"] else []
    tables.append(_curves_table({"name": p["title"], "actions": p["actions"], "curves": data["curves"]}))
    _print(*tables)
    for path in (html_out, image):
        if path:
            click.echo(f"✔ written to {path}")


@click.command()
@click.option("--json", "local_json", is_flag=True, help="machine-readable output")
@click.pass_context
def standings(ctx: click.Context, local_json: bool) -> None:
    """Each person across every campaign of the store: co-operative and competitive records apart (a tie counts as a
    win for everyone tied), and the timeline of sessions with their plays."""
    from projections.statistics import standings as build

    s = session(ctx)
    data = guarded(ctx, lambda: build(s.app), local_json=local_json)
    if wants_json(ctx, local_json):
        emit(ctx, data, local_json=local_json)
        return
    from rich.table import Table

    table = Table(title="Standings", title_justify="left")
    for column in ("person", "co-op plays", "won", "lost", "competitive plays", "won", "tied", "lost", "score"):
        table.add_column(column)
    for person, row in data["people"].items():
        co, comp = row["cooperative"], row["competitive"]
        table.add_row(person, *(str(co[k]) for k in ("plays", "wins", "losses")), *(str(comp[k]) for k in ("plays", "wins", "ties", "losses", "score")))
    timeline = Table(title="Timeline", title_justify="left")
    for column in ("date", "campaign", "play", "result", "players"):
        timeline.add_column(column)
    for day in data["timeline"]:
        for i, p in enumerate(day["plays"]):
            timeline.add_row(day["date"] if i == 0 else "", p["campaign"], p["title"], p["outcome"] + (" (practice)" if p["practice"] else ""),
                             ", ".join(x["name"] + (" ★" if x["winner"] else "") for x in p["players"]))
    _print(table, timeline)


@click.command()
@click.option("--json", "local_json", is_flag=True, help="machine-readable output")
@click.pass_context
def timeline(ctx: click.Context, local_json: bool) -> None:
    """The current campaign over time: each person's record in it (co-operative and competitive apart), its finished
    plays in order, and its progress after each (every person's score per play, and the series the game declares:
    Nanolith's stickers and unlocks)."""
    from projections.statistics import campaign_standings

    s = session(ctx)
    data = guarded(ctx, lambda: campaign_standings(s.app, s.campaign_id()), local_json=local_json)
    if wants_json(ctx, local_json):
        emit(ctx, data, local_json=local_json)
        return
    from rich.table import Table

    people = Table(title=f"Standings · {data['campaign']['name']}", title_justify="left")
    for column in ("person", "co-op plays", "won", "lost", "competitive plays", "won", "tied", "lost", "score"):
        people.add_column(column)
    for person, row in data["people"].items():
        co, comp = row["cooperative"], row["competitive"]
        people.add_row(person, *(str(co[k]) for k in ("plays", "wins", "losses")), *(str(comp[k]) for k in ("plays", "wins", "ties", "losses", "score")))
    plays = data["timeline"]["plays"]
    table = Table(title="Timeline (after each finished play)", title_justify="left")
    for column in ("series", "", *(f"{p['n']}" for p in plays)):
        table.add_column(column)
    for series in data["timeline"]["series"].values():
        for i, (key, points) in enumerate(sorted(series["lines"].items())):
            at = {n: v for n, v in points}
            table.add_row(series["label"] if i == 0 else "", key, *(_number(at.get(p["n"])) for p in plays))
    played = Table(title="Plays", title_justify="left")
    for column in ("#", "ended", "play", "result"):
        played.add_column(column)
    for p in plays:
        played.add_row(str(p["n"]), p["ended"][:16].replace("T", " "), p["title"], p["outcome"])
    _print(people, played, table)


def _number(value: float | None) -> str:
    if value is None:
        return "—"
    return str(int(value)) if float(value).is_integer() else f"{value:.3g}"


__all__ = ["recap", "standings", "stats", "timeline"]
