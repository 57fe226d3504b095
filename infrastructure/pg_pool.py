"""One PostgreSQL connection opened when first needed: what a CLI process uses instead of the library's pool.

The library's pool (``psycopg_pool``) opens its connections at start from worker threads, and a first request that
finds none ready asks it to grow: a ``questlog`` command with ``POSTGRES_POOL_SIZE=1`` connected twice, then again
after the timeouts were set (:func:`infrastructure.store.harden_postgres`). A command runs one statement at a time,
so :class:`LazyPool` opens one connection, in the calling thread, on first use, and lends it out again; a use while
it is lent (a nested read, the read models' writer thread) opens another, closed when given back.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from psycopg.pq import TransactionStatus


class LazyPool:
    """Stands in for ``psycopg_pool.ConnectionPool`` in the library's ``PostgresDatastore`` (the calls it makes:
    ``open``, ``connection``, ``close``, ``closed``, ``kwargs``, ``drain``, as a context manager).

    ``like`` is the pool the datastore built (never opened): its connection class, connection arguments and
    ``configure`` callback (autocommit, the idle-in-transaction timeout) are used as they are."""

    def __init__(self, like: Any) -> None:
        self.kwargs: dict[str, Any] = like.kwargs
        self._connection_class = like.connection_class
        self._configure: Callable[[Any], None] | None = like._configure
        self._idle: Any = None
        self._lock = threading.Lock()
        self.closed = False

    def open(self, wait: bool = False, timeout: float = 30.0) -> None:
        """Nothing to open: a connection is made on first use (the library calls this before every use)."""
        self.closed = False

    @contextmanager
    def connection(self, timeout: float | None = None) -> Iterator[Any]:
        """Lend the kept connection (opened now if there is none, or if it is lent already). Raises psycopg's
        ``OperationalError`` when the server cannot be reached (the datastore turns it into the library's)."""
        with self._lock:
            conn, self._idle = self._idle, None
        if conn is None or conn.closed:
            conn = self._connect()
        try:
            yield conn
        finally:
            self._give_back(conn)

    def _connect(self) -> Any:
        conn = self._connection_class.connect(**self.kwargs)
        if self._configure is not None:
            self._configure(conn)
        return conn

    def _give_back(self, conn: Any) -> None:
        status = conn.pgconn.transaction_status
        if status in (TransactionStatus.INTRANS, TransactionStatus.INERROR):
            try:
                conn.rollback()
            except Exception:  # a lost connection: dropped below
                status = TransactionStatus.UNKNOWN
        if status in (TransactionStatus.UNKNOWN, TransactionStatus.ACTIVE) or conn.closed or self.closed:
            conn.close()
            return
        with self._lock:
            if self._idle is None:
                conn, self._idle = None, conn
        if conn is not None:  # one is kept already: this one was opened for a nested use
            conn.close()

    def drain(self) -> None:
        """Close the kept connection (the next use opens a new one, with the current ``kwargs``)."""
        with self._lock:
            conn, self._idle = self._idle, None
        if conn is not None:
            conn.close()

    def close(self, timeout: float = 5.0) -> None:
        """Close the kept connection; one lent out is closed when given back."""
        self.closed = True
        self.drain()

    def __enter__(self) -> LazyPool:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


__all__ = ["LazyPool"]
