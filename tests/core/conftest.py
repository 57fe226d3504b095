"""The core's tests run on a tiny ruleset (tests/core/toy.py) so they name no real game; it is registered
for each test (``toy_game``) and forgotten after it."""

import pytest


@pytest.fixture(autouse=True)
def _toy_registered(toy_game):
    """Every core test may create toy campaigns."""
    yield


@pytest.fixture
def toy(app):
    """A new toy campaign on a SQLite file: (app, campaign id)."""
    return app, app.create_campaign("toy", "Toy night")
