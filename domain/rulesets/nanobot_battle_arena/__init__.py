"""NanoBot Battle Arena — the ruleset (nanobot-battle-arena.txt), written with the kit.

One campaign is a league; each play is a match (2-8 scientists, one Strain each). Modules:

- :mod:`.grid` the square grid, Legal Locations and the exact, linear chain scorer (pure);
- :mod:`.rules` Strains, cards, Divisions and phases, fields; :mod:`.events` the events;
- :mod:`.setup` the match's setup; :mod:`.turn` tiles, discards, draws; :mod:`.flow` phases and the end;
- :mod:`.cards` playing a Reaction Card (affinity, melding); :mod:`.effects` each card's effect;
- :mod:`.evolve` applying events; :mod:`.views`, :mod:`.drawing`, :mod:`.describe` what is shown.

This ``__init__`` is the game's light card (README § Adding a game): :mod:`.ruleset` holds the Ruleset with every
action and event, imported by the registry only when a NanoBot Battle Arena campaign is used; a read command finds the rules'
version and the text drawings here without it.
"""

VERSION = 1
"""The rules' version (the Ruleset's ``version``): raise it when ``evolve`` changes; read models keep it with each view."""
TEXT_VIEWS: dict[str, str] = {
    "board": "drawing:board_text",
    "score": "drawing:score_text",
    "standings": "drawing:standings_text",
}
"""View name -> ``"module:function"`` in this package drawing that view's JSON as text (the Ruleset's ``text_views``,
the same functions: the conformance suite checks it); each module is light, so a kept view is drawn without the rules."""
