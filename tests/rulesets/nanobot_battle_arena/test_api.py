"""The whole match and the league recorded over the real HTTP API (SQLite and PostgreSQL) show the same views,
current play and history as the same scripts played by the installed CLI."""

from pathlib import Path

import pytest

from infrastructure.runtime import open_questlog
from tests.api.conftest import serve
from tests.api.test_end_to_end import play_with_cli, replay_over_http

EXAMPLES = Path(__file__).resolve().parents[3] / "examples" / "nanobot-battle-arena"


@pytest.fixture
def live(store_url):
    yield from serve(store_url)


@pytest.mark.parametrize("script", ["full-game.ql", "league.ql"])
def test_a_match_recorded_through_the_api_shows_what_the_cli_shows(live, script, tmp_path):
    play_with_cli(EXAMPLES / script, tmp_path / "cli.sqlite")
    cli_app = open_questlog(str(tmp_path / "cli.sqlite"))
    try:
        (campaign,) = cli_app.campaigns()
        cid = replay_over_http(live, cli_app, campaign)
        shown = live.call("GET", f"/campaigns/{cid}").json()
        assert shown["version"] == campaign["version"]
        for name in ("board", "score", "standings"):
            assert live.call("GET", f"/campaigns/{cid}/views/{name}").json()["data"] == cli_app.view(campaign["id"], name)
    finally:
        cli_app.close()
