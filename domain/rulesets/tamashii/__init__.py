"""Tamashii: Chronicle of Ascend — the ruleset (tamashii.txt).

One campaign is one Tamashii box: its Progress sheet and Locked / Unlocked Pools persist across plays;
a play is one Scenario (co-op with 1-4 Player Boards, solo with J.O.R.D.A.N. BOT, or the competitive
Scenario generator). Modules:

- :mod:`.rules` vocabulary, citations, content pack, the Player number arithmetic;
- :mod:`.progress` the Progress sheet and pools; :mod:`.setup` Scenario setup;
- :mod:`.board` Assets, Wounds, Trace, Data tokens; :mod:`.growth` Upgrade, Augments, Bodies, Learning Protocol;
- :mod:`.turn` phases, Planning and Action steps; :mod:`.flow` obligations and what passes by itself;
  :mod:`.districts` the map's Trace values and the BOT's move; :mod:`.launch` the Launch step;
- :mod:`.combat` Enemies, Combat, Reset; :mod:`.quest` Time, Scenario cards, Tests; :mod:`.modes` solo, Goals;
  :mod:`.scoring` VP; :mod:`.scenario_rules` Spread, Simulation Error, Boss Activity rolls;
- :mod:`.evolve` / :mod:`.evolve_play` / :mod:`.evolve_rules` apply events; :mod:`.views` the views; :mod:`.describe` history lines.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.core import BadInput, Command, GameEvent, Ruleset, State, Track, register
from domain.core.decision import Decision

from . import board, combat, growth, launch, modes, progress, quest, scenario_rules, turn  # noqa: F401  (declare the actions)
from . import combat_events, events, rule_events
from . import evolve_play, evolve_rules  # noqa: F401  (registers their handlers)
from .flow import follow_up, guard
from .catalogue import ACTIONS, BOARDS, DECIDERS
from .describe import describe_event
from .evolve import evolve as _evolve
from .rules import ASSET_MAX, rule
from .views import VIEWS


def _event_classes() -> dict[str, type[GameEvent]]:
    out = {}
    for module in (events, combat_events, rule_events):
        for name, obj in vars(module).items():
            if isinstance(obj, type) and issubclass(obj, GameEvent) and obj is not GameEvent:
                out[name] = obj
    return out


@register
class Tamashii(Ruleset):
    """Tamashii: Chronicle of Ascend."""

    game = "tamashii"
    title = "Tamashii: Chronicle of Ascend"
    rulebook = "tamashii.txt"
    version = 1
    actions = ACTIONS
    events = _event_classes()
    characters = BOARDS
    tracks = (
        Track("play.boards.*.assets.*", 0, ASSET_MAX, rule=rule("Assets – Shield, Memory, Power and Reroll")),
        Track("play.boards.*.integrity", 0, 20, rule=rule("Player Board, Launcher & Data tokens")),
        Track("play.boards.*.limiter", 1, 20, rule=rule("UPGRADE")),
        Track("play.boards.*.trace", 0, 30, rule=rule("Trace")),
        Track("play.boards.*.exp", 0, 40, rule=rule("List of all Components")),
        Track("play.boards.*.locks", 0, 4, rule=rule("Player Board, Launcher & Data tokens")),
        Track("play.boards.*.tile", 1, 99, rule=rule("Movement & Revealing District tiles")),
        Track("play.time", 0, 20, rule=rule("Quest phase")),
        Track("play.corrupted_pool", 0, 16, rule=rule("Special Data tokens")),
        Track("play.success_tokens", 0, 8, rule=rule("List of all Components")),
        Track("play.trace_top", 1, 30, rule=rule("Trace")),
    )
    views = VIEWS

    def initial_state(self, setup: Mapping[str, Any]) -> State:
        """A fresh box: an empty Progress sheet, no play. ``setup`` takes no options."""
        if setup:
            raise BadInput(f"a Tamashii campaign takes no setup options, not {sorted(setup)}", {"setup": ["no options"]})
        return progress.initial_box()

    def decide(self, state: State, command: Command) -> list[GameEvent]:
        """The events of ``command``, then what passes by itself after them (:func:`.flow.follow_up`);
        raises RuleViolation citing tamashii.txt (first of all while a reset or a Scenario ending is owed)."""
        guard(state, command.verb)
        decision = Decision(state, self.evolve)
        decision.emit(*DECIDERS[command.verb](state, dict(command.fields)))
        decision.emit(*follow_up(decision.state))
        return decision.events

    def evolve(self, state: State, event: GameEvent) -> State:
        """Apply ``event`` (pure, total)."""
        return _evolve(state, event)

    def play_result(self, event: GameEvent) -> dict[str, Any] | None:
        """A Scenario ends with its Victory or Defeat card (§ Ending the game & using the PROGRESS sheet): co-operative
        and solo plays are won or lost together; a competitive play is scored in VP, most VP winning (§ Victory Points)."""
        if type(event).__name__ != "ScenarioEnded":
            return None
        scores = event.scores or {}
        totals = {board: lines["total"] for board, lines in scores.get("boards", {}).items()}
        return {"title": event.scenario, "outcome": event.outcome, "cooperative": event.outcome in ("won", "lost"),
                "won": event.outcome == "won", "scores": totals, "winners": list(scores.get("winners", []))}

    def current_play(self, state: State) -> str | None:
        """``"Prologue, turn 2, Action phase (red)"`` or None between Scenarios."""
        play = state.get("play")
        if not play:
            return None
        active = f" ({play['active']})" if play.get("active") else ""
        return f"{play['title']}, turn {play['turn']}, {play['phase'].title()} phase{active}"

    def describe(self, event: GameEvent) -> str:
        """One human line for ``history``."""
        return describe_event(event) or super().describe(event)
