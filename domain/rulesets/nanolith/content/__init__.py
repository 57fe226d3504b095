"""Nanolith content packs: the figures the rulebook refers to but does not print in full (DESIGN.md § Words).

A pack is one YAML file (format: ``content/README.md``): ``pack`` (a name), ``version`` (an integer) and
sections of entries keyed by id: ``enemies``, ``characters``, ``weapons``, ``skills``, ``items``,
``programs``, ``hacking_profiles``, ``encounters``. Unknown figures are ``null``.

Packs are read in this order, a later entry with the same id overriding the fields it gives:

1. the packs shipped here (``content/*.yaml``);
2. the files and directories in ``QUESTLOG_CONTENT`` (separated by ``os.pathsep``);
3. the campaign's own ``--setup content=PATH`` (files or directories, separated by ``os.pathsep``).

Loading is the only IO: the rules ask :func:`catalogue` when an action is decided, and every figure a
decision uses goes into its events, so editing a pack never changes a replay. An invalid pack raises
:class:`ContentError` (a :class:`~domain.core.errors.BadInput`) naming the file, the entry and the field.
"""

from __future__ import annotations

import copy
import hashlib
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from marshmallow import ValidationError

from domain.core.errors import BadInput

from .schemas import SECTIONS

SHIPPED = Path(__file__).resolve().parent
ENV = "QUESTLOG_CONTENT"


class ContentError(BadInput):
    """An invalid content pack: ``file``, ``entry`` (``section.id``) and ``field`` say where."""

    def __init__(self, file: str, entry: str, fld: str, message: str) -> None:
        where = ": ".join(p for p in (file, entry, fld) if p)
        super().__init__(f"content pack {where}: {message}", {"content": [f"{where}: {message}"]})
        self.file, self.entry, self.field = file, entry, fld


def slug(text: Any) -> str:
    """A name as an id: ``"Go get 'em!"`` -> ``"go-get-em"``, ``"Nano-Heal Lv. 1"`` -> ``"nano-heal-lv-1"``."""
    return "-".join(re.sub(r"[^a-z0-9]+", " ", str(text).lower().replace("'", "")).split())


@dataclass(frozen=True)
class Pack:
    """One loaded file: its ``name``, ``version``, ``file`` and the sha256 ``digest`` of its bytes."""

    name: str
    version: int
    file: str
    digest: str
    sections: dict[str, dict[str, Any]] = field(default_factory=dict)

    def summary(self) -> dict[str, Any]:
        """``{"pack", "version", "file", "digest"}``: what an Encounter records of the packs it started with."""
        shipped = Path(self.file).parent == SHIPPED
        return {"pack": self.name, "version": self.version, "file": Path(self.file).name if shipped else self.file,
                "shipped": shipped, "digest": self.digest[:16]}


def _flat(messages: Any, prefix: str = "") -> list[tuple[str, str]]:
    if isinstance(messages, dict):
        return [item for k, v in messages.items() for item in _flat(v, f"{prefix}.{k}" if prefix else str(k))]
    if isinstance(messages, list) and messages and all(isinstance(m, str) for m in messages):
        return [(prefix, " ".join(messages))]
    if isinstance(messages, list):
        return [item for m in messages for item in _flat(m, prefix)]
    return [(prefix, str(messages))]


def load_pack(path: str | Path, known: dict[str, dict[str, Any]] | None = None) -> Pack:
    """Read and validate one pack file. Entries whose id is in ``known`` (earlier packs) may give only
    the fields they override. Raises :class:`ContentError`."""
    path = Path(path)
    file = str(path)
    try:
        raw_bytes = path.read_bytes()
        data = yaml.safe_load(raw_bytes)
    except OSError as exc:
        raise ContentError(file, "", "", f"cannot be read ({exc.strerror or exc})") from None
    except yaml.YAMLError as exc:
        raise ContentError(file, "", "", f"is not valid YAML ({str(exc).splitlines()[0]})") from None
    if not isinstance(data, dict):
        raise ContentError(file, "", "", "a pack is a mapping with pack, version and sections")
    name, version = data.get("pack"), data.get("version")
    if not isinstance(name, str) or not name.strip():
        raise ContentError(file, "", "pack", "give the pack's name (pack: my-pack)")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise ContentError(file, "", "version", f"the pack's version is a whole number >= 1, not {version!r}")
    unknown = sorted(set(data) - set(SECTIONS) - {"pack", "version", "description"})
    if unknown:
        raise ContentError(file, unknown[0], "", f"unknown section; sections are {', '.join(SECTIONS)}")
    sections = {s: _load_section(file, s, data.get(s) or {}, (known or {}).get(s, {})) for s in SECTIONS}
    return Pack(name.strip(), version, file, hashlib.sha256(raw_bytes).hexdigest(), sections)


