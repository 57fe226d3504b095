"""The Launch step: launching Patterns (Basic, Enemy Hacks and Repels, Faction Augments, Bodies, others).

Rules (tamashii.txt): § Launching Patterns (the Launch step of the Action phase, after Move & Trace;
dump the tokens used, then resolve; each available Pattern once per Launch step; Hacks and Repels only
from the Top Enemy; Patterns do not use Corrupted Data), § Basic Patterns (gain 1 of an Asset, 2 with the
Longer one; gain 1 EXP), § Inhabiting a Body (up to 2 Advanced Bodies), § Augment cards (only equipped
ones; only Faction Augments have Patterns; Break removes the card after use).

Reading: "if you launch a Longer Asset Pattern, you do not get benefits from the regular one" makes an
Asset's regular and Longer Pattern one Pattern for "once per Launch step".
Pattern shapes are icons the text lost: the players name the tokens they used; Questlog checks they are
on the Launcher and not Corrupted, and the sizes the text does define. Reading: a Pattern is an
"arrangement" of Data tokens (§ Programming, Patterns & Launching: "These arrangements are called
Patterns"), so it takes at least 2 tokens, and a Longer Asset Pattern is longer than the regular one, so
at least 3. Which tokens and which shape each Pattern needs is only recorded.
"""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, fields, validate

from domain.core.decision import Decision
from domain.core import GameEvent, State
from domain.core.fields import WholeNumber, Within

from . import combat_events as ce
from . import events as ev
from . import rule_events as rev
from .board import asset_change, gain_corrupted
from .catalogue import Amount, Board, Name, Tokens
from .kit import KIT
from .combat import damage_top
from .vocabulary import ASSETS, Phase, body_figures, board_of, refuse, require_phase, require_turn_of, resolve_token, take_tokens

LAUNCHING = "Launching Patterns"


def launch(state: State, board: str, source: str, pattern: str, tokens: list[str]) -> list[GameEvent]:
    """PatternLaunched and the tokens dumped, after the Launch-step checks."""
    require_phase(state, Phase.ACTION, section=LAUNCHING)
    b = require_turn_of(state, board, LAUNCHING)
    if "move" not in b["steps"]:
        raise refuse("Action phase", f"{board} resolves the Move & Trace step before the Launch step")
    key = f"{source}:{pattern}"
    if key in b["launched"]:
        raise refuse(LAUNCHING, f"each available Pattern may only be launched once during the Launch step ({pattern})")
    used = [resolve_token(b, t) for t in tokens]
    if len(used) < 2:
        raise refuse("Programming, Patterns & Launching", f"a Pattern is an arrangement of Data tokens: {pattern} takes at least 2, not {len(used)}")
    if "corrupted" in used:
        raise refuse(LAUNCHING, "Patterns don't use Corrupted Data tokens")
    take_tokens(b["launcher"], used, f"on {board}'s Launcher", LAUNCHING)
    return [ce.PatternLaunched(board=board, source=source, pattern=pattern, tokens=used),
            ev.DataTokensMoved(board=board, tokens=used, source="launcher", target="dump")]


class BasicSchema(Schema):
    board = Board()
    pattern = fields.String(required=True, validate=validate.OneOf([*ASSETS, "exp"]))
    tokens = Tokens(required=True)
    longer = fields.Boolean(load_default=False, metadata={"description": "the Longer Asset Pattern (gain 2)"})


@KIT.action("launch-basic-pattern", BasicSchema, "Launch a Basic Pattern: an Asset (gain 1, Longer: 2) or EXP (gain 1)",
        section="Basic Patterns", args=("board", "pattern", "tokens"))
def launch_basic(d: Decision, f: dict[str, Any]) -> None:
    state = d.state
    board, pattern = f["board"], f["pattern"]
    if pattern == "exp" and f["longer"]:
        raise refuse("Basic Patterns", "only Asset Patterns have a Longer form")
    if f["longer"] and len(f["tokens"]) < 3:
        raise refuse("Basic Patterns", f"a Longer Asset Pattern is longer than the regular one (2 tokens or more): at least 3, not {len(f['tokens'])}")
    out = launch(state, board, "basic", pattern, f["tokens"])
    if pattern == "exp":
        exp = board_of(state, board)["exp"]
        d.emit(*out, ev.ExpChanged(board=board, change=1, exp=exp + 1, why="EXP Pattern"))
        return
    d.emit(*out, asset_change(state, board, pattern, "gained", 2 if f["longer"] else 1))


class HackSchema(Schema):
    board = Board()
    tokens = Tokens(required=True)
    enemy = Name(load_default=None, metadata={"description": "the Enemy card whose Pattern it is (default: the Top Enemy)"})
    hack = Name(load_default="hack", metadata={"description": "which of the card's Hacks"})
    damage = Amount(0, 30, load_default=0)
    defeats = fields.Boolean(load_default=False)


def _top_enemy(state: State, board: str, named: str | None, what: str) -> dict[str, Any]:
    enemies = board_of(state, board)["enemies"]
    if not enemies:
        raise refuse("Attaching Enemies", f"{board} has no attached Enemy to {what}")
    top = enemies[0]
    if named and named.lower() != top["name"].lower():
        raise refuse("Attaching Enemies", f"during the Launch step you may only launch Patterns from your Top Enemy "
                     f"({top['name']}), not {named}")
    return top


