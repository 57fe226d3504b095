"""Files a game reads, read at the edge (DESIGN.md § Architecture): ``decide`` and ``evolve`` never open one.

A ruleset names the setup options whose values come from files (``Ruleset.file_options``, e.g. Nanolith's
``content`` packs) with a pure reader of ``(name, bytes)`` pairs. :func:`resolve_setup` replaces such an
option's value by the reader's data before the campaign is created, so a bad file is refused then and
nothing is stored (:func:`resolve_query` reads a query's file fields the same way: ``check-content``):

- from the CLI (``origin="cli"``): the files in ``QUESTLOG_<OPTION>`` and then the option's own value, each a
  list of paths separated by ``os.pathsep``; a directory stands for its ``*.yaml`` / ``*.yml`` files. A value
  that is not text is data already read (what ``history --script`` writes back): it goes to the ruleset as
  it is, to be validated there, and ``QUESTLOG_<OPTION>`` is not read;
- over HTTP (``origin="http"``): the client names packs (``"ours"`` or ``["ours", "more"]``), never paths;
  each is ``<name>.yaml`` (or ``.yml``) in the directory the admin configured in ``QUESTLOG_<OPTION>_DIR``,
  after the files in ``QUESTLOG_<OPTION>`` (also the admin's); or the data itself, a mapping (a Nemesis layout in
  the body), which goes to the ruleset to be validated there;
- from either, a name the ruleset ships for the option (``Ruleset.shipped_options``) is taken as it is.

Only regular files are read (no devices, pipes or sockets), each at most :data:`MAX_FILE_BYTES`.
"""

from __future__ import annotations

import os
import re
import stat
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from domain.core.errors import BadInput
from domain.core.ruleset import QuerySpec, Ruleset
from domain.core.names import quoted

MAX_FILE_BYTES = 1024 * 1024
"""The largest file an option may name (1 MiB: a content pack is a few KiB)."""
PACK_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$")
SUFFIXES = (".yaml", ".yml")
MAX_PACKS = 16
"""The most installed packs one request may name (each once): a list repeating a name 200 times is refused."""


def resolve_setup(ruleset: Ruleset, setup: Mapping[str, Any], origin: str = "cli",
                  env: Mapping[str, str] | None = None, options: Iterable[str] | None = None) -> dict[str, Any]:
    """``setup`` with every file option of ``ruleset`` (or just ``options``) read and replaced by its reader's data.

    ``origin`` is ``"cli"`` (paths) or ``"http"`` (names of installed files). An option that is not given
    and has no ``QUESTLOG_<OPTION>`` files stays absent. Raises :class:`BadInput` for a file that cannot be
    read, is not a regular file, is too large or is invalid (the reader's message names file, entry, field).
    """
    env = os.environ if env is None else env
    out = dict(setup)
    wanted = set(ruleset.file_options if options is None else options)
    for option, reader in ruleset.file_options.items():
        if option not in wanted:
            continue
        prefix = f"QUESTLOG_{option.upper()}"
        given = setup.get(option)
        if origin == "cli" and given is not None and not isinstance(given, str):
            continue  # read before: a campaign written back out as a script
        if isinstance(given, Mapping) or given in ruleset.shipped_options.get(option, ()):
            continue  # data in an HTTP body, or a name of what the ruleset ships: the ruleset validates it
        http = origin != "cli"
        paths = [(f"the server's {p.stem} pack" if http else str(p), p) for p in _paths(env.get(prefix, ""), f"{prefix}")]
        if given is not None:
            paths += [(str(p), p) for p in _paths(given, f"--setup {option}")] if not http else \
                [(f"pack {quoted(p.stem)}", p) for p in _installed(given, env.get(f"{prefix}_DIR"), option)]
        if paths:
            out[option] = reader([(label, read_file(p, label)) for label, p in paths])  # over HTTP: named, never a path
        else:
            out.pop(option, None)
    return out


