"""Security headers on every response (issue 28, item 8).

- ``Content-Security-Policy``: scripts only from this server (``script-src 'self'``, no inline script: the table
  pages load theirs from ``/static``); the one inline script the API's own ``/docs`` page (Swagger UI, rendered by
  flask-smorest) carries is allowed there only, by its SHA-256 hash. Styles may stay inline (the SVG drawings use
  them). No framing (``frame-ancestors 'none'``), no plugins, no ``<base>``.
- ``X-Content-Type-Options: nosniff``, ``X-Frame-Options: DENY``, ``Referrer-Policy: no-referrer``.
"""

from __future__ import annotations

import base64
import hashlib
import re

from flask import Flask, Response, request

POLICY = ("default-src 'self'; script-src 'self'{hashes}; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
          "worker-src 'self' blob:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
          "frame-ancestors 'none'")
HEADERS = {"X-Content-Type-Options": "nosniff", "X-Frame-Options": "DENY", "Referrer-Policy": "no-referrer"}
_INLINE = re.compile(r"<script>(.*?)</script>", re.S)


def _docs_hashes(response: Response) -> str:
    """The hashes of the inline scripts of a docs page (Swagger UI's own template), else nothing."""
    if not (request.endpoint or "").startswith("api-docs.") or response.mimetype != "text/html" or response.is_streamed:
        return ""
    body = response.get_data(as_text=True)
    return "".join(f" 'sha256-{base64.b64encode(hashlib.sha256(s.encode()).digest()).decode()}'" for s in _INLINE.findall(body))


def secure(response: Response) -> Response:
    """Add the security headers to ``response`` (an ``after_request`` hook)."""
    response.headers["Content-Security-Policy"] = POLICY.format(hashes=_docs_hashes(response))
    for name, value in HEADERS.items():
        response.headers.setdefault(name, value)
    return response


def install_security_headers(app: Flask) -> None:
    """Register :func:`secure` on ``app``: every route, error responses included."""
    app.after_request(secure)


__all__ = ["HEADERS", "POLICY", "install_security_headers", "secure"]
