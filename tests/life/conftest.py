"""The toy ruleset (tests/core/toy.py), registered for a test and removed after it."""

import pytest

from domain.core import registry
from tests.core.toy import Toy


@pytest.fixture
def toy_registered():
    """Register the toy game for one test."""
    had = registry._REGISTRY.get("toy")
    registry.register(Toy)
    yield
    if had is None:
        registry._REGISTRY.pop("toy", None)
    else:
        registry._REGISTRY["toy"] = had
