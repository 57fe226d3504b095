"""The turn's flow: whose turn and which phase it is, moving through the phases, and the game's end.

nanobot-battle-arena.txt § Game Phases by Division (phases must be played in order), § Not Enough Reaction
Cards (card phases skipped only with no cards in hand), § The End Game (the game ends the moment a Cache
empties, even mid-phase; ties by the fewest tiles in the Cache, then the most Charges in hand).
"""

from __future__ import annotations

from typing import Any

from domain.core.decision import Decision

from . import events as ev
from .grid import best_chains
from .rules import KIT, PHASES_SECTION, phase_label, phases, scientist
from domain.core.names import counted

END = "The End Game"


def match(d: Decision, stage: str | None = "playing") -> dict[str, Any]:
    """The match under way (in ``stage``, if given). Raises RuleViolation citing where the stage comes from."""
    m = d.state["match"]
    if m is None or m["stage"] == "over":
        raise KIT.refuse("Game Setup", "no match is under way: start one with start-match")
    if stage is not None and m["stage"] != stage:
        where = {"setup": ("Game Setup", "the match is still being set up (choose Strains, then reveal-first-player)"),
                 "playing": (PHASES_SECTION, "the match is being played"),
                 "counting": (END, "the game has ended: the tied scientists count the Charges in hand")}[m["stage"]]
        raise KIT.refuse(where[0], f"{where[1]}; that is not possible now")
    return m


def on_turn(d: Decision, ref: str, kind: str) -> str:
    """The Strain of ``ref`` after checking it is their turn and the current phase is a ``kind`` phase."""
    m = match(d)
    who = scientist(m, ref)
    if who != m["active"]:
        raise KIT.refuse("4. First Turn and Placing NanoBots",
                         f"it is {m['scientists'][m['active']]['name']}'s ({m['active']}) turn, not {who}'s")
    current, _ = phases(m["division"])[m["phase"]]
    if current != kind:
        want = {"tile": "play a NanoBot tile", "card": "play a Reaction Card", "draw": "draw"}[kind]
        raise KIT.refuse(PHASES_SECTION, f"cannot {want} now: the turn is at "
                                         f"{phase_label(m['division'], m['phase'])} (phases must be played in order)")
    return who


def advance(d: Decision) -> None:
    """Move past finished phases and skip Reaction Card Phases the active scientist has no cards for."""
    while True:
        m = d.state["match"]
        if m["stage"] != "playing":
            return
        kind, count = phases(m["division"])[m["phase"]]
        if kind == "draw":
            return
        if kind == "card" and m["done"] < count and m["scientists"][m["active"]]["hand"] == 0:
            d.emit(ev.PhaseSkipped(m["active"], m["phase"], phase_label(m["division"], m["phase"])))
        elif m["done"] >= count:
            d.emit(ev.PhaseBegan(m["active"], m["phase"] + 1, phase_label(m["division"], m["phase"] + 1)))
        else:
            return


def next_turn(d: Decision) -> None:
    """The turn passes clockwise (to the left) to the next scientist (§ 4. First Turn and Placing NanoBots)."""
    m = d.state["match"]
    seats = list(m["scientists"])
    d.emit(ev.TurnBegan(seats[(seats.index(m["active"]) + 1) % len(seats)], m["turn"] + 1))
    advance(d)


def ended(d: Decision, who: str) -> bool:
    """If ``who``'s Cache is empty, end the game now (§ The End Game) and say so."""
    if d.state["match"]["scientists"][who]["cache"] > 0:
        return False
    d.emit(ev.CacheEmptied(who))
    m = d.state["match"]
    strains = list(m["scientists"])
    chains = best_chains(m["grid"], strains)
    scores = {s: len(chains[s]) for s in strains}
    caches = {s: m["scientists"][s]["cache"] for s in strains}
    longest = [s for s in strains if scores[s] == max(scores.values())]
    fewest = [s for s in longest if caches[s] == min(caches[t] for t in longest)]
    d.emit(ev.MatchEnded(scores, chains, caches, fewest))
    if len(fewest) == 1:
        d.emit(ev.MatchDecided(fewest, False, "chain" if len(longest) == 1 else "cache"))
    return True


def after_play(d: Decision, who: str) -> None:
    """End the game if ``who``'s Cache emptied, else move on through the phases."""
    if not ended(d, who):
        advance(d)


def count_charges(d: Decision, ref: str, total: int) -> None:
    """A tied scientist's printed Charges in hand (Frozen cards excluded); the last count decides."""
    m = match(d, "counting")
    who = scientist(m, ref)
    sci = m["scientists"][who]
    if who not in m["ended"]["leaders"]:
        raise KIT.refuse(END, f"{who} is not tied for the win: only {', '.join(m['ended']['leaders'])} count Charges")
    if sci["charges"] is not None:
        raise KIT.refuse(END, f"{who} already counted {counted(sci['charges'], 'Charge')}")
    if not sci["hand"] <= total <= 3 * sci["hand"]:
        raise KIT.refuse("Reaction Card Charges", f"{counted(sci['hand'], 'card')} in hand carry {sci['hand']}..{3 * sci['hand']} "
                                                  f"Charges (1-3 each), not {total}")
    d.emit(ev.ChargesCounted(who, total))
    m = d.state["match"]
    counts = {s: m["scientists"][s]["charges"] for s in m["ended"]["leaders"]}
    if None not in counts.values():
        most = [s for s, c in counts.items() if c == max(counts.values())]
        d.emit(ev.MatchDecided(most, len(most) > 1, "charges" if len(most) == 1 else "tie"))


__all__ = ["END", "advance", "after_play", "count_charges", "ended", "match", "next_turn", "on_turn"]