def _load_section(file: str, section: str, entries: Any, known: dict[str, Any]) -> dict[str, Any]:
    if not isinstance(entries, dict):
        raise ContentError(file, section, "", "a section maps entry ids to entries")
    out: dict[str, Any] = {}
    for key, entry in entries.items():
        ident = slug(key)
        if not ident:
            raise ContentError(file, f"{section}.{key}", "", "an entry id needs letters or digits")
        if not isinstance(entry, dict):
            raise ContentError(file, f"{section}.{key}", "", "an entry is a mapping of fields")
        try:
            out[ident] = SECTIONS[section]().load(entry, partial=ident in known)
        except ValidationError as exc:
            fld, message = _flat(exc.messages)[0]
            raise ContentError(file, f"{section}.{key}", fld, message) from None
    return out


def _merge(base: dict[str, Any], over: dict[str, Any]) -> dict[str, Any]:
    merged = copy.deepcopy(base)
    for key, value in over.items():
        if isinstance(value, dict) and isinstance(merged.get(key), dict):
            merged[key] = {**merged[key], **copy.deepcopy(value)}
        else:
            merged[key] = copy.deepcopy(value)
    return merged


class Catalogue:
    """The merged entries of several packs, looked up by id, name or alias (case and punctuation ignored)."""

    def __init__(self, packs: list[Pack]) -> None:
        self.packs = packs
        self.sections: dict[str, dict[str, Any]] = {s: {} for s in SECTIONS}
        for pack in packs:
            for section, entries in pack.sections.items():
                for ident, entry in entries.items():
                    have = self.sections[section].get(ident)
                    self.sections[section][ident] = _merge(have, entry) if have else entry

    def find(self, section: str, name: Any) -> tuple[str, dict[str, Any]] | None:
        """``(id, entry)`` for a name, id or alias in ``section``, or ``None``."""
        key = slug(name)
        entries = self.sections[section]
        if key in entries:
            return key, entries[key]
        for ident, entry in entries.items():
            if key in {slug(entry.get("name") or "")} | {slug(a) for a in entry.get("aliases") or []}:
                return ident, entry
        return None

    def get(self, section: str, name: Any) -> dict[str, Any]:
        """The entry for ``name`` or ``{}`` when the packs do not know it."""
        found = self.find(section, name)
        return found[1] if found else {}

    def summary(self) -> list[dict[str, Any]]:
        """The packs in load order (see :meth:`Pack.summary`)."""
        return [p.summary() for p in self.packs]


def sources(extra: str | None = None) -> list[Path]:
    """The pack files in load order: shipped, ``QUESTLOG_CONTENT``, then ``extra`` (``os.pathsep``-separated)."""
    files = sorted(SHIPPED.glob("*.yaml"))
    for spec in (os.environ.get(ENV, ""), extra or ""):
        for part in (p for p in spec.split(os.pathsep) if p.strip()):
            path = Path(part.strip()).expanduser()
            files += sorted([*path.glob("*.yaml"), *path.glob("*.yml")]) if path.is_dir() else [path]
    return files


_CACHE: dict[tuple[Any, ...], Catalogue] = {}


def catalogue(extra: str | None = None) -> Catalogue:
    """The catalogue of every pack in :func:`sources` order (cached while the files are unchanged).

    Raises :class:`ContentError` for an invalid or missing pack.
    """
    files = sources(extra)
    key = tuple((str(f), _stamp(f)) for f in files)
    if key not in _CACHE:
        packs: list[Pack] = []
        known: dict[str, dict[str, Any]] = {s: {} for s in SECTIONS}
        for f in files:
            pack = load_pack(f, known)
            packs.append(pack)
            for s, entries in pack.sections.items():
                known[s].update(entries)
        _CACHE.clear()
        _CACHE[key] = Catalogue(packs)
    return _CACHE[key]


def _stamp(path: Path) -> tuple[float, int] | None:
    try:
        st = path.stat()
        return st.st_mtime, st.st_size
    except OSError:
        return None


def catalogue_for(state: dict[str, Any]) -> Catalogue:
    """The catalogue a campaign uses: its ``content`` setup paths on top of the shipped and env packs."""
    return catalogue((state.get("content") or {}).get("paths"))


__all__ = ["Catalogue", "ContentError", "Pack", "catalogue", "catalogue_for", "load_pack", "slug", "sources"]
