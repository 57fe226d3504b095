"""Nemesis's page declarations, turn view and phone board (issue 24; DESIGN.md § The table page): every action has a
label, every pick's options are values the deciders take, the turn owes what the example's round owes, and the board
draws every Room, corridor, Character and Intruder as a tappable thing whose id the actions take."""

from __future__ import annotations

import re
from pathlib import Path

from domain.core.ruleset import get_ruleset
from domain.rulesets.nemesis.board_html import MIN_MAP_PX, board_html, font_size

from ..page_checks import fold, overflow_prone, pick_refusals, tappables

SCRIPT = "examples/nemesis/noise-encounter.ql"
SAMPLES = {"remove-fire": {"by": "a card"}, "end-game": {"reason": "escaped"}, "remove-intruder": {"reason": "killed"}}


def test_every_action_has_a_human_label_and_every_pick_a_declared_kind():
    ruleset = get_ruleset("nemesis")
    assert set(ruleset.kit.presentations) == set(ruleset.actions)
    assert ruleset.presentation("noise-roll").label == "Roll the Noise die"
    kinds = ruleset.kinds()
    assert all(k in kinds for v in ruleset.actions for k in ruleset.presentation(v).picks.values())
    assert ruleset.presentation("move").picks == {"character": "character", "room": "room", "token": "exploration-token",
                                                  "close": "corridor", "via": "via"}
    assert ruleset.presentation("place-intruder").table_wide and not ruleset.presentation("move").table_wide


def test_every_option_of_every_pick_is_accepted_or_refused_by_a_rule_never_as_bad_input():
    # nemesis.txt § Noise Roll: after the Larva's Encounter in the Hibernatorium, every kind has things to pick
    ruleset = get_ruleset("nemesis")
    state = fold("nemesis", SCRIPT, "pass pilot")
    assert all(ruleset.options(state, k) for k in ruleset.kinds())
    assert pick_refusals(ruleset, state, SAMPLES) == []


def test_the_sources_name_rooms_corridors_and_intruders_as_the_rulebook_does():
    ruleset = get_ruleset("nemesis")
    state = fold("nemesis", SCRIPT, "pass pilot")
    rooms = {o.value: o.label for o in ruleset.options(state, "room")}
    assert rooms["room-1"] == "Laboratory" and rooms["room-2"] == "room-2 (face down)" and len(rooms) == 16
    corridors = {o.value: o.label for o in ruleset.options(state, "corridor")}
    assert corridors["c7"] == "c7: Laboratory – Hibernatorium" and corridors["technical"] == "Technical Corridors"
    assert [(o.value, o.label) for o in ruleset.options(state, "intruder")] == [("larva-1", "Larva 1 in Hibernatorium")]
    assert [o.value for o in ruleset.options(state, "noise-result")] == ["1", "2", "3", "4", "danger", "silence"]
    assert [o.value for o in ruleset.options(state, "character")] == ["captain", "pilot"]


def test_the_turn_owes_the_noise_roll_first_then_each_characters_actions_then_the_end_of_the_round():
    ruleset = get_ruleset("nemesis")
    # nemesis.txt § Movement Action: the Captain entered the empty Laboratory: a Noise roll is due
    state = fold("nemesis", SCRIPT, "noise-roll captain 3")
    assert ruleset.views["turn"](state)["owed"] == [
        {"text": "roll the Noise die (entered Laboratory, empty)", "who": "captain", "verbs": ["noise-roll"]},
        {"text": "2 Actions left, or pass", "who": "pilot", "verbs": ["move", "search", "pass"]}]
    # § Noise Roll: a 1 into c7, which already has a marker: an Encounter is owed
    state = fold("nemesis", SCRIPT, "!rule_violation \"encounter\"")
    assert [o.text for o in ruleset.owed(state)] == ["Encounter in Hibernatorium: draw an Intruder token",
                                                     "1 Action left, or pass"]
    # § Fire Marker: the round ends once every turn is over
    state = fold("nemesis", SCRIPT, "end-round")
    turn = ruleset.views["turn"](state)
    assert turn["acting"] == [] and turn["next"] == "every turn is over: end Round 1"
    assert turn["owed"] == [{"text": "every turn is over: end Round 1", "who": None, "verbs": ["end-round"]}]
    assert ruleset.views["turn"](ruleset.initial_state({}))["owed"][0]["verbs"] == ["start-game"]


def test_the_board_draws_every_room_corridor_character_and_intruder_tappable_with_the_ids_the_actions_take():
    ruleset = get_ruleset("nemesis")
    state = fold("nemesis", SCRIPT, "pass pilot")
    html = board_html(ruleset.views["board"](state))
    tapped = tappables(html)
    for kind in ("room", "corridor", "character", "intruder"):
        assert {i for k, i in tapped if k == kind} == {o.value for o in ruleset.options(state, kind)}, kind
    # the Captain and the Pilot: Wounds as numbers; the Larva in Combat in the Hibernatorium
    assert 'data-character="captain" data-room="hibernatorium" data-light="0" data-serious="0"' in html
    assert "in Hibernatorium · 0 Injuries · in Combat" in html
    laboratory = re.search(r'<li class="card" data-room="room-1">.*?</li></ul></details></li>', html).group(0)
    assert "2 Items" in laboratory and "Exit 3: " in laboratory and 'data-id="c7">c7</button> to Hibernatorium' in laboratory
    assert overflow_prone(html) == []


