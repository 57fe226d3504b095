"""``questlog correct``: fix a mis-typed physical result (not an undo: later actions are decided again)."""

from __future__ import annotations


import click

from .context import WHOLE, ValuesCommand, emit, guarded, parse_assignments, session
from domain.core.names import counted, quoted


@click.command(cls=ValuesCommand)
@click.argument("action_id", metavar="ACTION")
@click.argument("assignments", nargs=-1, required=True, metavar="FIELD=VALUE...")
@click.option("--reason", required=True, help="why the recorded value was wrong")
@click.option("--expected-version", type=WHOLE, help="refuse unless the campaign is at this version")
@click.option("--json", "local_json", is_flag=True, help="machine-readable output")
@click.pass_context
def correct(ctx: click.Context, action_id: str, assignments: tuple[str, ...], reason: str, expected_version: int | None,
            local_json: bool) -> None:
    """Correct the values a reveal recorded, e.g. `questlog correct 3f2a... dice=[1,4,5,2,6] --reason "typo"`.

    ACTION is the action's id, a unique prefix of 6+ characters of it, or `vN`: the action ending at
    version N as `questlog history` shows it.
    Every later action is decided again with its own recorded values; the correction is refused, naming
    the first later action it would make illegal. Digital rolls cannot be corrected.
    """
    s = session(ctx)

    def run():
        cid = s.campaign_id()
        full = resolve_action(s.app, cid, action_id)
        lists = list_fields(s.app, cid, full)
        return s.app.correct(cid, full, parse_assignments(assignments, "give corrections as FIELD=VALUE", lists), reason,
                             expected_version=expected_version, actor=s.actor)

    result = guarded(ctx, run, local_json=local_json)
    emit(ctx, result.to_dict(), f"✔ corrected; {counted(len(result.events), 'consequence event')} decided again "
                                f"(now at version {result.version})", local_json)


def list_fields(app, cid: str, action_id: str) -> tuple[str, ...]:
    """The list fields of the action being corrected or amended: typed as the CLI takes them (``unlock=P04``,
    ``1,3,4``) or as JSON (``[yellow,red]``)."""
    from marshmallow import fields as mf

    verb = next(a["verb"] for a in app.stored_actions(cid) if a["kind"] == "action" and a["action_id"] == action_id)
    spec = app.action_spec(app.game_of(cid), verb)
    return tuple(name for name, field in spec.schema().fields.items() if isinstance(field, mf.List))


def resolve_action(app, cid: str, ref: str) -> str:
    """The action id ``ref`` names: ``vN`` (the action ending at version N, or the one a redo at version N put back, as
    `questlog history` shows them), a full id, or a unique prefix of 6+ characters. Raises ``BadInput``."""
    from domain.core.errors import BadInput

    entries = app.stored_actions(cid)
    actions = [a for a in entries if a["kind"] == "action"]
    if ref[:1] == "v" and ref[1:].isascii() and ref[1:].isdigit() and len(ref) <= 20:
        by_version = [a["action_id"] for a in entries if a["version"] == int(ref[1:]) and a["kind"] in ("action", "redo")]
        if by_version:
            return by_version[0]
        raise BadInput(f"no action ends at version {ref[1:]} (see `questlog history`)")
    ids = [a["action_id"] for a in actions]
    if ref in ids:
        return ref
    matches = [i for i in ids if len(ref) >= 6 and i.startswith(ref)]
    if len(matches) == 1:
        return matches[0]
    raise BadInput(f"no single action {quoted(ref[:40])} in this campaign (see `questlog history --json` for action ids)")
