"""Item Cards, Start Items and Quest Cards: picking up, taking, trading, using; the Nanophoenix.

nanolith.txt § Activating Cards, § Start Items, § Picking Up Items from the Encounter Map, § Free Actions,
§ Unconscious, § Hidden Cards and Quest Items.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.core.errors import BadInput

from ..kit import KIT
from .. import schemas_encounter as se
from .. import encounter_events as ee
from .. import events as ev
from ..content import catalogue_for, slug
from ..encounter_state import MAX_ITEM_CARDS, item_type, removed_start_items
from ..state import board
from ..vocabulary import Phase
from .activation import check_cost, pick_dice, place_dice
from .consequences import Decision, refuse
from .guards import may_activate, name, require_conscious, require_encounter, require_hero, require_not_hacked
from domain.core.names import quoted


def _item(d: Decision, text: str) -> tuple[str, dict[str, Any]]:
    found = catalogue_for(d.state).find("items", text)
    return found if found else (slug(text), {"name": str(text).strip()})


def _room_for(d: Decision, c: str, kind: str) -> None:
    if kind == "item" and len(board(d.state, c)["items"]) >= MAX_ITEM_CARDS:
        raise refuse("Activating Cards", f"{name(c)} already holds {MAX_ITEM_CARDS} Item Cards "
                                         "(Start Items and Quest Cards not counted): use or trade one first")


@KIT.action("pick-up-item", se.ItemSchema, "Pick up an Item Token: the Item Card drawn (a reveal)",
            section="Picking Up Items from the Encounter Map", reveal=True, args=("character", "item"))
def pick_up_item(d: Decision, f: Mapping[str, Any]) -> None:
    """§ Picking Up Items: a Free Action in the character's turn, an Item Token at range 0 removed and an
    Item Card drawn (a reveal: the card is recorded as drawn)."""
    s, c = d.state, f["character"]
    require_hero(c, "pick up Items")  # § Performing Interactions with Sidekick: he holds no Items
    starts = may_activate(s, c, "pick up an Item Token")
    require_not_hacked(s, c, "pick up Items")
    ident, entry = _item(d, f["item"])
    kind = entry.get("item_type") if entry.get("item_type") in ("item", "quest") else "item"
    _room_for(d, c, kind)
    if starts:
        d.emit(ev.ActivationStarted(character=c))
    d.emit(ee.ItemGained(character=c, item=ident, name=entry["name"], item_type=kind, source="Item Token: card drawn"))


@KIT.action("take-card", se.TakeCardSchema, "Take a card by name: Start Item, Hidden Card / Quest Item, a given Item Card",
            section="Hidden Cards and Quest Items", args=("character", "item"))
def take_card(d: Decision, f: Mapping[str, Any]) -> None:
    """A card given by name, not drawn at random: a Start Item (3 per character at the first Encounter),
    a Hidden Card / Quest Item by its code, an Item Card the Storybook hands out (§ Hidden Cards and Quest Items)."""
    require_encounter(d.state)
    c = f["character"]
    require_hero(c, "hold cards")
    ident, entry = _item(d, f["item"])
    kind = f.get("type") or entry.get("item_type") or "item"
    replaced = removed_start_items(d.state).get(ident)
    if replaced:
        raise refuse("Upgraded Start Items", f"{entry['name']} was removed from the game when {replaced} was bought: "
                                             "it can no longer be used")
    if item_type(d.state, c, ident) == kind:
        raise refuse("Activating Cards", f"{name(c)} already holds {entry['name']}")
    _room_for(d, c, kind)
    d.emit(ee.ItemGained(character=c, item=ident, name=entry["name"], item_type=kind, source=f.get("source") or "given by name"))


@KIT.action("trade-item", se.TradeSchema, "Trade or pick up an Item Card between two characters within A1",
            section="Free Actions", args=("giver", "receiver", "item"))
def trade_item(d: Decision, f: Mapping[str, Any]) -> None:
    """§ Picking up Item Cards from characters or trading them: a Free Action of the activating character
    with another within A1 (Unconscious ones too); used and unused cards alike."""
    s, giver, receiver = d.state, f["giver"], f["receiver"]
    require_encounter(s)
    require_hero(giver, "hold cards")
    require_hero(receiver, "hold cards")
    if giver == receiver:
        raise BadInput("a trade is between two characters", {"receiver": ["same as giver"]})
    if s["phase"] != Phase.SETUP.value:
        actor = s.get("activating")
        if actor not in (giver, receiver):
            raise refuse("Picking Up Items from the Encounter Map", "Item Cards are picked up or traded during the turn of "
                                                                   "one of the two characters (who must be activating)")
        require_not_hacked(s, actor, "trade Items")
    ident, entry = _item(d, f["item"])
    kind = item_type(s, giver, ident)
    if kind is None:
        raise refuse("Picking Up Items from the Encounter Map", f"{name(giver)} holds no {entry['name']}")
    _room_for(d, receiver, kind)
    d.emit(ee.ItemTraded(giver=giver, receiver=receiver, item=ident))


@KIT.action("use-item", se.UseItemSchema, "Use an Item Card (shuffled back) or Start Item (flipped); Nanophoenix --target",
            section="Activating Cards", args=("character", "item"))
def use_item(d: Decision, f: Mapping[str, Any]) -> None:
    """§ Activating Cards: pay the card's Action Cost (if any), resolve it; an Item Card is shuffled back into
    the Item Deck, a Start Item turned face down for the rest of the Encounter. A Nanophoenix revives an
    Unconscious character fully healed (§ Unconscious)."""
    s, c = d.state, f["character"]
    require_hero(c, "use Items")  # § Performing Interactions with Sidekick: he holds no Items
    ident, entry = _item(d, f["item"])
    kind = item_type(s, c, ident)
    if kind is None:
        raise refuse("Activating Cards", f"{name(c)} holds no {entry['name']}")
    if kind == "start" and board(s, c)["start_items"][ident] == "used":
        raise refuse("Start Items", f"{entry['name']} is face down: a Start Item is used once per Encounter")
    starts = may_activate(s, c, f"use {entry['name']}")
    require_not_hacked(s, c, "use Items")
    target = _revive_target(s, entry, f.get("target"))
    positions = _pay(s, c, entry, f)
    if starts:
        d.emit(ev.ActivationStarted(character=c))
    if positions:
        place_dice(d, c, positions, cost=entry.get("cost") or f.get("cost"), combination=None, nanosync=False, purpose=entry["name"])
    d.emit(ee.ItemUsed(character=c, item=ident, item_type=kind, target=target))
    if target:
        d.emit(ev.Revived(character=target))


def _pay(s: Mapping[str, Any], c: str, entry: Mapping[str, Any], f: Mapping[str, Any]) -> list[int]:
    cost = entry.get("cost") or f.get("cost")
    if entry.get("cost") and not f.get("dice"):
        raise refuse("2. Calculating and Paying Action Costs", f"{entry['name']} costs {cost}: give the dice paid (--dice)")
    if not f.get("dice"):
        return []
    positions = pick_dice(s, c, f["dice"])
    check_cost(f["dice"], cost, None)
    return positions


def _revive_target(s: Mapping[str, Any], entry: Mapping[str, Any], target: str | None) -> str | None:
    if not entry.get("revives"):
        return None
    if not target:
        raise BadInput(f"{entry['name']} revives a character: give --target", {"target": ["required"]})
    from ..vocabulary import CHARACTERS, HEROES
    who = next((h for h in HEROES if target.strip().lower() in (h, *CHARACTERS[h])), None)
    if who is None:
        raise BadInput(f"no character {quoted(target)}", {"target": ["unknown character"]})
    if not board(s, who)["unconscious"]:
        raise refuse("Unconscious", f"{name(who)} is not Unconscious")
    return who


__all__ = ["pick_up_item", "take_card", "trade_item", "use_item", "require_conscious"]
