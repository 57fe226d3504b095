"""Upgrade, Augments, Bodies and the Learning Protocol.

Rules (tamashii.txt): § UPGRADE (any time in the Planning phase: 1 Memory to discard a Launcher token or
gain a Basic one, Memory to equip, 2 EXP for +1 max Integrity / Unlock 1 / 1 Open Data / 2 Class
Augments), § Classes, Factions, and Augment cards (Class Augments never traded; traded and new Augments
arrive unequipped; Break removes the card), § Body cards (up to 2 Advanced Bodies, the top one active),
§ Learning Protocol cards (3 steps, in order). The Prologue skips setup steps 3c, 3d and 5 (no Class
Augments, Learning Protocol or Body cards), so those actions are refused there.

Reading: the 2 Starting Class Augments placed "face up in the indicated space near your Player Board"
(setup 3c) start equipped; they never score (§ Counting Victory Points: "non-starting").
"""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, fields, validate

from domain.core.decision import Decision
from domain.core import GameEvent, State
from domain.core.fields import WholeNumber, distinct, Within
from domain.core.names import did_you_mean, quoted

from . import events as ev
from . import rule_events as rev
from .board import asset_change, discard_tokens, gain_from_neutral
from .catalogue import Board, Name, Token
from .kit import KIT
from .setup import GENERATOR_RECOMMENDATION
from .vocabulary import BASIC, Phase, augment_figures, board_of, play_of, refuse, require_phase, require_turn_of, resolve_token

UPGRADE = "UPGRADE"
AUGMENTS = "Classes, Factions, and Augment cards"
ACQUIRING = "Acquiring Augments"
LEARNING = "Learning Protocol cards"
EXP_OPTIONS = ("max-integrity", "unlock", "open-data")
MEMORY_OPTIONS = ("gain-data", "discard-data")
CLASSES = ("reaper", "brawler", "trickster", "whisperer")
"""The 4 Classes of the Core game (§ Game setup 3c)."""


def _in_setup(state: State, board: str, step: str, what: str) -> dict[str, Any]:
    """The board, if setup ``step`` applies to this Scenario and the Setup is still going on (before turn 1)."""
    b = board_of(state, board)
    _not_skipped(state, step, what)
    if play_of(state)["phase"] != Phase.SETUP.value:
        raise refuse("Game setup", f"setup step {step} is resolved before the first turn, not in turn {play_of(state)['turn']}")
    return b


def _not_skipped(state: State, step: str, what: str) -> None:
    if step in play_of(state)["skipped_steps"]:
        raise refuse("Game setup", f"{play_of(state)['title']} skips setup step {step}: no {what}")


class UpgradeSchema(Schema):
    board = Board()
    option = fields.String(required=True, validate=validate.OneOf([*EXP_OPTIONS, *MEMORY_OPTIONS]))
    data = Token(load_default=None, metadata={"description": "the Data token to gain or discard (Memory options)"})


@KIT.action("upgrade", UpgradeSchema, "Upgrade: 2 EXP for max-integrity, unlock or open-data; 1 Memory to gain-data or discard-data",
        section=UPGRADE, args=("board", "option", "data"))
def upgrade(d: Decision, f: dict[str, Any]) -> None:
    """The option's events, after its cost. Planning phase only."""
    state = d.state
    require_phase(state, Phase.PLANNING, section=UPGRADE)
    board, option = f["board"], f["option"]
    b = require_turn_of(state, board, UPGRADE)
    if option in MEMORY_OPTIONS:
        if not f["data"]:
            raise refuse(UPGRADE, f"{option} names the Data token (--data)")
        token = resolve_token(b, f["data"])
        cost = asset_change(state, board, "memory", "spent", 1)
        if option == "gain-data":
            if token not in BASIC:
                raise refuse(UPGRADE, "Memory gains a Basic Data token of your choice")
            d.emit(cost, *gain_from_neutral(state, board, [token]))
            return
        d.emit(cost, *discard_tokens(state, board, [token]))
        return
    if b["exp"] < 2:
        raise refuse(UPGRADE, f"an Upgrade discards 2 EXP markers; {board} has {b['exp']}")
    paid = ev.ExpChanged(board=board, change=-2, exp=b["exp"] - 2, why=f"upgrade: {option}")
    if option == "max-integrity":
        d.emit(paid, ev.IntegrityChanged(board=board, integrity=b["integrity"] + 1, limiter=b["limiter"] + 1, why="ITG Limiter advanced"))
        return
    if option == "unlock":
        if b["locks"] == 0:
            raise refuse(UPGRADE, f"{board} has no Lock token left on the Launcher")
        d.emit(paid, ev.LockTokenDiscarded(board=board, locks=b["locks"] - 1))
        return
    d.emit(paid, *gain_from_neutral(state, board, ["open"]))


