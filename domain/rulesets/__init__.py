"""One self-contained package per game. Each package's ``__init__`` is the game's light card (``VERSION``,
``TEXT_VIEWS``); its ``ruleset`` module registers the game's Ruleset when the registry imports it
(:mod:`domain.core.ruleset`: only when a campaign of that game is used, or when every game is listed)."""
