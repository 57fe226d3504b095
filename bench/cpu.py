"""CPU time spent by the processes that serve a load (issue 29, item 4): what noise on a shared machine cannot hide
the way it hides throughput. ``/proc/PID/stat``'s user + system time of a process and its descendants (the gunicorn
master and its workers) and, on PostgreSQL, of the database backends serving them, found in ``pg_stat_activity``
by the ``application_name`` their connections carry (``PGAPPNAME``, which libpq reads)."""

from __future__ import annotations

import os
from pathlib import Path

TICKS = os.sysconf("SC_CLK_TCK")


def _stat(pid: int) -> list[str] | None:
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return text[text.rindex(")") + 2:].split()  # the fields after the command name (which may hold spaces)


def cpu_seconds(pid: int) -> float:
    """User + system seconds of ``pid`` so far (0 if it is gone)."""
    fields = _stat(pid)
    return (int(fields[11]) + int(fields[12])) / TICKS if fields else 0.0


def tree(pid: int) -> list[int]:
    """``pid`` and every live descendant of it."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and (fields := _stat(int(entry.name))):
            children.setdefault(int(fields[1]), []).append(int(entry.name))
    found, todo = [], [pid]
    while todo:
        current = todo.pop()
        found.append(current)
        todo += children.get(current, [])
    return found


def backends(url: str, application_name: str) -> list[int]:
    """The PostgreSQL backend pids whose connections say ``application_name``."""
    import psycopg

    with psycopg.connect(url.split("?")[0], autocommit=True, connect_timeout=5) as conn:
        return [row[0] for row in conn.execute("SELECT pid FROM pg_stat_activity WHERE application_name = %s", (application_name,))]


class Meter:
    """CPU seconds of the server processes under ``pids`` (with their descendants) and, for a PostgreSQL ``url``,
    of the backends named ``application_name``: :meth:`read` gives the total so far, per pid, so that a backend
    which connected meanwhile counts from zero."""

    def __init__(self, pids: list[int], url: str, application_name: str) -> None:
        self.pids, self.url, self.name = pids, url, application_name

    def read(self) -> dict[int, float]:
        found = [p for pid in self.pids for p in tree(pid)]
        if self.url.startswith("postgresql"):
            found += backends(self.url, self.name)
        return {pid: cpu_seconds(pid) for pid in found}

    @staticmethod
    def spent(before: dict[int, float], after: dict[int, float]) -> float:
        """CPU seconds between two :meth:`read` s (a process gone by ``after`` is not counted)."""
        return sum(seconds - before.get(pid, 0.0) for pid, seconds in after.items())


def cpu_busy() -> tuple[int, int]:
    """``(busy, total)`` jiffies of all the machine's CPUs so far (``/proc/stat``)."""
    fields = [int(v) for v in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    idle = fields[3] + (fields[4] if len(fields) > 4 else 0)
    return sum(fields) - idle, sum(fields)


def busy_share(before: tuple[int, int], after: tuple[int, int]) -> float:
    """How busy the machine's CPUs were between two :func:`cpu_busy` readings (0..1), whoever kept them busy."""
    return (after[0] - before[0]) / max(1, after[1] - before[1])
