"""The terminal map (issue 27, item 1): every layout drawn with its corridors as lines carrying their ids, the exit
numbers where each corridor leaves a room (nemesis.txt § Noise Roll: the die's 1..4 name them), the Technical
Corridors entrances and circles, and a legend."""

from pathlib import Path

from domain.rulesets.nemesis.layout_check import layout_from_files

OURS = Path(__file__).resolve().parents[3] / "examples" / "nemesis" / "our-board.yaml"


def _text(nemesis, t) -> str:
    return nemesis.text_views["board"](t.board())


def test_the_default_ship_is_drawn_with_corridor_ids_exit_numbers_and_a_legend(nemesis, table):
    lines = _text(nemesis, table("scout")).splitlines()
    assert lines[0] == "Round 1 — Nemesis"
    # Engine 1 (exit 2 and 4: c2) and room-3 (exit 1: c2) face each other on the top row, c2 between them.
    assert any("│T3            2-------------c2-------------1T4            3-------------c23------------3T4            │"
               in line for line in lines)
    assert any(line.startswith("   │              4                            │") for line in lines)  # c2 is exit 2 and 4
    assert any("c7-" in line for line in lines) and any("c24" in line for line in lines)
    assert lines.index(next(line for line in lines if line.startswith("Legend: "))) > 30
    assert "  c1: engine-1 1 — room-1 1; c2: engine-1 2,4 — room-3 1; c3: engine-2 1,3 — room-1 2" in lines
    assert ("Technical Corridors technical: entrances engine-1 3, engine-3 3, room-2 4, room-3 4, room-4 4, room-7 4, "
            "room-9 4, cockpit 3") in lines


def test_noise_markers_and_doors_are_marked_on_the_corridor_ids(nemesis, table):
    t = table("scout")
    t.do("place-noise-marker", place="c2")
    t.do("close-door", corridor="c23")
    text = _text(nemesis, t)
    assert "c2*" in text and "c23#" in text and "Noise markers: c2" in text and "Doors: c23 closed" in text


def test_the_other_side_names_its_two_circles_in_the_rooms_and_the_legend(nemesis, table):
    lines = _text(nemesis, table("scout", layout="nemesis-b")).splitlines()
    assert lines[0] == "Round 1 — Nemesis (side B)"
    assert any("│T3/A" in line for line in lines) and any("│T3/B" in line for line in lines)  # the Cockpit, an Engine
    assert "Technical Corridors technical-fore (A): entrances cockpit 3, room-1 4, room-2 4, room-3 4, room-5 4" in lines
    assert "Technical Corridors technical-aft (B): entrances room-7 4, room-9 4, engine-1 3, engine-2 3, engine-3 3" in lines
    assert any("d23" in line and "-" in line for line in lines)


def test_a_board_entered_from_a_file_is_drawn_the_same_way(nemesis, table):
    t = table("scout", layout=layout_from_files([(OURS.name, OURS.read_bytes())]))
    lines = _text(nemesis, t).splitlines()
    assert lines[0] == "Round 1 — Our ship"
    assert any("k4" in line and "Hibernatorium" not in line for line in lines)
    assert "  k1: hibernatorium 1 — slot-a 1; k4: hibernatorium 2 — cockpit 1,4; k2: hibernatorium 3 — slot-b 1,4" in lines
    assert "   │T3            1--k5--2              3--k9--1T3            │" in lines
    assert "Technical Corridors ducts: entrances engine-1 3, engine-2 3, slot-d 3, slot-e 3" in lines
    # Every room's box lists its name (or slot) and every corridor id appears on the map or in the legend.
    text = "\n".join(lines)
    assert all(f"k{n}" in text for n in range(1, 13)) and "? slot-a" in text and "Engine 2" in text
