"""What ``questlog stats``, ``questlog recap``, ``questlog standings`` and their routes show (issue 30).

The application service answers the events; this module puts together what the statistics views need from it and
from the read models, for the CLI and the API alike (thin adapters over it):

- :func:`campaign_stats`: dice luck from the statistics read model (:mod:`.dice`: a few rows however long the
  campaign), by die kind, character, person (the seats) and physical/digital; and the curves of the latest play,
  read from the audit rows of that play alone (effective actions, corrections applied).
- :func:`recap`: one play (numbered 1, 2... over the campaign's history): when and how long, who played, the
  result, its turning points, its dice luck and its curves.
- :func:`standings`: per person across the store's campaigns (co-operative and competitive apart, ties counted
  for everyone tied) and the timeline of sessions (days) with their plays.
- :func:`series_csv`: the rows of ``--csv``.

Imports scipy (through :mod:`.luck`): loaded only by those commands and routes.
"""

from __future__ import annotations

import csv
import io
import json
from collections import Counter
from datetime import datetime
from typing import Any

from domain.core.errors import BadInput
from domain.core.ruleset import get_ruleset
from domain.plays import finished_plays
from domain.statistics import curves, dice_of, face_key, plays_of, standings as person_standings, timeline as campaign_timeline, turning_points

from .luck import luck

GROUPINGS = {"kind": (), "character": ("who",), "person": ("person",), "digital": ("digital",)}
"""The ways dice luck is grouped: by die kind alone, and by kind and roller, person, physical/digital (a play's own
dice: its recap)."""


def _seats(app: Any, campaign_id: str) -> dict[str, list[str]]:
    rows = app.read_models.recorder.query("SELECT players FROM {ql_campaigns} WHERE campaign_id = %s", [campaign_id])
    return json.loads(rows[0]["players"]) if rows and rows[0]["players"] else {}


def _person_of(seats: dict[str, list[str]]) -> dict[str, str]:
    return {c: person for person, chars in seats.items() for c in chars}


def dice_luck(rows: list[dict[str, Any]], ruleset: Any, seats: dict[str, list[str]]) -> dict[str, list[dict[str, Any]]]:
    """Luck of dice-total ``rows`` grouped each way of :data:`GROUPINGS` (``person``: the seated person running the
    roller, ``""`` when nobody runs it)."""
    person = _person_of(seats)
    rows = [{**r, "person": person.get(r["who"], ""), "digital": bool(r["digital"])} for r in rows]
    return {name: luck(rows, ruleset.die_kinds, by) for name, by in GROUPINGS.items()}


def campaign_stats(app: Any, campaign_id: str) -> dict[str, Any]:
    """``{"campaign": {id, name, game, version}, "dice": dice_luck(...), "latest_play": {name, curves} | None}``.
    Raises ``UnknownCampaign``."""
    campaign = app.get_campaign(campaign_id)
    app.read_models.catch_up()
    cid = str(campaign.id)
    ruleset = campaign.ruleset
    rows = app.read_models.dice(cid)
    out = {"campaign": {"id": cid, "name": campaign.name, "game": campaign.game, "title": ruleset.title, "version": campaign.version},
           "dice": dice_luck(rows, ruleset, _seats(app, cid)), "latest_play": _latest_play(app, cid, ruleset)}
    return out


LATEST_WINDOW = 256
"""Versions read at first, walking back from a campaign's last audit row to its latest action in a play
(:func:`_latest_in_play`); each further window is four times wider."""


def _latest_in_play(query: Any, cid: str) -> dict[str, Any] | None:
    """``{play, version}`` of the campaign's latest effective action recorded in a play (``None``: it has none).

    Read backwards from its last audit row in windows of versions (:data:`LATEST_WINDOW`, then four times wider each
    time), each a range of the ``(campaign_id, version)`` key: a plan reads at most its window's rows, whatever the
    planner knows. (One ``ORDER BY version DESC LIMIT 1`` over the campaign's rows was planned on PostgreSQL, before
    the table's statistics were gathered, as a scan of every row of the campaign, then a sort: 110 ms at 100,000
    events against 1 ms at 100, bench figure 12.) A campaign with no play reads its rows once, in log(n) windows."""
    high = query("SELECT MAX(version) AS v FROM {ql_audit} WHERE campaign_id = %s", [cid])[0]["v"] or 0
    span = LATEST_WINDOW
    while high > 0:
        low = max(0, high - span)
        found = query("SELECT play, version FROM {ql_audit} WHERE campaign_id = %s AND version > %s AND version <= %s AND kind = 'action' "
                      "AND status = 'effective' AND play IS NOT NULL ORDER BY version DESC LIMIT 1", [cid, low, high])
        if found:
            return found[0]
        high, span = low, span * 4
    return None


