"""Figure 15: issuing an API token in a store that already holds many tokens, against issuing one in a store of
``small`` tokens (same run, same store kind). Issuing used to deep-copy every token record twice and snapshot the
whole registry every 50 events, so its cost grew with the tokens issued; the target is a flat cost (ratio ≤ 2)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from domain.access import issue_token

from .common import Row, iqr, median, open_app, store_url, timed


def _issue_times(url: str, before: int, samples: int) -> list[float]:
    """Seconds per ``issue_token`` for ``samples`` issues after ``before`` tokens were issued."""
    app = open_app(url, read_models=False)
    for n in range(before):
        issue_token(app, admin=True, label=f"device {n}")
    times = [timed(lambda: issue_token(app, admin=True, label="measured")) for _ in range(samples)]
    app.close()
    return times


def run(store: str, workdir: Path, tokens: int, samples: int, small: int = 100, **_: Any) -> list[Row]:
    with store_url(store, workdir, "tokens-small") as url:
        base = _issue_times(url, small, samples)
    with store_url(store, workdir, "tokens-many") as url:
        many = _issue_times(url, tokens, samples)
    return [Row("15 issue a token", store, f"issue one after {tokens:,} tokens", f"issue one after {small}",
                median(many), median(base), "s", target=2.0, spread=(iqr(many), iqr(base)), n=samples)]
