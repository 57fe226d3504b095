"""Questlog's model: pure Python, no Flask, no click, no SQL (DESIGN.md § Architecture)."""
