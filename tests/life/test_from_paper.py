"""Starting from a paper campaign sheet (``new GAME NAME --from-sheet FILE``): one atomic save, nothing stored on refusal."""

from __future__ import annotations

import subprocess

import pytest

from domain.core.errors import BadInput
from tests.cli.entry import QUESTLOG


def test_a_campaign_started_from_paper_records_the_sheet_as_its_first_action(app, toy_registered):
    cid = app.create_campaign("toy", "Paper", from_sheet={"counters": {"alice": 7}})
    assert app.view(cid, "board")["counters"] == {"alice": 7, "bob": 0}
    first = [e for e in app.view(cid, "history")["actions"] if e["kind"] == "action"]
    assert [e["verb"] for e in first] == ["start-from-paper"] and app.get_campaign(cid).version == 3


def test_a_sheet_out_of_bounds_stores_no_campaign(app, toy_registered):
    with pytest.raises(BadInput, match="counters"):
        app.create_campaign("toy", "Paper", from_sheet={"counters": {"alice": 11}})
    assert app.campaigns() == []


@pytest.mark.parametrize("content, message", [("- a\n- b\n", "must hold a mapping"), ("counters: [", "not valid YAML or JSON (line"),
                                              (None, "No such file")])
def test_a_bad_sheet_file_is_bad_input_and_stores_nothing(tmp_path, content, message):
    sheet = tmp_path / "sheet.yaml"
    if content is not None:
        sheet.write_text(content)
    db = str(tmp_path / "s.sqlite")
    done = subprocess.run([QUESTLOG, "--db", db, "new", "nanolith", "Paper", "--from-sheet", str(sheet)], capture_output=True, text=True)
    assert done.returncode == 2 and message in done.stderr
    listed = subprocess.run([QUESTLOG, "--db", db, "campaigns"], capture_output=True, text=True)
    assert "no campaigns yet" in listed.stdout
