"""The core's tests run on a tiny ruleset (tests/core/toy.py) so they name no real game."""

import pytest

from domain.core.ruleset import register

from .toy import Toy

register(Toy)


@pytest.fixture
def toy(app):
    """A new toy campaign on a SQLite file: (app, campaign id)."""
    return app, app.create_campaign("toy", "Toy night")
