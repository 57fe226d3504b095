"""The view registry: the shared views plus each ruleset's own, by name.

A view is a read model built from a campaign's events (DESIGN.md § Words: view). Every view can be asked
for as of a version ``at``: the state after the last action ending at or before it.
"""

from __future__ import annotations

import uuid
from typing import TYPE_CHECKING, Any, Protocol

from domain.core.errors import BadInput
from domain.core.ruleset import Ruleset

from .history import actions_from_events, history_view
from domain.core.names import quoted

if TYPE_CHECKING:
    from domain.core.campaign import Campaign


class ViewSource(Protocol):
    """What drawing a view reads (the application service satisfies it): the repository's event store (the history
    view) and a campaign as of a version."""

    repository: Any

    def get_campaign(self, campaign_id: str | uuid.UUID, at: int | None = None) -> Campaign: ...


SHARED_VIEWS = ("history",)


def view_names(ruleset: Ruleset) -> list[str]:
    """Every view a campaign of ``ruleset`` offers: the ruleset's own, then the shared ones."""
    return [*ruleset.views, *SHARED_VIEWS]


def render_view(app: ViewSource, campaign_id: str, name: str, at: int | None = None) -> Any:
    """The view ``name`` of a campaign as JSON data. Raises :class:`BadInput` for an unknown view or version."""
    campaign = app.get_campaign(campaign_id, at=at)
    if at is not None and at > campaign.version:
        raise BadInput(f"version {at} is in the future: the campaign is at version {campaign.version}", {"at": ["beyond the current version"]})
    ruleset = campaign.ruleset
    if name == "history":
        stored = app.repository.event_store.get(campaign.id, lte=at)
        return history_view(campaign, actions_from_events(ruleset, stored, at))
    try:
        render = ruleset.views[name]
    except KeyError:
        raise BadInput(f"no view {quoted(name)}; {ruleset.title} campaigns have: {', '.join(view_names(ruleset))}", {"name": ["unknown view"]}) from None
    return render(campaign.state)
