"""The import graph (DESIGN.md § Architecture): no cycles anywhere in domain/, api/, cli/, projections/ and
infrastructure/ (imports inside functions count too; those under ``if TYPE_CHECKING:``, for type hints only,
never run and do not), and the domain imports no projections, api, cli, flask, click or psycopg."""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("domain", "api", "cli", "projections", "infrastructure")
FORBIDDEN_IN_DOMAIN = ("projections", "api", "cli", "flask", "click", "psycopg")

KNOWN: set[tuple[str, str]] = set()
"""Edges allowed for now: none since the one-way data flow work (issue 12: the read-model catch-up left the write
path for the composition root, storage set-up left domain/core/store.py for infrastructure/)."""


def modules() -> dict[str, Path]:
    """Every project module by dotted name."""
    found = {}
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            parts = path.relative_to(ROOT).with_suffix("").parts
            found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def imports(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The modules ``name`` imports (project modules resolved; others by their top-level name)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()
    tree = ast.parse(path.read_text(encoding="utf-8"))
    hints = {id(n) for block in ast.walk(tree) if _type_checking(block) for stmt in block.body for n in ast.walk(stmt)}
    for node in ast.walk(tree):
        if id(node) in hints:
            continue
        if isinstance(node, ast.Import):
            out.update(_resolve(alias.name, known) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, *([node.module] if node.module else [])])
            for alias in node.names:
                full = f"{base}.{alias.name}"
                out.add(full if full in known else _resolve(base, known))
    out.discard(name)
    return out


def _type_checking(node: ast.AST) -> bool:
    """Whether ``node`` is ``if TYPE_CHECKING:`` (imports for type hints only)."""
    test = getattr(node, "test", None)
    return isinstance(node, ast.If) and (getattr(test, "id", None) == "TYPE_CHECKING" or getattr(test, "attr", None) == "TYPE_CHECKING")


def _resolve(dotted: str, known: dict[str, Path]) -> str:
    while dotted and dotted not in known and "." in dotted:
        dotted = dotted.rpartition(".")[0]
    return dotted


def graph() -> dict[str, set[str]]:
    known = modules()
    return {name: imports(name, path, known) for name, path in known.items()}


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in edges.get(v, ()):
            if w not in edges:
                continue
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return found


def test_no_module_imports_itself_through_others():
    edges = {name: {t for t in targets if (name, t) not in KNOWN} for name, targets in graph().items()}
    assert cycles(edges) == []


def test_the_domain_imports_no_adapter_and_no_framework():
    bad = sorted((name, t) for name, targets in graph().items() if name.startswith("domain")
                 for t in targets if t.split(".")[0] in FORBIDDEN_IN_DOMAIN and (name, t) not in KNOWN)
    assert bad == []


def test_the_known_edges_still_exist_so_this_list_shrinks_when_they_go():
    edges = graph()
    assert all(t in edges.get(name, ()) for name, t in KNOWN)


APPLICATION_TYPE_USERS: set[str] = set()
"""Helpers that still name the ``Questlog`` application's type (even behind ``TYPE_CHECKING``) instead of being given
what they use: none since issue 31, item 12 (each helper declares what it reads as a ``Protocol``: the recorder, the
repository, the read models, a few callables; the application satisfies it). It only shrinks."""
COMPOSITION = ("api", "cli")
"""The adapters, which call the one application service; with :mod:`infrastructure.runtime` (the composition root)
and the service's own module, the only modules that may name its type."""
LINE_LIMIT = 350
"""Lines a module of domain/ or projections/ may have (STYLE.md § Size and shape: around 300 at most)."""
OVERSIZED: dict[str, str] = {
    "domain.core.campaign": "the Campaign aggregate, one class: its events are stored under domain.core.campaign:Campaign.* "
                            "topics; its read-side methods (undo targets, window states) could move to a mixin, once "
                            "tests/core/test_long_unsealed_tail.py counts folds elsewhere than through this module",
}
"""Modules over :data:`LINE_LIMIT` for now, with why; it only shrinks."""


def _names_application(name: str, path: Path) -> bool:
    """Whether the module ``name`` at ``path`` imports ``domain.application`` (or a name from it) anywhere, type hints
    and imports inside functions included, absolute or relative."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import) and any(a.name == "domain.application" or a.name.startswith("domain.application.")
                                                for a in node.names):
            return True
        if isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, *([node.module] if node.module else [])])
            if base == "domain.application" or base.startswith("domain.application.") or (
                    base == "domain" and any(a.name == "application" for a in node.names)):
                return True
    return False


def test_only_the_adapters_and_the_composition_root_name_the_application_type():
    users = {name for name, path in modules().items() if _names_application(name, path)}
    allowed = {u for u in users if u.split(".")[0] in COMPOSITION or u in ("infrastructure.runtime", "domain.application")}
    assert users - allowed == APPLICATION_TYPE_USERS


def test_a_module_naming_the_application_type_is_found_however_it_imports_it(tmp_path):
    forms = ["from domain.application import Questlog", "import domain.application", "from domain import application",
             "from .application import Questlog", "from . import application",
             "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from domain.application import Questlog",
             "def f():\n    from domain.application import Questlog"]
    for number, form in enumerate(forms):
        path = tmp_path / f"m{number}.py"
        path.write_text(form + "\n", encoding="utf-8")
        assert _names_application(f"domain.m{number}", path), form
    path = tmp_path / "clean.py"
    path.write_text("from domain.access import issue_token\nfrom domain.applications_list import x\n", encoding="utf-8")
    assert not _names_application("domain.clean", path)


def _lines(path: Path) -> int:
    return len(path.read_text(encoding="utf-8").splitlines())


def test_no_module_of_the_domain_or_the_projections_is_over_the_line_limit():
    over = {name: _lines(path) for name, path in modules().items()
            if name.split(".")[0] in ("domain", "projections") and _lines(path) > LINE_LIMIT}
    assert sorted(set(over) - set(OVERSIZED)) == [], over


def test_the_oversized_modules_are_still_oversized_so_this_list_shrinks_when_they_are_split():
    found = modules()
    assert all(name in found and _lines(found[name]) > LINE_LIMIT for name in OVERSIZED)


def test_the_ruleset_contract_is_three_modules_and_the_values_import_neither_other():
    edges = graph()
    assert not {"domain.core.contract", "domain.core.registry"} & edges["domain.core.values"]
    assert "domain.core.registry" not in edges["domain.core.contract"]
    assert {t for t in edges["domain.core.ruleset"] if t.startswith("domain")} == {"domain.core.values", "domain.core.contract", "domain.core.registry"}
