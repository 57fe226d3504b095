"""Data flows one way (DESIGN.md § Architecture): the domain imports no adapter, read model or infrastructure.

Every ``import`` in every module under ``domain/`` is read from its source (top-level and inside functions
alike), so a lazy import cannot hide a dependency the other way.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FORBIDDEN = ("projections", "api", "cli", "infrastructure", "bench", "flask", "flask_smorest", "click", "psycopg",
             "platformdirs", "gunicorn")


def imported_modules(path: Path) -> set[str]:
    """The absolute module names a source file imports (relative imports are inside its own package)."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
    return names


def test_nothing_in_domain_imports_projections_adapters_or_infrastructure():
    offenders = sorted(f"{path.relative_to(ROOT)} imports {name}"
                       for path in (ROOT / "domain").rglob("*.py")
                       for name in imported_modules(path) if name.split(".")[0] in FORBIDDEN)
    assert offenders == []


def test_the_store_set_up_lives_outside_the_domain_core():
    assert not (ROOT / "domain" / "core" / "store.py").exists()
    assert "psycopg" in imported_modules(ROOT / "infrastructure" / "store.py")


def test_the_write_path_does_not_catch_the_read_models_up():
    """The application tells its listeners; only the composition root's runner calls ``catch_up``."""
    source = (ROOT / "domain" / "application.py").read_text()
    assert "catch_up(latest" not in source and "keep_read_models" not in source
