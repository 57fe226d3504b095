"""``questlog stats``, ``recap`` and ``standings`` through the installed entry point (issue 30, item 5): tables in the
terminal, ``--json``, ``--csv`` that a spreadsheet opens, the recap as one self-contained HTML file and an image, and
scipy / matplotlib never loaded by the commands that do not draw."""

from __future__ import annotations

import csv
import io
import json
import subprocess
from pathlib import Path

import pytest

from tests import HANG_SECONDS
from tests.cli.entry import QUESTLOG
from tests.cli.test_view_start import imported, run_view

SCRIPT = Path(__file__).resolve().parents[2] / "examples" / "nanolith" / "encounter-full.ql"


def questlog(db, *args, check=None):
    done = subprocess.run([QUESTLOG, "--db", db, *args], capture_output=True, text=True, timeout=HANG_SECONDS)
    if check is not None:
        assert done.returncode == check, done.stdout + done.stderr
    return done


@pytest.fixture(scope="module")
def encounter(tmp_path_factory):
    db = str(tmp_path_factory.mktemp("stats") / "stats.sqlite")
    questlog(db, "play", str(SCRIPT), "--show", "", check=0)
    return db


def test_stats_csv_opens_as_a_spreadsheet_one_row_per_series_point(encounter):
    out = questlog(encounter, "stats", "--csv", check=0).stdout
    rows = list(csv.DictReader(io.StringIO(out)))
    assert list(rows[0]) == ["section", "play", "series", "key", "x", "value"]
    assert {len(r) for r in csv.reader(io.StringIO(out))} == {6}  # a rectangle: no row longer or shorter than the header
    assert all(float(r["value"]) == float(r["value"]) for r in rows)  # every value a number a spreadsheet can sum
    curve = [r for r in rows if r["section"] == "curve"]
    # 5 series: 4 characters x 3 (Stress, Damage, Nanoshocks) + Reinforcement Pool + Round, 106 points each (steps 0..105)
    assert len(curve) == 14 * 106
    ada = [int(r["value"]) for r in curve if r["series"] == "damage" and r["key"] == "ada"]
    assert max(ada) == 8 and ada[0] == 0
    dice = [r for r in rows if r["section"] == "dice" and r["series"] == "action-die"]
    assert sum(int(r["value"]) for r in dice) == 80 and {r["x"] for r in dice} == {"1", "2", "3", "4", "5", "6"}


def test_stats_prints_the_luck_and_json_has_every_grouping(encounter):
    text = questlog(encounter, "stats", check=0).stdout
    assert "Action Die" in text and "χ² 14.5 (dof 5), p 0.0127" in text
    data = json.loads(questlog(encounter, "stats", "--json", check=0).stdout)
    assert set(data["dice"]) == {"kind", "character", "person", "digital"}
    assert {g["person"]: g["rolls"] for g in data["dice"]["person"] if g["kind"] == "action-die"} == {"Mia": 40, "Tom": 40}


def test_recap_writes_one_self_contained_html_file_and_a_png(encounter, tmp_path):
    page, image = tmp_path / "recap.html", tmp_path / "recap.png"
    out = questlog(encounter, "recap", "1", "--html", str(page), "--image", str(image), check=0).stdout
    assert "Encounter 'Encounter X: The Overseer': victory · play 1 of 1" in out
    html = page.read_text()
    assert html.count("<svg") == 2 and "victory" in html
    assert "src=" not in html and "href=" not in html.replace('xlink:href="#', "").replace('href="#', "")  # nothing outside the file
    assert image.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_the_recap_picture_holds_who_played_the_turning_points_the_dice_luck_and_the_curves(encounter, tmp_path):
    """Issue 30, item 3: the image shared after a play is the recap, not only its curves (its SVG keeps text as text)."""
    picture = tmp_path / "recap.svg"
    questlog(encounter, "recap", "1", "--image", str(picture), check=0)
    svg = picture.read_text()
    for words in ("Encounter 'Encounter X: The Overseer' — victory", "Played by Mia (ashitaka, cora) ★, Tom (vaa-lith, ada) ★",
                  "action 57: Boss Card drawn for overseer: Crushing Advance", "Action Die: 80 rolls, χ² 14.5, p 0.0127",
                  "Combat Die: 46 rolls, χ² 16.3, p 0.0228", "Reinforcement Pool", "Nanoshocks"):
        assert words in svg, words


def test_bad_recap_and_chart_requests_are_bad_input(encounter, tmp_path):
    assert "play must be within 1..1" in questlog(encounter, "recap", "2", check=2).stderr
    assert ".svg or .png" in questlog(encounter, "stats", "--chart", str(tmp_path / "x.gif"), check=2).stderr
    assert "create the directory first" in questlog(encounter, "recap", "--html", str(tmp_path / "no" / "r.html"), check=2).stderr
    assert not (tmp_path / "x.gif").exists()


def test_standings_count_a_co_operative_win_for_everyone_seated(encounter):
    data = json.loads(questlog(encounter, "standings", "--json", check=0).stdout)
    assert data["people"]["Mia"]["cooperative"] == {"plays": 1, "wins": 1, "losses": 0}
    assert data["timeline"][0]["plays"][0]["outcome"] == "victory"


