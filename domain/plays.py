"""Play records out: each finished play of a campaign, for BG Stats and BoardGameGeek.

A play (DESIGN.md § Words) is found from the campaign's effective actions: it starts with the last action
recorded while no play was in progress (``start-encounter``, ``start-scenario``) and ends with the action
one of whose events the ruleset reports as a :class:`~domain.core.ruleset.PlayResult` (``Ruleset.play_result``).
Players are the people seated at the table (``seat``) when it ended, not the characters; a person's score is
the sum of their characters' scores, and they won if the group won a co-operative play or one of their
characters is among the winners.

Shapes written: BG Stats' JSON import (``{"games", "players", "plays"}``; a play has ``playDate``
(``YYYY-MM-DD HH:MM:SS``), ``durationMin``, ``gameRefId``, ``playerScores`` with ``playerRefId``, ``score``,
``winner``) and BoardGameGeek's play XML (``<plays><play date length quantity location><item name
objectid/><players><player name score win/></players></play></plays>``).
"""

from __future__ import annotations

import uuid
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from datetime import datetime, timezone, tzinfo
from typing import Any

from domain.core.campaign import event_from_record, fold
from domain.core.ruleset import TABLE_KEY

PLAYS_NAMESPACE = uuid.UUID("5b0c3e0e-8f5e-5d0e-9c53-7175657374ff")
"""The namespace of the exported ids: a play's is uuid5 of ``action id@recorded at`` of the action that ended it (its
own, kept by ``import`` and ``branch``: a copy exports the same play under the same id), a player's of ``player:NAME``,
a game's of ``game:KEY``."""


@dataclass(frozen=True)
class FinishedPlay:
    """One finished play: ``title`` (``"Encounter 'Chapter 1'"``), ``outcome`` (the rulebook's word), the
    ``game`` key and title, its BoardGameGeek id (``None`` when unknown), ``started``/``ended`` (ISO 8601 UTC),
    ``players`` ``[{"name", "characters", "score", "winner"}]``, the ``version`` it ended at, and whether it was
    a ``practice`` play (:mod:`domain.core.practice`)."""

    game: str
    game_title: str
    bgg_id: int | None
    title: str
    outcome: str
    started: str
    ended: str
    version: int
    players: list[dict[str, Any]] = field(default_factory=list)
    practice: bool = False
    cooperative: bool = False
    uuid: str = ""
    """The play's own stable id (the action that ended it): exporting twice, or from an imported or branched copy, gives
    the same ids, so BG Stats' import of a second file adds nothing it already has."""

    @property
    def duration_min(self) -> int:
        """Whole minutes from the play's first to its last action (at least 1)."""
        seconds = (datetime.fromisoformat(self.ended) - datetime.fromisoformat(self.started)).total_seconds()
        return max(1, round(seconds / 60))


def finished_plays(ruleset: Any, entries: list[dict[str, Any]], state_at: Any, campaign_id: str = "") -> list[FinishedPlay]:
    """The finished plays among history ``entries`` (effective actions, in order). ``state_at(version)`` returns the
    campaign's state at a version (asked only where a play ends: ``Ruleset.ends_plays``); each play's ``uuid`` comes
    from the action that ended it (``campaign_id`` only where an entry has no action id)."""
    plays, started, before = [], None, None
    for entry in entries:
        if entry["kind"] != "action" or entry["status"] != "effective":
            continue
        if entry["play"] is None:
            before = entry["recorded_at"]
        elif started is None:
            started = before or entry["recorded_at"]
        for n, (result, seats) in enumerate(play_results(ruleset, entry, state_at)):
            plays.append(_finished(ruleset, result, started or entry["recorded_at"], entry, seats, _play_uuid(entry, n, campaign_id)))
            started, before = None, None
    return plays


def play_results(ruleset: Any, entry: dict[str, Any], state_at: Any) -> list[tuple[dict[str, Any], dict[str, list[str]]]]:
    """``(play result, seats)`` for each event of ``entry`` that ends a play, asked with the state as it ended."""
    events = [event_from_record(ruleset, record) for record in entry["events"]]
    if not any(e.type in ruleset.ends_plays for e in events):
        return []
    state, out = state_at(entry["version"] - len(events)), []
    for event in events:
        result = ruleset.play_result(event, state) if event.type in ruleset.ends_plays else None
        if result is not None:
            out.append((result, dict(state.get(TABLE_KEY) or {})))
        state = fold(ruleset, state, [event])
    return out


def _play_uuid(entry: dict[str, Any], n: int, campaign_id: str) -> str:
    """The ``n``-th play ended by ``entry``: uuid5 of its action id and when it was recorded (both kept by a copy)."""
    own = f"{entry.get('action_id') or campaign_id + ':' + str(entry['version'])}@{entry['recorded_at']}"
    return str(uuid.uuid5(PLAYS_NAMESPACE, own + (f"#{n}" if n else "")))


