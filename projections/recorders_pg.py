"""The read-model recorder for PostgreSQL (imported only for a PostgreSQL store: psycopg is slow to import)."""

from __future__ import annotations

from typing import Any

from eventsourcing.postgres import PostgresTrackingRecorder

from .recorders import ADDED_COLUMNS, READ_MODEL_TABLES, TABLES, ReadModelMixin

ADD_COLUMN = """DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM information_schema.columns WHERE table_schema = {schema} AND table_name = {table}
                 AND column_name = {column}) THEN
    ALTER TABLE {qualified} ADD COLUMN {name} {kind};
  END IF;
END $$"""
"""Add a column a store from before lacks; looked up first, so opening a current store takes no ALTER TABLE lock."""


class PostgresReadModelRecorder(ReadModelMixin, PostgresTrackingRecorder):
    """Read models in the PostgreSQL schema beside the stored events."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        from psycopg.sql import SQL, Identifier, Literal

        self.sql_create_statements.extend(SQL(self._sql(t)) for t in TABLES)  # type: ignore[arg-type]
        schema = self.datastore.schema
        for table, column, kind in ADDED_COLUMNS:
            self.sql_create_statements.append(SQL(ADD_COLUMN).format(  # type: ignore[arg-type]
                schema=Literal(schema), table=Literal(table), column=Literal(column), qualified=Identifier(schema, table),
                name=Identifier(column), kind=SQL(kind)))

    def _names(self) -> dict[str, str]:
        schema = self.datastore.schema
        return {"tracking": f'"{schema}"."{self.tracking_table_name}"', **{t: f'"{schema}"."{t}"' for t in READ_MODEL_TABLES}}
