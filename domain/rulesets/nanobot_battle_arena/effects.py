"""Each Reaction Card's effect on the Battle Arena (nanobot-battle-arena.txt § Reaction Card Explanations).

A planner checks its targets one at a time against the throwaway decision ``sim`` (so a second Blink of the
same tile, or a Burn of the new chain end, sees the first), emits the events into it and returns
``(events, against, used)``: ``against`` the Strains whose tiles or hands the card touches (for affinity's
-1), ``used`` the Charges spent. The readings taken are in each planner's docstring.
"""

from __future__ import annotations

from domain.core.decision import Decision

from . import events as ev
from .cards import declare, target_tile
from .grid import chain_end, line_of_sight, neighbours, on_loop, placement_problem
from .rules import KIT, Aimed, Cell, Move, Placement, Share, scientist
from domain.core.names import counted

SECTION = "Reaction Card Explanations"


def _events(sim: Decision) -> list:
    return sim.events[1:]  # the first is the placeholder ReactionCardPlayed


@declare("blink", Move, "tiles moved, each from>to", "Blink: pick up tiles and replay each on a new Legal Location, same orientation", SECTION)
def blink(sim: Decision, who: str, moves: list) -> tuple[list, set, int]:
    """Blink (Ghost): one tile at a time, the same tile again if wished, always to a *new* Legal Location for
    the player of the card (an opponent's tile onto one of your own Base Edges is allowed), never a swap (the
    destination is empty), orientation kept."""
    against: set[str] = set()
    for move in moves:
        tile = target_tile(sim, move["from"], "blink")
        rest = {k: v for k, v in sim.state["match"]["grid"].items() if k != move["from"]}
        if move["to"] == move["from"]:
            raise KIT.refuse(SECTION, f"blink: {move['from']} to itself is not a new location")
        problem = placement_problem(rest, move["to"], who, competing=True)
        if problem:
            raise KIT.refuse("Placing in a Legal Location", f"blink: {problem}")
        against.add(tile["strain"])
        sim.emit(ev.TileBlinked(who, move["from"], move["to"], tile["strain"]))
    return _events(sim), against, len(moves)


@declare("burn", Cell, "the chain-end tiles scrapped, one by one", "Burn: scrap tiles from either end of any chain (never a loop)", SECTION)
def burn(sim: Decision, who: str, cells: list) -> tuple[list, set, int]:
    """Burn (Inferno): each tile is the beginning or end of a chain when it burns (the tile before it may
    burn next); loops have neither, so never burn; several chains may burn. Burned tiles go to the Scrapyard."""
    against: set[str] = set()
    for cell in cells:
        tile = target_tile(sim, cell, "burn")
        if not chain_end(sim.state["match"]["grid"], cell):
            raise KIT.refuse("Looping Chains" if on_loop(sim.state["match"]["grid"], cell) else SECTION,
                             f"burn: the tile at {cell} is not at the beginning or end of a chain")
        against.add(tile["strain"])
        sim.emit(ev.TileBurned(who, cell, tile["strain"]))
    return _events(sim), against, len(cells)


@declare("freeze", Share, "opponents and how many random cards, each who:n", "Freeze: set aside random cards of opponents' hands face down until their draw phase", SECTION)
def freeze(sim: Decision, who: str, shares: list) -> tuple[list, set, int]:
    """Freeze (Chronos): random cards from any opponents' hands, set aside face down and never revealed, so
    only how many is recorded (not a reveal); they return before the owner's draw phase."""
    against: set[str] = set()
    m = sim.state["match"]
    for share in shares:
        target = scientist(m, share["who"])
        if target == who:
            raise KIT.refuse(SECTION, "freeze takes cards from opponents' hands, not your own")
        hand = sim.state["match"]["scientists"][target]["hand"]
        if share["count"] > hand:
            raise KIT.refuse(SECTION, f"freeze: {target} has {counted(hand, 'card')} in hand, not {share['count']}")
        against.add(target)
        sim.emit(ev.CardsFrozen(who, target, share["count"]))
    return _events(sim), against, sum(s["count"] for s in shares)


@declare("grow", Placement, "extra tiles placed, each x,y,F", "Grow: place extra NanoBot tiles from your Cache", SECTION)
def grow(sim: Decision, who: str, placements: list) -> tuple[list, set, int]:
    """Grow (Echidna): extra tiles from the player's own Cache, each on a Legal Location; the Cache's last
    tile ends the game (so no more may follow it)."""
    for p in placements:
        if sim.state["match"]["scientists"][who]["cache"] == 0:
            raise KIT.refuse("The End Game", "grow: the Cache is empty, the game has ended")
        problem = placement_problem(sim.state["match"]["grid"], p["cell"], who, competing=True)
        if problem:
            raise KIT.refuse("Placing in a Legal Location", f"grow: {problem}")
        sim.emit(ev.TilePlaced(who, p["cell"], p["facing"], grown=True))
    return _events(sim), set(), len(placements)


