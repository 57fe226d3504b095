"""One name per campaign in a store, under any concurrency (README: "names are unique in a store"; issue 28, items 2-3).

Each name a campaign holds is a :class:`CampaignName` aggregate whose id is derived from the name (``uuid5``), saved
in the *same atomic save* as the campaign's first events (create, branch, import) or as its rename. Two concurrent
saves of one new name both create that aggregate at version 1, so the store refuses the second with the library's
``IntegrityError``; the loser's whole save (its campaign included) is rolled back, and it gets the usual refusal
naming the name. A rename releases the old name and takes the new one in the rename's save. The campaign index (a
read model, behind the saves) is still consulted first for campaigns stored before names were reserved.
"""

from __future__ import annotations

import uuid
from typing import Any, Protocol

from eventsourcing.application import AggregateNotFoundError
from eventsourcing.domain import Aggregate, event

from domain.core.errors import BadInput
from domain.core.names import quoted


class NameStore(Protocol):
    """What a name's reservation reads (the application service satisfies it): the repository (the name aggregates)
    and a campaign's game (to name the holder in a refusal)."""

    repository: Any

    def game_of(self, campaign_id: str) -> str: ...


NAMESPACE = uuid.uuid5(uuid.NAMESPACE_URL, "questlog:campaign-name")


def name_id(name: str) -> uuid.UUID:
    """The id of the :class:`CampaignName` aggregate of ``name`` (exact text: names compare exactly)."""
    return uuid.uuid5(NAMESPACE, name)


class CampaignName(Aggregate):
    """A campaign name of this store and the campaign that holds it (``None``: released by a rename)."""

    @staticmethod
    def create_id(name: str, campaign_id: str) -> uuid.UUID:
        """The name's id: two campaigns taking one new name create the same aggregate, and one save fails."""
        return name_id(name)

    @event("Reserved")
    def __init__(self, name: str, campaign_id: str) -> None:
        self.name = name
        self.campaign_id: str | None = campaign_id

    @event("Taken")
    def take(self, campaign_id: str) -> None:
        """Give the (released) name to ``campaign_id``."""
        self.campaign_id = campaign_id

    @event("Released")
    def release(self) -> None:
        """Free the name (its campaign was renamed)."""
        self.campaign_id = None


def taken(app: NameStore, name: str, holder: str, advice: str) -> BadInput:
    """The refusal of ``name``, held by campaign ``holder``: names it, the holder's game and id, and ``advice``."""
    try:
        game = app.game_of(holder)
    except Exception:  # the holder's records cannot be read: the name is still taken
        game = "a campaign"
    return BadInput(f"a campaign called {quoted(name)} already exists in this store ({game}, {holder[:8]}): {advice}",
                    {"name": ["already taken in this store"]})


def holder_of(app: NameStore, name: str) -> str | None:
    """The id of the campaign holding ``name`` now (``None``: never reserved, or released by a rename)."""
    try:
        return app.repository.get(name_id(name)).campaign_id
    except AggregateNotFoundError:
        return None


def reserve(app: NameStore, name: str, campaign_id: Any, advice: str) -> list[Aggregate]:
    """The aggregates to save with ``campaign_id``'s events so that it holds ``name``: a new :class:`CampaignName`,
    or a released one taken again (none when it holds it already). Raises :class:`BadInput` (:func:`taken`) when
    another campaign holds it now; a concurrent reservation is refused by the save itself."""
    holder = str(campaign_id)
    try:
        found = app.repository.get(name_id(name))
    except AggregateNotFoundError:
        return [CampaignName(name=name, campaign_id=holder)]
    if found.campaign_id == holder:
        return []
    if found.campaign_id is not None:
        raise taken(app, name, found.campaign_id, advice)
    found.take(holder)
    return [found]


def release(app: NameStore, name: str, campaign_id: Any) -> list[Aggregate]:
    """The aggregate to save with a rename of ``campaign_id`` away from ``name`` (none if it held no reservation)."""
    try:
        found = app.repository.get(name_id(name))
    except AggregateNotFoundError:
        return []
    if found.campaign_id != str(campaign_id):
        return []
    found.release()
    return [found]


def refusal_after_race(app: NameStore, name: str, campaign_id: Any, advice: str) -> BadInput | None:
    """After a save that failed with ``IntegrityError``: the refusal to give if another campaign now holds ``name``
    (the race was for the name), else ``None`` (another writer moved the campaign: decide again)."""
    try:
        found = app.repository.get(name_id(name))
    except AggregateNotFoundError:
        return None
    if found.campaign_id is not None and found.campaign_id != str(campaign_id):
        return taken(app, name, found.campaign_id, advice)
    return None


__all__ = ["CampaignName", "holder_of", "name_id", "refusal_after_race", "release", "reserve", "taken"]