@KIT.action("launch-hack", HackSchema, "Launch a Hack Pattern from your Top Enemy (Damage it, or as the card says)",
        section="Attaching Enemies", args=("board", "tokens"))
def launch_hack(d: Decision, f: dict[str, Any]) -> None:
    state = d.state
    top = _top_enemy(state, f["board"], f["enemy"], "hack")
    out = launch(state, f["board"], f"hack:{top['name']}", f["hack"], f["tokens"])
    d.emit(*out, *damage_top(state, f["board"], f["damage"], f["defeats"]))


class RepelSchema(Schema):
    board = Board()
    tokens = Tokens(required=True)
    enemy = Name(load_default=None)
    corrupted = Amount(0, 10, load_default=0, metadata={"description": "Corrupted Data the Repel effect gives"})


@KIT.action("launch-repel", RepelSchema, "Launch the Repel Pattern of your Top Enemy: discard it (no EXP)",
        section="Enemies", args=("board", "tokens"))
def launch_repel(d: Decision, f: dict[str, Any]) -> None:
    state = d.state
    top = _top_enemy(state, f["board"], f["enemy"], "repel")
    out = launch(state, f["board"], f"repel:{top['name']}", "repel", f["tokens"])
    d.emit(*out, ce.EnemyRemoved(board=f["board"], enemy=top["name"], index=0, how="repelled"),
            *gain_corrupted(state, f["board"], f["corrupted"]))


class AugmentSchema(Schema):
    board = Board()
    name = Name(required=True)
    tokens = Tokens(required=True)


@KIT.action("launch-augment", AugmentSchema, "Launch an equipped Faction Augment's Pattern (Break Augments leave the game)",
        section="Classes, Factions, and Augment cards", args=("board", "name", "tokens"))
def launch_augment(d: Decision, f: dict[str, Any]) -> None:
    state = d.state
    b = board_of(state, f["board"])
    aug = next((a for a in b["augments"] if a["name"].lower() == f["name"].lower()), None)
    if aug is None or not aug["equipped"]:
        raise refuse("Classes, Factions, and Augment cards", f"only equipped Augments may be used; {f['name']} is not equipped")
    if aug["kind"] != "faction":
        raise refuse("Classes, Factions, and Augment cards", "only Faction Augments have Patterns on them")
    out = launch(state, f["board"], "augment", aug["name"], f["tokens"])
    d.emit(*[*out, ev.AugmentBroken(board=f["board"], name=aug["name"])] if aug["break"] else out)


class PatternSchema(Schema):
    board = Board()
    pattern = Name(required=True)
    tokens = Tokens(required=True)


@KIT.action("launch-pattern", PatternSchema, "Launch any other Pattern (a Scenario card's, a Learning Protocol's...)",
        section=LAUNCHING, args=("board", "pattern", "tokens"))
def launch_pattern(d: Decision, f: dict[str, Any]) -> None:
    state = d.state
    d.emit(*launch(state, f["board"], "other", f["pattern"], f["tokens"]))


class InhabitSchema(Schema):
    board = Board()
    body = Name(required=True)
    tokens = Tokens(required=True)
    mov = WholeNumber(load_default=None, validate=Within(0, 9))
    att = WholeNumber(load_default=None, validate=Within(0, 9))
    pro = WholeNumber(load_default=None, validate=Within(0, 9))


@KIT.action("inhabit", InhabitSchema, "Launch a Body card's cost Pattern from the Body Market and inhabit it",
        section="Body cards", args=("board", "body", "tokens"))
def inhabit(d: Decision, f: dict[str, Any]) -> None:
    """BodyInhabited, the Body taken out of the Market and one refill owed (§ Inhabiting a Body). Refused: a Body
    card not face up in the Body Market (§ Body cards, 7. Cost: "inhabit this Body from the Body Market"), a
    third Advanced Body, a Locked one."""
    state = d.state
    b, play = board_of(state, f["board"]), state["play"]
    if "5" in play["skipped_steps"]:
        raise refuse("Game setup", f"{play['title']} skips setup step 5: no Body cards")
    if len(b["bodies"]) >= 2:
        raise refuse("Body cards", "you can have up to 2 Advanced Body cards at a time")
    if f["body"].upper() in state["locked"]:
        raise refuse("Locked vs Unlocked components", f"{f['body']} is in the Locked Pool")
    market = [c for c in play["body_market"] if c.lower() != f["body"].lower()]
    if len(market) == len(play["body_market"]):
        shown = ", ".join(play["body_market"]) or "none (set-up-body-market / refill-body-market)"
        raise refuse("Body cards", f"7. Cost: the Pattern you must launch in order to inhabit this Body from the Body Market; "
                     f"{f['body']} is not in the Body Market (face up: {shown})")
    figures = {"name": f["body"], "mov": None, "att": None, "pro": None, **body_figures(f["body"])}
    figures.update({k: f[k] for k in ("mov", "att", "pro") if f[k] is not None})
    d.emit(*launch(state, f["board"], "body", f["body"], f["tokens"]), ev.BodyInhabited(board=f["board"], body=figures),
           ev.BodyMarketChanged(market=market), rev.BodyMarketRefillDue(count=play.get("market_due", 0) + 1))
