"""The registry through which the core finds games (DESIGN.md § Architecture: the core never names a game).

The core asks :func:`get_ruleset` for the package registered under a campaign's ``game``. Rulesets register
themselves with :func:`register` when their package's ``ruleset`` module is imported: only when a campaign of that
game is used, or when every game is listed (:func:`rulesets`). What a read needs without the rules (the rules'
version, the text drawings) the package's light ``__init__`` says (:func:`rules_version`, :func:`text_drawing`).
"""

from __future__ import annotations

import importlib
import pkgutil
import warnings
from collections.abc import Callable, Mapping
from typing import Any

from .contract import Ruleset
from .errors import BadInput
from .names import did_you_mean, quoted

_REGISTRY: dict[str, Ruleset] = {}
_discovered = False
RULESETS_PACKAGE = "domain.rulesets"
"""Where the shipped games live: one package per game, ``domain.rulesets.<game, - written _>``. Its ``__init__`` is
the game's light card (``VERSION``, ``TEXT_VIEWS``); its Ruleset lives in its ``ruleset`` module."""


def register(ruleset_cls: type[Ruleset]) -> type[Ruleset]:
    """Class decorator: make ``ruleset_cls`` findable by its ``game``."""
    _REGISTRY[ruleset_cls.game] = ruleset_cls()
    return ruleset_cls


def unregister(game: str) -> None:
    """Forget the ruleset registered for ``game`` (a test's game, once the test is over)."""
    _REGISTRY.pop(game, None)


def _package(game: str) -> str | None:
    """The dotted name of ``game``'s package (``nin-gonost`` -> ``domain.rulesets.nin_gonost``), or ``None`` for a
    name no package can have."""
    name = game.replace("-", "_") if isinstance(game, str) else ""
    return f"{RULESETS_PACKAGE}.{name}" if name.isidentifier() else None


def _card(game: str) -> Any:
    """``game``'s package (its light ``__init__``: what a read needs without the rules), or ``None`` when no package
    of that name is shipped."""
    package = _package(game)
    if package is None:
        return None
    try:
        return importlib.import_module(package)
    except ModuleNotFoundError as exc:
        if exc.name != package:  # the package exists but something it imports does not: a broken game, said loudly
            raise
        return None


def _load(package: str) -> None:
    """Import a game package's ``ruleset`` module, which registers its Ruleset."""
    importlib.import_module(f"{package}.ruleset")


def _discover() -> None:
    global _discovered
    if _discovered:
        return
    import domain.rulesets as package

    for info in pkgutil.iter_modules(package.__path__):
        if info.ispkg:
            try:
                _load(f"{package.__name__}.{info.name}")
            except Exception as exc:  # one broken ruleset must not take the other games down with it
                warnings.warn(f"ruleset package {info.name!r} failed to load and is unavailable: {exc!r}", stacklevel=2)
    _discovered = True


def rulesets() -> dict[str, Ruleset]:
    """Every registered ruleset, by game (discovers ``domain.rulesets.*`` on first use: imports every game's rules)."""
    _discover()
    return dict(_REGISTRY)


def get_ruleset(game: str) -> Ruleset:
    """The ruleset registered for ``game``. Raises :class:`BadInput` naming the known games.

    Imports only that game's rules (``domain.rulesets.<game>.ruleset``) when it can: loading a campaign must not
    pay for importing every game."""
    package = _package(game)
    if game not in _REGISTRY and package is not None:
        try:
            _load(package)
        except ImportError:
            pass  # no such game, or a broken one: the discovery below says which and why
    if game not in _REGISTRY:
        _discover()
    try:
        return _REGISTRY[game]
    except KeyError:
        raise BadInput(f"unknown game {quoted(game)}{did_you_mean(game, _REGISTRY)}; known: {', '.join(sorted(_REGISTRY))}",
                       {"game": [f"unknown game {quoted(game)}"]}) from None


def rules_version(game: str) -> int:
    """The version of ``game``'s rules in this code (``Ruleset.version``), read from the game's card (``VERSION``)
    without importing its rules unless they are loaded already. Raises :class:`BadInput` for an unknown game."""
    if game in _REGISTRY:
        return _REGISTRY[game].version
    card = _card(game)
    version = getattr(card, "VERSION", None)
    return version if isinstance(version, int) else get_ruleset(game).version


def text_drawing(game: str, view: str) -> Callable[[Any], str] | None:
    """The function drawing ``game``'s view ``view`` as text (``Ruleset.text_views``), or ``None`` when the game has
    none for it (a generic rendering then). Found through the game's card (``TEXT_VIEWS``: view -> ``"module:function"``
    in its package) without importing its rules unless they are loaded already. Raises :class:`BadInput` for an
    unknown game."""
    if game in _REGISTRY:
        return _REGISTRY[game].text_views.get(view)
    card = _card(game)
    drawings = getattr(card, "TEXT_VIEWS", None)
    if not isinstance(drawings, Mapping):
        return get_ruleset(game).text_views.get(view)
    where = drawings.get(view)
    if where is None:
        return None
    module, _, name = where.partition(":")
    return getattr(importlib.import_module(f".{module}", card.__name__), name)


__all__ = ["RULESETS_PACKAGE", "get_ruleset", "register", "rules_version", "rulesets", "text_drawing", "unregister"]