def _latest_play(app: Any, cid: str, ruleset: Any) -> dict[str, Any] | None:
    """The latest play's curves from its own audit rows (see the module)."""
    query = app.read_models.recorder.query
    last = _latest_in_play(query, cid)
    if last is None:
        return None
    # its rows: those after the last effective action outside any play before it (walked back in the partial index
    # ql_audit_outside_plays: ORDER BY ... LIMIT 1 stops at the first match), a range of the key
    rows = query("SELECT version, action_id, status, play, events, recorded_at, summary FROM {ql_audit} WHERE campaign_id = %s "
                 "AND kind = 'action' AND version > COALESCE((SELECT o.version FROM {ql_audit} o WHERE o.campaign_id = %s AND "
                 "o.version < %s AND o.kind = 'action' AND o.status = 'effective' AND o.play IS NULL ORDER BY o.version DESC "
                 "LIMIT 1), 0) ORDER BY version", [cid, cid, last["version"]])
    entries = [{"kind": "action", "status": r["status"], "play": r["play"], "version": r["version"], "recorded_at": r["recorded_at"],
                "summary": r["summary"], "events": json.loads(r["events"])} for r in rows]
    plays = plays_of(ruleset, entries, lambda v: app.state(cid, at=v))
    if not plays:
        return None
    play = plays[-1]
    first = play["actions"][0]["version"]
    before = query("SELECT MAX(version) AS v FROM {ql_history} WHERE campaign_id = %s AND version < %s", [cid, first])[0]["v"]
    state = app.kept_state(cid, before or 1)  # the record before the play's first action's events (kept: asked again after each action)
    return {"name": play["name"], "result": play["result"], "actions": len(play["actions"]),
            "curves": curves(ruleset, state, play["actions"]), "turning_points": turning_points(ruleset, play["actions"])}


def play_list(app: Any, campaign_id: str) -> list[dict[str, Any]]:
    """The campaign's plays, oldest first, numbered as :func:`recap` numbers them: ``[{"n", "name", "finished",
    "outcome", "ended" (ISO 8601 UTC: its last action), "actions"}]`` (the Stats tab links each to its recap). Raises
    ``UnknownCampaign``."""
    campaign = app.get_campaign(campaign_id)
    cid = str(campaign.id)
    plays = plays_of(campaign.ruleset, app.stored_actions(cid), lambda v: app.state(cid, at=v))
    return [{"n": p["n"], "name": p["name"], "finished": p["result"] is not None,
             "outcome": p["result"]["outcome"] if p["result"] else None, "ended": p["actions"][-1]["recorded_at"],
             "actions": len(p["actions"])} for p in plays]


def recap(app: Any, campaign_id: str, n: int | None = None) -> dict[str, Any]:
    """Play ``n`` (1 = the campaign's first; ``None``: the latest) as a recap: ``{"campaign", "play": {n, name, started,
    ended, duration_min, finished, outcome, players}, "turning_points", "dice", "curves"}``. Raises ``BadInput`` for a
    play the campaign does not have, ``UnknownCampaign``."""
    campaign = app.get_campaign(campaign_id)
    ruleset = campaign.ruleset
    cid = str(campaign.id)
    entries = app.stored_actions(cid)
    state_at = lambda v: app.state(cid, at=v)  # noqa: E731
    plays = plays_of(ruleset, entries, state_at)
    if not plays:
        raise BadInput("this campaign has no play yet: start one (an Encounter, a Scenario, a game)", {"play": ["no play"]})
    if n is None:
        n = len(plays)
    if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= len(plays):
        raise BadInput(f"play must be within 1..{len(plays)}, not {n!r}", {"play": [f"must be within 1..{len(plays)}"]})
    play = plays[n - 1]
    actions = play["actions"]
    state = app.state(cid, at=play["before"]) if play["before"] >= 1 else app.state(cid, at=1)
    seats = app.state(cid, at=actions[-1]["version"]).get("table", {})
    finished = {p.version: p for p in finished_plays(ruleset, entries, state_at, cid)} if play["result"] else {}
    done = finished.get(actions[-1]["version"])
    rows = [{"who": who, "kind": kind, "digital": int(bool(a.get("digital"))), "face": face, "n": count}
            for a in actions for (who, kind, face), count in dice_of(ruleset, a["events"]).items()]
    started, ended = actions[0]["recorded_at"], actions[-1]["recorded_at"]
    minutes = max(1, round((datetime.fromisoformat(ended) - datetime.fromisoformat(started)).total_seconds() / 60))
    return {"campaign": {"id": cid, "name": campaign.name, "game": campaign.game, "title": ruleset.title},
            "play": {"n": n, "of": len(plays), "name": play["name"], "started": started, "ended": ended, "duration_min": minutes,
                     "actions": len(actions), "finished": play["result"] is not None,
                     "outcome": play["result"]["outcome"] if play["result"] else None,
                     "title": play["result"]["title"] if play["result"] else play["name"],
                     "players": done.players if done else [{"name": p, "characters": c} for p, c in seats.items()]},
            "turning_points": turning_points(ruleset, actions), "dice": dice_luck(_merge(rows), ruleset, seats),
            "curves": curves(ruleset, state, actions)}


