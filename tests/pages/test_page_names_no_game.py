"""The page's code names no game: what a game's board, forms and taps need comes from its ruleset's declarations
with the kit (issue 24: "with the one kit, so the page code names no game"; DESIGN.md § The table page)."""

import re
from pathlib import Path

from domain.core.registry import rulesets

ROOT = Path(__file__).resolve().parents[2]
PAGE_CODE = [*ROOT.glob("api/pages/**/*.py"), *ROOT.glob("api/pages/templates/**/*.html"), *ROOT.glob("api/static/page/*.js"),
             *ROOT.glob("api/static/page/*.css")]  # the games' own CSS is their rulesets' (KIT.stylesheet)


def game_words() -> set[str]:
    words = set()
    for game, ruleset in rulesets().items():
        words |= {game, game.replace("-", "_"), ruleset.title.split(":")[0], game.replace("-", " ")}
    return {w.lower() for w in words}


def test_no_python_template_or_script_of_the_page_names_a_game():
    words = game_words()
    assert {"nanolith", "tamashii", "nemesis", "nîn-gonost", "nin gonost", "nanobot battle arena"} <= words
    pattern = re.compile("|".join(re.escape(w) for w in sorted(words, key=len, reverse=True)), re.IGNORECASE)
    found = [f"{path.relative_to(ROOT)}:{n}: {line.strip()}" for path in PAGE_CODE
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if pattern.search(line)]
    assert len(PAGE_CODE) > 15
    assert found == []
