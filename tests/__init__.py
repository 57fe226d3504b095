"""Questlog's tests (see DESIGN.md § Quality)."""

HANG_SECONDS = 900
"""How long a test waits for a subprocess, thread or request before calling it hung. A guard against a hang, never
a budget: tests assert no wall-clock limit (DESIGN.md § Quality; speed is measured in bench/)."""
