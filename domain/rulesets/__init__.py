"""One self-contained package per game; each registers its Ruleset on import (found by the registry)."""
