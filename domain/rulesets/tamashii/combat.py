"""Enemies, the Combat phase, Damage, rerolls and the Reset.

Rules (tamashii.txt): § Attaching Enemies (new Enemies go under the stack; the Top Enemy is index 0),
§ Damaging and defeating Enemies (Damage markers stay; defeat: 1 EXP; other discards give none),
§ Combat phase (Attack Roll: ATT dice + 1 per Power spent, the Enemy Number and Symbol dice; Set Active
Enemy Count: the die on the n-th Enemy from the Top, the leftmost if n is higher, none on the blank;
Resolve Dice Results: player Frame and Active Enemy Frame alternate, the die moving one card toward
the Top after each Enemy Frame; all Damage goes to the Top Enemy, excess is lost; Frames once per
Combat phase unless repeatable), § Reroll (only your own dice, each roll once), § RESET.

Card figures (Enemy Integrity, a Frame's Damage) come from the action (``Name:ITG``, ``--damage``) or
components.yaml; an Enemy whose Integrity is unknown is defeated only when the players say so
(``--defeats``).
"""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, ValidationError, fields, validate

from domain.core.decision import Decision
from domain.core import GameEvent, State
from domain.core.fields import WholeNumber, Within

from . import combat_events as ce
from . import events as ev
from .board import asset_change, gain_corrupted, suffer_wounds, trace_roll_result
from .catalogue import Amount, Board, EnemySymbol, Name, PlayerDice
from .flow import clockwise, trace_roll_owed
from .kit import KIT
from .vocabulary import SHELTER_TILE, Phase, active_body, board_of, enemy_figures, play_of, refuse, require_phase, require_turn_of
from domain.core.names import quoted

COMBAT = "Combat phase"
DAMAGE = "Damaging and defeating Enemies"


def parse_enemy(text: str) -> dict[str, Any]:
    """``"Firecleaner"`` or ``"Catcher:8"`` -> ``{name, integrity, damage: 0, level}``."""
    name, _, itg = text.rpartition(":") if ":" in text else (text, "", "")
    known = enemy_figures(name)
    if itg and not itg.strip().isdigit():
        raise ValidationError(f"{quoted(text)}: write an Enemy as Name or Name:INTEGRITY")
    integrity = int(itg) if itg else known.get("integrity")
    if integrity is not None and integrity < 1:
        raise ValidationError(f"{quoted(text)}: an Enemy's Integrity is at least 1 (it is defeated at 0)")
    return {"name": known.get("name", name.strip()), "integrity": integrity, "damage": 0, "level": known.get("level")}


class EnemyField(fields.String):
    """An Enemy card as ``Name`` or ``Name:INTEGRITY`` (the card's Integrity, read off it)."""

    def _deserialize(self, value: Any, attr: Any, data: Any, **kw: Any) -> str:
        text = super()._deserialize(value, attr, data, **kw).strip()
        if not text.rpartition(":")[0 if ":" in text else 2].strip():
            raise ValidationError(f"{quoted(text)}: an Enemy needs its name (Name or Name:INTEGRITY)")
        parse_enemy(text)
        return text


class DrawEnemiesSchema(Schema):
    board = Board()
    enemies = fields.List(EnemyField(validate=validate.Length(1, 60)), required=True, validate=validate.Length(1, 12))
    effect = Name(load_default=None, metadata={"description": "the card or effect that attaches these Enemies, when none are owed"})