@declare("infect", Cell, "opponents' tiles replaced", "Infect: replace opponents' tiles next to yours with tiles from your Cache", SECTION)
def infect(sim: Decision, who: str, cells: list) -> tuple[list, set, int]:
    """Infect (Blight): opponents' tiles orthogonally adjacent to the player's tiles as they stood before the
    card (all are infected simultaneously, so infection never travels down a chain), replaced from the
    player's Cache in the same orientation (so an Infect can end the game); replaced tiles are scrapped."""
    grid = sim.state["match"]["grid"]
    against: set[str] = set()
    if len(set(cells)) != len(cells):
        raise KIT.refuse(SECTION, "infect: a tile is listed twice")
    for cell in cells:
        tile = target_tile(sim, cell, "infect")
        if tile["strain"] == who:
            raise KIT.refuse(SECTION, f"infect: the tile at {cell} is already yours")
        if not any(grid.get(n, {}).get("strain") == who for n in neighbours(cell)):
            raise KIT.refuse(SECTION, f"infect: the tile at {cell} is not orthogonally adjacent to a {who} tile")
        against.add(tile["strain"])
    cache = sim.state["match"]["scientists"][who]["cache"]
    if len(cells) > cache:
        raise KIT.refuse(SECTION, f"infect: {counted(len(cells), 'replacement tile')} needed, {cache} in the Cache")
    for cell in cells:
        sim.emit(ev.TileInfected(who, cell, grid[cell]["strain"]))
    return _events(sim), against, len(cells)


@declare("petrify", Cell, "tiles flipped or unflipped", "Petrify: flip tiles to their light (petrified) side, or back", SECTION)
def petrify(sim: Decision, who: str, cells: list) -> tuple[list, set, int]:
    """Petrify (Relic): friendly or enemy tiles flipped, or unflipped: the player's choice, not a reveal
    (both sides show the same parts, § NanoBot Tiles). A tile once per card."""
    against: set[str] = set()
    if len(set(cells)) != len(cells):
        raise KIT.refuse(SECTION, "petrify: a tile is listed twice")
    for cell in cells:
        tile = target_tile(sim, cell, "petrify")
        against.add(tile["strain"])
        sim.emit(ev.TileFlipped(who, cell, tile["strain"], not tile["petrified"]))
    return _events(sim), against, len(cells)


@declare("pivot", Placement, "tiles turned, each x,y,F (the new Base Edge side)", "Pivot: rotate tiles to a new orientation", SECTION)
def pivot(sim: Decision, who: str, turns: list) -> tuple[list, set, int]:
    """Pivot (Vex): each Charge turns one tile to any other orientation."""
    against: set[str] = set()
    for t in turns:
        tile = target_tile(sim, t["cell"], "pivot")
        if tile["facing"] == t["facing"]:
            raise KIT.refuse(SECTION, f"pivot: the tile at {t['cell']} already faces {t['facing']}")
        against.add(tile["strain"])
        sim.emit(ev.TilePivoted(who, t["cell"], tile["strain"], t["facing"], tile["facing"]))
    return _events(sim), against, len(turns)


@declare("surge", Aimed, "attacking tiles and how many tiles each returns, each x,y:n",
         "Surge: return tiles in your tiles' line of sight to their owners' Caches", SECTION)
def surge(sim: Decision, who: str, attacks: list) -> tuple[list, set, int]:
    """Surge (Storm): from each of the player's attacking tiles, the ``n`` nearest tiles in its line of sight
    (out through its Base Edge: the Path Arrows' reading), none skipped, never past an empty cell or a
    petrified tile, all returned at once to their owners' Caches; Charges split among attacking tiles."""
    against: set[str] = set()
    if len({a["cell"] for a in attacks}) != len(attacks):
        raise KIT.refuse(SECTION, "surge: give each attacking tile once, with all its Charges")
    for a in attacks:
        grid = sim.state["match"]["grid"]
        if grid.get(a["cell"], {}).get("strain") != who:
            raise KIT.refuse(SECTION, f"surge: the attacking tile at {a['cell']} must be one of your own")
        line = line_of_sight(grid, a["cell"])
        if a["count"] > len(line):
            raise KIT.refuse(SECTION, f"surge: the line of sight of {a['cell']} holds {counted(len(line), 'tile')} before an empty "
                                      f"cell or a petrified tile, not {a['count']}")
        owners = [grid[c]["strain"] for c in line[:a["count"]]]
        against.update(owners)
        sim.emit(ev.TilesSurged(who, a["cell"], line[:a["count"]], owners))
    return _events(sim), against, sum(a["count"] for a in attacks)

