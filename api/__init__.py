"""The Flask API: a thin adapter over domain.application.Questlog."""