def _merge(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    counts: Counter[tuple[Any, ...]] = Counter()
    for r in rows:
        counts[(r["who"], r["kind"], r["digital"], r["face"])] += r["n"]
    return [{"who": k[0], "kind": k[1], "digital": k[2], "face": k[3], "n": n} for k, n in sorted(counts.items())]


def campaign_standings(app: Any, campaign_id: str) -> dict[str, Any]:
    """One campaign's standings and timeline: ``{"campaign", "people": {person: {"cooperative", "competitive"}} (as
    :func:`standings`), "timeline": domain.statistics.timeline(...)}``. Raises ``UnknownCampaign``."""
    campaign = app.get_campaign(campaign_id)
    cid = str(campaign.id)
    plays = app.finished_plays(cid)
    return {"campaign": {"id": cid, "name": campaign.name, "game": campaign.game, "title": campaign.ruleset.title},
            "people": person_standings(plays), "timeline": campaign_timeline(campaign.ruleset, plays, lambda v: app.state(cid, at=v))}


def standings(app: Any) -> dict[str, Any]:
    """Across every campaign of the store: ``{"people": {person: {"cooperative", "competitive"}}, "timeline":
    [{"date", "plays": [{campaign, game, title, outcome, players}]}]}`` (see :func:`domain.statistics.standings`)."""
    plays = []
    for c in app.campaigns():
        for p in app.finished_plays(c["id"]):
            plays.append((c, p))
    days: dict[str, list[dict[str, Any]]] = {}
    for c, p in sorted(plays, key=lambda cp: cp[1].ended):
        days.setdefault(p.ended[:10], []).append({"campaign": c["name"], "game": p.game_title, "title": p.title, "outcome": p.outcome,
                                                  "practice": p.practice, "players": p.players})
    return {"people": person_standings(p for _, p in plays), "timeline": [{"date": d, "plays": v} for d, v in days.items()]}


CSV_HEADER = ("section", "play", "series", "key", "x", "value")


def series_csv(stats: dict[str, Any]) -> str:
    """``--csv``: a header (:data:`CSV_HEADER`), then one row per series point of the latest play (``section``
    ``curve``; ``x`` the step, 0 = before its first action) and one per face of each die kind by roller (``section``
    ``dice``; ``x`` the face, ``value`` its count)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_HEADER)
    latest = stats.get("latest_play")
    if latest:
        for name, series in latest["curves"].items():
            for key, points in series["lines"].items():
                for x, value in points:
                    writer.writerow(("curve", latest["name"], name, key, x, _number(value)))
    for group in stats["dice"]["character"]:
        for face, n in group["counts"]:
            writer.writerow(("dice", "", group["kind"], group["who"], face, n))
    return out.getvalue()


def _number(value: float) -> int | float:
    return int(value) if float(value).is_integer() else value


__all__ = ["CSV_HEADER", "GROUPINGS", "campaign_standings", "campaign_stats", "dice_luck", "face_key", "play_list", "recap", "series_csv", "standings"]


def get_ruleset_of(app: Any, campaign_id: str) -> Any:
    """The ruleset of a campaign (for adapters drawing charts)."""
    return get_ruleset(app.game_of(campaign_id))
