"""Audit tags come from the campaign's own ruleset (``Ruleset.involves``), never guessed from field values:
Nanolith's ``target`` fields count (issue 11, item 13), Tamashii's token colours do not (the Player Boards
share their names)."""

import json
import subprocess
from pathlib import Path

from infrastructure.runtime import open_questlog
from tests.cli.entry import QUESTLOG

ROOT = Path(__file__).resolve().parents[2]


def questlog(db: str, *args: str) -> subprocess.CompletedProcess:
    done = subprocess.run([QUESTLOG, "--db", db, *args], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    return done


def test_effect_tokens_given_to_cora_are_found_by_her_name_and_the_event(tmp_path):
    db = str(tmp_path / "q.sqlite")
    script = tmp_path / "effects.ql"
    script.write_text('new nanolith "Audit"\nstart-encounter E1\n' + "give-effect cora poisoned\n" * 3 + "undo\n")
    questlog(db, "play", "--quiet", str(script))
    rows = json.loads(questlog(db, "audit", "--character", "cora", "--event", "EffectGiven", "--json").stdout)
    assert [(r["verb"], r["status"], r["events"][0]["data"]["count"]) for r in rows] == [
        ("give-effect", "effective", 1), ("give-effect", "effective", 2), ("give-effect", "undone", 3)]
    assert all(r["characters"] == ["cora"] for r in rows)
    assert json.loads(questlog(db, "audit", "--character", "ada", "--json").stdout) == []


def test_after_the_prologue_red_is_tagged_on_exactly_reds_actions(tmp_path):
    db = str(tmp_path / "q.sqlite")
    questlog(db, "play", "--quiet", str(ROOT / "examples" / "tamashii" / "prologue.ql"))
    app = open_questlog(db)
    try:
        cid = app.current_campaign()
        app.read_models.catch_up()
        tagged = {r["action_id"] for r in app.read_models.audit(cid, character="red")}
        actions = [a for a in app.stored_actions(cid) if a["kind"] == "action"]
    finally:
        app.close()
    reds = {a["action_id"] for a in actions if a["fields"].get("board") == "red"}
    seats = {a["action_id"] for a in actions if a["verb"] == "seat" and "red" in a["fields"]["characters"]}
    blue_draws_red = [a["action_id"] for a in actions if a["verb"] == "refill-launcher" and a["fields"]["board"] == "blue"
                      and "red" in a["fields"]["tokens"]]
    assert len(reds) == 13 and len(seats) == 1 and blue_draws_red
    assert tagged == reds | seats
    assert not tagged & set(blue_draws_red)


def test_tags_read_from_stored_data_are_the_ruleset_involves_of_every_event_the_examples_store(tmp_path):
    """A rebuild tags actions from the stored fields (``Ruleset.involves_stored``, no event built where a field gives
    the answer): for every game event of a full example of each game it must equal ``sorted(involves(event))``."""
    from domain.core.campaign import Campaign
    from domain.core.ruleset import get_ruleset
    from domain.core.table_events import CORE_EVENTS

    db = str(tmp_path / "q.sqlite")
    for script in ("nanolith/campaign-full.ql", "tamashii/prologue.ql", "nanobot-battle-arena/full-game.ql",
                   "nemesis/full-game.ql", "nin-gonost/full-game.ql"):  # two are called "Full game": renamed first
        text = (ROOT / "examples" / script).read_text().replace('"Full game"', f'"{script}"')
        (tmp_path / "script.ql").write_text(text)
        questlog(db, "play", "--quiet", str(tmp_path / "script.ql"))
    app = open_questlog(db)
    try:
        seen: dict[str, int] = {}
        for n in app.recorder.select_notifications(1, 1_000_000):
            event = app.mapper.to_domain_event(n)
            if not isinstance(event, Campaign.GameEventRecorded):
                continue
            ruleset = get_ruleset(app.game_of(event.originator_id))
            cls = {**CORE_EVENTS, **ruleset.events}[event.type]
            assert ruleset.involves_stored(cls, event.data) == sorted(ruleset.involves(cls(**event.data))), event
            seen[ruleset.game] = seen.get(ruleset.game, 0) + 1
    finally:
        app.close()
    assert len(seen) == 5 and min(seen.values()) > 10, seen
    # the answers read from the data: Cora's track adjusted by hand (a property of the event), a path naming nobody
    nanolith = get_ruleset("nanolith")
    adjusted = CORE_EVENTS["TrackAdjusted"]
    assert nanolith.involves_stored(adjusted, {"path": "characters.cora.stress", "value": 2, "previous": 1, "reason": "r"}) == ["cora"]
    assert nanolith.involves_stored(adjusted, {"path": "threat.level", "value": 2, "previous": 1, "reason": "r"}) == []
