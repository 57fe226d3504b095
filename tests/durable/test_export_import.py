"""Export / import / verify: the stored form travels with its tamper-evident chain (issue: durable,
concurrent and auditable). Editing, deleting or reordering one line makes verify fail at that line."""

import json
import sqlite3
import subprocess
from pathlib import Path

import pytest

from cli.context import Session
from cli.script import play_file
from domain.core.errors import BadInput
from domain.transfer import export_campaign, header_digest, import_campaign, verify_export
from tests.cli.entry import QUESTLOG
from tests import HANG_SECONDS

def dumps(data):
    """A line as Questlog writes it (compact JSON): anything else is refused as an edit."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def refix(header):
    """A header whose digest was recomputed after editing it (what a careful forger would do)."""
    return dumps({**header, "header_digest": header_digest(header)})


SESSION = Path(__file__).resolve().parents[2] / "examples" / "nanolith" / "first-encounter.ql"


@pytest.fixture
def exported(any_app, store_url):
    s = Session(db=store_url)
    s._app = any_app
    play_file(s, SESSION)
    cid = s.campaign_id()
    return any_app, cid, export_campaign(any_app, cid).splitlines()


def test_an_import_under_a_new_id_gives_the_same_views_history_and_chain(exported):
    app, cid, lines = exported
    original = app.verify(cid)
    app.rename_campaign(cid, "Tuesday group (before the copy)")  # names are unique in a store: the copy keeps its own
    new = import_campaign(app, "\n".join(lines))
    assert new != cid and app.get_campaign(new).name == "Tuesday group"
    for view in ("board", "turn"):
        assert app.view(new, view) == app.view(cid, view)
    strip = lambda h: [(e["kind"], e.get("verb"), e.get("fields"), e.get("status"), e["sealed"]) for e in h["actions"]]
    assert strip(app.view(new, "history")) == strip(app.view(cid, "history"))[:-1]  # all but the original's rename
    assert app.verify(new) == original  # same head digest: the id is not covered
    assert export_campaign(app, new).splitlines()[1:] == lines[1:]  # the stored form, byte for byte


def test_an_import_with_a_new_name_is_renamed_after_the_copied_history(exported):
    app, cid, lines = exported
    new = import_campaign(app, "\n".join(lines), name="Tuesday group (copy)")
    assert app.get_campaign(new).name == "Tuesday group (copy)"
    assert app.view(new, "history")["actions"][-1]["kind"] == "rename"
    assert app.verify(new)["ok"]


def _die_line(lines):
    return next(i for i, line in enumerate(lines) if '"ActionDiceRolled"' in line or '"type":"ActionDiceRolled"' in line)


def test_editing_a_line_makes_verify_fail_at_that_line(exported):
    app, _, lines = exported
    i = _die_line(lines)
    record = json.loads(lines[i])
    record["state"]["data"]["dice"][0] = 6 if record["state"]["data"]["dice"][0] != 6 else 5
    tampered = lines[:i] + [dumps(record)] + lines[i + 1:]
    report = verify_export(app, "\n".join(tampered))
    assert report["ok"] is False and report["position"] == i + 1
    with pytest.raises(BadInput, match=f"line {i + 1}"):
        import_campaign(app, "\n".join(tampered))


def test_deleting_a_line_makes_verify_fail_at_that_line(exported):
    app, _, lines = exported
    i = _die_line(lines)
    tampered = lines[:i] + lines[i + 1:]
    header = json.loads(tampered[0])
    header["events"] -= 1  # even with the header fixed up, the gap is found where the line was
    tampered[0] = refix(header)
    report = verify_export(app, "\n".join(tampered))
    assert report["ok"] is False and report["position"] == i + 1 and report["reason"].startswith("version")
    with pytest.raises(BadInput, match=f"line {i + 1}: version"):
        import_campaign(app, "\n".join(tampered))


def test_reordering_two_lines_makes_verify_fail_at_the_first_of_them(exported):
    app, _, lines = exported
    i = _die_line(lines)
    tampered = lines[:i] + [lines[i + 1], lines[i]] + lines[i + 2:]
    with pytest.raises(BadInput, match=f"line {i + 1}"):
        import_campaign(app, "\n".join(tampered))


def test_a_rewritten_chain_with_renumbered_versions_still_fails(exported):
    app, _, lines = exported
    i = _die_line(lines)
    records = [json.loads(line) for line in lines]
    del records[i]
    for n, record in enumerate(records[1:], start=1):
        record["version"] = n
    records[0]["events"] -= 1
    records[0] = json.loads(refix(records[0]))
    report = verify_export(app, "\n".join(dumps(r) for r in records))
    assert report["ok"] is False and report["position"] == i + 1 and "removed or moved" in report["reason"]


def test_a_bad_import_stores_nothing(any_app):
    before = any_app.recorder.max_notification_id()
    for junk in ("", "not json", "[1,2]", '{"format":"other"}', '{"format":"questlog-campaign","format_version":2,"game":"nanolith","name":"x"}\n{"version":1,"topic":"os:system","state":{}}'):
        with pytest.raises(BadInput):
            import_campaign(any_app, junk)
    assert any_app.recorder.max_notification_id() == before


def test_an_import_under_a_name_the_store_has_is_refused_and_stores_nothing(exported):
    app, cid, lines = exported
    text = "\n".join(lines)
    before, listed = app.recorder.max_notification_id(), app.campaigns()
    with pytest.raises(BadInput, match=r"^a campaign called 'Tuesday group' already exists in this store \(nanolith, "
                                       + cid[:8] + r"\): import it under another name \(`questlog import FILE --name NAME`") as taken:
        import_campaign(app, text)
    assert taken.value.fields == {"name": ["already taken in this store"]}
    with pytest.raises(BadInput, match="already exists"):  # the same name given as the new one
        import_campaign(app, text, name=" Tuesday group ")
    with pytest.raises(BadInput, match="already exists"):  # a taken name is refused before the file is read
        import_campaign(app, "not json", name="Tuesday group")
    with pytest.raises(BadInput, match="a campaign name needs 1..120 printable characters"):  # refused before storing, not after
        import_campaign(app, text, name="Tuesday\agroup")
    assert app.recorder.max_notification_id() == before and app.campaigns() == listed
    new = import_campaign(app, text, name="Tuesday group (copy)")
    assert sorted(c["name"] for c in app.campaigns()) == ["Tuesday group", "Tuesday group (copy)"] and new != cid


def test_the_cli_verify_names_the_broken_line_and_exits_4(tmp_path, sqlite_url):
    def q(*args):
        return subprocess.run([QUESTLOG, "--db", sqlite_url, *args], capture_output=True, text=True, timeout=HANG_SECONDS)

    assert q("play", "--quiet", str(SESSION)).returncode == 0
    export = tmp_path / "tuesday.jsonl"
    assert q("export", "--output", str(export)).returncode == 0
    assert "the chain holds" in q("verify", str(export)).stdout
    lines = export.read_text().splitlines()
    i = _die_line(lines)
    lines[i] = lines[i].replace('"dice":[', '"dice":[6,', 1)
    export.write_text("\n".join(lines) + "\n")
    done = q("verify", str(export))
    assert done.returncode == 4 and f"broken at line {i + 1}" in done.stdout
    assert q("import", str(export)).returncode == 2


def test_the_cli_import_twice_without_a_name_is_refused_with_exit_2_suggesting_name(tmp_path, sqlite_url):
    def q(*args):
        return subprocess.run([QUESTLOG, "--db", sqlite_url, *args], capture_output=True, text=True, timeout=HANG_SECONDS)

    assert q("new", "nanolith", "Tuesday group").returncode == 0
    export = tmp_path / "tuesday.jsonl"
    assert q("export", "--output", str(export)).returncode == 0
    again = q("import", str(export))
    assert again.returncode == 2 and again.stdout == ""
    assert again.stderr.startswith("✘ bad input: a campaign called 'Tuesday group' already exists in this store (nanolith, ")
    assert "`questlog import FILE --name NAME`" in again.stderr
    assert [c["name"] for c in json.loads(q("--json", "campaigns").stdout)] == ["Tuesday group"]
    renamed = q("import", str(export), "--name", "Tuesday copy")
    assert renamed.returncode == 0 and "imported 'Tuesday copy'" in renamed.stdout
    assert sorted(c["name"] for c in json.loads(q("--json", "campaigns").stdout)) == ["Tuesday copy", "Tuesday group"]


def test_backup_copies_a_store_in_use(tmp_path, sqlite_url):
    assert subprocess.run([QUESTLOG, "--db", sqlite_url, "play", "--quiet", str(SESSION)], capture_output=True, timeout=HANG_SECONDS).returncode == 0
    target = tmp_path / "backup.sqlite"
    done = subprocess.run([QUESTLOG, "--db", sqlite_url, "backup", str(target)], capture_output=True, text=True, timeout=HANG_SECONDS)
    assert done.returncode == 0, done.stderr
    with sqlite3.connect(target) as conn, sqlite3.connect(sqlite_url) as live:
        count = "SELECT COUNT(*) FROM stored_events"
        assert conn.execute(count).fetchone() == live.execute(count).fetchone()
    listed = subprocess.run([QUESTLOG, "--db", str(target), "--json", "campaigns"], capture_output=True, text=True, timeout=HANG_SECONDS)
    assert json.loads(listed.stdout)[0]["name"] == "Tuesday group"


def test_backup_refuses_a_missing_directory_and_an_existing_file_unless_forced_naming_the_target(tmp_path, sqlite_url):
    def q(db, *args):
        return subprocess.run([QUESTLOG, "--db", str(db), *args], capture_output=True, text=True, timeout=HANG_SECONDS)

    def names(db):
        return [c["name"] for c in json.loads(q(db, "--json", "campaigns").stdout)]

    assert q(sqlite_url, "new", "nanolith", "Tuesday group").returncode == 0
    missing = tmp_path / "nowhere" / "x.sqlite"
    done = q(sqlite_url, "backup", str(missing))
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == f"✘ bad input: cannot write {str(missing)!r}: No such file or directory (create the directory first)\n"
    assert not missing.parent.exists()  # no directory made up
    assert q(sqlite_url, "export", "-o", str(missing)).stderr == done.stderr  # the very refusal export -o gives

    other = tmp_path / "other.sqlite"  # another store: never overwritten by mistake
    assert q(other, "new", "nanolith", "Friday group").returncode == 0
    done = q(sqlite_url, "backup", str(other))
    assert done.returncode == 2
    assert done.stderr == (f"✘ bad input: cannot write {str(other)!r}: the file already exists; name a new file, "
                           "or add --force to replace it\n")
    assert names(other) == ["Friday group"]
    done = q(sqlite_url, "--json", "backup", str(other))
    assert done.returncode == 2 and json.loads(done.stdout)["fields"] == {"target": ["already exists"]}
    done = q(sqlite_url, "backup", "--force", str(other))
    assert done.returncode == 0, done.stderr
    assert names(other) == ["Tuesday group"]

    notes = tmp_path / "notes.txt"  # a text file: the target is blamed, not the store
    notes.write_text("remember the snacks\n")
    done = q(sqlite_url, "backup", str(notes))
    assert done.returncode == 2 and f"cannot write {str(notes)!r}: the file already exists" in done.stderr
    assert "store" not in done.stderr and notes.read_text() == "remember the snacks\n"
    assert q(sqlite_url, "backup", str(notes), "--force").returncode == 0
    assert names(notes) == ["Tuesday group"]
    assert "--force" in q(sqlite_url, "backup", "--help").stdout


def test_an_import_leaves_the_snapshots_a_recorded_campaign_would_have_and_reports_progress(tmp_path):
    from bench.common import build_long_campaign
    from infrastructure.runtime import open_questlog

    source = open_questlog(str(tmp_path / "source.sqlite"))
    cid = build_long_campaign(source, 450)
    text = export_campaign(source, cid)
    recorded = [s.originator_version for s in source.snapshots.get(source.get_campaign(cid).id)]
    target = open_questlog(str(tmp_path / "target.sqlite"))
    stages = []
    new = import_campaign(target, text, progress=lambda stage, done, total: stages.append((stage, done, total)))
    imported = [s.originator_version for s in target.snapshots.get(target.get_campaign(new).id)]
    assert imported == recorded == [100, 200, 300, 400]
    assert ("replaying", 451, 451) in stages and stages[-1] == ("storing", 451, 451)
    assert target.get_campaign(new).state == source.get_campaign(cid).state
    assert target.read_models.campaigns()[0]["version"] == 451
