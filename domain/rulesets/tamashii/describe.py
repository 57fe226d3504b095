"""One human line per Tamashii event, for ``history`` (None: fall back to the generic form)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.core.names import possessive, counted
from domain.core import GameEvent


def _tokens(tokens: list[str] | dict[str, int]) -> str:
    if isinstance(tokens, dict):
        return ", ".join(f"{n} {t}" for t, n in tokens.items() if n) or "nothing"
    counts: dict[str, int] = {}
    for t in tokens:
        counts[t] = counts.get(t, 0) + 1
    return _tokens(counts)


def _many(count: int, one: str, many: str | None = None) -> str:
    """``1 Enemy``, ``2 Enemies``: a count with its noun in the right number."""
    return f"{count} {one if count == 1 else many or one + 's'}"


def _places(indexes: list[int]) -> str:
    """Dice by their 0-based places as the board lists them: ``0, 2``."""
    return ", ".join(map(str, indexes)) or "none"


LINES: dict[str, Callable[[Any], str]] = {
    "ProgressSheetStartedFromScratch": lambda e: "Started from scratch: a fresh Progress sheet",
    "ComponentsUnlocked": lambda e: f"{e.card} unlocked {', '.join(e.codes) or 'nothing new'}"
    + (f" ({', '.join(e.already)} already Unlocked)" if e.already else ""),
    "ComponentsLocked": lambda e: f"{e.card} locked {', '.join(e.codes) or 'nothing new'}",
    "StartedFromPaper": lambda e: "Started from paper: " + (", ".join(f"{sid} {'/'.join(c)}" for sid, c in e.ticks.items()) or "nothing ticked")
                                  + f"; {len(e.unlocked)} Unlocked, {len(e.locked)} Locked",
    "EndingTicked": lambda e: f"Ticked {e.code} next to {e.scenario} on the Progress sheet",
    "ScenarioStarted": lambda e: f"{e.play['title']} set up ({e.mode}) for {', '.join(e.play['players'])}",
    "ScenarioEnded": lambda e: f"{e.scenario} {e.outcome}" + (f" on {e.card}" if e.card else "")
    + (f"; winners: {', '.join(e.scores['winners'])}" if e.scores else ""),
    "PhaseBegan": lambda e: f"Turn {e.turn}: {e.phase.title()} phase" + (f", {e.active} acts" if e.active else ""),
    "FirstPlayerTokenPassed": lambda e: f"First Player token passed to {e.board}",
    "TimeSet": lambda e: f"Time set to {e.time}" + (f" ({e.expression})" if str(e.expression).strip() != str(e.time) else ""),
    "TimeReduced": lambda e: f"Time reduced by {e.amount} to {e.time}",
    "ScenarioCardDrawn": lambda e: f"Scenario card {e.code} drawn" + (" (special)" if e.special else ""),
    "SuccessTokensChanged": lambda e: f"The Scenario card holds {_many(e.count, 'Success token')}",
    "StepTaken": lambda e: f"{e.board}: {e.step} step",
    "AssetChanged": lambda e: f"{e.board} {e.how} {abs(e.change)} {e.asset.title()} (now {e.value})",
    "WoundsSuffered": lambda e: f"{e.board} suffered {counted(e.wounds, 'Wound')}: {e.shields} Shield spent, {e.lost} Integrity lost (now {e.integrity})",
    "IntegrityChanged": lambda e: f"{e.board} Integrity {e.integrity}/{e.limiter} ({e.why})",
    "TraceChanged": lambda e: f"{e.board} Trace {e.trace} ({e.why})",
    "EnemiesDue": lambda e: f"{e.board} must draw and attach {_many(e.count, 'Enemy', 'Enemies')} ({e.why})",
    "ExpChanged": lambda e: f"{e.board} EXP {e.change:+d} to {e.exp} ({e.why})",
    "LockTokenDiscarded": lambda e: f"{e.board} discarded a Lock token ({_many(e.locks, 'Lock token')} left)",
    "DataTokensMoved": lambda e: f"{e.board}: {_tokens(e.tokens)} from {e.source} to {e.target}",
    "DataBagRefilled": lambda e: f"{possessive(e.board)} empty Data Bag refilled from the Dump: {_tokens(e.tokens)}",
    "CorruptedDataPoolRanOut": lambda e: f"The Corrupted Data pool ran out ({e.missing} missing for {e.board}): apply the Scenario's special rule",
    "CoreDataChanged": lambda e: f"{possessive(e.board)} Core Data is now {e.core}",
    "BodyInhabited": lambda e: f"{e.board} inhabited {e.body['name']}",
    "BodiesSwapped": lambda e: f"{e.board} now inhabits {e.active}",
    "BodyDiscarded": lambda e: f"{e.board} discarded the {e.body} Body",
    "BodyMarketChanged": lambda e: f"Body Market: {', '.join(e.market) or 'empty'}",
    "AugmentGained": lambda e: f"{e.board} took the {e.augment['kind']} Augment {e.augment['name']}",
    "AugmentEquipped": lambda e: f"{e.board} equipped {e.name}",
    "AugmentTraded": lambda e: f"{e.board} gave {e.name} to {e.to}",
    "AugmentBroken": lambda e: f"{possessive(e.board)} {e.name} broke (removed from the game)",
    "LearningProtocolChosen": lambda e: f"{e.board} took the Learning Protocol {e.name}" + (f" ({e.note})" if e.note else ""),
    "LearningStepCompleted": lambda e: f"{e.board} completed Learning Protocol step {e.step}",
    "CharacterMoved": lambda e: f"{'J.O.R.D.A.N. BOT' if e.bot else e.board} moved to tile {e.tile}",
    "DistrictRevealed": lambda e: f"Tile {e.tile} revealed: {e.name}" + (f" (Exploration: {e.exploration})" if e.exploration else ""),
    "EnemiesAttached": lambda e: f"{e.board} attached {', '.join(x['name'] for x in e.enemies)}",
    "EnemyDamaged": lambda e: f"{possessive(e.board)} {e.enemy} took {e.damage} Damage ({_many(e.total, 'marker')})",
    "EnemyRemoved": lambda e: f"{possessive(e.board)} {e.enemy} {e.how}",
    "PlayerDiceRolled": lambda e: f"{e.board} rolled {' '.join(e.dice)} ({e.purpose})",
    "DiceRerolled": lambda e: f"{e.board} rerolled the dice at {_places(e.indexes)}: now {' '.join(e.dice)}",
    "CombatBegan": lambda e: f"{e.board} Attack Roll: {' '.join(e.dice)}; Enemy dice {e.number or 'blank'} {e.symbol}",
    "CombatFrameActivated": lambda e: f"{e.board} activated {e.frame} with the dice at {_places(e.indexes)}",
    "EnemyFrameActivated": lambda e: f"{e.enemy} resolved its {e.symbol} Frame",
    "ResetBegan": lambda e: f"{e.board} reset ({e.result})",
    "PatternLaunched": lambda e: f"{e.board} launched {e.pattern} ({e.source}) with {_tokens(e.tokens)}",
    "TestBegan": lambda e: f"{e.initiator} began a {'Group ' if e.group else ''}Test: {e.required} successes of {e.data}",
    "TestContributed": lambda e: f"{e.board} dumped {_tokens(e.tokens)} and rolled {' '.join(e.dice)}",
    "TestResolved": lambda e: f"Test {'passed' if e.passed else 'failed'}: {e.successes} of {e.required} successes",
    "BotBatteryChanged": lambda e: f"J.O.R.D.A.N. BOT battery {e.battery} ({e.why})",
    "BotRemoved": lambda e: "J.O.R.D.A.N. BOT ran out of charges and left the game",
    "GoalCardTaken": lambda e: f"{e.board} took Goal card {e.goal}",
    "ClassChosen": lambda e: f"{e.board} chose the {e.name.title()} Class",
    "ScenarioEndingDue": lambda e: f"{e.why}: draw card {e.card}",
    "BodyMarketRefillDue": lambda e: f"The Body Market is owed {counted(e.count, 'card')} from the Body deck",
    "BodyFigureNoted": lambda e: f"{possessive(e.board)} {e.body} has {e.figure.upper()} {e.value}",
    "AugmentDrawn": lambda e: f"{e.board} drew the {e.augment['kind']} Augment {e.augment['name']}",
    "DistrictTraceNoted": lambda e: f"Tile {e.tile}: " + ", ".join(
        f"{k} Trace value {v}" for k, v in (("Entry", e.entry), ("Stationary", e.stationary)) if v is not None),
    "AscendTokensSpread": lambda e: f"Spread: rolled {' '.join(e.dice)}; Ascend tokens on {', '.join(e.tiles)} ({e.sheet} on the sheet)",
    "AscendTokenDiscarded": lambda e: f"Ascend token discarded from tile {e.tile} ({e.why})",
    "SimulationErrorRolled": lambda e: f"{possessive(e.board)} Simulation Error die: {e.result}: {e.effect}",
    "BossActivityRolled": lambda e: f"{possessive(e.boss)} Boss Activity: {e.number or 'blank'} {e.symbol}, card {e.card}" + (" (table ignored)" if e.ignored else ""),
    "TestContributionSkipped": lambda e: f"{e.board} passed on the Group Test",
}


def describe_event(event: GameEvent) -> str | None:
    """The line for ``event``, or None when there is no specific one."""
    line = LINES.get(event.type)
    return line(event) if line else None
