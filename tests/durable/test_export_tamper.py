"""Every edit of an export is refused, naming its line, and none crashes (issue 11, items 2 and 3).

The export is a real one: `examples/nanolith/rush.ql` (the Rush worked example, 73 stored events). Every
field of every line is edited in turn (a changed value, an added key, a removed key), and a seeded sample of
single-byte edits is tried: 0 accepted, 0 crashes, each refused at the line that was edited.
"""

from __future__ import annotations

import json
import random
import subprocess
from pathlib import Path

import pytest

from cli.context import Session
from cli.script import play_file
from domain.core.errors import BadInput
from domain.transfer import check_export, export_campaign, import_campaign
from tests.cli.entry import QUESTLOG

RUSH = Path(__file__).resolve().parents[2] / "examples" / "nanolith" / "rush.ql"
BYTE_EDITS = 400


@pytest.fixture(scope="module")
def rush(tmp_path_factory):
    from infrastructure.runtime import open_questlog

    db = str(tmp_path_factory.mktemp("rush") / "questlog.sqlite")
    app = open_questlog(db)
    s = Session(db=db)
    s._app = app
    play_file(s, RUSH)
    cid = s.campaign_id()
    yield app, cid, export_campaign(app, cid)
    app.close()


def dumps(data):
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def changed(value):
    """Another value of the same kind (a string one letter longer, a number one more, the other boolean...)."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, (int, float)):
        return value + 1
    if isinstance(value, str):
        return value + "x"
    if isinstance(value, list):
        return value + [0]
    if isinstance(value, dict):
        return {**value, "x": 1}
    return 0  # None


def edits(value):
    """Every single-field edit of a parsed line: each value changed, each key removed, one key added per object."""
    yield changed(value)
    if isinstance(value, dict):
        for key in value:
            yield {k: v for k, v in value.items() if k != key}
            for inner in edits(value[key]):
                yield {**value, key: inner}
    elif isinstance(value, list):
        for i, item in enumerate(value):
            for inner in edits(item):
                yield value[:i] + [inner] + value[i + 1:]


def test_every_single_field_edit_of_every_line_is_refused_at_that_line(rush):
    app, _, text = rush
    lines = text.splitlines()
    assert check_export(app, lines)["ok"] and len(lines) == 74
    tried = 0
    for index, line in enumerate(lines):
        for edited in edits(json.loads(line)):
            report = check_export(app, lines[:index] + [dumps(edited)] + lines[index + 1:])
            assert report["ok"] is False and report["position"] == index + 1, (index + 1, edited, report)
            tried += 1
    assert tried > 2000


def test_a_sample_of_single_byte_edits_is_refused_and_none_crashes(rush):
    app, _, text = rush
    data = text.encode("utf-8")
    rng = random.Random(11)
    accepted = []
    for position in rng.sample(range(len(data)), BYTE_EDITS):
        byte = rng.choice([b for b in range(256) if b != data[position]])
        edited = data[:position] + bytes([byte]) + data[position + 1:]
        report = check_export(app, edited.decode("utf-8", "surrogateescape"))  # as the CLI reads a file
        if report["ok"]:
            accepted.append(position)
    assert accepted == []


def test_cutting_the_tail_off_is_found_even_with_the_count_fixed(rush):
    app, _, text = rush
    lines = text.splitlines()
    header = json.loads(lines[0])
    header["events"] -= 2
    report = check_export(app, [dumps(header)] + lines[1:-2])
    assert report == {"ok": False, "position": 1, "reason": "the header was changed after it was written (its digest does not match)"}


def test_a_class_version_turned_back_is_refused_before_the_upcaster_drops_data(rush):
    app, _, text = rush
    lines = text.splitlines()
    index = next(i for i, line in enumerate(lines) if '"class_version":3' in line)  # an ActionRecorded (version 3: token)
    lines[index] = lines[index].replace('"class_version":3', '"class_version":1')
    report = check_export(app, lines)
    assert report == {"ok": False, "position": index + 1,
                      "reason": "the tamper-evident chain is broken: this record was changed after it was stored"}


def _renamed_timestamp(text):
    lines = text.splitlines()
    lines[2] = lines[2].replace('"_type_":"datetime_iso"', '"_type_":"datetime_isoX"', 1)
    return lines


def test_a_malformed_timestamp_is_refused_naming_its_line_not_a_library_error(rush):
    app, _, text = rush
    lines = _renamed_timestamp(text)
    assert check_export(app, lines)["position"] == 3
    with pytest.raises(BadInput, match="^line 3: ") as refused:
        import_campaign(app, "\n".join(lines))
    assert refused.value.fields == {"line": ["3"]}


def test_the_cli_verify_exits_4_naming_a_malformed_line(rush, tmp_path):
    app, _, text = rush
    export = tmp_path / "bad.jsonl"
    export.write_text("\n".join(_renamed_timestamp(text)) + "\n")
    done = subprocess.run([QUESTLOG, "--db", str(tmp_path / "s.sqlite"), "verify", str(export)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 4 and "✘ broken at line 3:" in done.stdout
    export.write_bytes(text.encode()[:200] + b"\xff" + text.encode()[201:])
    done = subprocess.run([QUESTLOG, "--db", str(tmp_path / "s.sqlite"), "verify", str(export)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 4 and "✘ broken at line 1:" in done.stdout
