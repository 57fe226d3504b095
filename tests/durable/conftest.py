"""These tests play the toy ruleset (tests/core/toy.py), registered for each test and forgotten after it."""

import pytest


@pytest.fixture(autouse=True)
def _toy_registered(toy_game):
    """Every test here may create toy campaigns."""
    yield
