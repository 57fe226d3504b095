"""The read-model recorder for PostgreSQL (imported only for a PostgreSQL store: psycopg is slow to import)."""

from __future__ import annotations

from typing import Any

from eventsourcing.postgres import PostgresTrackingRecorder

from .recorders import READ_MODEL_TABLES, TABLES, ReadModelMixin


class PostgresReadModelRecorder(ReadModelMixin, PostgresTrackingRecorder):
    """Read models in the PostgreSQL schema beside the stored events."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        from psycopg.sql import SQL

        self.sql_create_statements.extend(SQL(self._sql(t)) for t in TABLES)  # type: ignore[arg-type]

    def _names(self) -> dict[str, str]:
        schema = self.datastore.schema
        return {"tracking": f'"{schema}"."{self.tracking_table_name}"', **{t: f'"{schema}"."{t}"' for t in READ_MODEL_TABLES}}
