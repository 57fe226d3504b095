"""Nîn-Gonost — the ruleset (nin-gonost.txt, the Core Rules; the Playsheet at its end summarises them).

One campaign keeps the warbands and one battle at a time. Modules, all declared on the one kit
(:data:`.book.KIT`):

- :mod:`.cards` (cards.yaml: Sir Galwen's card, the orcs and others from the book's fragments, weapons,
  objects); :mod:`.warband` point limit, recruiting, who goes first;
- :mod:`.ladder` the die-step ladder and Accuracy faces; :mod:`.resolve` the arithmetic of every roll;
- :mod:`.turns` turns, Action Points, Saved AP, Concentrate; :mod:`.movement` speeds, facing, Perilous
  Movement; :mod:`.fighting` duels, Charge, Counter Strike; :mod:`.ranged` shooting, throwing, reactions;
  :mod:`.conditions` Manna, Morale, Poison, Knock Out, prone, sneaking; :mod:`.objects` doors and objects;
- :mod:`.views`, :mod:`.text`, :mod:`.describe` what the table sees.

This ``__init__`` is the game's light card (README § Adding a game): :mod:`.ruleset` holds the Ruleset with every
action and event, imported by the registry only when a Nîn-Gonost campaign is used; a read command finds the rules'
version and the text drawings here without it.
"""

VERSION = 2
"""The rules' version (the Ruleset's ``version``): raise it when ``evolve`` changes; read models keep it with each view."""
TEXT_VIEWS: dict[str, str] = {
    "board": "text:board_text",
    "roll": "text:roll_text",
}
"""View name -> ``"module:function"`` in this package drawing that view's JSON as text (the Ruleset's ``text_views``,
the same functions: the conformance suite checks it); each module is light, so a kept view is drawn without the rules."""
