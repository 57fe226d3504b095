"""On PostgreSQL, notification ids become visible in commit order: the insert function takes the table lock
(infrastructure/pg_recorder.py), so a catch-up tailing the log never passes over an id committed later."""

from __future__ import annotations

import threading
import time
import uuid

from infrastructure.pg_recorder import LockingPostgresApplicationRecorder
from infrastructure.runtime import open_questlog


def _stored(recorder, version=1):
    from eventsourcing.persistence import StoredEvent

    return StoredEvent(originator_id=uuid.uuid4(), originator_version=version, topic="test:Event", state=b"{}")


def test_a_save_waits_for_an_uncommitted_one_so_ids_become_visible_in_commit_order(pg_url):
    app = open_questlog(pg_url)
    recorder = app.recorder
    assert isinstance(recorder, LockingPostgresApplicationRecorder)
    first = recorder.construct_pg_stored_event(**{k: getattr(_stored(recorder), k) for k in ("originator_id", "originator_version", "topic", "state")})
    second_ids: list[int] = []
    finished = threading.Event()

    def second_writer() -> None:
        second_ids.extend(recorder.insert_events([_stored(recorder)]))
        finished.set()

    with recorder.datastore.get_connection() as conn, conn.transaction():
        first_ids = [row[recorder.pg_function_name_insert_events] for row in conn.execute(recorder.sql_invoke_pg_function_insert_events, ([first],)).fetchall()]
        writer = threading.Thread(target=second_writer)
        writer.start()
        time.sleep(0.5)
        assert not finished.is_set()  # the second save waits for the table lock the first holds until it commits
    writer.join(10)
    assert finished.is_set() and first_ids[0] < second_ids[0]
    assert [n.id for n in recorder.select_notifications(1, 10)] == [first_ids[0], second_ids[0]]
    app.close()
