"""Tamashii: Chronicle of Ascend — the ruleset (tamashii.txt).

One campaign is one Tamashii box: its Progress sheet and Locked / Unlocked Pools persist across plays;
a play is one Scenario (co-op with 1-4 Player Boards, solo with J.O.R.D.A.N. BOT, or the competitive
Scenario generator). Modules:

- :mod:`.vocabulary` words, citations, content pack, the Player number arithmetic; :mod:`.kit` the kit
  every action and evolve handler is declared on; :mod:`.catalogue` the Player Boards and shared fields;
- :mod:`.progress` the Progress sheet and pools; :mod:`.setup` Scenario setup;
- :mod:`.board` Assets, Wounds, Trace, Data tokens; :mod:`.growth` Upgrade, Augments, Bodies, Learning Protocol;
- :mod:`.turn` phases, Planning and Action steps; :mod:`.flow` obligations and what passes by itself (the kit's
  guard and follow-up);
  :mod:`.districts` the map's Trace values and the BOT's move; :mod:`.launch` the Launch step;
- :mod:`.combat` Enemies, Combat, Reset; :mod:`.quest` Time, Scenario cards, Tests; :mod:`.modes` solo, Goals;
  :mod:`.scoring` VP; :mod:`.scenario_rules` Spread, Simulation Error, Boss Activity rolls;
- :mod:`.evolve` / :mod:`.evolve_play` / :mod:`.evolve_rules` apply events; :mod:`.views` the views; :mod:`.describe` history lines.

This ``__init__`` is the game's light card (README § Adding a game): :mod:`.ruleset` holds the Ruleset with every
action and event, imported by the registry only when a Tamashii campaign is used; a read command finds the rules'
version and the text drawings here without it.
"""

VERSION = 1
"""The rules' version (the Ruleset's ``version``): raise it when ``evolve`` changes; read models keep it with each view."""
TEXT_VIEWS: dict[str, str] = {"board": "text:draw_board", "turn": "text:draw_turn", "progress": "text:draw_progress",
                              "score": "text:draw_score"}
"""View name -> ``"module:function"`` in this package drawing that view's JSON as text (the Ruleset's ``text_views``,
the same functions: the conformance suite checks it); each module is light, so a kept view is drawn without the rules."""
