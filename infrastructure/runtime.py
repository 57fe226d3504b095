"""The composition root: opens the store, builds the application service and wires the read models to it.

The CLI (:mod:`cli.context`), the API (:func:`api.create_app`), the tests and the benchmarks all open
Questlog here, so every adapter gets the same wiring (DESIGN.md § Architecture): the application only
stores events and tells its listeners; :class:`projections.runner.ReadModelRunner` catches the persisted
read models up (synchronously for the CLI, in a background thread for the API).
"""

from __future__ import annotations

import os

from domain.application import Questlog
from projections.readmodels import ReadModels
from projections.runner import ReadModelRunner

from .schema import ensure_schema
from .store import harden_postgres, resolve_db, store_env

READ_MODELS_ENV = "QUESTLOG_READ_MODELS"
ONE_CONNECTION_TOPIC = "infrastructure.pg_recorder:OneConnectionRecorder"
"""The application recorder of a process running one command at a time (:class:`infrastructure.pg_recorder.OneConnectionRecorder`)."""
POOL_SIZE_ENV = "POSTGRES_POOL_SIZE"
"""The library's setting of the PostgreSQL connections a process keeps open (its default: 5, all opened at start)."""


def read_model_mode(default: str = "sync") -> str:
    """The runner's mode: ``$QUESTLOG_READ_MODELS`` (``sync``, ``background``, ``off``), ``on`` or unset meaning ``default``."""
    chosen = os.environ.get(READ_MODELS_ENV, "on").strip().lower()
    return default if chosen in ("", "on") else chosen


def open_questlog(db: str | None = None, read_models: str = "sync", connections: int | None = None) -> Questlog:
    """Open the application on ``db`` (SQLite path or ``postgresql://`` URL; default per :func:`resolve_db`) with its
    read models attached (``app.read_models``) and driven by a runner in mode ``read_models``, unless
    ``$QUESTLOG_READ_MODELS`` says otherwise. ``connections``: on PostgreSQL, how many connections to open at start
    (more open when needed, up to the library's overflow; ``$POSTGRES_POOL_SIZE`` wins when set; ``None``: the
    library's 5); ``1`` (a CLI process): no pool, one connection opened on first use
    (:class:`~infrastructure.pg_pool.LazyPool`). The tables are created or migrated only when the store's schema
    marker is not current (:mod:`infrastructure.schema`). Raises :class:`~domain.core.errors.BadInput` for an
    unusable store and ``ValueError`` for an unknown mode."""
    env = store_env(resolve_db(db), create_schema=False)  # (the schema: created with the tables when they are not current)
    if env.get("PERSISTENCE_MODULE") == "eventsourcing.postgres" and connections is not None and POOL_SIZE_ENV not in os.environ:
        if connections == 1:
            env["APPLICATION_RECORDER_TOPIC"] = ONE_CONNECTION_TOPIC  # (named here: importing pg_recorder imports psycopg)
        else:
            env[POOL_SIZE_ENV] = str(connections)
    env["CREATE_TABLE"] = "no"  # the library's per-recorder DDL on every start: ensure_schema does it once per version
    app = Questlog(env=env)
    harden_postgres(app)  # fail within ~2 s when the server is down (infrastructure.store)
    models = ReadModels(app)
    ensure_schema(app, models.recorder)  # before a runner (a background thread) can read the read models
    return attach_read_models(app, read_models, models)


def attach_read_models(app: Questlog, mode: str = "sync", models: ReadModels | None = None) -> Questlog:
    """Attach the persisted read models to ``app`` (built by the caller, e.g. a subclass in a test) with a runner
    in ``mode`` (``$QUESTLOG_READ_MODELS`` overrides); returns ``app``. ``models``: read models built already
    (:func:`open_questlog`), else new ones, whose tables are created now on PostgreSQL (SQLite: on first use) unless
    ``app`` was opened with ``CREATE_TABLE`` off."""
    app.read_models = models or ReadModels(app)
    if models is None and app.env.get("PERSISTENCE_MODULE") == "eventsourcing.postgres":
        app.read_models.recorder  # creates the read-model tables now (SQLite: on first use)
    app.listeners.append(ReadModelRunner(app.read_models, read_model_mode(mode), app.closing))
    return app


__all__ = ["attach_read_models", "open_questlog", "read_model_mode"]