class GainAugmentSchema(Schema):
    board = Board()
    name = Name(required=True)
    kind = fields.String(required=True, validate=validate.OneOf(["class", "faction"]))
    memory = WholeNumber(load_default=None, validate=Within(0, 10), metadata={"description": "its Memory cost"})
    breaks = fields.Boolean(load_default=False, metadata={"description": "it has the Break keyword"})


@KIT.action("gain-augment", GainAugmentSchema, "Take an Augment card (a Faction Hideout, a card effect); it arrives unequipped",
        section=AUGMENTS, reveal=True, args=("board", "kind", "name"))
def gain_augment(d: Decision, f: dict[str, Any]) -> None:
    """AugmentDrawn for a Faction Augment ("draw 1 Augment from the respective Faction's Augment deck", a
    shuffled deck: a reveal, § Acquiring Augments); AugmentGained for a Class Augment a card effect names.

    Refused: during the Setup (§ Acquiring Augments: a Class Augment comes from an Upgrade, "When you spend 2 EXP,
    you may draw 2 Augments of your Class", in the Planning phase; a Faction Augment from "a tile effect from a
    Faction Hideout tile"; the Setup's own Augments are the Class's Starting Augments, ``choose-class``); an Augment
    the board already holds (one card: a second copy of it is not in any deck); a Class Augment with the Break
    keyword (§ Most important keywords: "Break: only on Faction Augments"); an Augment that broke in this Scenario
    (§ Breaking Augments: "This Augment will not appear again during the same game")."""
    state = d.state
    b = board_of(state, f["board"])
    if play_of(state)["phase"] == Phase.SETUP.value:
        raise refuse(ACQUIRING, f"{f['board']} cannot gain {f['name']} during the Setup: a Class Augment is drawn by an "
                     "Upgrade in the Planning phase (2 EXP: draw 2, keep 1), a Faction Augment from a Faction Hideout's tile "
                     "effect; the Setup's Augments are the Class's Starting Augments (choose-class)")
    same = " ".join(f["name"].split()).casefold()  # "atomic  power cable" is the card that broke
    held = [a["name"] for a in b["augments"] if " ".join(a["name"].split()).casefold() == same]
    if held:
        raise refuse(ACQUIRING, f"{f['board']} already holds {held[0]}: there is one card of each Augment, so it "
                     "cannot be gained again (equip it with equip, or trade a Faction Augment during Upgrade)")
    if f["kind"] == "class":
        _not_skipped(state, "3c", "Class Augments")
        if f["breaks"]:
            raise refuse("Most important keywords and phrases", f"Break: only on Faction Augments; {f['name']} is a Class Augment")
    broken = [n for n in play_of(state).get("broken_augments", []) if " ".join(n.split()).casefold() == same]
    if broken:
        raise refuse("Breaking Augments", f"{broken[0]} broke in this Scenario: it was removed from the game and "
                     "may not be gained or used again during the same game")
    augment = {"name": f["name"], "kind": f["kind"], "memory": f["memory"], "starting": False, "break": f["breaks"], "equipped": False}
    if f["kind"] == "faction":
        d.emit(rev.AugmentDrawn(board=f["board"], augment=augment))
        return
    d.emit(ev.AugmentGained(board=f["board"], augment=augment))


class ClassSchema(Schema):
    board = Board()
    name = fields.String(required=True, validate=validate.OneOf(CLASSES))
    starting = fields.List(Name(), required=True, validate=[validate.Length(2, 2), distinct("Starting Augment")], metadata={"description": "the 2 Starting Augments"})


@KIT.action("choose-class", ClassSchema, "Setup 3c: take a Class Augment deck and place its 2 Starting Augments",
        section="Game setup", args=("board", "name", "starting"))
def choose_class(d: Decision, f: dict[str, Any]) -> None:
    """ClassChosen and the 2 Starting Augments, equipped; during the Setup only, once per board.

    Refused: a Class another board took (§ Classes and Factions: "a unique deck of Class Augment cards, which is
    only accessible by you"; § Game setup 3c: "each player chooses 1 of the 4 available Classes"); a Starting
    Augment components.yaml knows as another Class's or a Faction's (the card prints it, "5.Class/Faction")."""
    state = d.state
    b = _in_setup(state, f["board"], "3c", "Class Augment decks")
    if b.get("class"):
        raise refuse("Game setup", f"{f['board']} already chose the {b['class']} Class")
    taken = next((n for n, other in play_of(state)["boards"].items() if other.get("class") == f["name"]), None)
    if taken:
        raise refuse(AUGMENTS, f"the {f['name'].title()} Class is taken by {taken}: each Class is a unique deck, "
                     f"only accessible by its player; free: {', '.join(_free_classes(state))}")
    for name in f["starting"]:
        _of_class(name, f["name"])
    d.emit(rev.ClassChosen(board=f["board"], name=f["name"]), *_starting(f))


