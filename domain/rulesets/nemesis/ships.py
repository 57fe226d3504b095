"""The layouts a campaign can name: the shipped ones, the ones entered from files (keyed by their data's digest),
and generated ones (benchmarks); how a state finds its layout (nemesis.txt § Exploring the Ship).

A state names its layout by key (``state["layout"]``); an entered layout's state also carries its checked data
(``state["ship"]``), so a state loaded in a process that never saw the campaign's setup (a snapshot) finds it.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from importlib import resources
from typing import Any

from domain.core.errors import BadInput

from .layout import DEFAULT, SHIPPED, Layout
from .layout_check import layout_from_data, load_text
from domain.core.names import quoted


def resolve(setup_value: Any) -> tuple[str, Layout, dict[str, Any] | None]:
    """``(key, layout, data)`` for a setup's ``layout``: a shipped name (data ``None``) or checked data (keyed by
    its digest). Raises :class:`LayoutError` / :class:`BadInput`."""
    if setup_value is None or isinstance(setup_value, str):
        key = DEFAULT if setup_value is None else setup_value
        if key not in SHIPPED:
            raise BadInput(f"a Nemesis game takes layout=NAME (shipped: {', '.join(SHIPPED)}) or layout=FILE from the "
                           f"command line, not {quoted(setup_value)}", {"setup": ["layout: a shipped name or a file"]})
        return key, shipped(key), None
    layout = layout_from_data(setup_value)
    data = layout.to_data()
    key = "entered-" + hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()[:16]
    return key, layout, data


LAYOUTS: dict[str, Layout] = {}
"""Layouts by key: the shipped ones, the ones campaigns entered from files (keyed by their data's digest), and
:func:`add_layout`'s (benchmarks). A cache: a state naming a key missing here carries its data (``ship``)."""


def add_layout(key: str, layout: Layout) -> None:
    """Make ``layout`` available to campaigns whose state names ``key`` (the benchmark's generated ships)."""
    LAYOUTS[key] = layout


def layout_of(state: Mapping[str, Any]) -> Layout:
    """The layout a campaign's state names: a known key, else the data the state carries (checked once, cached)."""
    key = state["layout"]
    found = LAYOUTS.get(key)
    if found is None:
        if key in SHIPPED:
            return shipped(key)
        found = LAYOUTS[key] = layout_from_data(state["ship"])
    return found


def shipped(name: str) -> Layout:
    """A layout Questlog ships, by name (:data:`SHIPPED`), loaded and checked on first use."""
    if name not in LAYOUTS:
        LAYOUTS[name] = layout_from_data(load_text(resources.files(__package__).joinpath(SHIPPED[name]).read_text()))
    return LAYOUTS[name]
