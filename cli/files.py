"""``questlog check-content``: check content packs without storing anything (a query, not an action)."""

from __future__ import annotations

import os
from typing import Any

import click

from domain.core.errors import BadInput
from domain.core.ruleset import get_ruleset

from .context import emit, guarded, session

OPTION = "content"


@click.command("check-content")
@click.argument("paths", nargs=-1)
@click.option("--path", "more", multiple=True, help="a pack file or directory to check too (repeatable)")
@click.option("--json", "local_json", is_flag=True, help="machine-readable output")
@click.pass_context
def check_content(ctx: click.Context, paths: tuple[str, ...], more: tuple[str, ...], local_json: bool) -> None:
    """Check the content packs the current campaign's game would read (QUESTLOG_CONTENT, then PATHS): refused
    naming file, entry and field of the first error; nothing is stored."""
    s = session(ctx)

    def run() -> list[dict[str, Any]]:
        from infrastructure.files import resolve_setup

        ruleset = get_ruleset(s.app.game_of(s.campaign_id()))
        if OPTION not in ruleset.file_options:
            raise BadInput(f"{ruleset.title} has no content packs")
        given = os.pathsep.join([*paths, *more])
        packs = resolve_setup(ruleset, {OPTION: given} if given else {}, "cli").get(OPTION) or []
        return [_summary(p) for p in packs]

    packs = guarded(ctx, run, local_json=local_json)
    lines = [f"✔ {p['file']}: {p['pack']} v{p['version']} ({', '.join(f'{n} {k}' for k, n in p['entries'].items() if n) or 'no entries'})"
             for p in packs]
    emit(ctx, {"packs": packs}, "\n".join(lines) or "✔ only the shipped packs (no QUESTLOG_CONTENT, no PATH)", local_json)


def _summary(pack: Any) -> dict[str, Any]:
    """A checked pack: its name, version, file and how many entries each section gives."""
    sections = pack.get("sections") or {}
    return {"pack": pack.get("pack"), "version": pack.get("version"), "file": pack.get("file"),
            "entries": {name: len(entries) for name, entries in sections.items()}}
