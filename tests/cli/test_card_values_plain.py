"""Nîn-Gonost's recruit takes what a card shows that the book does not print as the rest of the line, as other games
take dice: the stars' colour (or good / evil / neutral) and NAME=VALUE, ``--card`` still accepted; a value missing is
refused (exit 2, nothing stored) with the line to type (nin-gonost.txt § Choosing Sides: "Good characters have Blue
stars around their Action Point Total. Evil have Purple and Neutral have Green.")."""

import json
import subprocess

from tests.cli.entry import QUESTLOG


def _ql(db, *args, ok=True):
    done = subprocess.run([QUESTLOG, "--db", db, *args], capture_output=True, text=True)
    if ok:
        assert done.returncode == 0, done.stderr
    return done


def _figure(db, fid):
    return json.loads(_ql(db, "--json", "view", "board").stdout)["figures"][fid]


def test_recruit_takes_the_stars_colour_and_values_after_the_card(tmp_path):
    db = str(tmp_path / "a.sqlite")
    _ql(db, "new", "nin-gonost", "Plain cards")
    _ql(db, "recruit", "knights", "galwen", "blue")
    _ql(db, "recruit", "orcs", "orc-warrior", "purple", "res=10", "--card", "con=4")
    _ql(db, "recruit", "orcs", "orc-archer", "--card", "alignment=evil")
    script = _ql(db, "history", "--script").stdout
    assert "recruit --facing north knights galwen blue" in script
    assert _figure(db, "galwen")["given"] == ["alignment"]
    assert sorted(_figure(db, "orc-warrior")["given"]) == ["alignment", "con", "res"]
    clash = _ql(db, "recruit", "orcs", "galwen", "blue", ok=False)  # blue stars are Good: the orcs are Evil
    assert clash.returncode == 3 and "Good and Evil don't mix" in clash.stderr
    replay = str(tmp_path / "b.sqlite")
    (tmp_path / "s.ql").write_text(script.replace("Plain cards", "Plain cards again"), encoding="utf-8")
    _ql(replay, "play", str(tmp_path / "s.ql"), "--show", "")
    for db_ in (db, replay):
        board = json.loads(_ql(db_, "--json", "view", "board").stdout)
        assert board["warbands"]["knights"]["points"] == 55  # Sir Galwen's VALUE (§ The Cards)
        assert sorted(board["warbands"]["orcs"]["figures"]) == ["orc-archer", "orc-warrior"]


def test_a_missing_alignment_says_what_to_type_and_stores_nothing(tmp_path):
    db = str(tmp_path / "a.sqlite")
    _ql(db, "new", "nin-gonost", "Missing")
    before = json.loads(_ql(db, "--json", "history").stdout)["version"]
    done = _ql(db, "recruit", "knights", "galwen", ok=False)
    assert done.returncode == 2
    assert "add what your card shows, e.g. `recruit knights galwen blue|purple|green`" in done.stderr
    assert "blue Good, purple Evil, green Neutral" in done.stderr
    bad = _ql(db, "recruit", "knights", "galwen", "orange", ok=False)
    assert bad.returncode == 2 and "not 'orange'" in bad.stderr
    assert json.loads(_ql(db, "--json", "history").stdout)["version"] == before
