"""``questlog amend``, ``bookmark``, ``bookmarks``, ``branch``: campaigns as they really happen (see :mod:`domain.life`)."""

from __future__ import annotations

from typing import Any

import click

from .context import WHOLE, ValuesCommand, emit, guarded, parse_assignments, session
from .correct import list_fields, resolve_action
from domain.core.names import counted, quoted


@click.command(cls=ValuesCommand)
@click.argument("action_id", metavar="ACTION")
@click.argument("assignments", nargs=-1, required=True, metavar="FIELD=VALUE...")
@click.option("--reason", required=True, help="why the recorded outcome was wrong")
@click.option("--expected-version", type=WHOLE, help="refuse unless the campaign is at this version")
@click.option("--json", "local_json", is_flag=True, help="machine-readable output")
@click.pass_context
def amend(ctx: click.Context, action_id: str, assignments: tuple[str, ...], reason: str, expected_version: int | None,
          local_json: bool) -> None:
    """Amend a recorded outcome that was not a reveal (a Scenario ending, a reward), with a reason.

    ACTION is `vN` (the action ending at version N, see `questlog history`), an action id or a unique prefix of
    6+ characters. Every later action is decided again; the amendment is refused naming the first later action
    it would make illegal. History shows the original and the amendment. Mis-typed dice: use `correct`.
    Example: `questlog amend v12 card=A06 --reason "we drew A06, not E09"`.
    """
    s = session(ctx)

    def run() -> Any:
        cid = s.campaign_id()
        full = resolve_action(s.app, cid, action_id)
        fields = parse_assignments(assignments, "give amended values as FIELD=VALUE", list_fields(s.app, cid, full))
        return s.app.amend(cid, full, fields, reason, expected_version=expected_version, actor=s.actor)

    result = guarded(ctx, run, local_json=local_json)
    emit(ctx, result.to_dict(), f"✔ amended; {counted(len(result.events), 'consequence event')} decided again "
                                f"(now at version {result.version})", local_json)


@click.command(cls=ValuesCommand)
@click.argument("name")
@click.option("--json", "local_json", is_flag=True, help="machine-readable output")
@click.pass_context
def bookmark(ctx: click.Context, name: str, local_json: bool) -> None:
    """Name the current version NAME, for `view --at NAME`, `history --since NAME` and `branch --at NAME`."""
    s = session(ctx)
    result = guarded(ctx, lambda: s.app.bookmark(s.campaign_id(), name, actor=s.actor), local_json=local_json)
    mark = result.undone_action
    emit(ctx, {"bookmark": mark["bookmark"], "version": mark["version"]},
         f"✔ bookmark {quoted(mark['bookmark'])} names version {mark['version']}", local_json)


@click.command()
@click.option("--json", "local_json", is_flag=True, help="machine-readable output")
@click.pass_context
def bookmarks(ctx: click.Context, local_json: bool) -> None:
    """List the current campaign's bookmarks and the campaigns branched from it."""
    s = session(ctx)

    def run() -> dict[str, Any]:
        cid = s.campaign_id()
        return {"bookmarks": s.app.bookmarks(cid), "branches": s.app.branches_of(cid)}

    data = guarded(ctx, run, local_json=local_json)
    lines = [f"{name:<24} v{version}" for name, version in data["bookmarks"].items()] or ["no bookmarks yet: questlog bookmark NAME"]
    lines += [f"branch {quoted(b['name'])} ({b['id'][:8]}) from version {b['version']}" for b in data["branches"]]
    emit(ctx, data, "\n".join(lines), local_json)


@click.command(cls=ValuesCommand)
@click.argument("name")
@click.option("--at", "at", metavar="VERSION|BOOKMARK", help="copy the history up to this version or bookmark (default: now)")
@click.option("--switch/--no-switch", default=True, show_default=True, help="make the branch the current campaign")
@click.option("--json", "local_json", is_flag=True, help="machine-readable output")
@click.pass_context
def branch(ctx: click.Context, name: str, at: str | None, switch: bool, local_json: bool) -> None:
    """A practice or what-if copy: a new campaign NAME with this campaign's history up to --at.

    The original is untouched; both histories name the link (`questlog bookmarks` lists a campaign's branches).
    """
    s = session(ctx)

    def run() -> dict[str, Any]:
        cid = s.campaign_id()
        new_id = s.app.branch(cid, name, at=at, actor=s.actor)
        if switch:
            s.app.choose_campaign(new_id)
        return {"campaign_id": new_id, "name": name, "from": cid, "version": s.app.get_campaign(new_id).branched_from["version"]}

    data = guarded(ctx, run, local_json=local_json)
    emit(ctx, data, f"✔ branch {quoted(name)} ({data['campaign_id']}) copies version {data['version']}"
                    + (" and is now current" if switch else ""), local_json)


__all__ = ["amend", "bookmark", "bookmarks", "branch"]
