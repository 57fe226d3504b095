"""The board view (JSON, terminal map, SVG), history lines for every event, audit tags."""

import json

from domain.rulesets.nemesis import events as ev
from domain.rulesets.nemesis.describe import LINES


def _game(table):
    t = table("scout", "soldier")
    t.do("move", character="scout", room="room-1", tile="Lab <b>&", token="fire", items=2)
    t.do("noise-roll", character="scout", result="1")
    t.do("place-intruder", kind="adult", room="room-1")
    t.do("close-door", corridor="c8")
    return t


def test_the_board_view_is_plain_json_with_the_ship_and_its_markers(table):
    board = _game(table).board()
    json.dumps(board)
    assert board["rooms"]["room-1"]["name"] == "Lab <b>&" and board["rooms"]["room-1"]["fire"]
    assert board["rooms"]["room-1"]["characters"] == ["scout"] and board["rooms"]["room-1"]["intruders"] == ["adult-1"]
    assert board["corridors"]["c1"] == {"rooms": ["engine-1", "room-1"], "noise": True, "door": "open"}
    assert board["corridors"]["c8"]["door"] == "closed" and board["malfunction_pool"] == 8
    assert board["intruders"]["adult-1"] == {"kind": "adult", "room": "room-1", "injuries": 0, "in_combat": True}
    assert board["technical_corridors"]["technical"]["entrances"] == [
        "engine-1", "engine-3", "room-2", "room-3", "room-4", "room-7", "room-9", "cockpit"]


def test_the_terminal_map_draws_rooms_and_lists_markers_without_python_reprs(nemesis, table):
    text = nemesis.text_views["board"](_game(table).board())
    assert "Lab <b>&" in text and "Noise markers: c1" in text and "Doors: c8 closed" in text
    assert "{" not in text and "None" not in text and "True" not in text


def test_the_page_board_escapes_names_and_marks_doors_and_noise(nemesis, table):
    html = nemesis.html_views["board"](_game(table).board())
    assert "Lab &lt;b&gt;&amp;" in html and "<b>" not in html and "<svg" in html
    assert "Noise markers: c1 · Doors: c8 closed" in html and "Door closed" in html


def test_every_event_has_a_history_line_and_the_ruleset_knows_it(nemesis):
    classes = {c for c in vars(ev).values() if isinstance(c, type) and issubclass(c, ev.GameEvent) and c is not ev.GameEvent}
    assert classes == set(LINES) == set(nemesis.events.values())


def test_history_lines_and_audit_tags_name_the_characters(nemesis):
    event = ev.NoiseRolled("scout", "room-3", "silence", "danger")
    assert nemesis.describe(event) == "scout rolled the Noise die in room-3: Silence (Silence is Danger with Slime)"
    assert nemesis.involves(event) == {"scout"}
    assert nemesis.involves(ev.GameStarted(["scout", "pilot"], "hibernatorium")) == {"scout", "pilot"}


def test_current_play_names_the_round(nemesis, table):
    t = table("scout")
    assert nemesis.current_play(t.state) == "Round 1"
    assert nemesis.current_play(nemesis.initial_state({})) is None
