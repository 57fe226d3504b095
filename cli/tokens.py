"""``questlog token``: create, list and revoke the API's tokens (stored hashed, in the same store)."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import click

from domain.core.errors import BadInput

from .context import ValuesCommand, emit, guarded, session
from domain.core.names import quoted


@click.group("token")
def token_group() -> None:
    """API tokens: an admin token, or a token for some campaigns (optionally read-only, for spectators)."""


@token_group.command("create")
@click.option("--admin", is_flag=True, help="every campaign; may create campaigns and grant tokens")
@click.option("--campaign", "campaigns", multiple=True, metavar="ID", help="a campaign this token may use (id, id prefix or name; repeatable)")
@click.option("--read-only", is_flag=True, help="may only read the campaigns (a spectator's share token)")
@click.option("--label", default="", help="who or what the token is for")
@click.option("--seat", default=None, metavar="PERSON", help="may record only this person's characters' actions and the table's")
@click.option("--expires", default=None, metavar="DURATION", help="stops working after this long: 90m, 12h, 7d")
@click.option("--join-code", is_flag=True, help="also print a short code to type at /join (one campaign)")
@click.option("--json", "local_json", is_flag=True, help="machine-readable output")
@click.pass_context
def create(ctx: click.Context, admin: bool, campaigns: tuple[str, ...], read_only: bool, label: str, seat: str | None,
           expires: str | None, join_code: bool, local_json: bool) -> None:
    """Create a token and print it (this once: only its hash is stored)."""
    from domain.access import issue_invite, issue_token

    s = session(ctx)

    def run() -> dict:
        ids = [s.app.find_campaign(c) for c in campaigns]
        options = {"read_only": read_only, "label": label, "seat": seat, "expires_at": expiry(expires)}
        if join_code:
            if len(ids) != 1 or admin:
                raise BadInput("--join-code invites to one --campaign")
            token, grant, code = issue_invite(s.app, ids[0], **options)
            return {"token": token, **grant.to_dict(), "join_code": code}
        token, grant = issue_token(s.app, admin=admin, campaigns=ids, **options)
        return {"token": token, **grant.to_dict()}

    data = guarded(ctx, run, local_json=local_json)
    extra = (f", seat {data['seat']}" if data["seat"] else "") + (f", until {data['expires_at']}" if data["expires_at"] else "")
    extra += f", join code {data['join_code']}" if data.get("join_code") else ""
    emit(ctx, data, f"{data['token']}\n(token {data['token_id']}, {_scope(data)}{extra}; shown once: keep it safe)", local_json)


def _scope(grant: dict) -> str:
    if grant["admin"]:
        return "admin"
    return f"{'read-only ' if grant['read_only'] else ''}campaigns {', '.join(grant['campaigns'])}"


def expiry(text: str | None) -> datetime | None:
    """``--expires``: a duration (``90m``, ``12h``, ``7d``) from now, as an aware UTC datetime. Raises :class:`BadInput`."""
    if text is None:
        return None
    units = {"m": 60, "h": 3600, "d": 86400}
    number, unit = text.strip()[:-1], text.strip()[-1:].lower()
    if unit not in units or not number.isdigit() or not 0 < int(number) <= 10_000:
        raise BadInput(f"--expires takes a duration such as 90m, 12h or 7d, not {quoted(text)}")
    return datetime.now(timezone.utc) + timedelta(seconds=int(number) * units[unit])


@token_group.command("list")
@click.option("--json", "local_json", is_flag=True, help="machine-readable output")
@click.pass_context
def list_(ctx: click.Context, local_json: bool) -> None:
    """List the live tokens (ids and grants, never the tokens)."""
    from domain.access import list_tokens

    s = session(ctx)
    grants = [g.to_dict() for g in guarded(ctx, list_tokens, s.app, local_json=local_json)]
    lines = [f"{g['token_id']}  {'admin' if g['admin'] else ('read-only ' if g['read_only'] else '') + ','.join(c[:8] for c in g['campaigns'])}"
             f"{'  seat ' + g['seat'] if g['seat'] else ''}  {g['label']}  {g['created_at']}"
             f"{'  until ' + g['expires_at'] if g['expires_at'] else ''}" for g in grants]
    emit(ctx, grants, "\n".join(lines) or "no tokens: questlog token create --admin", local_json)


@token_group.command("revoke", cls=ValuesCommand)
@click.argument("token_id")
@click.option("--json", "local_json", is_flag=True, help="machine-readable output")
@click.pass_context
def revoke(ctx: click.Context, token_id: str, local_json: bool) -> None:
    """Revoke the token TOKEN_ID (as `questlog token list` shows it)."""
    from domain.access import revoke_token

    s = session(ctx)
    grant = guarded(ctx, revoke_token, s.app, token_id, local_json=local_json)
    emit(ctx, grant.to_dict(), f"✔ revoked token {grant.token_id}", local_json)
