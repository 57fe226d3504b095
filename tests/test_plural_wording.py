"""No message, line or help text of Questlog leaves a plural to the reader (``card(s)``, ``match(es)``): counts go through
:func:`domain.core.names.counted`. The every-example test (tests/test_no_python_values.py) checks what the examples
show; this one checks every string literal in the code, so a refusal no example reaches is held to it too."""

import ast
import re
from pathlib import Path

import pytest

from domain.core.names import counted

ROOT = Path(__file__).resolve().parents[1]
LEFT_TO_THE_READER = re.compile(r"[A-Za-z]\((?:s|es)\)")


def _docstrings(tree: ast.AST) -> set[int]:
    """ids of the string nodes that are docstrings (for people reading the code, not for players)."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                out.add(id(first.value))
        if isinstance(node, (ast.Module, ast.ClassDef)):  # an attribute's docstring: a string right after an assignment
            for before, after in zip(node.body, node.body[1:]):
                if isinstance(before, (ast.Assign, ast.AnnAssign)) and isinstance(after, ast.Expr) and isinstance(after.value, ast.Constant):
                    out.add(id(after.value))
    return out


def _texts():
    for folder in ("domain", "cli", "api", "projections", "infrastructure"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            skip = _docstrings(tree)
            for node in ast.walk(tree):
                if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
                    yield f"{path.relative_to(ROOT)}:{node.lineno}", node.value


def test_no_string_in_the_code_leaves_a_plural_to_the_reader():
    assert [(where, text) for where, text in _texts() if LEFT_TO_THE_READER.search(text)] == []


@pytest.mark.parametrize("count, noun, plural, said", [
    (1, "miniature", None, "1 miniature"), (0, "miniature", None, "0 miniatures"), (2, "match", None, "2 matches"),
    (1, "match", None, "1 match"), (3, "Charge", None, "3 Charges"), (2, "die", "dice", "2 dice"), (1, "die", "dice", "1 die"),
    (4, "Light Wound", None, "4 Light Wounds"),
])
def test_a_count_says_its_noun_in_the_number_it_has(count, noun, plural, said):
    assert counted(count, noun, plural) == said