def test_the_map_has_a_legend_and_text_of_at_least_12_px_on_a_320_px_phone():
    ruleset = get_ruleset("nemesis")
    html = board_html(ruleset.views["board"](fold("nemesis", SCRIPT, "pass pilot")))
    svg = re.search(r'<svg[^>]*viewBox="[-\d]+ [-\d]+ (\d+) \d+"[^>]*>', html)
    width = int(svg.group(1))
    sizes = {int(s) for s in re.findall(r'font-size="(\d+)"', html)}
    assert sizes == {font_size(width)} and min(sizes) * MIN_MAP_PX / width >= 12
    assert 'role="img" aria-label="Map of the ship' in html and "Letters: F Fire, M Malfunction" in html


def test_the_board_escapes_every_text_it_shows():
    ruleset = get_ruleset("nemesis")
    state = fold("nemesis", SCRIPT, "noise-roll captain 3")
    state["rooms"]["room-1"]["name"] = '<b onclick="x">Lab</b>'
    html = board_html(ruleset.views["board"](state))
    assert "<b onclick" not in html and "&lt;b onclick=&quot;x&quot;&gt;Lab&lt;/b&gt;" in html


def test_the_page_draws_the_other_side_with_its_two_technical_corridors_circles(nemesis, table):
    """Side B (issue 27, item 1): the page names each entrance's circle as the terminal map does (``T3/A``), in the
    Rooms list, on the map (``TA``/``TB``) and in the legend (nemesis.txt § Technical Corridors: a Noise marker in one
    circle is in every entrance of that circle only)."""
    t = table("scout", layout="nemesis-b")
    t.do("move", character="scout", room="room-3", tile="Canteen", token="silence", items=1)
    t.do("noise-roll", character="scout", result="4")  # room-3's exit 4: circle A
    html = board_html(t.board())
    cockpit = re.search(r'<li class="card" data-room="cockpit">.*?</li></ul></details></li>', html).group(0)
    assert "<li>Technical Corridors entrance (circle A)</li>" in cockpit
    assert ('Exit 3: <button type="button" data-kind="corridor" data-id="technical-fore">Technical A</button> '
            "Technical Corridors circle A · Noise marker") in cockpit
    engine = re.search(r'<li class="card" data-room="engine-1">.*?</li></ul></details></li>', html).group(0)
    assert 'data-id="technical-aft">Technical B</button> Technical Corridors circle B</li>' in engine
    texts = re.findall(r"<text[^>]*>([^<]*)</text>", html)
    assert texts.count("TA") == 5 and texts.count("TB") == 5  # five entrances to each circle
    assert {f"d{n}" for n in range(1, 25)} <= set(texts)  # every corridor by its id
    assert ("Technical Corridors circles: A technical-fore, B technical-aft (TA, TB on a Room: its entrance to that "
            "circle). A Noise marker in the Technical Corridors A.") in html


def test_the_page_draws_a_board_entered_from_a_file_with_its_own_corridor_ids(nemesis, table):
    from domain.rulesets.nemesis.layout_check import layout_from_files

    ours = Path(__file__).resolve().parents[3] / "examples" / "nemesis" / "our-board.yaml"
    html = board_html(table("scout", layout=layout_from_files([(ours.name, ours.read_bytes())])).board())
    texts = re.findall(r"<text[^>]*>([^<]*)</text>", html)
    assert {f"k{n}" for n in range(1, 13)} <= set(texts) and texts.count("T") == 4  # one circle: no letters
    slot_a = re.search(r'<li class="card" data-room="slot-a">.*?</li></ul></details></li>', html).group(0)
    assert 'Exit 3: <button type="button" data-kind="corridor" data-id="k9">k9</button> to slot-d (face down)' in slot_a
    assert "circle A" not in html and "Technical Corridors circles" not in html


def test_the_face_down_rooms_out_of_every_characters_reach_wait_in_one_closed_group_still_tappable():
    # the Captain in the Hibernatorium (exits c7, c8, c10, c11: rooms 1, 2, 5, 6), the Pilot in room-1 (the Laboratory):
    # the printed Rooms and those a move may enter are cards; the other seven face-down slots one closed group
    ruleset = get_ruleset("nemesis")
    html = board_html(ruleset.views["board"](fold("nemesis", SCRIPT, "pass pilot")))
    shown, _, grouped = html.partition('<details class="nm-far">')
    assert "<summary>Face-down Rooms away from every Character (7)</summary>" in grouped
    far = re.findall(r'data-kind="room" data-id="([\w-]+)"', grouped)  # after the group: only the map, no buttons
    assert far == ["room-3", "room-4", "room-7", "room-8", "room-9", "room-10", "room-11"]
    near = re.findall(r'<li class="card" data-room="([\w-]+)"', shown)
    # where the play is first: the Rooms someone is in, those a move may enter, then the other printed ones
    assert near == ["room-1", "hibernatorium", "engine-1", "engine-2", "room-2", "room-5", "room-6", "engine-3", "cockpit"]