def _free_classes(state: State) -> list[str]:
    taken = {b.get("class") for b in play_of(state)["boards"].values()}
    return [c for c in CLASSES if c not in taken]


def _of_class(name: str, chosen: str) -> None:
    """Refuse a Starting Augment the content pack places in another Class's deck or a Faction's."""
    known = augment_figures(name)
    if known.get("faction"):
        raise refuse(AUGMENTS, f"{known['name']} is a {known['faction'].title()} Faction Augment, not a Starting Augment "
                     f"of the {chosen.title()} Class deck")
    if known.get("class", chosen) != chosen:
        raise refuse(AUGMENTS, f"{known['name']} is a {known['class'].title()} Class Augment, not one of the "
                     f"{chosen.title()} Class deck")


def _starting(f: dict[str, Any]) -> list[GameEvent]:
    return [ev.AugmentGained(board=f["board"], augment={"name": n, "kind": "class", "memory": None, "starting": True,
                                                        "break": False, "equipped": True, "class": f["name"]})
            for n in f["starting"]]


class DrawClassSchema(Schema):
    board = Board()
    kept = Name(required=True)
    memory = WholeNumber(load_default=None, validate=Within(0, 10))


@KIT.action("draw-class-augments", DrawClassSchema, "Upgrade: discard 2 EXP, draw 2 Class Augments and keep one",
        section=UPGRADE, reveal=True, args=("board", "kept"))
def draw_class_augments(d: Decision, f: dict[str, Any]) -> None:
    state = d.state
    require_phase(state, Phase.PLANNING, section=UPGRADE)
    b = require_turn_of(state, f["board"], UPGRADE)
    _not_skipped(state, "3c", "Class Augment deck")
    if b["exp"] < 2:
        raise refuse(UPGRADE, f"an Upgrade discards 2 EXP markers; {f['board']} has {b['exp']}")
    d.emit(ev.ExpChanged(board=f["board"], change=-2, exp=b["exp"] - 2, why="upgrade: class augments"),
            rev.AugmentDrawn(board=f["board"], augment={"name": f["kept"], "kind": "class", "memory": f["memory"],
                                                       "starting": False, "break": False, "equipped": False}))


class EquipSchema(Schema):
    board = Board()
    name = Name(required=True)
    memory = WholeNumber(load_default=None, validate=Within(0, 10), metadata={"description": "its Memory cost, if not given before"})


def _augment(b: dict[str, Any], board: str, name: str) -> dict[str, Any]:
    found = next((a for a in b["augments"] if a["name"].lower() == name.lower()), None)
    if found is None:
        raise refuse(AUGMENTS, f"{board} has no Augment {quoted(name)}{did_you_mean(name, [a['name'] for a in b['augments']])}")
    return found


@KIT.action("equip", EquipSchema, "Upgrade: spend the Augment's Memory cost to equip it", section=AUGMENTS, args=("board", "name"))
def equip(d: Decision, f: dict[str, Any]) -> None:
    state = d.state
    require_phase(state, Phase.PLANNING, section=UPGRADE)
    b = require_turn_of(state, f["board"], UPGRADE)
    aug = _augment(b, f["board"], f["name"])
    if aug["equipped"]:
        raise refuse(AUGMENTS, f"{aug['name']} is already equipped")
    cost = f["memory"] if f["memory"] is not None else aug["memory"]
    if cost is None:
        raise refuse(AUGMENTS, f"give {aug['name']}'s Memory cost (--memory), printed on the card")
    spent = [asset_change(state, f["board"], "memory", "spent", cost)] if cost else []
    d.emit(*spent, ev.AugmentEquipped(board=f["board"], name=aug["name"]))


class TradeSchema(Schema):
    board = Board()
    to = Board()
    name = Name(required=True)


@KIT.action("trade-augment", TradeSchema, "Upgrade: give a Faction Augment to another player (it arrives unequipped)",
        section=UPGRADE, args=("board", "to", "name"))
def trade_augment(d: Decision, f: dict[str, Any]) -> None:
    state = d.state
    require_phase(state, Phase.PLANNING, section=UPGRADE)
    aug = _augment(require_turn_of(state, f["board"], UPGRADE), f["board"], f["name"])
    board_of(state, f["to"])
    if aug["kind"] != "faction":
        raise refuse(AUGMENTS, "Class Augments cannot be traded between players")
    if f["to"] == f["board"]:
        raise refuse(UPGRADE, "trade with another player")
    d.emit(ev.AugmentTraded(board=f["board"], to=f["to"], name=aug["name"]))


