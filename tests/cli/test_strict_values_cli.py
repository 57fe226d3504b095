"""What a fresh user found (issue api-strict), from the installed entry point: the CLI's bounds and words are the API's
(one expected-version bound, version 0 refused for undo --to as for view --at), its text read by the one digits rule,
and `import` prints its one line, no stray blank ones."""

import subprocess

import pytest

from tests import HANG_SECONDS
from tests.cli.entry import QUESTLOG

BIG = 4611686018427387904  # domain.requests.MAX_VERSION


@pytest.fixture
def db(tmp_path):
    """A Nanolith campaign at version 5: Encounter 1 started, Round 1 begun."""
    path = str(tmp_path / "c.sqlite")
    for line in (["new", "nanolith", "Strict"], ["start-encounter", "Encounter 1"], ["start-round"]):
        assert _run(path, *line).returncode == 0
    return path


def _run(db, *args):
    return subprocess.run([QUESTLOG, "--db", db, *args], capture_output=True, text=True, timeout=HANG_SECONDS)


def _version(db):
    import json

    return json.loads(_run(db, "campaigns", "--json").stdout)[0]["version"]


def test_undo_expected_version_out_of_bounds_has_the_apis_words(db):
    done = _run(db, "undo", "--expected-version", "-1")
    assert done.returncode == 2 and done.stderr == f"✘ bad input: an expected version is a whole number within 0..{BIG}, not -1\n"


@pytest.mark.parametrize("to", ["v0", "0"])
def test_undo_to_version_0_is_refused_as_view_at_0_is(db, to):
    done = _run(db, "undo", "--to", to)
    assert done.returncode == 2 and done.stderr == f"✘ bad input: version must be a whole number within 1..{BIG}, not 0\n"
    view = _run(db, "view", "board", "--at", to)
    assert view.returncode == 2 and view.stderr == done.stderr
    assert _version(db) == 5


def test_dice_typed_in_other_digits_are_refused_and_ascii_ones_recorded(db):
    done = _run(db, "roll-action-dice", "cora", "2", "4", "5", "2", "６")
    assert done.returncode == 2 and done.stderr == "✘ bad input: roll-action-dice: dice: item 5: Not a valid integer.\n"
    assert _version(db) == 5
    done = _run(db, "roll-action-dice", "cora", "2", "4", "5", "2", "6")
    assert done.returncode == 0 and "Cora rolls Action Dice 2 4 5 2 6" in done.stdout


def test_import_prints_its_error_and_its_result_with_no_blank_lines(db, tmp_path):
    empty = tmp_path / "empty.jsonl"
    empty.write_text("")
    done = _run(db, "import", str(empty))
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == "✘ bad input: the export: an empty file: the first line must be the campaign header\n"
    export = tmp_path / "x.jsonl"
    assert _run(db, "export", "-o", str(export)).returncode == 0
    done = _run(db, "import", str(export), "--name", "Copy")
    assert done.returncode == 0 and done.stderr == ""
    assert done.stdout.startswith("✔ imported 'Copy' (nanolith, version 6) as ") and done.stdout.count("\n") == 1  # the rename: record 6


def test_import_takes_an_export_followed_by_stray_blank_lines_and_refuses_one_inside(db, tmp_path):
    export = tmp_path / "x.jsonl"
    assert _run(db, "export", "-o", str(export)).returncode == 0
    lines = export.read_text().splitlines()
    padded = tmp_path / "padded.jsonl"
    padded.write_text("\n".join(lines) + "\n\n  \n\t\n")  # what an editor or a mail client adds after the last record
    done = _run(db, "import", str(padded), "--name", "Padded")
    assert done.returncode == 0 and done.stdout.startswith("✔ imported 'Padded' (nanolith, version 6) as ")
    inside = tmp_path / "inside.jsonl"
    inside.write_text("\n".join(lines[:2] + [""] + lines[2:]) + "\n")
    done = _run(db, "import", str(inside), "--name", "Inside")
    assert done.returncode == 2 and done.stderr == "✘ bad input: line 3: a blank line inside the export\n"
