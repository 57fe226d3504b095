"""The whole Nemesis game recorded through the real API over HTTP (SQLite and PostgreSQL) shows the board,
history and seals the installed CLI shows for the same script."""

from pathlib import Path

import pytest

from infrastructure.runtime import open_questlog
from tests.api.conftest import live  # noqa: F401  (the running server fixture)
from tests.api.test_end_to_end import play_with_cli, replay_over_http

ROOT = Path(__file__).resolve().parents[3]


@pytest.mark.parametrize("name", ["full-game.ql", "canteen.ql"])
def test_the_game_recorded_over_http_shows_the_board_the_cli_shows(live, tmp_path, name):  # noqa: F811
    play_with_cli(ROOT / "examples" / "nemesis" / name, tmp_path / "cli.sqlite")
    cli_app = open_questlog(str(tmp_path / "cli.sqlite"))
    try:
        (campaign,) = cli_app.campaigns()
        cid = replay_over_http(live, cli_app, campaign)
        assert live.call("GET", f"/campaigns/{cid}").json()["version"] == campaign["version"]
        body = live.call("GET", f"/campaigns/{cid}/views/board").json()
        assert body["data"] == cli_app.view(campaign["id"], "board")
        history = live.call("GET", f"/campaigns/{cid}/history", params={"page_size": 200}).json()["actions"]
        assert [(a["kind"], a.get("status"), a["sealed"]) for a in history] == \
               [(a["kind"], a.get("status"), a["sealed"]) for a in cli_app.view(campaign["id"], "history")["actions"]]
    finally:
        cli_app.close()
