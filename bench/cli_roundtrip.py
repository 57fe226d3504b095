"""Figure 4: ``questlog view board`` as a whole process, against ``python -c "import click"``.

Both run with the same interpreter; the store holds a Nanolith campaign played from
``examples/nanolith/first-encounter.ql``. ``-X importtime`` checks that showing a board imports no Flask.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from .common import Row, repeat, time_row

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "examples" / "nanolith" / "first-encounter.ql"
HEAVY = ("flask", "werkzeug", "flask_smorest", "gunicorn", "requests")


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

    with store_url(store, workdir, "cli") as db:
        env = {**os.environ, "QUESTLOG_DB": db, "PYTHONPATH": str(ROOT)}
        _run([*_questlog(), "play", str(SCRIPT), "--quiet", "--show", ""], env)
        view, floor = [], []
        for _ in range(repeats):
            view.extend(repeat(lambda: _run([*_questlog(), "view", "board"], env), 1, warmup=0))
            floor.extend(repeat(lambda: _run([sys.executable, "-c", "import click"], env), 1, warmup=0))
        heavy = heavy_imports(env)
    return [time_row("4 CLI round trip", store, "questlog view board (process)", "python -c 'import click'", view, floor,
                     target=3.0, note=f"imports {', '.join(heavy)}" if heavy else "imports no Flask")]