def _finished(ruleset: Any, result: dict[str, Any], started: str, entry: dict[str, Any], seats: dict[str, list[str]],
              uid: str) -> FinishedPlay:
    scores, winners = result.get("scores") or {}, set(result.get("winners") or [])
    if not seats:  # nobody seated: who played, as the ruleset names them, else each character the result names
        seats = result.get("players") or {c: [c] for c in sorted({*scores, *winners})}
    players = [{"name": person, "characters": list(chars),
                "score": sum(scores.get(c, 0) for c in chars) if scores else None,
                "winner": bool(result.get("won")) if result.get("cooperative") else bool(winners & set(chars))}
               for person, chars in seats.items()]
    practice = any(e["type"] == "PracticeEnded" for e in entry["events"])
    return FinishedPlay(ruleset.game, ruleset.title, ruleset.bgg_id, result["title"], result["outcome"], started,
                        entry["recorded_at"], entry["version"], players, practice, bool(result.get("cooperative")), uid)


def _comment(play: FinishedPlay) -> str:
    return f"{play.title}: {play.outcome}" + (" (practice play)" if play.practice else "")


def _play_date(iso: str, tz: tzinfo | None = None) -> str:
    return datetime.fromisoformat(iso).astimezone(tz or timezone.utc).strftime("%Y-%m-%d %H:%M:%S")


def zone_name(tz: tzinfo | None, iso: str) -> str:
    """The name of ``tz`` (``None``: UTC) as of the time ``iso``: an IANA zone's key (``Asia/Tokyo``), else its
    abbreviation or offset (``JST``, ``UTC+09:00``)."""
    if tz is None:
        return "UTC"
    key = getattr(tz, "key", None)
    if key:
        return str(key)
    return datetime.fromisoformat(iso).astimezone(tz).tzname() or "UTC"


def _uuid(kind: str, key: str) -> str:
    return str(uuid.uuid5(PLAYS_NAMESPACE, f"{kind}:{key}"))


def to_bgstats(plays: list[FinishedPlay], tz: tzinfo | None = None) -> dict[str, Any]:
    """BG Stats' import JSON for ``plays``: games and players by reference id (1, 2, ...), each with a stable ``uuid``
    (a game's from its key, a player's from their name) as BG Stats' own files carry; a game has ``noPoints`` when no
    play of it has scores, and ``highestWins``. ``playDate`` is the play's start in ``tz`` (default UTC: the table's
    own zone is the edge's to give), and each play says which zone that is (``timezone``: ``"UTC"``, ``"Asia/Tokyo"``,
    or the offset's name) and whether it was played co-operatively (``cooperative``: the ruleset's word for this play,
    so a Tamashii box's co-op and competitive Scenarios each say their own)."""
    games: dict[str, dict[str, Any]] = {}
    players: dict[str, dict[str, Any]] = {}
    out = []
    for play in plays:
        game = games.setdefault(play.game, {"id": len(games) + 1, "uuid": _uuid("game", play.game), "name": play.game_title,
                                            "bggId": play.bgg_id or 0, "cooperative": play.cooperative,
                                            "highestWins": True, "noPoints": True})
        game["noPoints"] = game["noPoints"] and all(p["score"] is None for p in play.players)
        scores = []
        for p in play.players:
            ref = players.setdefault(p["name"], {"id": len(players) + 1, "uuid": _uuid("player", p["name"]), "name": p["name"]})
            scores.append({"playerRefId": ref["id"], "score": "" if p["score"] is None else str(p["score"]),
                           "winner": p["winner"], "role": ", ".join(p["characters"])})
        out.append({"uuid": play.uuid, "playDate": _play_date(play.started, tz), "timezone": zone_name(tz, play.started),
                    "cooperative": play.cooperative, "durationMin": play.duration_min, "gameRefId": game["id"],
                    "board": play.title, "comments": _comment(play), "playerScores": scores,
                    "ignored": play.practice, "manualWinner": False, "rounds": 0, "usesTeams": False})
    return {"games": list(games.values()), "players": list(players.values()), "plays": out}


def to_bgg_xml(plays: list[FinishedPlay], tz: tzinfo | None = None) -> str:
    """BoardGameGeek play XML for ``plays`` (``objectid`` 0 where the game's id is unknown; ``date`` the play's start
    in ``tz``, default UTC)."""
    root = ET.Element("plays")
    for play in plays:
        node = ET.SubElement(root, "play", date=_play_date(play.started, tz)[:10], length=str(play.duration_min), quantity="1",
                             location="")
        ET.SubElement(node, "item", name=play.game_title, objecttype="thing", objectid=str(play.bgg_id or 0))
        ET.SubElement(node, "comments").text = _comment(play)
        people = ET.SubElement(node, "players")
        for p in play.players:
            ET.SubElement(people, "player", name=p["name"], score="" if p["score"] is None else str(p["score"]),
                          win="1" if p["winner"] else "0", color=", ".join(p["characters"]))
    ET.indent(root)
    return ET.tostring(root, encoding="unicode", xml_declaration=True)


__all__ = ["FinishedPlay", "finished_plays", "play_results", "to_bgg_xml", "to_bgstats", "zone_name"]
