"""The API's configuration, from the environment (overridable by ``create_app(config=...)``).

============================  ==========================================  =================
variable                      meaning                                     default
============================  ==========================================  =================
``QUESTLOG_DB``               the store: SQLite path or postgresql:// URL  the CLI's default
``QUESTLOG_AUTH``             ``on``: bearer tokens; ``off``: no checks    ``on``
``QUESTLOG_MAX_BODY``         largest request body, bytes                  1 MiB
``QUESTLOG_MAX_IMPORT``       largest import body, bytes                   32 MiB
``QUESTLOG_EXPORT_RATE``      exports a minute per read-only token,        6
                              per worker (:mod:`api.exports`)
============================  ==========================================  =================
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any

from domain.core.errors import BadInput

MIB = 1024 * 1024


def _flag(value: str) -> bool:
    text = value.strip().lower()
    if text in ("on", "1", "true", "yes"):
        return True
    if text in ("off", "0", "false", "no"):
        return False
    raise BadInput(f"QUESTLOG_AUTH must be on or off, not {value!r}")


def load_config(overrides: Mapping[str, Any] | None = None, environ: Mapping[str, str] | None = None) -> dict[str, Any]:
    """Flask and flask-smorest settings plus Questlog's (``QUESTLOG_AUTH`` as a bool)."""
    env = os.environ if environ is None else environ
    config: dict[str, Any] = {
        "QUESTLOG_AUTH": _flag(env.get("QUESTLOG_AUTH", "on")),
        "MAX_CONTENT_LENGTH": int(env.get("QUESTLOG_MAX_BODY", MIB)),
        "QUESTLOG_MAX_IMPORT": int(env.get("QUESTLOG_MAX_IMPORT", 32 * MIB)),
        "QUESTLOG_EXPORT_RATE": int(env.get("QUESTLOG_EXPORT_RATE", 6)),
        "API_TITLE": "Questlog",
        "API_VERSION": "1",
        "OPENAPI_VERSION": "3.0.3",
        "OPENAPI_URL_PREFIX": "/",
        "OPENAPI_JSON_PATH": "openapi.json",
        "OPENAPI_SWAGGER_UI_PATH": "/docs",
        # served by Questlog itself (api/static/vendor/, vendored from npm): the docs work with no internet
        "OPENAPI_SWAGGER_UI_URL": "/static/vendor/swagger-ui/",
        "OPENAPI_REDOC_PATH": "/redoc",
        "OPENAPI_REDOC_URL": "/static/vendor/redoc/redoc.standalone.js",
        "JSON_SORT_KEYS": False,
    }
    for key, value in (overrides or {}).items():
        config[key] = _flag(value) if key == "QUESTLOG_AUTH" and isinstance(value, str) else value
    return config