def resolve_query(ruleset: Ruleset, spec: QuerySpec, raw: Mapping[str, Any], origin: str = "cli",
                  env: Mapping[str, str] | None = None) -> dict[str, Any]:
    """The raw fields of the query ``spec`` (``check-content``) with its file fields (``spec.files``, each a file
    option of ``ruleset``) read as :func:`resolve_setup` reads them: paths from the CLI, installed pack names
    over HTTP, after the ``QUESTLOG_<OPTION>`` files; a field left out (and no such files) stays out.
    Raises :class:`BadInput` as :func:`resolve_setup` does."""
    given = {k: raw[k] for k in spec.files if raw.get(k) not in (None, "")}
    read = resolve_setup(ruleset, given, origin, env, options=spec.files)
    return {**{k: v for k, v in raw.items() if k not in spec.files}, **{k: read[k] for k in spec.files if k in read}}


def read_file(path: Path, label: str | None = None) -> bytes:
    """The bytes of a regular file of at most :data:`MAX_FILE_BYTES`. Raises :class:`BadInput` naming it ``label``
    (default: its path)."""
    shown = label or str(path)
    try:  # opened without blocking (a FIFO would wait for a writer), then checked on the handle itself
        with os.fdopen(os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0)), "rb") as handle:
            info = os.fstat(handle.fileno())
            if not stat.S_ISREG(info.st_mode):
                raise _refuse(shown, "is not a regular file")
            if info.st_size > MAX_FILE_BYTES:
                raise _refuse(shown, f"is {info.st_size} bytes; a file may have at most {MAX_FILE_BYTES}")
            data = handle.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise _refuse(shown, f"cannot be read ({exc.strerror or exc})") from None
    if len(data) > MAX_FILE_BYTES:
        raise _refuse(shown, f"has more than {MAX_FILE_BYTES} bytes")
    return data


def _refuse(shown: str, why: str) -> BadInput:
    return BadInput(f"{shown} {why}", {"setup": [f"{shown}: {why}"]})


def _paths(spec: Any, where: str) -> list[Path]:
    if not isinstance(spec, str):
        raise BadInput(f"{where} takes paths separated by {os.pathsep!r}, not {spec!r}", {"setup": [f"{where}: not a path"]})
    found: list[Path] = []
    for part in (p.strip() for p in spec.split(os.pathsep)):
        if not part:
            continue
        path = Path(part).expanduser()
        if path.is_dir():
            found += sorted(p for p in path.iterdir() if p.suffix in SUFFIXES and p.is_file())
        else:
            found.append(path)
    return found


def _installed(names: Any, directory: str | None, option: str) -> list[Path]:
    """The installed files a client names (never a path). Raises :class:`BadInput`."""
    names = [names] if isinstance(names, str) else names
    if not isinstance(names, list) or not all(isinstance(n, str) and PACK_NAME.match(n) for n in names):
        raise BadInput(f"{option}: name installed packs (letters, digits, '-', '_', '.'), not paths",
                       {"setup": [f"{option}: a pack name or a list of pack names"]})
    if len(names) > MAX_PACKS or len(set(names)) != len(names):
        raise BadInput(f"{option}: name at most {MAX_PACKS} installed packs, each once", {"setup": [f"{option}: at most {MAX_PACKS}, each once"]})
    if not directory:
        raise BadInput(f"this server has no installed {option} packs (QUESTLOG_{option.upper()}_DIR is not set)",
                       {"setup": [f"{option}: none installed"]})
    root = Path(directory).resolve()
    available = {p.stem: p for p in sorted(root.iterdir()) if p.suffix in SUFFIXES and _inside(p, root)} if root.is_dir() else {}
    missing = [n for n in names if n not in available]
    if missing:
        raise BadInput(f"no installed {option} pack {quoted(missing[0])}; installed: {', '.join(available) or 'none'}",
                       {"setup": [f"{option}: unknown pack {quoted(missing[0])}"]})
    return [available[n] for n in names]


def _inside(path: Path, root: Path) -> bool:
    """Whether ``path`` is a regular file whose real location (symlinks followed) is inside ``root`` (resolved)."""
    try:
        real = path.resolve(strict=True)
    except (OSError, RuntimeError):  # a dangling or looping link
        return False
    return real.is_relative_to(root) and real.is_file()


__all__ = ["MAX_FILE_BYTES", "MAX_PACKS", "read_file", "resolve_query", "resolve_setup"]
