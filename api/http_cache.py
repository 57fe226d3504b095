"""Responses compressed and cacheable where a page feels their size (issue 29, item 2): ``/openapi.json``
(about 1 MB), ``/docs`` and ``/redoc`` with their vendored scripts, and the page's static files.

- **gzip** for a client that accepts it (``Accept-Encoding``), for those documents' text, JavaScript, CSS and JSON
  bodies of at least :data:`MIN_BYTES`, the table pages and their fragments, and a page's write answer that asked for
  its redrawn screen (``X-Questlog-Redraw``, :mod:`api.pages.screen`: its ETag weak like any encoded body's); never the API's own answers (their ETags are campaign versions that clients
  send back as ``If-Match``, which a weak ETag never matches) nor a streamed response (server-sent events). The answer says
  ``Vary: Accept-Encoding``; its ETag becomes weak (``W/"..."``: the same document, encoded), which
  ``If-None-Match`` still matches, since that header compares weakly (RFC 9110 § 13.1.2).
- **Validators**: static files carry Flask's ETag and Last-Modified; ``/openapi.json``, ``/docs`` and ``/redoc``
  get an ETag over their body; a request whose ``If-None-Match`` matches is answered ``304 Not Modified``.
- **Versioned static URLs**: ``url_for('static', ...)`` adds ``?v=`` (the first 12 hex digits of the file's
  SHA-256), and a request naming the current version may keep the file a year (``immutable``); any other
  static request is ``no-cache`` (kept, but revalidated with its ETag). Compressed bodies are kept in memory per
  file version, so a static file is compressed once per process.
"""

from __future__ import annotations

import gzip
import hashlib
import os
from functools import lru_cache
from typing import Any

from flask import Flask, Response, current_app, request

MIN_BYTES = 512
"""Bodies shorter than this are sent as they are (gzip's header would eat what it saves)."""
COMPRESSIBLE = ("text/", "application/json", "application/javascript", "application/problem+json", "image/svg+xml")
"""Content types worth compressing (their prefixes)."""
VALIDATED = {"api-docs.openapi_json", "api-docs.openapi_swagger_ui", "api-docs.openapi_redoc"}
"""Endpoints whose bodies get an ETag here (static files have Flask's own)."""
YEAR = 365 * 24 * 3600


def install(app: Flask) -> None:
    """Version ``app``'s static URLs and compress and validate its responses (see the module)."""
    static = app.static_folder or ""

    @app.url_defaults
    def _version_static(endpoint: str, values: dict[str, Any]) -> None:
        if endpoint == "static" and "filename" in values and "v" not in values:
            version = file_version(os.path.join(static, values["filename"]))
            if version:
                values["v"] = version

    # after_request hooks run in reverse order of registration: first in the list, so it runs after every other hook
    # (the security headers' hook reads the docs page's body, which must not be compressed yet)
    app.after_request_funcs.setdefault(None, []).insert(0, _cache_and_compress)


@lru_cache(maxsize=256)
def _version_of(path: str, mtime_ns: int, size: int) -> str:
    with open(path, "rb") as handle:
        return hashlib.sha256(handle.read()).hexdigest()[:12]


def file_version(path: str) -> str | None:
    """The first 12 hex digits of the SHA-256 of the file at ``path`` (remembered while its mtime and size stay),
    or ``None`` if there is no such file."""
    try:
        stat = os.stat(path)
    except OSError:
        return None
    return _version_of(path, stat.st_mtime_ns, stat.st_size)


@lru_cache(maxsize=64)
def _gzipped(body: bytes) -> bytes:
    return gzip.compress(body, compresslevel=6, mtime=0)


def _cache_and_compress(response: Response) -> Response:
    if request.method == "POST" and "X-Questlog-Redraw" in request.headers and response.status_code in (200, 201):
        return _compress(response)  # the page's own write answer with its redrawn screen (api/pages/screen.py)
    if request.method not in ("GET", "HEAD") or response.status_code != 200 or response.is_streamed and not response.direct_passthrough:
        return response
    endpoint = request.endpoint or ""
    if endpoint == "static":
        wanted = request.args.get("v")
        current = file_version(os.path.join(current_app.static_folder or "", (request.view_args or {}).get("filename", ""))) if wanted else None
        response.headers["Cache-Control"] = f"public, max-age={YEAR}, immutable" if wanted and wanted == current else "no-cache"
    elif endpoint in VALIDATED:
        response.direct_passthrough = False
        response.add_etag()
        response.headers["Cache-Control"] = "no-cache"
        response.make_conditional(request)
        if response.status_code == 304:
            return response
    elif endpoint.startswith("pages."):  # the table pages and their fragments: no ETags of theirs to keep strong
        pass
    else:  # the API's own answers keep their bodies and their strong ETags (a campaign's version, sent back as If-Match)
        return response
    return _compress(response)


def _compress(response: Response) -> Response:
    kind = response.mimetype or ""
    if "gzip" not in request.headers.get("Accept-Encoding", "").lower() or not kind.startswith(COMPRESSIBLE) \
            or "Content-Encoding" in response.headers:
        return response
    response.vary.add("Accept-Encoding")
    response.direct_passthrough = False  # a static file's wrapper: read it so it can be compressed
    body = response.get_data()
    if len(body) < MIN_BYTES:
        return response
    packed = _gzipped(body)
    response.set_data(packed)
    response.headers["Content-Encoding"] = "gzip"
    etag, weak = response.get_etag()
    if etag and not weak:
        response.set_etag(etag, weak=True)
    return response
