"""Figure 4: ``questlog view board`` as a whole process, against ``python -c "import click"``.

Both run with the same interpreter; the store holds a Nanolith campaign played from
``examples/nanolith/first-encounter.ql``. ``-X importtime`` checks that showing a board imports no Flask.

Questlog's modules are compiled to bytecode first, as installing it compiles them (pip compiles a wheel's
modules; an editable install writes ``__pycache__`` on its first run): the figure is the start of an installed
tool, like the baseline's click. Without that, a harness that sets ``PYTHONDONTWRITEBYTECODE`` (this machine's
does) makes every timed start compile ~30 of Questlog's modules again (~30 ms) while click comes compiled.

The floor is measured in the same run: a process that only imports click and the event store's library
(``eventsourcing`` with its SQLite module, or with its PostgreSQL module and so psycopg), which any ``questlog``
command on that store pays before doing anything. Two rows: the command against ``import click`` (target 3x on
SQLite; on PostgreSQL the floor alone is ~4x, so reported only), and the command against the floor (target 1.5x:
what Questlog adds to the start, its own imports, opening the store and reading the kept board).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from .common import Row, iqr, median, repeat, time_row

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "examples" / "nanolith" / "first-encounter.ql"
HEAVY = ("flask", "werkzeug", "flask_smorest", "gunicorn", "requests")
PACKAGES = ("api", "cli", "domain", "infrastructure", "projections")
FLOOR = {"sqlite": "import click, eventsourcing.application, eventsourcing.sqlite",
         "postgres": "import click, eventsourcing.application, eventsourcing.postgres"}
"""What any command pays on each store before it does anything: click and the store's library imported."""


def compile_questlog() -> None:
    """Compile Questlog's modules to bytecode (``__pycache__`` beside them), as installing it does."""
    import compileall

    for package in PACKAGES:
        if not compileall.compile_dir(str(ROOT / package), quiet=1):
            raise RuntimeError(f"cannot compile {package}/")


def _questlog() -> list[str]:
    return [sys.executable, "-c", "import sys; from cli.main import main; sys.argv[0] = 'questlog'; main()"]


def _run(args: list[str], env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(args, env=env, capture_output=True, text=True, timeout=120, cwd=ROOT)
    if done.returncode:
        raise RuntimeError(f"{' '.join(args)} failed ({done.returncode}): {done.stderr[-2000:]}")
    return done


def heavy_imports(env: dict[str, str]) -> list[str]:
    """Top-level packages among ``HEAVY`` that ``view board`` imports (from ``-X importtime``)."""
    done = _run([sys.executable, "-X", "importtime", *_questlog()[1:], "view", "board"], env)
    found = {line.split("|")[-1].strip().split(".")[0] for line in done.stderr.splitlines() if line.startswith("import time:")}
    return sorted(found & set(HEAVY))


def run(store: str, workdir: Path, url: str | None = None, repeats: int = 10, **_: Any) -> list[Row]:
    from .common import store_url

    compile_questlog()
    with store_url(store, workdir, "cli") as db:
        env = {**os.environ, "QUESTLOG_DB": db, "PYTHONPATH": str(ROOT)}
        _run([*_questlog(), "play", str(SCRIPT), "--quiet", "--show", ""], env)
        view, click_only, library = [], [], []
        for _ in range(repeats):
            view.extend(repeat(lambda: _run([*_questlog(), "view", "board"], env), 1, warmup=0))
            click_only.extend(repeat(lambda: _run([sys.executable, "-c", "import click"], env), 1, warmup=0))
            library.extend(repeat(lambda: _run([sys.executable, "-c", FLOOR[store]], env), 1, warmup=0))
        heavy = heavy_imports(env)
    base = median(click_only)
    floor = f"floor {median(library) * 1e3:.0f} ms = {median(library) / base:.2f}x (click + eventsourcing.{store} imported)"
    row = time_row("4 CLI round trip", store, "questlog view board (process)", "python -c 'import click'", view, click_only,
                   target=3.0 if store == "sqlite" else None,
                   note=f"{floor}; " + (f"imports {', '.join(heavy)}" if heavy else "imports no Flask"))
    row.extra["floor"] = {"command": f"python -c '{FLOOR[store]}'", "median_s": median(library), "iqr_s": iqr(library)}
    over = time_row("4 CLI round trip", store, "questlog view board vs its floor", f"python -c '{FLOOR[store]}'", view, library,
                    target=1.5 if store == "postgres" else None, note="what Questlog adds: its imports, opening the store (schema marker read), the kept board")
    return [row, over]
