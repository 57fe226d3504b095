"""Player Board tracks: Assets, Wounds and Shields, Integrity and the ITG Limiter, Trace, EXP, Data tokens.

Rules (tamashii.txt): § Assets – Shield, Memory, Power and Reroll ("You cannot have less than 0 or more
than 5 of any Asset"; "You cannot spend an Asset which you don't have"; Shields: "If you choose to use
your Shield, you must use as much as possible"), § Trace, § Bag building & Data tokens mechanics (the
Data Bag Golden Rule), § Special Data tokens (Corrupted Data: taken from the pool on the Time track;
discarded ones go back to the box; an empty pool applies the Scenario's special rule: Geohunt's sheet
loses the Scenario, card E11, § Scenario sheets).

Gains stop at 5 and losses at 0 without refusal (§ Most important keywords: Lose x Asset(s)); spending
more than you have is refused.
"""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, fields, validate

from domain.core.decision import Decision
from domain.core import GameEvent, State

from . import events as ev
from . import rule_events as rev
from .catalogue import Amount, Asset, Board, Tokens
from .kit import KIT
from .vocabulary import ASSET_MAX, BASIC, Mode, board_of, play_of, refuse, resolve_token, take_tokens, token_count

ASSETS_RULE = "Assets – Shield, Memory, Power and Reroll"
CORRUPTED_TOTAL = 16
"""§ List of all Components: 16 Corrupted Data tokens (the competitive neutral pool)."""
BOX_TOKENS = {**{basic: 128 // len(BASIC) for basic in BASIC}, "open": 16, "corrupted": CORRUPTED_TOTAL}
"""§ List of all Components: "128 Basic Data tokens (4 types)" (reading: 32 of each type), "16 Open Data tokens",
"16 Corrupted Data tokens". A token's neutral pool is what the box holds less what the Player Boards hold."""
POOLS = "Bag building & Data tokens mechanics"


def neutral_left(state: State, token: str) -> int:
    """How many ``token`` Data tokens the neutral pool still holds: the box's count (:data:`BOX_TOKENS`) less
    those in every Player Board's Bag, Launcher and Dump. (Co-op Corrupted Data comes from the Time track's
    pool instead: :func:`gain_corrupted`.)"""
    held = sum(b[pile].get(token, 0) for b in play_of(state)["boards"].values() for pile in ("bag", "launcher", "dump"))
    return max(0, BOX_TOKENS[token] - held)


def gain_from_neutral(state: State, board: str, tokens: list[str], *, strict: bool = True) -> list[GameEvent]:
    """DataTokensMoved from the neutral pool to ``board``'s Dump (§ Bag building & Data tokens mechanics: "When
    the neutral pool of a particular Data token is depleted, it is impossible to gain that token").

    ``strict``: a token the pool lacks is refused (:class:`RuleViolation` naming what is left); otherwise it is
    simply not gained (an Exploration token's reward, already revealed). Not for Corrupted Data."""
    left = {t: neutral_left(state, t) for t in dict.fromkeys(tokens)}
    for t, n in left.items():
        if strict and tokens.count(t) > n:
            name = "Open Data" if t == "open" else f"{t} Data"
            raise refuse(POOLS, f"the neutral pool of {name} tokens is depleted: the box has {BOX_TOKENS[t]}, the Player Boards "
                         f"hold {BOX_TOKENS[t] - n}, so {n} can be gained, not {tokens.count(t)}")
    gained: list[str] = []
    for t in tokens:
        if left[t]:
            gained.append(t)
            left[t] -= 1
    return [ev.DataTokensMoved(board=board, tokens=gained, source="neutral", target="dump")] if gained else []


class AssetSchema(Schema):
    board = Board()
    asset = Asset()
    amount = Amount(1, 10, load_default=1)


def asset_change(state: State, board: str, asset: str, how: str, amount: int) -> ev.AssetChanged:
    """One Asset gained (capped at 5), lost (floored at 0) or spent (refused beyond what you have)."""
    have = board_of(state, board)["assets"][asset]
    if how == "spent" and amount > have:
        raise refuse(ASSETS_RULE, f"{board} cannot spend {amount} {asset.title()}: they have {have}")
    value = min(ASSET_MAX, have + amount) if how == "gained" else max(0, have - amount)
    return ev.AssetChanged(board=board, asset=asset, how=how, change=value - have, value=value)


@KIT.action("gain", AssetSchema, "Gain Assets (each track stops at 5)", section=ASSETS_RULE, args=("board", "asset", "amount"))
def gain(d: Decision, f: dict[str, Any]) -> None:
    state = d.state
    d.emit(asset_change(state, f["board"], f["asset"], "gained", f["amount"]))


@KIT.action("lose", AssetSchema, "Lose Assets (each track stops at 0)", section=ASSETS_RULE, args=("board", "asset", "amount"))
def lose_asset(d: Decision, f: dict[str, Any]) -> None:
    state = d.state
    d.emit(asset_change(state, f["board"], f["asset"], "lost", f["amount"]))


@KIT.action("spend", AssetSchema, "Spend Assets you have (a player's decision)", section=ASSETS_RULE, args=("board", "asset", "amount"))
def spend(d: Decision, f: dict[str, Any]) -> None:
    state = d.state
    d.emit(asset_change(state, f["board"], f["asset"], "spent", f["amount"]))


class SufferSchema(Schema):
    board = Board()
    wounds = Amount(1, 30, required=True)
    shields = Amount(0, 5, load_default=0, metadata={"description": "Shield spent: 0, or as many as possible"})


def suffer_wounds(state: State, board: str, wounds: int, shields: int) -> list[GameEvent]:
    """WoundsSuffered: ``shields`` must be 0 or as many as can block (min(Shield, Wounds))."""
    b = board_of(state, board)
    most = min(b["assets"]["shield"], wounds)
    if shields not in (0, most):
        raise refuse(ASSETS_RULE, f"{board} has {b['assets']['shield']} Shield and suffers {wounds}: spend no Shield or "
                     f"{most} (you cannot partially use your Shields), not {shields}")
    lost = wounds - shields
    return [ev.WoundsSuffered(board=board, wounds=wounds, shields=shields, lost=min(lost, b["integrity"]),
                              integrity=max(0, b["integrity"] - lost))]


@KIT.action("suffer", SufferSchema, "Suffer Wounds, optionally turning on your Shield (then it blocks as much as possible)",
        section=ASSETS_RULE, args=("board", "wounds"))
def suffer(d: Decision, f: dict[str, Any]) -> None:
    state = d.state
    d.emit(*suffer_wounds(state, f["board"], f["wounds"], f["shields"]))


class BoardAmountSchema(Schema):
    board = Board()
    amount = Amount(1, 30, load_default=1)


@KIT.action("recover", BoardAmountSchema, "Recover Integrity (up to the ITG Limiter)", section="Most important keywords and phrases",
        args=("board", "amount"))
def recover(d: Decision, f: dict[str, Any]) -> None:
    state = d.state
    b = board_of(state, f["board"])
    d.emit(ev.IntegrityChanged(board=f["board"], integrity=min(b["limiter"], b["integrity"] + f["amount"]), limiter=b["limiter"], why="recovered"))


@KIT.action("lose-integrity", BoardAmountSchema, "Lose Integrity directly (not Wounds: Shields do not apply)", section="Player Board, Launcher & Data tokens",
        args=("board", "amount"))
def lose_integrity(d: Decision, f: dict[str, Any]) -> None:
    state = d.state
    b = board_of(state, f["board"])
    d.emit(ev.IntegrityChanged(board=f["board"], integrity=max(0, b["integrity"] - f["amount"]), limiter=b["limiter"], why="lost"))


@KIT.action("gain-exp", BoardAmountSchema, "Gain EXP markers", section="Upgrade", args=("board", "amount"))
def gain_exp(d: Decision, f: dict[str, Any]) -> None:
    state = d.state
    b = board_of(state, f["board"])
    d.emit(ev.ExpChanged(board=f["board"], change=f["amount"], exp=b["exp"] + f["amount"], why="gained"))


def trace_increase(state: State, board: str, amount: int, why: str) -> list[GameEvent]:
    """TraceChanged; at the top space: 2 Enemies due and Trace to 0, immediately (§ Trace)."""
    play, b = play_of(state), board_of(state, board)
    if b["trace"] is None:
        raise refuse("Game setup", "the Prologue skips setup step 2c: there is no Trace marker")
    trace, top = b["trace"] + amount, play["trace_top"]
    if top is not None and trace >= top:
        return [ev.TraceChanged(board=board, trace=top, why=why),
                ev.EnemiesDue(board=board, count=b["enemies_due"] + 2, why="the Trace reached the top space"),
                ev.TraceChanged(board=board, trace=0, why="set to 0 after the top space")]
    return [ev.TraceChanged(board=board, trace=trace, why=why)]


def trace_roll_result(board: str, before: dict[str, int], dice: list[str]) -> list[GameEvent]:
    """What a Trace Roll of ``dice`` leaves (§ Trace): 1 Enemy owed per basic symbol and Trace 0 if any,
    else the Trace as it was. ``before`` is ``{"trace", "due"}`` before the roll; used again by a Reroll."""
    hits = dice.count("basic")
    if hits:
        return [ev.EnemiesDue(board=board, count=before["due"] + hits, why="Trace Roll"),
                ev.TraceChanged(board=board, trace=0, why="Enemies drawn in the Trace Roll")]
    return [ev.EnemiesDue(board=board, count=before["due"], why="Trace Roll without a basic symbol"),
            ev.TraceChanged(board=board, trace=before["trace"], why="no Enemy drawn in the Trace Roll")]


@KIT.action("increase-trace", BoardAmountSchema, "Increase Trace (an effect); the top space attaches 2 Enemies", section="Trace",
        args=("board", "amount"))
def increase_trace(d: Decision, f: dict[str, Any]) -> None:
    state = d.state
    d.emit(*trace_increase(state, f["board"], f["amount"], "increased"))


class ReduceTraceSchema(Schema):
    board = Board()
    amount = Amount(1, 30, load_default=1)


@KIT.action("reduce-trace", ReduceTraceSchema, "Reduce Trace (an effect), not below 0", section="Trace", args=("board", "amount"))
def reduce_trace(d: Decision, f: dict[str, Any]) -> None:
    state = d.state
    b = board_of(state, f["board"])
    if b["trace"] is None:
        raise refuse("Game setup", "the Prologue skips setup step 2c: there is no Trace marker")
    d.emit(ev.TraceChanged(board=f["board"], trace=max(0, b["trace"] - f["amount"]), why="reduced"))


# -- Data tokens -----------------------------------------------------------------------------------


def draw_from_bag(state: State, board: str, tokens: list[str], section: str) -> list[GameEvent]:
    """Draw ``tokens`` one by one onto the Launcher, refilling an empty Bag from the Dump (Golden Rule)."""
    b = board_of(state, board)
    bag, dump, out = dict(b["bag"]), dict(b["dump"]), []
    drawn: list[str] = []
    for t in tokens:
        if token_count(bag) == 0:
            if drawn:
                out.append(ev.DataTokensMoved(board=board, tokens=drawn, source="bag", target="launcher"))
                drawn = []
            out.append(ev.DataBagRefilled(board=board, tokens={k: n for k, n in dump.items() if n}))
            bag, dump = {k: bag[k] + dump[k] for k in bag}, {k: 0 for k in dump}
            if token_count(bag) == 0:
                raise refuse(section, f"{board}'s Data Bag and Dump are both empty: nothing more to draw")
        bag = take_tokens(bag, [t], f"in {board}'s Data Bag", section)
        drawn.append(t)
    if drawn:
        out.append(ev.DataTokensMoved(board=board, tokens=drawn, source="bag", target="launcher"))
    return out


def gain_corrupted(state: State, board: str, count: int) -> list[GameEvent]:
    """Corrupted Data into the Dump: from the pool on the Time track (co-op/solo), else the neutral pool."""
    play = play_of(state)
    if play["mode"] == Mode.COMPETITIVE.value:  # "When a player must gain a Corrupted Data token, and the neutral pool is empty, nothing happens"
        take = min(count, neutral_left(state, "corrupted"))
        return [ev.DataTokensMoved(board=board, tokens=["corrupted"] * take, source="neutral", target="dump")] if take else []
    take = min(count, play["corrupted_pool"])
    out: list[GameEvent] = [ev.DataTokensMoved(board=board, tokens=["corrupted"] * take, source="pool", target="dump")] if take else []
    if take < count:
        out.append(ev.CorruptedDataPoolRanOut(board=board, missing=count - take))
        card = (play.get("rules") or {}).get("corrupted_data_out")
        if card:
            out.append(rev.ScenarioEndingDue(card=card, why="the Corrupted Data pool is empty and a player must gain one: Scenario lost"))
    return out


class TokensSchema(Schema):
    board = Board()
    tokens = Tokens(required=True)


@KIT.action("gain-data", TokensSchema, "Gain Data tokens into your Dump (Corrupted Data comes from the pool)",
        section="Data tokens", args=("board", "tokens"))
def gain_data(d: Decision, f: dict[str, Any]) -> None:
    state = d.state
    b = board_of(state, f["board"])
    tokens = [resolve_token(b, t) for t in f["tokens"]]
    plain = [t for t in tokens if t != "corrupted"]
    d.emit(*gain_from_neutral(state, f["board"], plain) + gain_corrupted(state, f["board"], len(tokens) - len(plain)))


@KIT.action("dump-data", TokensSchema, "Dump Data tokens from your Launcher", section="Data tokens", args=("board", "tokens"))
def dump_data(d: Decision, f: dict[str, Any]) -> None:
    state = d.state
    b = board_of(state, f["board"])
    tokens = [resolve_token(b, t) for t in f["tokens"]]
    take_tokens(b["launcher"], tokens, f"on {f['board']}'s Launcher", "Data tokens")
    d.emit(ev.DataTokensMoved(board=f["board"], tokens=tokens, source="launcher", target="dump"))


def discard_tokens(state: State, board: str, tokens: list[str]) -> list[GameEvent]:
    """Discard from the Launcher: to the neutral pool; Corrupted Data to the box (co-op/solo)."""
    b, play = board_of(state, board), play_of(state)
    take_tokens(b["launcher"], tokens, f"on {board}'s Launcher", "Data tokens")
    boxed = [t for t in tokens if t == "corrupted" and play["mode"] != Mode.COMPETITIVE.value]
    rest = [t for t in tokens if t not in boxed]
    out = [ev.DataTokensMoved(board=board, tokens=rest, source="launcher", target="neutral")] if rest else []
    return out + ([ev.DataTokensMoved(board=board, tokens=boxed, source="launcher", target="box")] if boxed else [])


@KIT.action("discard-data", TokensSchema, "Discard Data tokens from your Launcher (Corrupted Data leaves the game)",
        section="Special Data tokens", args=("board", "tokens"))
def discard_data(d: Decision, f: dict[str, Any]) -> None:
    state = d.state
    b = board_of(state, f["board"])
    d.emit(*discard_tokens(state, f["board"], [resolve_token(b, t) for t in f["tokens"]]))


@KIT.action("prepare", TokensSchema, "Prepare x: draw these Data tokens from your Bag onto the Launcher", section="Data tokens",
        reveal=True, args=("board", "tokens"))
def prepare(d: Decision, f: dict[str, Any]) -> None:
    state = d.state
    b = board_of(state, f["board"])
    d.emit(*draw_from_bag(state, f["board"], [resolve_token(b, t) for t in f["tokens"]], "Data tokens"))


class CoreSchema(Schema):
    board = Board()
    core = fields.String(required=True, validate=validate.OneOf(BASIC))


@KIT.action("change-core-data", CoreSchema, "Flip or replace your Core Data token", section="Special Data tokens & other Data icons",
        args=("board", "core"))
def change_core(d: Decision, f: dict[str, Any]) -> None:
    state = d.state
    board_of(state, f["board"])
    d.emit(ev.CoreDataChanged(board=f["board"], core=f["core"]))
