"""NanoBot Battle Arena's domain events (frozen dataclasses, past tense; class names are a persisted contract).

Scientists are named by the Strain they play (one Strain per scientist, § 2. Choose a NanoBot Strain), so
every ``scientist``/``target``/``first`` field holds a Strain id, and ``involved`` names them for audit tags.
Cells are ``"x,y"`` keys (see :mod:`.grid`). Events that reveal randomness set ``reveals``.
"""

from __future__ import annotations

from dataclasses import dataclass

from domain.core import GameEvent


@dataclass(frozen=True)
class MatchStarted(GameEvent):
    """Match ``number`` of the league began in ``division`` (``tiles`` per Cache) with ``decks`` decks of 96."""

    number: int
    division: str
    tiles: int
    decks: int


@dataclass(frozen=True)
class StrainChosen(GameEvent):
    """Scientist ``name`` took a seat (clockwise after the earlier ones) with the ``strain`` Cache."""

    involved = ("strain",)
    strain: str
    name: str


@dataclass(frozen=True)
class StrainDrawn(GameEvent):
    """Scientist ``name`` drew ``strain`` at random (a reveal) and took its Cache."""

    reveals = True
    involved = ("strain",)
    strain: str
    name: str


@dataclass(frozen=True)
class HandsDealt(GameEvent):
    """Every scientist got the starting hand of six (``hands``: Strain -> 6); ``decks`` decks of 96 are in
    use and ``deck`` cards remain in them."""

    involved = ("hands",)
    hands: dict
    decks: int
    deck: int


@dataclass(frozen=True)
class FirstPlayerRevealed(GameEvent):
    """Cards were revealed from the deck, in order, bearing the Strain Icons ``revealed``; the last names
    ``first``, who goes first. The revealed cards went face up to the discard pile."""

    reveals = True
    involved = ("first",)
    revealed: list
    first: str


@dataclass(frozen=True)
class ArenaSetUp(GameEvent):
    """Tiles recorded as found on the Battle Arena (``tiles``: ``{cell, facing, strain, petrified}``), taken
    from the ``strains``' Caches: a match tracked from mid-play, or a rulebook diagram reconstructed."""

    involved = ("strains",)
    tiles: list
    strains: list


@dataclass(frozen=True)
class TurnBegan(GameEvent):
    """``scientist``'s turn ``turn`` (counted over the match) began, at its first phase."""

    involved = ("scientist",)
    scientist: str
    turn: int


@dataclass(frozen=True)
class PhaseBegan(GameEvent):
    """``scientist`` moved on to phase ``phase`` (0-based) of the turn, ``label`` in the rulebook's words."""

    involved = ("scientist",)
    scientist: str
    phase: int
    label: str


@dataclass(frozen=True)
class PhaseSkipped(GameEvent):
    """A Reaction Card Phase skipped because ``scientist`` has no cards left in hand."""

    involved = ("scientist",)
    scientist: str
    phase: int
    label: str


@dataclass(frozen=True)
class TilePlaced(GameEvent):
    """``scientist`` played a tile from the Cache to ``cell``, Base Edge to ``facing`` (``grown``: by Grow)."""

    involved = ("scientist",)
    scientist: str
    cell: str
    facing: str
    grown: bool = False


@dataclass(frozen=True)
class ReactionCardPlayed(GameEvent):
    """``scientist`` played ``card`` (``printed`` Charges; two for a meld) for ``charges`` after affinity,
    ``against`` the Strains it targets; the cards went to the discard pile."""

    involved = ("scientist", "against")
    scientist: str
    card: str
    printed: list
    charges: int
    against: list


@dataclass(frozen=True)
class ReactionCardDiscarded(GameEvent):
    """``scientist`` discarded a Reaction Card without its ability: that Reaction Card Phase is over."""

    involved = ("scientist",)
    scientist: str


@dataclass(frozen=True)
class TileBlinked(GameEvent):
    """``scientist``'s Blink picked up the tile at ``origin`` and replayed it at ``cell``, same orientation."""

    involved = ("scientist", "owner")
    scientist: str
    origin: str
    cell: str
    owner: str


@dataclass(frozen=True)
class TileBurned(GameEvent):
    """``scientist``'s Burn scrapped ``owner``'s tile at the chain end ``cell`` (to the Scrapyard)."""

    involved = ("scientist", "owner")
    scientist: str
    cell: str
    owner: str


@dataclass(frozen=True)
class CardsFrozen(GameEvent):
    """``count`` random cards of ``target``'s hand set aside face down (never revealed, so never named)."""

    involved = ("scientist", "target")
    scientist: str
    target: str
    count: int


@dataclass(frozen=True)
class TileInfected(GameEvent):
    """``scientist``'s tile from the Cache replaced ``owner``'s tile at ``cell`` (same orientation); the
    replaced tile was scrapped."""

    involved = ("scientist", "owner")
    scientist: str
    cell: str
    owner: str


@dataclass(frozen=True)
class TileFlipped(GameEvent):
    """``scientist``'s Petrify flipped the tile at ``cell``: ``petrified`` is its new side (light = True)."""

    involved = ("scientist", "owner")
    scientist: str
    cell: str
    owner: str
    petrified: bool


@dataclass(frozen=True)
class TilePivoted(GameEvent):
    """``scientist``'s Pivot turned the tile at ``cell`` from ``previous`` to ``facing``."""

    involved = ("scientist", "owner")
    scientist: str
    cell: str
    owner: str
    facing: str
    previous: str


@dataclass(frozen=True)
class TilesSurged(GameEvent):
    """``scientist``'s tile at ``attacker`` Surged ``cells`` (nearest first), returned to ``owners``' Caches."""

    involved = ("scientist", "owners")
    scientist: str
    attacker: str
    cells: list
    owners: list


@dataclass(frozen=True)
class FrozenCardsReturned(GameEvent):
    """``count`` Frozen cards went back to ``scientist``'s hand before the draw phase."""

    involved = ("scientist",)
    scientist: str
    count: int


@dataclass(frozen=True)
class CardsDrawn(GameEvent):
    """``scientist`` drew ``count`` Reaction Cards from the deck (a reveal to that scientist)."""

    reveals = True
    involved = ("scientist",)
    scientist: str
    count: int


@dataclass(frozen=True)
class DeckReshuffled(GameEvent):
    """The deck ran out: the ``cards`` of the discard pile were shuffled into a new deck (a reveal)."""

    reveals = True
    cards: int


@dataclass(frozen=True)
class CacheEmptied(GameEvent):
    """``scientist``'s last tile left the Cache: the game ends immediately."""

    involved = ("scientist",)
    scientist: str


@dataclass(frozen=True)
class MatchEnded(GameEvent):
    """Final chains: ``scores`` (Strain -> longest chain), ``chains`` (the scoring cells), ``caches``;
    ``leaders`` are still tied after the longest chain and the fewest tiles in the Cache."""

    involved = ("scores",)
    scores: dict
    chains: dict
    caches: dict
    leaders: list


@dataclass(frozen=True)
class ChargesCounted(GameEvent):
    """A tied ``scientist`` added the printed Charges in hand (Frozen cards excluded): ``total``."""

    involved = ("scientist",)
    scientist: str
    total: int


@dataclass(frozen=True)
class MatchDecided(GameEvent):
    """The match's result joins the league: ``winners`` (Strains; several with ``tie``), decided ``by``
    ``"chain"``, ``"cache"``, ``"charges"`` or ``"tie"``."""

    involved = ("winners",)
    winners: list
    tie: bool
    by: str