def deal_enemies(deck: list[dict[str, Any]], enemies: list[dict[str, Any]]) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The drawn ``enemies`` with the LVL of the deck segment each came from, and the deck afterwards.

    § Enemy deck setup: "the first Enemies drawn will be Enemies of LVL 1. Only when the LVL 1 Enemies run
    out, can you draw Enemies of LVL 2". Raises RuleViolation when the deck is empty.
    """
    deck, out = [dict(seg) for seg in deck], []
    for enemy in enemies:
        seg = next((s for s in deck if s["cards"] is None or s["cards"] > 0), None)
        if seg is None:
            raise refuse("Enemy deck setup", "the Enemy deck is empty")
        if seg["cards"] is not None:
            seg["cards"] -= 1
        out.append({**enemy, "level": seg["level"]})
    return out, [s for s in deck if s["cards"] != 0]


def _first_player_first(play: dict[str, Any], board: str) -> None:
    """§ Planning phase: "you should draw Enemies starting with the First Player"."""
    order = clockwise(play)
    for earlier in order[:order.index(board)]:
        if play["boards"][earlier]["enemies_due"] or trace_roll_owed(play, earlier):
            raise refuse("Planning phase", f"draw Enemies starting with the First Player: {earlier} draws (or rolls) before {board}")


@KIT.action("draw-enemies", DrawEnemiesSchema, "Draw Enemy cards from the Enemy deck and attach them (Name or Name:ITG)",
        section="Attaching Enemies", reveal=True, args=("board", "enemies"))
def draw_enemies(d: Decision, f: dict[str, Any]) -> None:
    """EnemiesAttached with each card's LVL from the deck. Draws only what is owed (a Trace Roll, the Trace
    track's top space), in order from the First Player, unless ``effect`` names what attaches them; refuses
    a Locked card code (setup draws only from Unlocked components)."""
    state = d.state
    play, b = play_of(state), board_of(state, f["board"])
    enemies = [parse_enemy(text) for text in f["enemies"]]
    for e in enemies:
        if e["name"].upper() in state["locked"]:
            raise refuse("Locked vs Unlocked components", f"{e['name']} is in the Locked Pool")
    if not f["effect"]:
        if not b["enemies_due"]:
            raise refuse("Attaching Enemies", f"{f['board']} owes no Enemies: name the card or effect that attaches them (--effect)")
        if len(enemies) > b["enemies_due"]:
            raise refuse("Trace", f"{f['board']} owes {b['enemies_due']} Enemies, not {len(enemies)}")
        _first_player_first(play, f["board"])
    drawn, deck = deal_enemies(play["enemy_deck"], enemies)
    d.emit(ce.EnemiesAttached(board=f["board"], enemies=drawn, deck=deck))


def damage_top(state: State, board: str, amount: int, defeats: bool = False) -> list[GameEvent]:
    """Damage to the Top Enemy: EnemyDamaged, and on defeat EnemyRemoved + 1 EXP. Excess is lost."""
    b = board_of(state, board)
    if not b["enemies"]:
        if amount or defeats:
            raise refuse(DAMAGE, f"{board} has no attached Enemy to damage")
        return []
    top = b["enemies"][0]
    itg = top["integrity"]
    dealt = amount if itg is None else min(amount, itg - top["damage"])
    out: list[GameEvent] = [ce.EnemyDamaged(board=board, enemy=top["name"], damage=dealt, total=top["damage"] + dealt)] if dealt else []
    if defeats or (itg is not None and top["damage"] + dealt >= itg):
        out += [ce.EnemyRemoved(board=board, enemy=top["name"], index=0, how="defeated"),
                ev.ExpChanged(board=board, change=1, exp=b["exp"] + 1, why=f"defeated {top['name']}")]
    return out


class DamageSchema(Schema):
    board = Board()
    amount = Amount(0, 30, required=True)
    defeats = fields.Boolean(load_default=False, metadata={"description": "the effect defeats the Top Enemy outright"})


@KIT.action("deal-damage", DamageSchema, "Deal Damage to your Top Enemy from an effect (excess is lost)", section=DAMAGE,
        args=("board", "amount"))
def deal_damage(d: Decision, f: dict[str, Any]) -> None:
    state = d.state
    d.emit(*damage_top(state, f["board"], f["amount"], f["defeats"]))


ENEMY_NUMBERS = (1, 2, 3)
"""The Enemy Number die's numbers. Reading: it is eight-sided (§ Most important icons) and card C12 lists
every result it can show: "1:", "2:", "3:" and "Blank side" (§ Scenario cards, Simulation Error)."""


class EnemyNumber(fields.Field):
    """The Enemy Number die: 1, 2, 3, or ``blank``."""

    def _deserialize(self, value: Any, attr: Any, data: Any, **kw: Any) -> int | None:
        text = str(value).strip().lower()
        if text == "blank":
            return None
        if text.isdigit() and int(text) in ENEMY_NUMBERS:
            return int(text)
        raise ValidationError(f"the Enemy Number die shows 1, 2, 3 or blank, not {value!r}")


class AttackSchema(Schema):
    board = Board()
    dice = PlayerDice(required=True)
    number = EnemyNumber(required=True, metadata={"description": "the Enemy Number die: 1, 2, 3 or blank"})
    symbol = EnemySymbol(required=True)
    power = Amount(0, 5, load_default=0, metadata={"description": "Power spent for extra dice before rolling"})


@KIT.action("attack-roll", AttackSchema, "Combat: spend Power, roll ATT + Power Player dice and both Enemy dice",
        section=COMBAT, reveal=True, args=("board", "number", "symbol", "dice"))
def attack_roll(d: Decision, f: dict[str, Any]) -> None:
    """Power spent, CombatBegan with the Enemy Number die placed (Set Active Enemy Count step)."""
    state = d.state
    play = require_phase(state, Phase.COMBAT, section=COMBAT)
    board = f["board"]
    b = require_turn_of(state, board, COMBAT)
    if not b["enemies"]:
        raise refuse(COMBAT, f"{board} has no attached Enemies and skips the Combat phase")
    if play["combat"]:
        raise refuse(COMBAT, f"{board} already made the Attack Roll this Combat phase")
    att = active_body(b)["att"]
    if att is not None and len(f["dice"]) != att + f["power"]:
        raise refuse(COMBAT, f"{active_body(b)['name']} has ATT {att}: with {f['power']} Power spent roll {att + f['power']} dice, not {len(f['dice'])}")
    paid = [asset_change(state, board, "power", "spent", f["power"])] if f["power"] else []
    die_at = None if f["number"] is None else min(f["number"], len(b["enemies"])) - 1
    d.emit(*paid, ce.CombatBegan(board=board, dice=list(f["dice"]), number=f["number"], symbol=f["symbol"], die_at=die_at))


class FrameSchema(Schema):
    board = Board()
    frame = Name(required=True, metadata={"description": "which Combat Frame (e.g. 'Soldier 1', 'Termination Code')"})
    indexes = fields.List(WholeNumber(validate=Within(0, 19)), required=True, validate=validate.Length(1, 20),
                          metadata={"description": "the dice assigned, by place in the roll (0 = first)"})
    damage = Amount(0, 30, load_default=0, metadata={"description": "Damage the Frame deals to the Top Enemy"})
    defeats = fields.Boolean(load_default=False)
    repeatable = fields.Boolean(load_default=False, metadata={"description": "a Frame that may be activated many times"})


def _combat_of(state: State, board: str) -> dict[str, Any]:
    play = require_phase(state, Phase.COMBAT, section=COMBAT)
    require_turn_of(state, board, COMBAT)
    if not play["combat"] or play["combat"]["board"] != board:
        raise refuse(COMBAT, f"{board} has not made the Attack Roll this Combat phase")
    return play["combat"]


@KIT.action("activate-frame", FrameSchema, "Combat: assign dice to one of your Combat Frames and resolve its Damage",
        section=COMBAT, args=("board", "frame", "indexes"))
def activate_frame(d: Decision, f: dict[str, Any]) -> None:
    """CombatFrameActivated, then Damage to the Top Enemy."""
    state = d.state
    combat, board = _combat_of(state, f["board"]), f["board"]
    if combat["next"] == "enemy" and combat["die_at"] is not None:
        raise refuse(COMBAT, "Frames alternate: the Active Enemy resolves a Frame before your next one")
    for i in f["indexes"]:
        if i >= len(combat["dice"]) or i in combat["used"] or f["indexes"].count(i) > 1:
            raise refuse(COMBAT, f"die {i} is not an unused die of this Attack Roll")
        if combat["dice"][i] == "blank":
            raise refuse(COMBAT, f"die {i} is blank: it activates no Frame")
    if f["frame"] in combat["frames"] and not f["repeatable"]:
        raise refuse(COMBAT, f"each Combat Frame may only be activated once per Combat phase ({f['frame']})")
    d.emit(ce.CombatFrameActivated(board=board, frame=f["frame"], indexes=list(f["indexes"]), repeatable=f["repeatable"]),
            *damage_top(state, board, f["damage"], f["defeats"]))


class EnemyFrameSchema(Schema):
    board = Board()
    wounds = Amount(0, 30, load_default=0, metadata={"description": "Wounds the Frame deals"})
    shields = Amount(0, 5, load_default=0)


@KIT.action("activate-enemy-frame", EnemyFrameSchema, "Combat: the Active Enemy resolves its Frame; the die moves toward the Top",
        section=COMBAT, args=("board", "wounds"))
def activate_enemy_frame(d: Decision, f: dict[str, Any]) -> None:
    state = d.state
    combat, board = _combat_of(state, f["board"]), f["board"]
    if combat["die_at"] is None:
        raise refuse(COMBAT, "the Enemy Number die is on no Enemy card: no more Enemy Frames this Combat phase")
    enemy = board_of(state, board)["enemies"][combat["die_at"]]
    moved = ce.EnemyFrameActivated(board=board, enemy=enemy["name"], symbol=combat["symbol"],
                                   die_at=None if combat["die_at"] == 0 else combat["die_at"] - 1)
    d.emit(moved, *(suffer_wounds(state, board, f["wounds"], f["shields"]) if f["wounds"] else []))


class RerollSchema(Schema):
    board = Board()
    dice = PlayerDice(required=True, metadata={"description": "the new faces of the rerolled dice"})
    indexes = fields.List(WholeNumber(validate=Within(0, 19)), required=True, validate=validate.Length(1, 5))
    of = Board(required=False, load_default=None, metadata={"description": "whose roll (default: your own)"})


@KIT.action("reroll", RerollSchema, "Spend Reroll: reroll that many of your own dice from your latest roll",
        section="Assets – Shield, Memory, Power and Reroll", reveal=True, args=("board", "dice"))
def reroll(d: Decision, f: dict[str, Any]) -> None:
    state = d.state
    board = f["board"]
    b = board_of(state, board)
    if f["of"] not in (None, board):
        raise refuse("Assets – Shield, Memory, Power and Reroll", "All Assets are personal: you cannot use Reroll to reroll another player's roll")
    roll = b["last_roll"]
    if not roll:
        raise refuse("Assets – Shield, Memory, Power and Reroll", f"{board} has no roll to reroll")
    if roll["rerolled"]:
        raise refuse("Assets – Shield, Memory, Power and Reroll", "each roll may be influenced by Reroll Assets only once")
    if len(f["indexes"]) != len(f["dice"]) or len(set(f["indexes"])) != len(f["indexes"]) or max(f["indexes"]) >= len(roll["dice"]):
        raise refuse("Assets – Shield, Memory, Power and Reroll", "give one new face per rerolled die, each a distinct die of the roll")
    combat = play_of(state)["combat"]
    if roll["purpose"] == "attack" and combat and set(f["indexes"]) & set(combat["used"]):
        raise refuse(COMBAT, "a die already assigned to a Frame cannot be rerolled")
    dice = list(roll["dice"])
    for i, face in zip(f["indexes"], f["dice"]):
        dice[i] = face
    out = [asset_change(state, board, "reroll", "spent", len(f["indexes"])), ce.DiceRerolled(board=board, indexes=list(f["indexes"]), dice=dice)]
    d.emit(*out + (_trace_reroll(state, board, roll["dice"], dice) if roll["purpose"] == "trace" else []))


def _trace_reroll(state: State, board: str, old: list[str], new: list[str]) -> list[GameEvent]:
    """§ Reroll: usable in "Your Trace Roll step", the rerolled result counts: Enemies owed and Trace again."""
    play, b = play_of(state), board_of(state, board)
    before = b.get("step_details", {}).get("trace-roll")
    if play["phase"] != Phase.PLANNING.value or not before or "refill" in b["steps"]:
        raise refuse("Assets – Shield, Memory, Power and Reroll", "a Trace Roll is rerolled in its Trace Roll step, before the Refill")
    if b["enemies_due"] != before["due"] + old.count("basic"):
        raise refuse("Assets – Shield, Memory, Power and Reroll", "Enemies were already drawn for this Trace Roll: reroll before drawing")
    return trace_roll_result(board, before, new)


class ResetSchema(Schema):
    board = Board()
    result = fields.String(required=True, validate=validate.OneOf(["discard-body", "keep-body"]),
                           metadata={"description": "the Enemy Symbol die, named by what the Reset rule makes of it"})


@KIT.action("reset", ResetSchema, "Resolve a reset at 0 Integrity (roll the Enemy Symbol die)", section="RESET",
        reveal=True, args=("board", "result"))
def reset(d: Decision, f: dict[str, Any]) -> None:
    """The RESET steps exactly as listed; the board then skips the rest of the current phase."""
    state = d.state
    play, board = play_of(state), f["board"]
    b = board_of(state, board)
    if b["integrity"] > 0:
        raise refuse("RESET", f"a reset is resolved when Integrity is reduced to 0; {board} has {b['integrity']}")
    out: list[GameEvent] = [ce.ResetBegan(board=board, result=f["result"], turn=play["turn"], phase=play["phase"])]
    if f["result"] == "discard-body" and b["bodies"]:
        out.append(ev.BodyDiscarded(board=board, body=b["bodies"][0]["name"]))
    out += gain_corrupted(state, board, 2)
    launcher = [t for t, n in b["launcher"].items() for _ in range(n)]
    if launcher:
        out.append(ev.DataTokensMoved(board=board, tokens=launcher, source="launcher", target="dump"))
    out += [ce.EnemyRemoved(board=board, enemy=e["name"], index=0, how="discarded") for e in b["enemies"]]
    if b["trace"] is not None:
        out.append(ev.TraceChanged(board=board, trace=0, why="reset"))
    out.append(ev.IntegrityChanged(board=board, integrity=b["limiter"], limiter=b["limiter"], why="reset"))
    out.append(ce.CharacterMoved(board=board, tile=SHELTER_TILE, bot=False))
    d.emit(*out)
