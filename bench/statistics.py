"""Figure 11: statistics on a long campaign (issue 30). A Nanolith campaign of Action Dice rolls (every action a roll
of five dice, plays of 100 actions separated by an action between plays, as Encounters are), long vs 100 events:

- ``questlog stats``'s figures (``projections.statistics.campaign_stats``: the dice totals of the statistics read
  model and the latest play's curves) on the long campaign vs the 100-event one, in process, warm (target <= 2x);
- rebuilding the read models of the long campaign with the statistics read model and without it (its writes
  switched off), each against the raw read + decode of figure 3 (target >= 0.6x), measured as figure 3 is: the
  three alternating, in CPU seconds (the rows with the target) and in wall-clock seconds (reported only).

The long campaign ends with a latest play as long as the short one's (the curves ``stats`` draws are the same
work): only the campaign's length differs.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from .common import Row, env, fill_campaign, median, open_app, store_url, time_row
from .rebuild import MIN_ROUNDS, Clock, application_name, raw_read, rate_rows

PLAY = 100
"""Actions per play (an Encounter's worth); the action after each play records none."""


def build_dice_campaign(app: Any, events: int, last_play: int | None = None) -> str:
    """A Nanolith campaign of about ``events`` stored events: Action Dice rolls (a reveal each) in plays of
    :data:`PLAY` actions, an ``adjust`` between plays (no play in progress). With ``last_play``, it stops (at or
    below ``events``) where its latest play holds that many actions, so a long campaign's latest play can be as long
    as a short one's: the curves ``stats`` draws are the same work, and only the campaign's length differs."""
    import uuid

    from domain.core.table import TrackAdjusted
    from domain.rulesets.nanolith.events import ActionDiceRolled

    cid = app.create_campaign("nanolith", f"Dice for months ({events} events, {uuid.uuid4().hex[:6]})")
    app.record(cid, "start-encounter", {"name": "Encounter 1"})
    heroes = ("ashitaka", "vaa-lith", "cora", "ada")

    def roll(n: int, campaign: Any) -> None:
        if n % (PLAY + 1) == 0:
            ev: Any = TrackAdjusted(path="characters.cora.stress", value=0, previous=0, reason="between plays")
            campaign.record_action(f"a{n}", "adjust", {}, [ev], actor=None, recorded_at="2026-12-01T00:00:00+00:00", reveal=False,
                                   digital=False, summary="adjust", play=None)
            return
        dice = [(n + i) % 6 + 1 for i in range(5)]
        ev = ActionDiceRolled(character=heroes[n % 4], dice=dice)
        campaign.record_action(f"a{n}", "roll-action-dice", {"character": heroes[n % 4], "dice": dice}, [ev], actor=None,
                               recorded_at="2026-12-01T00:00:00+00:00", reveal=True, digital=False, summary="roll",
                               play=f"Encounter {n // (PLAY + 1) + 1}")

    if last_play is not None:  # each roll two events (its game event and its closing record)
        start = app.get_campaign(cid).version
        plays = ((events - start) // 2 - last_play) // (PLAY + 1)
        events = start + 2 * (plays * (PLAY + 1) + last_play)
    fill_campaign(app, cid, events, roll)
    return cid


@contextlib.contextmanager
def statistics_off() -> Iterator[None]:
    """The statistics read model's writes switched off (what the read models cost without it: the audit rows'
    statistics columns left empty, no totals)."""
    from projections import dice

    saved = dice.action, dice.undone, dice.redecided, dice.write
    dice.undone = dice.redecided = dice.write = lambda *a, **k: None  # type: ignore[assignment]
    dice.action = lambda *a, **k: dice.NO_DICE  # type: ignore[assignment]  # (an audit row's statistics columns empty)
    try:
        yield
    finally:
        dice.action, dice.undone, dice.redecided, dice.write = saved


def run(store: str, workdir: Path, long_events: int, repeats: int, **_: Any) -> list[Row]:
    from projections.statistics import campaign_stats

    name = application_name("stats")
    with store_url(store, workdir, "stats") as url, env(PGAPPNAME=name):
        app = open_app(url, read_models=False)
        short_id = build_dice_campaign(app, 100)
        short_play = campaign_stats(app, short_id)["latest_play"]["actions"]  # (scipy imported, caches warm)
        long_id = build_dice_campaign(app, long_events, last_play=short_play)
        total = app.recorder.max_notification_id() or 0
        clock = Clock(url, name)
        raw, with_stats, without = [], [], []
        for _ in range(max(MIN_ROUNDS, repeats)):  # alternating: raw read, rebuild without, rebuild with
            raw.append(clock.measure(lambda: raw_read(app)))
            with statistics_off():
                without.append(clock.measure(lambda: app.read_models.rebuild()))
            with_stats.append(clock.measure(lambda: app.read_models.rebuild()))
        long_play = campaign_stats(app, long_id)["latest_play"]["actions"]
        long_times, short_times, long_cpu, short_cpu = [], [], [], []
        for _ in range(max(15, repeats * 5)):  # alternating, warm
            for times, cpu, cid in ((long_times, long_cpu, long_id), (short_times, short_cpu, short_id)):
                wall, seconds, _busy = clock.measure(lambda: campaign_stats(app, cid))
                times.append(wall)
                cpu.append(seconds)
        rolls = campaign_stats(app, long_id)["dice"]["kind"][0]["rolls"]
        version = app.get_campaign(long_id).version
        app.close()
    on_off = median([c for _, c, _ in without]) / median([c for _, c, _ in with_stats])
    return [
        time_row("12 statistics", store, f"stats of {version:,} events", "stats of 100 events", long_times, short_times, target=2.0,
                 note=f"{rolls:,} Action Dice; the latest play's curves included ({long_play} and {short_play} actions); "
                      f"CPU seconds {median(long_cpu) / median(short_cpu):.2f}x (this process + its database backends)"),
        *rate_rows("12 statistics", store, f"rebuild {total:,} events, statistics read model on", total, with_stats, raw),
        *rate_rows("12 statistics", store, f"rebuild {total:,} events, statistics read model off", total, without, raw,
                   note=f"on/off {on_off:.2f}x in CPU seconds"),
    ]
