"""The PostgreSQL application recorder Questlog uses: the library's, with its insert function taking the table lock.

Questlog stores a save's events with the library's database function (one ``INSERT ... unnest`` per save, see
:mod:`infrastructure.store`), but the library's function (eventsourcing 9.5 ``es_insert_events_*``) does not take
the ``EXCLUSIVE`` table lock its ordinary insert path takes. Without it two saves can commit out of notification-id
order, and a reader tailing the notification log (the read models' catch-up) may move past an id that becomes
visible later and never apply that event (seen as a missing audit row in bench figure 8). Here the function locks
the table first, as the library's own ``_lock_table`` explains, so ids become visible in commit order.
The function is replaced whenever the store's schema is migrated (:mod:`infrastructure.schema`), so a store created
with the library's function gets this one.

The recorder also prepares the datastore before the library's constructor first connects (it reads the composite
type's description): every connection opens with :func:`infrastructure.store.postgres_timeouts`, and
:class:`OneConnectionRecorder` (a CLI process) swaps the library's pool for :class:`infrastructure.pg_pool.LazyPool`.
"""

from __future__ import annotations

from typing import Any

from eventsourcing.postgres import PostgresApplicationRecorder
from psycopg.sql import SQL, Identifier

TOPIC = "infrastructure.pg_recorder:LockingPostgresApplicationRecorder"
"""The library's ``APPLICATION_RECORDER_TOPIC`` naming this recorder (set by :func:`infrastructure.store._postgres_env`)."""


class LockingPostgresApplicationRecorder(PostgresApplicationRecorder):
    """:class:`~eventsourcing.postgres.PostgresApplicationRecorder` whose insert function locks the events table."""

    def __init__(self, datastore: Any, *args: Any, **kwargs: Any) -> None:
        from .store import postgres_timeouts

        self.prepare_pool(datastore)
        datastore.pool.kwargs.update(postgres_timeouts())  # before the first connection: none to reopen
        super().__init__(datastore, *args, **kwargs)
        self.sql_create_pg_function_insert_events = SQL(
            "CREATE OR REPLACE FUNCTION {schema}.{insert_events}(events {schema}.{event}[]) RETURNS SETOF bigint "
            "LANGUAGE plpgsql AS $BODY$ BEGIN"
            "    SET LOCAL lock_timeout = '{lock_timeout}s';"
            "    LOCK TABLE {schema}.{table} IN EXCLUSIVE MODE;"
            "    NOTIFY {channel};"
            "    RETURN QUERY INSERT INTO {schema}.{table} AS t (originator_id, originator_version, topic, state)"
            "    SELECT originator_id, originator_version, topic, state FROM unnest(events) RETURNING notification_id;"
            " END; $BODY$"
        ).format(insert_events=Identifier(self.pg_function_name_insert_events), lock_timeout=self.datastore.lock_timeout,
                 channel=Identifier(self.channel_name), event=Identifier(self.stored_event_type_name),
                 schema=Identifier(self.datastore.schema), table=Identifier(self.events_table_name))
        self.sql_create_statements[self.create_insert_function_statement_index] = self.sql_create_pg_function_insert_events

    @staticmethod
    def prepare_pool(datastore: Any) -> None:
        """Hook for subclasses: change ``datastore``'s pool before anything connects (here: keep the library's)."""


class OneConnectionRecorder(LockingPostgresApplicationRecorder):
    """:class:`LockingPostgresApplicationRecorder` on a :class:`~infrastructure.pg_pool.LazyPool`: no pool threads,
    one connection opened on first use (the recorders of the snapshots and read models share the datastore)."""

    @staticmethod
    def prepare_pool(datastore: Any) -> None:
        from .pg_pool import LazyPool

        if not isinstance(datastore.pool, LazyPool):
            datastore.pool = LazyPool(datastore.pool)
