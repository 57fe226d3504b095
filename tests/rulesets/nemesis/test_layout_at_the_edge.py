"""A board layout read at the edge (issue 27, item 1; DESIGN.md § Layouts and statistics): the installed CLI reads
``--setup layout=FILE`` once, the campaign's first event records the checked data, and nothing reads the file again
(a replay, ``history --script``, a snapshot in a new process); over HTTP a client sends the data or names an
installed or shipped layout, never a path; a broken file is refused and nothing is stored."""

import json
import shutil
import subprocess
from pathlib import Path

from domain.core.ruleset import get_ruleset
from domain.rulesets.nemesis.layout_check import layout_from_files
from domain.rulesets.nemesis.ships import LAYOUTS, layout_of
from tests import HANG_SECONDS
from tests.api.conftest import live_sqlite  # noqa: F401  (the running server fixture)
from tests.cli.entry import QUESTLOG

OURS = Path(__file__).resolve().parents[3] / "examples" / "nemesis" / "our-board.yaml"


def ql(db: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([QUESTLOG, "--db", str(db), *args], capture_output=True, text=True, timeout=HANG_SECONDS)


def test_the_cli_reads_the_file_once_and_the_first_event_records_the_layout(tmp_path):
    board = tmp_path / "board.yaml"
    shutil.copy(OURS, board)
    db = tmp_path / "q.sqlite"
    assert ql(db, "new", "nemesis", "Ours", "--setup", f"layout={board}").returncode == 0
    board.unlink()  # nothing reads it again
    for line in ("start-game scout captain", "move scout slot-a --tile Laboratory --token silence --items 2",
                 "noise-roll scout 3"):
        done = ql(db, *line.split())
        assert done.returncode == 0, done.stdout + done.stderr
    view = json.loads(ql(db, "--json", "view", "board").stdout)
    view = view.get("data", view)
    assert view["layout"]["name"] == "Our ship" and view["corridors"]["k9"]["noise"] is True
    first = json.loads(ql(db, "export").stdout.splitlines()[0])
    assert json.dumps(first).count('"k10"') >= 1 and '"Our ship"' in json.dumps(first)
    script = ql(db, "history", "--script").stdout
    (tmp_path / "again.ql").write_text(script)
    replayed = ql(tmp_path / "r.sqlite", "play", "--quiet", str(tmp_path / "again.ql"))
    assert replayed.returncode == 0, replayed.stdout + replayed.stderr
    again = json.loads(ql(tmp_path / "r.sqlite", "--json", "view", "board").stdout)
    assert again.get("data", again) == view


def test_a_broken_layout_file_is_refused_with_its_problem_and_nothing_is_stored(tmp_path):
    broken = tmp_path / "broken.yaml"
    broken.write_text(OURS.read_text().replace("slot-e:        {at: [2, 2], exits: {1: k11, 2: k12",
                                               "slot-e:        {at: [2, 2], exits: {1: k11, 2: k13"))
    db = tmp_path / "q.sqlite"
    done = ql(db, "new", "nemesis", "Broken", "--setup", f"layout={broken}")
    assert done.returncode == 2
    assert "broken.yaml: corridor 'k12' leads nowhere: only room 'slot-b' numbers it" in done.stdout + done.stderr
    assert "Broken" not in ql(db, "campaigns").stdout
    missing = ql(db, "new", "nemesis", "Missing", "--setup", f"layout={tmp_path / 'nope.yaml'}")
    assert missing.returncode == 2 and "cannot be read" in missing.stdout + missing.stderr


def test_over_http_the_layout_comes_as_data_an_installed_name_or_a_shipped_one_never_a_path(live_sqlite, tmp_path, monkeypatch):  # noqa: F811
    data = layout_from_files([(OURS.name, OURS.read_bytes())])
    cid = live_sqlite.call("POST", "/campaigns", json={"game": "nemesis", "name": "Data", "setup": {"layout": data}}).json()["id"]
    body = live_sqlite.call("GET", f"/campaigns/{cid}/views/board").json()["data"]
    assert body["layout"]["name"] == "Our ship" and sorted(body["technical_corridors"]) == ["ducts"]
    side = live_sqlite.new_campaign("nemesis", "Side B", layout="nemesis-b")
    assert live_sqlite.call("GET", f"/campaigns/{side}/views/board").json()["data"]["layout"]["name"] == "Nemesis (side B)"
    installed = tmp_path / "installed"
    installed.mkdir()
    shutil.copy(OURS, installed / "ours.yaml")
    monkeypatch.setenv("QUESTLOG_LAYOUT_DIR", str(installed))
    named = live_sqlite.new_campaign("nemesis", "Installed", layout="ours")
    assert live_sqlite.call("GET", f"/campaigns/{named}/views/board").json()["data"]["layout"] == body["layout"]
    for bad in (str(OURS), {"rooms": {"a": {"exits": {"1": "c1"}}}, "start": "a"}):
        refused = live_sqlite.call("POST", "/campaigns", json={"game": "nemesis", "name": "Bad", "setup": {"layout": bad}})
        assert refused.status_code == 422 and refused.json()["error"] == "invalid_input", refused.text
    assert "numbers its exits [1], not 1..4" in refused.json()["message"]
    assert sorted(c["name"] for c in live_sqlite.call("GET", "/campaigns").json()) == ["Data", "Installed", "Side B"]


def test_a_game_without_a_layout_plays_on_the_default_ship_and_an_entered_one_survives_a_new_process():
    nemesis = get_ruleset("nemesis")
    old = nemesis.initial_state({})  # a campaign stored before layouts could be entered: setup {}
    assert old["layout"] == "nemesis" and old["ship"] is None and len(layout_of(old).rooms) == 16
    state = nemesis.initial_state({"layout": layout_from_files([(OURS.name, OURS.read_bytes())])})
    LAYOUTS.pop(state["layout"])  # a snapshot loaded in a process that never saw the setup
    assert layout_of(state).name == "Our ship" and state["layout"] in LAYOUTS
