"""The whole-campaign script replays to the same ``stickers``, ``unlocks`` and ``progress`` on SQLite and
PostgreSQL and through an export / import round trip; the audit history answers "every Nanofragment
Vaa-Lith gained and spent, when and why" (DESIGN.md § Persistence; issue #5)."""

from pathlib import Path

from cli.context import Session
from cli.script import play_file
from domain.transfer import export_campaign, import_campaign

SCRIPT = Path(__file__).resolve().parents[4] / "examples" / "nanolith" / "campaign-full.ql"
VIEWS = ("stickers", "unlocks", "progress")


def _views(app, cid):
    return {name: app.view(cid, name) for name in VIEWS}


def test_the_full_campaign_round_trips_through_export_and_import(store_url):
    s = Session(db=store_url)
    play_file(s, SCRIPT)
    app, cid = s.app, s.campaign_id()
    before = _views(app, cid)
    assert before["progress"]["game_overs"][0]["upgrades"] == "roll-back"
    copy_id = import_campaign(app, export_campaign(app, cid), name="Full campaign (copy)")  # names are unique in a store
    assert copy_id != cid
    assert _views(app, copy_id) == before


def test_the_full_campaign_gives_the_same_views_on_two_stores(tmp_path):
    views = []
    for name in ("a.sqlite", "b.sqlite"):
        s = Session(db=str(tmp_path / name))
        play_file(s, SCRIPT)
        views.append(_views(s.app, s.campaign_id()))
    assert views[0] == views[1]


def test_the_audit_finds_every_nanofragment_vaa_lith_gained_and_spent(sqlite_url):
    s = Session(db=sqlite_url)
    play_file(s, SCRIPT)
    app, cid = s.app, s.campaign_id()
    app.read_models.catch_up()
    gained = app.read_models.audit(cid, "vaa-lith", "NanofragmentsGained")
    spent = app.read_models.audit(cid, "vaa-lith", "NanofragmentsSpent")
    reasons = [e["data"]["reason"] for r in gained for e in r["events"] if e["type"] == "NanofragmentsGained"]
    assert reasons == ["Encounter 1 reward", "City Phase: 4 Item Cards returned"]
    spends = [(e["data"]["amount"], e["data"]["reason"]) for r in spent for e in r["events"] if e["type"] == "NanofragmentsSpent"]
    assert spends == [(2, "vortex made conscious"), (1, "Weapon Upgrade serrated-edge on nano-blade")]
    assert all(r["recorded_at"] for r in gained + spent)
