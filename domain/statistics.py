"""Statistics of a campaign from its events, as the ruleset declares them (DESIGN.md § Layouts and statistics).

Pure and generic: it names no game and imports no plotting or statistics library. What it reads is the kit's
declarations (:mod:`domain.core.declarations`): ``ruleset.rolled`` (which event fields are dice of which kind),
``ruleset.die_kinds`` (their faces), ``ruleset.curves`` (the series of a play) and ``ruleset.turning`` (the events a
recap names).

- :func:`dice_of` turns an action's game events (``{"type", "data"}``) into ``(who, kind, face) -> count``: what the
  statistics read model (:mod:`projections.dice`) stores per action, so undone actions drop out and corrections
  (re-decided events) replace what they fixed.
- :func:`plays_of` cuts a campaign's history entries into plays; :func:`curves` folds one play's effective actions
  from the state before it, sampling every declared series after each action; :func:`turning_points` lists the
  declared events of a play.
- :func:`standings` counts per person over finished plays (:class:`domain.plays.FinishedPlay`): co-operative and
  competitive plays apart, a tie counted as a win for everyone tied.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from domain.core.campaign import event_from_record, fold
from domain.core.declarations import Rolls

NO_PLAY = ""
"""The play of a roll made between plays (kept as text: it is part of the read model's keys)."""


def _rolls_by_type(ruleset: Any) -> dict[str, list[Rolls]]:
    """The ruleset's roll declarations by event class name (remembered on the ruleset object)."""
    cached = ruleset.__dict__.get("_rolls_by_type")
    if cached is None:
        cached = {}
        for rolls in ruleset.rolled:
            cached.setdefault(rolls.event.__name__, []).append(rolls)
        ruleset.__dict__["_rolls_by_type"] = cached
    return cached


_FACE_KEYS: dict[Any, str] = {}
_INT_KEYS: dict[int, str] = {}
""":func:`face_key` of integer faces (``bool`` faces are not ``int`` here: ``True`` is kept as ``true``)."""


def face_key(face: Any) -> str:
    """A face as the read model keeps it: its JSON text (``6`` -> ``"6"``, ``"basic"`` -> ``'"basic"'``)."""
    try:
        return _FACE_KEYS[(type(face), face)]
    except KeyError:
        text = json.dumps(face, ensure_ascii=False)
        if len(_FACE_KEYS) < 10_000:
            _FACE_KEYS[(type(face), face)] = text
        return text
    except TypeError:  # an unhashable face (a list): not remembered
        return json.dumps(face, ensure_ascii=False)


def _from(data: Mapping[str, Any], path: str) -> Any:
    head, _, rest = path.partition(".")
    value = data.get(head)
    for key in rest.split(".") if rest else ():
        value = value.get(key) if isinstance(value, Mapping) else None
    return value


def dice_of(ruleset: Any, events: Iterable[Mapping[str, Any]]) -> Counter[tuple[str, str, str]]:
    """``(who, kind, face_key) -> count`` of the dice ``events`` (``{"type", "data"}``) reveal, per the ruleset's
    ``rolled`` declarations (``who`` "" when the declaration names no roller): :func:`dice_counts` as a ``Counter``."""
    return Counter(dice_counts(ruleset, events))


def dice_counts(ruleset: Any, events: Iterable[Mapping[str, Any]]) -> dict[tuple[str, str, str], int]:
    """:func:`dice_of` as a plain dict, in first-seen order. An event type with no declaration is never parsed; a
    declared one is read from its stored fields as :class:`~domain.core.declarations.Rolls` reads the event (the
    event is built only when a declared field is not stored: a record older than the field). A rebuild runs this
    on every roll (bench figure 12): it is kept to dictionary lookups."""
    declared = _rolls_by_type(ruleset)
    counts: dict[tuple[str, str, str], int] = {}
    keys, ints = _FACE_KEYS, _INT_KEYS
    for record in events:
        decls = declared.get(record["type"])
        if not decls:
            continue
        data = record["data"]
        for rolls in decls:
            if rolls.field in data and "." not in rolls.field and (not rolls.who or rolls.who in data) and not rolls.kind_field:
                value = data[rolls.field]
                kind, who = rolls.kind, str(data[rolls.who] or "") if rolls.who else ""
            elif all(p.partition(".")[0] in data for p in (rolls.field, rolls.kind_field, rolls.who) if p):
                value = _from(data, rolls.field)
                kind = str(_from(data, rolls.kind_field)) if rolls.kind_field else rolls.kind
                who = str((_from(data, rolls.who) if rolls.who else None) or "")
            else:
                event = event_from_record(ruleset, record)
                value, kind, who = rolls.faces(event), rolls.kind_of(event), str(rolls.roller(event) or "")
            if value is None:
                continue
            for face in value if isinstance(value, (list, tuple)) else (value,):
                if type(face) is int:  # most faces: a number (its text kept without building a key per face)
                    key = ints.get(face)
                    if key is None:
                        key = face_key(face)
                        if len(ints) < 1000:
                            ints[face] = key
                else:
                    key = (keys.get((type(face), face)) if isinstance(face, (int, str)) else None) or face_key(face)
                counted = (who, kind, key)
                counts[counted] = counts.get(counted, 0) + 1
    return counts


# -- plays and curves ------------------------------------------------------------------------------

def plays_of(ruleset: Any, entries: list[dict[str, Any]], state_at: Callable[[int], Any]) -> list[dict[str, Any]]:
    """The plays among history ``entries`` (``domain.history.actions_from_events``), oldest first:
    ``{"n" (1, 2, ...), "name", "actions" (its effective action entries), "result" (the ruleset's
    ``play_result`` of its last action, or None while it runs), "before" (the version just before its first
    action's events)}``. A play is a run of effective actions recorded while a play runs (``play`` not None; the
    name a ruleset gives may change within it, as a Round does), cut after each result (found as
    :func:`domain.plays.finished_plays` finds them: ``state_at(version)`` is asked only where an action has an event
    that may end a play); ``name`` is the result's title once finished, else the play's live label: the ruleset's
    ``current_play`` after its latest action (``state_at`` asked once more), its Round and phase as they stand now."""
    from domain.plays import play_results

    plays: list[dict[str, Any]] = []
    current: dict[str, Any] | None = None
    for entry in entries:
        if entry["kind"] != "action" or entry["status"] != "effective":
            continue
        name = entry.get("play")
        if name is None:
            current = None
            continue
        if current is None or current["result"] is not None:
            current = {"n": len(plays) + 1, "name": name, "actions": [], "result": None,
                       "before": entry.get("start_version", entry["version"]) - 1}
            plays.append(current)
        current["actions"].append(entry)
        for result, _seats in play_results(ruleset, entry, state_at):
            current["result"] = result
            current["name"] = result.get("title") or current["name"]
        if current["result"] is None:
            current["name"] = name  # while it runs: its latest label ("Round 3")
    if current is not None and current["result"] is None:
        # an action's label is the play as it stood before it (record's current_play): the play running now is named as
        # it stands after its latest action (the Round and phase an end-phase just moved it to)
        current["name"] = ruleset.current_play(state_at(current["actions"][-1]["version"])) or current["name"]
    return plays


def ended_play(ruleset: Any, entries: list[dict[str, Any]], state_at: Callable[[int], Any], action_id: str,
               events: Iterable[Mapping[str, Any]]) -> dict[str, Any] | None:
    """``{"n", "title", "outcome"}`` of the play that the action ``action_id`` (its stored ``events``: ``{"type", ...}``)
    has just finished, numbered as :func:`plays_of` numbers plays (``questlog recap N``); ``None`` when it finished
    none. Costs nothing unless one of ``events`` is of a type that may end a play (``ruleset.ends_plays``)."""
    if not any(e.get("type") in ruleset.ends_plays for e in events):
        return None
    plays = plays_of(ruleset, entries, state_at)
    last = plays[-1] if plays else None
    if last is None or last["result"] is None or last["actions"][-1].get("action_id") != action_id:
        return None
    return {"n": last["n"], "title": last["name"], "outcome": last["result"].get("outcome")}


def _points(value: Any) -> dict[str, float]:
    """A series' sample as ``{key: number}`` ("" for a single number); None, and non-numbers, give nothing."""
    if isinstance(value, Mapping):
        return {str(k): float(v) for k, v in value.items() if isinstance(v, (int, float)) and not isinstance(v, bool)}
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return {"": float(value)}
    return {}


def curves(ruleset: Any, state: Any, actions: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Every declared series of a play: ``{name: {"label", "lines": {key: [[step, value], ...]}}}``, sampled on
    ``state`` (the state before the play's first action) and after each of ``actions`` (effective action entries,
    in order; step 0 is the state before, step i the state after the i-th action). A series whose sample raises is
    a bug in its declaration: it raises."""
    series = ruleset.curves
    out = {name: {"label": s.label, "lines": {}} for name, s in series.items()}

    def sample(step: int, current: Any) -> None:
        for name, s in series.items():
            for key, value in _points(s.sample(current)).items():
                out[name]["lines"].setdefault(key, []).append([step, value])

    sample(0, state)
    for step, entry in enumerate(actions, start=1):
        state = fold(ruleset, state, [event_from_record(ruleset, r) for r in entry["events"]])
        sample(step, state)
    return out


def turning_points(ruleset: Any, actions: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The play's events of the kinds the ruleset names as turning points: ``{"step", "version", "type", "text",
    "at"}`` in order (``step`` as in :func:`curves`)."""
    wanted = {cls.__name__ for cls in ruleset.turning}
    found = []
    for step, entry in enumerate(actions, start=1):
        for record in entry["events"]:
            if record["type"] in wanted:
                found.append({"step": step, "version": record.get("version", entry["version"]), "type": record["type"],
                              "text": record.get("text") or entry["summary"], "at": entry["recorded_at"]})
    return found


def timeline(ruleset: Any, plays: list[Any], state_at: Callable[[int], Any]) -> dict[str, Any]:
    """The campaign's progress over its finished ``plays`` (``FinishedPlay``, oldest first; practice plays left out):
    ``{"plays": [{"n" (1, 2, ... over these plays), "title", "outcome", "ended", "version"}], "series": {name: {"label",
    "lines": {key: [[n, value], ...]}}}}``. ``score`` is each person's score in each play that has scores (Tamashii's
    VP per Scenario: tamashii.txt § Victory Points); the ruleset's ``timeline`` declarations are sampled on
    ``state_at(version)``, the state just after each play ended (Nanolith's stickers and unlocks)."""
    declared = getattr(ruleset, "timeline", {}) or {}
    out: dict[str, Any] = {"plays": [], "series": {"score": {"label": "Score", "lines": {}}}}
    out["series"].update({name: {"label": s.label, "lines": {}} for name, s in declared.items()})
    for n, play in enumerate((p for p in plays if not p.practice), start=1):
        out["plays"].append({"n": n, "title": play.title, "outcome": play.outcome, "ended": play.ended, "version": play.version})
        for p in play.players:
            if p["score"] is not None:
                out["series"]["score"]["lines"].setdefault(p["name"], []).append([n, float(p["score"])])
        if declared:
            state = state_at(play.version)
            for name, s in declared.items():
                for key, value in _points(s.sample(state)).items():
                    out["series"][name]["lines"].setdefault(key, []).append([n, value])
    if not out["series"]["score"]["lines"]:
        del out["series"]["score"]
    return out


# -- standings -------------------------------------------------------------------------------------

def standings(plays: Iterable[Any]) -> dict[str, dict[str, Any]]:
    """Per person over finished plays (``FinishedPlay``, practice plays left out): ``{person: {"cooperative":
    {"plays", "wins", "losses"}, "competitive": {"plays", "wins", "ties", "losses", "score"}}}``. In a competitive
    play each winner counts a win (several winners: a tie, counted as a win *and* a tie for each of them); a
    co-operative play is won or lost by everyone seated."""
    table: dict[str, dict[str, Any]] = {}
    for play in plays:
        if play.practice:
            continue
        cooperative = play.cooperative
        winners = [p for p in play.players if p["winner"]]
        for p in play.players:
            row = table.setdefault(p["name"], {"cooperative": {"plays": 0, "wins": 0, "losses": 0},
                                               "competitive": {"plays": 0, "wins": 0, "ties": 0, "losses": 0, "score": 0}})
            part = row["cooperative" if cooperative else "competitive"]
            part["plays"] += 1
            part["wins" if p["winner"] else "losses"] += 1
            if not cooperative:
                part["score"] += p["score"] or 0
                if p["winner"] and len(winners) > 1:
                    part["ties"] += 1
    return dict(sorted(table.items()))


__all__ = ["NO_PLAY", "curves", "dice_counts", "dice_of", "ended_play", "face_key", "plays_of", "standings", "timeline", "turning_points"]
