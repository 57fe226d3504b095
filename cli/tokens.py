"""``questlog token``: create, list and revoke the API's tokens (stored hashed, in the same store)."""

from __future__ import annotations

import click

from .context import emit, guarded, session


@click.group("token")
def token_group() -> None:
    """API tokens: an admin token, or a token for some campaigns (optionally read-only, for spectators)."""


@token_group.command("create")
@click.option("--admin", is_flag=True, help="every campaign; may create campaigns and grant tokens")
@click.option("--campaign", "campaigns", multiple=True, metavar="ID", help="a campaign this token may use (id, id prefix or name; repeatable)")
@click.option("--read-only", is_flag=True, help="may only read the campaigns (a spectator's share token)")
@click.option("--label", default="", help="who or what the token is for")
@click.option("--json", "local_json", is_flag=True, help="machine-readable output")
@click.pass_context
def create(ctx: click.Context, admin: bool, campaigns: tuple[str, ...], read_only: bool, label: str, local_json: bool) -> None:
    """Create a token and print it (this once: only its hash is stored)."""
    from domain.access import issue_token

    s = session(ctx)

    def run() -> dict:
        ids = [s.app.find_campaign(c) for c in campaigns]
        token, grant = issue_token(s.app, admin=admin, campaigns=ids, read_only=read_only, label=label)
        return {"token": token, **grant.to_dict()}

    data = guarded(ctx, run, local_json=local_json)
    scope = "admin" if data["admin"] else f"{'read-only ' if data['read_only'] else ''}campaigns {', '.join(data['campaigns'])}"
    emit(ctx, data, f"{data['token']}\n(token {data['token_id']}, {scope}; shown once: keep it safe)", local_json)


@token_group.command("list")
@click.option("--json", "local_json", is_flag=True, help="machine-readable output")
@click.pass_context
def list_(ctx: click.Context, local_json: bool) -> None:
    """List the live tokens (ids and grants, never the tokens)."""
    from domain.access import list_tokens

    s = session(ctx)
    grants = [g.to_dict() for g in guarded(ctx, list_tokens, s.app, local_json=local_json)]
    lines = [f"{g['token_id']}  {'admin' if g['admin'] else ('read-only ' if g['read_only'] else '') + ','.join(c[:8] for c in g['campaigns'])}"
             f"  {g['label']}  {g['created_at']}" for g in grants]
    emit(ctx, grants, "\n".join(lines) or "no tokens: questlog token create --admin", local_json)


@token_group.command("revoke")
@click.argument("token_id")
@click.option("--json", "local_json", is_flag=True, help="machine-readable output")
@click.pass_context
def revoke(ctx: click.Context, token_id: str, local_json: bool) -> None:
    """Revoke the token TOKEN_ID (as `questlog token list` shows it)."""
    from domain.access import revoke_token

    s = session(ctx)
    grant = guarded(ctx, revoke_token, s.app, token_id, local_json=local_json)
    emit(ctx, grant.to_dict(), f"✔ revoked token {grant.token_id}", local_json)