class ProtocolSchema(Schema):
    board = Board()
    name = Name(required=True)


@KIT.action("choose-learning-protocol", ProtocolSchema, "Setup 3d: draw 2 Learning Protocols and keep this one",
        section="Game setup", reveal=True, args=("board", "name"))
def choose_learning_protocol(d: Decision, f: dict[str, Any]) -> None:
    """LearningProtocolChosen; during the Setup only (step 3d), once per board. In the competitive mode the
    step is taken or not (§ Scenario generator, Game Setup: "we recommend skipping this step"): accepted, with
    the recommendation as the event's note (its history line)."""
    state = d.state
    b = _in_setup(state, f["board"], "3d", "Learning Protocol cards")
    if b["learning_protocol"]:
        raise refuse(LEARNING, "each player has access to one (and only one!) Learning Protocol")
    note = GENERATOR_RECOMMENDATION if "3d" in play_of(state).get("optional_steps", []) else ""
    d.emit(ev.LearningProtocolChosen(board=f["board"], name=f["name"], note=note))


class StepSchema(Schema):
    board = Board()
    step = WholeNumber(required=True, validate=Within(1, 3))


@KIT.action("complete-learning-step", StepSchema, "Complete the next Learning Protocol step (1, 2, 3 in order)",
        section=LEARNING, args=("board", "step"))
def complete_learning_step(d: Decision, f: dict[str, Any]) -> None:
    state = d.state
    b = board_of(state, f["board"])
    lp = b["learning_protocol"]
    if not lp:
        raise refuse(LEARNING, f"{f['board']} has no Learning Protocol card")
    if f["step"] != lp["steps"] + 1:
        done = f"step {lp['steps']} is done" if lp["steps"] else "no step is done yet"
        raise refuse(LEARNING, f"Learning Protocol steps must be resolved in order from 1 to 3: {done}, so step {f['step']} cannot be completed")
    d.emit(ev.LearningStepCompleted(board=f["board"], step=f["step"]))


class BoardSchema(Schema):
    board = Board()


@KIT.action("swap-bodies", BoardSchema, "Inhabit your other Advanced Body (an 'inhabit' effect such as the Shelter's)",
        section="Body cards", args=("board",))
def swap_bodies(d: Decision, f: dict[str, Any]) -> None:
    state = d.state
    b = board_of(state, f["board"])
    if len(b["bodies"]) < 2:
        raise refuse("Body cards", f"{f['board']} needs 2 Advanced Body cards to change the active one")
    d.emit(ev.BodiesSwapped(board=f["board"], active=b["bodies"][1]["name"]))


class MarketSchema(Schema):
    cards = fields.List(Name(), required=True, validate=[validate.Length(1, 6), distinct("card")])


@KIT.action("set-up-body-market", MarketSchema, "Setup 5: draw players + 1 Body cards face up", section="Game setup",
        reveal=True, args=("cards",))
def set_up_body_market(d: Decision, f: dict[str, Any]) -> None:
    """BodyMarketChanged; during the Setup only (step 5), once."""
    state = d.state
    play = play_of(state)
    _not_skipped(state, "5", "Body Market")
    if play["phase"] != Phase.SETUP.value or play.get("market_ready"):
        raise refuse("Game setup", "the Body Market is set up once, in setup step 5, before the first turn")
    if len(f["cards"]) != len(play["players"]) + 1:
        raise refuse("Game setup", f"step 5b draws players + 1 = {len(play['players']) + 1} Body cards, not {len(f['cards'])}")
    d.emit(ev.BodyMarketChanged(market=list(f["cards"]), drawn=True))


class RefillMarketSchema(Schema):
    card = Name(required=True)


@KIT.action("refill-body-market", RefillMarketSchema, "Draw a Body card to refill the Body Market", section="Body cards",
        reveal=True, args=("card",))
def refill_body_market(d: Decision, f: dict[str, Any]) -> None:
    """BodyMarketChanged, and one card fewer owed (§ Inhabiting a Body: "draw a new card ... to refill")."""
    state = d.state
    play = play_of(state)
    _not_skipped(state, "5", "Body Market")
    due = play.get("market_due", 0)
    if not due:
        raise refuse("Body cards", "the Body Market is refilled when a Body is inhabited from it; no card is owed")
    d.emit(ev.BodyMarketChanged(market=[*play["body_market"], f["card"]], drawn=True), rev.BodyMarketRefillDue(count=due - 1))
