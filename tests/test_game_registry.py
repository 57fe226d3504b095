"""The registry imports a game's rules only when the game is used, yet every place that lists games still sees every
shipped game (README § Adding a game): ``questlog games``, the API's ``/rulesets``, and a campaign of each game."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tests import HANG_SECONDS
from tests.cli.entry import QUESTLOG

ROOT = Path(__file__).resolve().parent
GAMES = {"nanobot-battle-arena": "NanoBot Battle Arena", "nanolith": "Nanolith", "nemesis": "Nemesis",
         "nin-gonost": "Nîn-Gonost", "tamashii": "Tamashii: Chronicle of Ascend"}


def test_questlog_games_in_a_fresh_process_lists_every_game(sqlite_url):
    done = subprocess.run([QUESTLOG, "--db", sqlite_url, "--json", "games"], capture_output=True, text=True, timeout=HANG_SECONDS)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == GAMES


def test_the_api_lists_every_game_from_a_fresh_process(sqlite_url):
    probe = ("import json, sys\n"
             "from api import create_app\n"
             "client = create_app(sys.argv[1], {'QUESTLOG_AUTH': 'off'}).test_client()\n"
             "print(json.dumps([g['game'] for g in client.get('/rulesets').get_json()]))\n")
    done = subprocess.run([sys.executable, "-c", probe, sqlite_url], capture_output=True, text=True, cwd=ROOT.parent,
                          timeout=HANG_SECONDS)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout.strip().splitlines()[-1]) == sorted(GAMES)


def test_a_game_is_loaded_on_first_use_and_only_that_game():
    probe = ("import json, sys\n"
             "from domain.core.ruleset import get_ruleset\n"
             "before = sorted(m for m in sys.modules if m.endswith('.ruleset') and m.startswith('domain.rulesets'))\n"
             "title = get_ruleset('nin-gonost').title\n"
             "after = sorted(m for m in sys.modules if m.endswith('.ruleset') and m.startswith('domain.rulesets'))\n"
             "print(json.dumps([before, title, after]))\n")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=ROOT.parent, timeout=HANG_SECONDS)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == [[], "Nîn-Gonost", ["domain.rulesets.nin_gonost.ruleset"]]


def test_an_unknown_game_is_refused_naming_every_known_one():
    import pytest

    from domain.core.errors import BadInput
    from domain.core.ruleset import get_ruleset, rules_version, text_drawing

    for ask in (get_ruleset, rules_version, lambda game: text_drawing(game, "board")):
        with pytest.raises(BadInput, match="unknown game 'chess'; known: .*nanobot-battle-arena.*nanolith.*nemesis.*nin-gonost.*tamashii"):
            ask("chess")
