"""Nemesis — the ruleset (nemesis.txt): the ship's rooms and corridors, exploration, Noise, markers, Doors
and Intruders on the board, written with the ruleset kit.

One campaign is one game of Nemesis. Modules:

- :mod:`.layout` the ship as data, :mod:`.layout_check` a layout file checked, :mod:`.ships` the layouts a state names
  (``ship.yaml``, ``ship-b.yaml``, entered ones); :mod:`.rules` vocabulary, the kit, shared checks;
- :mod:`.movement` setup, the Movement Action, exploration, Search and Room Actions; :mod:`.noise` the Noise roll;
- :mod:`.markers` Slime, Fire, Malfunction, Doors; :mod:`.intruders` Encounters and Intruders; :mod:`.turn` the round;
- :mod:`.evolve` the state and its handlers; :mod:`.views`, :mod:`.terminal` (the map), :mod:`.board_html` (the page's board),
  :mod:`.describe` what people see.

This ``__init__`` is the game's light card (README § Adding a game): :mod:`.ruleset` holds the Ruleset with every
action and event, imported by the registry only when a Nemesis campaign is used; a read command finds the rules'
version and the text drawings here without it.
"""

VERSION = 2
"""The rules' version (the Ruleset's ``version``): raise it when ``evolve`` changes; read models keep it with each view."""
TEXT_VIEWS: dict[str, str] = {
    "board": "terminal:board_text",
}
"""View name -> ``"module:function"`` in this package drawing that view's JSON as text (the Ruleset's ``text_views``,
the same functions: the conformance suite checks it); each module is light, so a kept view is drawn without the rules."""