def test_the_commands_that_do_not_draw_never_import_scipy_or_matplotlib(encounter, tmp_path):
    for args in (("view", "board"), ("history",), ("--help",)):
        done, modules = run_view(encounter, tmp_path, *args)
        assert done.returncode == 0, done.stderr
        assert [m for m in ("scipy", "matplotlib") if imported(modules, m)] == [], args


def test_the_action_that_ends_a_play_prints_where_its_recap_is(tmp_path):
    """Issue 30, item 3: after the action that finishes a play, one line says so and names ``questlog recap N``."""
    db = str(tmp_path / "hint.sqlite")
    for args in (("new", "nanolith", "Hint night"), ("seat", "Mia", "ashitaka"), ("start-encounter", "Encounter 1")):
        assert "questlog recap" not in questlog(db, *args, check=0).stdout
    out = questlog(db, "end-encounter", "--outcome", "victory", check=0).stdout
    assert out.splitlines()[-1] == "✔ play 1 finished: Encounter 'Encounter 1' (victory). Its recap: questlog recap 1"
    data = json.loads(questlog(db, "recap", "1", "--json", check=0).stdout)
    assert (data["play"]["finished"], data["play"]["outcome"]) == (True, "victory")
    questlog(db, "start-encounter", "Encounter 2", check=0)
    ended = json.loads(questlog(db, "end-encounter", "--outcome", "game-over", "--json", check=0).stdout)
    assert ended["play_ended"] == {"n": 2, "title": "Encounter 'Encounter 2'", "outcome": "game-over"}


def test_timeline_shows_the_campaigns_stickers_and_unlocks_after_each_encounter(tmp_path):
    """Issue 30, item 4: examples/nanolith/campaign-full.ql's four Encounters (the second lost, replayed from the
    Babel Tower Gate Save Point), each person's record in the campaign and its progress after each Encounter."""
    db = str(tmp_path / "campaign.sqlite")
    questlog(db, "play", str(SCRIPT.with_name("campaign-full.ql")), "--show", "", check=0)
    data = json.loads(questlog(db, "timeline", "--json", check=0).stdout)
    assert data["people"]["Mia"]["cooperative"] == {"plays": 4, "wins": 3, "losses": 1}
    assert [p["outcome"] for p in data["timeline"]["plays"]] == ["victory", "game-over", "victory", "victory"]
    series = data["timeline"]["series"]
    assert set(series) == {"stickers", "unlocks"}  # a co-operative game: no scores
    assert series["stickers"]["lines"]["vaa-lith"] == [[1, 0], [2, 3], [3, 3], [4, 3]]
    assert series["stickers"]["lines"]["cora"] == [[1, 0], [2, 0], [3, 0], [4, 1]]
    assert series["unlocks"]["lines"]["hidden cards"] == [[1, 0], [2, 2], [3, 2], [4, 2]]
    assert series["unlocks"]["lines"]["sidekick programs"] == [[1, 0], [2, 0], [3, 0], [4, 1]]
    text = questlog(db, "timeline", check=0).stdout
    assert "Stickers │ ada               │ 0 │ 6 │ 6 │ 6" in text and "Encounter 'Encounter 3: The Spire'" in text


def test_stats_chart_says_where_it_is_written_and_counts_rolls_in_whole_numbers(encounter, tmp_path):
    """The dice chart's count axis is rolls: ticks are whole numbers only (no 0.5 roll), and the command says where the
    file went, in words, in JSON, and beside a CSV (on stderr: stdout stays the spreadsheet)."""
    import re

    svg = tmp_path / "luck.svg"
    done = questlog(encounter, "stats", "--chart", str(svg), check=0)
    assert done.stdout.rstrip().endswith(f"✔ chart written to {svg}")
    ticks = re.findall(r'<g id="ytick_\d+">.*?>([^<>]+)</text>', svg.read_text(), re.S)
    assert ticks and all(re.fullmatch(r"\d+", t.replace("\u2212", "-")) for t in ticks), ticks
    assert json.loads(questlog(encounter, "stats", "--json", "--chart", str(svg), check=0).stdout)["chart"] == str(svg)
    beside = questlog(encounter, "stats", "--csv", "--chart", str(tmp_path / "luck.png"), check=0)
    assert beside.stderr.strip() == f"✔ chart written to {tmp_path / 'luck.png'}" and "written" not in beside.stdout


def test_a_play_in_progress_is_listed_by_its_live_round_and_phase(tmp_path):
    """After give-initiative (nanolith.txt § 1.1 Status Phase, step 5) the Encounter is in the Character Action Phase:
    the recap names the play so, as ``campaigns`` does, not as the Status Phase its last action began in."""
    db = str(tmp_path / "q.sqlite")
    for line in (["new", "nanolith", "Live"], ["start-encounter", "E"], ["start-round"],
                 *[["roll-action-dice", c, *d.split()] for c, d in (("ash", "2 4 5 2 6"), ("cora", "1 1 4 5 6"),
                                                                     ("vaa", "3 3 5 2 6"), ("ada", "3 3 5 2 6"))],
                 ["give-initiative", "ash"]):
        questlog(db, *line, check=0)
    play = json.loads(questlog(db, "--json", "recap", check=0).stdout)["play"]
    assert play["title"] == "Encounter 'E', Round 1, Character Action Phase"
    assert questlog(db, "recap", check=0).stdout.startswith("Encounter 'E', Round 1, Character Action Phase: in progress")
    assert "Encounter 'E', Round 1, Character Action Phase" in questlog(db, "campaigns", check=0).stdout
