"""Where the installed ``questlog`` entry point is: beside the running Python, else on PATH."""

import shutil
import sys
from pathlib import Path

_beside = Path(sys.executable).parent / "questlog"
QUESTLOG = str(_beside) if _beside.exists() else shutil.which("questlog")
if QUESTLOG is None:
    raise RuntimeError("the questlog entry point is not installed: run pip install -e '.[test]'")
