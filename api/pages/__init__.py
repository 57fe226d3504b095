"""The table's web pages: a blueprint of the API's own Flask app (DESIGN.md § Architecture, issue 18).

Server-rendered with Jinja, enhanced by one plain script (``api/static/page/app.js``, no build step):

- ``/`` the campaigns; ``/play/{id}`` a campaign's board, the action forms and undo / redo;
  ``/play/{id}/history`` the history (undone actions struck through, seals, the undo horizon,
  corrections); ``/play/{id}/audit`` the audit trail with filters.
- Those shells are public and hold no data; the script loads HTML fragments (``/fragments/...``) and
  records through the JSON API, always with ``Authorization: Bearer TOKEN`` from the browser's storage
  (asked once), never a cookie. A read-only share link carries its token in the URL fragment.
- Several devices: each page polls its campaign's version (``GET /campaigns/{id}``, read from the store, so
  it works across gunicorn workers and hosts) and redraws when it moves; actions send the version the form
  was opened at (a stale one shows the conflict) and an ``Idempotency-Key`` (a retry records once).
"""

from __future__ import annotations

import json
import os
from functools import lru_cache

from flask import Flask
from markupsafe import Markup

from domain.core.html import die

from . import screen  # noqa: F401  (the campaign page and its one-answer screen)
from . import stats_page  # noqa: F401  (the Stats tab's routes, on the same blueprint)
from . import table  # noqa: F401 - registers the table's routes on blp
from .routes import blp


def install(app: Flask) -> None:
    """Register the pages on ``app`` (the API's app: same store, same access checks, same error payload)."""
    app.register_blueprint(blp)
    app.jinja_env.globals["die"] = lambda value, sides=6, label="": Markup(die(value, sides, label))
    app.jinja_env.filters["as_json"] = lambda value: json.dumps(value)
    app.jinja_env.globals["inline_static"] = lambda name: Markup(_static_text(os.path.join(app.static_folder or "", name)))


@lru_cache(maxsize=8)
def _static_text(path: str) -> str:
    """A static file's text (read once per process: the files ship with the package)."""
    with open(path, encoding="utf-8") as handle:
        return handle.read()


__all__ = ["install"]
