"""The questlog command line: a thin click adapter over domain.application.Questlog."""
