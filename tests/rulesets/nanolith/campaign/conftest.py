"""Fixtures for Campaign Mode tests: a campaign played in memory through decide / evolve (the parent
conftest's :class:`Table`), and a group somewhere with the Disk Icon."""

from __future__ import annotations

from typing import Any

import pytest

from ..conftest import Table


class CampaignTable(Table):
    """A Nanolith campaign in memory with shortcuts to the Campaign Mode views."""

    def stickers(self) -> dict[str, Any]:
        return self.ruleset.views["stickers"](self.state)

    def unlocks(self) -> dict[str, Any]:
        return self.ruleset.views["unlocks"](self.state)

    def progress(self) -> dict[str, Any]:
        return self.ruleset.views["progress"](self.state)

    def divider(self, character: str) -> dict[str, Any]:
        return self.stickers()["characters"][character]["divider"]


@pytest.fixture
def group() -> CampaignTable:
    """A new campaign whose group stands in a Lobby with the Disk Icon."""
    t = CampaignTable()
    t.do("enter-lobby", name="Neon Market", disk=True, exit_icon=True)
    return t
