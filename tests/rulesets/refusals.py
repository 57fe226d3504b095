"""What a ruleset test's ``refused(verb, expected, ...)`` checks: the refusal's error code, or its rule."""

from __future__ import annotations

from domain.core.errors import QuestlogError


def check_refusal(error: QuestlogError, expected: str | None, rulebook: str) -> None:
    """``expected`` is an error code (``invalid_input``, ``rule_violation``...), a rule citation
    (``"tamashii.txt § Trace"``) or a section of ``rulebook`` (``"Trace"``); ``None``: a rule violation."""
    if expected is None:
        assert error.code == "rule_violation", f"refused as {error.code}, not as a rule violation: {error.message}"
    elif expected in CODES:
        assert error.code == expected, f"refused as {error.code}, not {expected}: {error.message}"
    else:
        rule = expected if "§" in expected else f"{rulebook} § {expected}"
        assert getattr(error, "rule", None) == rule, f"refused citing {getattr(error, 'rule', error.code)!r}, not {rule!r}"


CODES = {"invalid_input", "rule_violation", "sealed", "nothing_to_undo", "nothing_to_redo", "stale_version", "not_found",
         "idempotency_conflict"}
