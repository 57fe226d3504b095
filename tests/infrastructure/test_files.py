"""Content packs are read at the edge (issue 11, item 5; DESIGN.md § Architecture): the CLI reads regular files
of bounded size named by ``--setup content=PATH`` / ``QUESTLOG_CONTENT``, the server reads packs its admin
installed, named by the client; a bad file is refused at creation and stores nothing; checking packs stores
nothing."""

import json
import os
import subprocess

import pytest

from domain.core.errors import BadInput
from domain.core.ruleset import get_ruleset
from infrastructure.files import MAX_FILE_BYTES, resolve_setup
from tests.cli.entry import QUESTLOG

OURS = "pack: ours\nversion: 1\nenemies:\n  bio-mutant:\n    life: 3\n"
BROKEN = "pack: bad\nversion: 1\nprograms:\n  laser:\n    name: Laser\n    hacking: {defense: nine}\n"


def questlog(db, *args, env=None):
    return subprocess.run([QUESTLOG, "--db", db, *args], capture_output=True, text=True, timeout=120,
                          env={**os.environ, **(env or {})})


def campaigns(db):
    return json.loads(questlog(db, "campaigns", "--json").stdout)


def test_the_cli_reads_the_pack_once_and_the_campaign_keeps_its_data(tmp_path):
    db, pack = str(tmp_path / "q.sqlite"), tmp_path / "ours.yaml"
    pack.write_text(OURS)
    assert questlog(db, "new", "nanolith", "Ours", "--setup", f"content={pack}").returncode == 0
    pack.unlink()  # the campaign no longer needs the file
    assert questlog(db, "start-encounter", "E1").returncode == 0
    assert questlog(db, "place-enemy", "bio-mutant", "1").returncode == 0
    board = json.loads(questlog(db, "view", "board", "--json").stdout)
    assert board["enemies"]["bio-mutant-1"]["life"] == 3
    assert [p["pack"] for p in board["content_packs"]] == ["nanolith-core", "ours"]


@pytest.mark.parametrize("make, reason", [
    (lambda d: d / "missing.yaml", "cannot be read"),
    (lambda d: "/dev/zero", "is not a regular file"),
    (lambda d: _fifo(d), "is not a regular file"),
    (lambda d: _write(d / "huge.yaml", "#" * (MAX_FILE_BYTES + 1)), "a file may have at most"),
    (lambda d: _write(d / "bad.yaml", BROKEN), "programs.laser: hacking.defense"),
])
def test_a_bad_content_path_is_refused_at_creation_and_stores_nothing(tmp_path, make, reason):
    db = str(tmp_path / "q.sqlite")
    done = questlog(db, "new", "nanolith", "Broken", "--setup", f"content={make(tmp_path)}")
    assert done.returncode == 2 and reason in done.stderr
    assert campaigns(db) == []


def test_questlog_content_applies_to_campaigns_created_with_it_only(tmp_path):
    db, packs = str(tmp_path / "q.sqlite"), tmp_path / "packs"
    packs.mkdir()
    _write(packs / "ours.yaml", OURS)
    assert questlog(db, "new", "nanolith", "With", env={"QUESTLOG_CONTENT": str(packs)}).returncode == 0
    assert questlog(db, "new", "nanolith", "Without").returncode == 0
    with_packs = questlog(db, "--campaign", "With", "view", "content", "--json").stdout
    without = questlog(db, "--campaign", "Without", "view", "content", "--json", env={"QUESTLOG_CONTENT": str(packs)}).stdout
    assert [p["pack"] for p in json.loads(with_packs)["packs"]] == ["nanolith-core", "ours"]
    assert [p["pack"] for p in json.loads(without)["packs"]] == ["nanolith-core"]


def test_check_content_is_a_query_that_names_file_entry_and_field(tmp_path):
    db = str(tmp_path / "q.sqlite")
    assert questlog(db, "new", "nanolith", "Check").returncode == 0
    version = campaigns(db)[0]["version"]
    bad = _write(tmp_path / "bad.yaml", BROKEN)
    refused = questlog(db, "check-content", str(bad))
    assert refused.returncode == 2 and "bad.yaml: programs.laser: hacking.defense" in refused.stderr
    ok = json.loads(questlog(db, "check-content", str(_write(tmp_path / "ours.yaml", OURS)), "--json").stdout)
    assert [p["pack"] for p in ok["packs"]] == ["nanolith-core", "ours"]  # the shipped pack, then the one given
    assert ok["packs"][1] == {"pack": "ours", "version": 1, "file": str(tmp_path / "ours.yaml"),
                              "entries": {**{k: 0 for k in ok["packs"][1]["entries"]}, "enemies": 1}}
    assert campaigns(db)[0]["version"] == version


def test_over_http_a_client_names_an_installed_pack_never_a_path(tmp_path):
    nanolith = get_ruleset("nanolith")
    installed = tmp_path / "installed"
    installed.mkdir()
    _write(installed / "ours.yaml", OURS)
    env = {"QUESTLOG_CONTENT_DIR": str(installed)}
    setup = resolve_setup(nanolith, {"content": "ours"}, "http", env=env)
    assert [p["pack"] for p in setup["content"]] == ["ours"]
    for bad in (str(installed / "ours.yaml"), "../ours", ["ours", "/etc/passwd"]):
        with pytest.raises(BadInput, match="name installed packs"):
            resolve_setup(nanolith, {"content": bad}, "http", env=env)
    with pytest.raises(BadInput, match="no installed content pack 'theirs'; installed: ours"):
        resolve_setup(nanolith, {"content": "theirs"}, "http", env=env)
    with pytest.raises(BadInput, match="QUESTLOG_CONTENT_DIR is not set"):
        resolve_setup(nanolith, {"content": "ours"}, "http", env={})


def test_the_application_refuses_a_path_nobody_read(app):
    with pytest.raises(BadInput, match="names files to read"):
        app.create_campaign("nanolith", "Raw", {"content": "/etc/passwd"})
    assert app.campaigns() == []


def _write(path, text):
    path.write_text(text)
    return path


def _fifo(directory):
    path = directory / "pipe.yaml"
    os.mkfifo(path)
    return path
