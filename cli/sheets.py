"""Reading a paper campaign sheet at the edge: a regular YAML or JSON file of bounded size, parsed to a mapping."""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import Any

from domain.core.errors import BadInput
from domain.core.names import quoted

SHEET_LIMIT = 1_000_000
"""The largest sheet file read, in bytes (a real sheet is a few kilobytes)."""


def read_sheet(path: str) -> dict[str, Any]:
    """The mapping in the YAML or JSON file at ``path`` (JSON is YAML). Raises :class:`BadInput` for a missing,
    special (FIFO, device) or oversized file, a parse error (with its line), or a document that is not a mapping."""
    import yaml

    file = Path(path).expanduser()
    try:
        info = os.stat(file)
    except OSError as exc:
        raise BadInput(f"cannot read the sheet {quoted(path)}: {exc.strerror}", {"from_sheet": ["unreadable"]}) from None
    if not stat.S_ISREG(info.st_mode):
        raise BadInput(f"the sheet {quoted(path)} is not a regular file", {"from_sheet": ["not a regular file"]})
    if info.st_size > SHEET_LIMIT:
        raise BadInput(f"the sheet {quoted(path)} is {info.st_size} bytes; a sheet has at most {SHEET_LIMIT}", {"from_sheet": ["too large"]})
    try:
        data = yaml.safe_load(file.read_text(encoding="utf-8"))
    except UnicodeDecodeError:
        raise BadInput(f"the sheet {quoted(path)} is not UTF-8 text", {"from_sheet": ["not text"]}) from None
    except yaml.YAMLError as exc:
        where = getattr(exc, "problem_mark", None)
        line = f" (line {where.line + 1})" if where is not None else ""
        raise BadInput(f"the sheet {quoted(path)} is not valid YAML or JSON{line}: {getattr(exc, 'problem', exc)}",
                       {"from_sheet": ["not YAML"]}) from None
    if not isinstance(data, dict):
        raise BadInput(f"the sheet {quoted(path)} must hold a mapping of the game's sheet fields, not {type(data).__name__}",
                       {"from_sheet": ["not a mapping"]})
    return data
