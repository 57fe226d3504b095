"""Nanolith content packs: the figures the rulebook refers to but does not print in full (DESIGN.md § Words).

A pack is one YAML file (format: ``content/README.md``): ``pack`` (a name), ``version`` (an integer) and
sections of entries keyed by id: ``enemies``, ``characters``, ``weapons``, ``skills``, ``items``,
``programs``, ``hacking_profiles``, ``encounters``. Unknown figures are ``null``.

A campaign's catalogue is, a later entry with the same id overriding the fields it gives:

1. the packs shipped here (``content/*.yaml``): data of the ruleset itself, read once per process;
2. the group's own packs, given at the campaign's creation in its ``content`` setup option as *loaded
   pack data*: the edge (the CLI: ``QUESTLOG_CONTENT`` and ``--setup content=PATH``; the server: a pack
   installed in its content directory, named by the client) reads the files and passes their bytes to
   :func:`packs_from_files`; the campaign keeps the validated data in its state.

So ``decide`` and ``evolve`` read no files and no environment: the rules ask :func:`catalogue_for` (a function
of the state), and every figure a decision uses goes into its events, so editing a pack never changes a
replay. An invalid pack raises :class:`ContentError` (a :class:`~domain.core.errors.BadInput`) naming the
file, the entry and the field.
"""

from __future__ import annotations

import copy
import hashlib
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import yaml
from marshmallow import ValidationError

from domain.core.errors import BadInput

from .schemas import SECTIONS

SHIPPED = Path(__file__).resolve().parent


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

    def to_data(self) -> dict[str, Any]:
        """The pack as JSON data (what a campaign's setup and state keep): name, version, file, digest, sections."""
        return {"pack": self.name, "version": self.version, "file": self.file, "digest": self.digest,
                "sections": copy.deepcopy(self.sections)}

    @classmethod
    def from_data(cls, data: Any, known: dict[str, dict[str, Any]] | None = None) -> Pack:
        """A pack from :meth:`to_data`'s shape, validated again like a file. Raises :class:`ContentError`."""
        if not isinstance(data, dict) or not isinstance(data.get("file"), str) or not isinstance(data.get("digest"), str):
            raise ContentError("", "", "", "a loaded pack is {pack, version, file, digest, sections}")
        sections = data.get("sections")
        if not isinstance(sections, dict) or not all(isinstance(v, dict) for v in sections.values()):
            raise ContentError(data["file"], "", "", "a loaded pack's sections map section names to entries")
        body = {"pack": data.get("pack"), "version": data.get("version"),
                **{s: _as_written(s, entries) for s, entries in sections.items()}}
        pack = _validated(data["file"], body, known)
        return cls(pack.name, pack.version, pack.file, data["digest"], pack.sections)


def _flat(messages: Any, prefix: str = "") -> list[tuple[str, str]]:
    if isinstance(messages, dict):
        return [item for k, v in messages.items() for item in _flat(v, f"{prefix}.{k}" if prefix else str(k))]
    if isinstance(messages, list) and messages and all(isinstance(m, str) for m in messages):
        return [(prefix, " ".join(messages))]
    if isinstance(messages, list):
        return [item for m in messages for item in _flat(m, prefix)]
    return [(prefix, str(messages))]


def parse_pack(file: str, raw_bytes: bytes, known: dict[str, dict[str, Any]] | None = None) -> Pack:
    """Validate one pack file's bytes (``file`` names it in messages). Entries whose id is in ``known``
    (earlier packs) may give only the fields they override. Raises :class:`ContentError`. Pure: the caller read
    the file."""
    try:
        data = yaml.safe_load(raw_bytes)
    except yaml.YAMLError as exc:
        raise ContentError(file, "", "", f"is not valid YAML ({str(exc).splitlines()[0]})") from None
    pack = _validated(file, data, known)
    return Pack(pack.name, pack.version, file, hashlib.sha256(raw_bytes).hexdigest(), pack.sections)


def _validated(file: str, data: Any, known: dict[str, dict[str, Any]] | None) -> Pack:
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
    return Pack(name.strip(), version, file, "", sections)


def _as_written(section: str, entries: dict[str, Any]) -> Any:
    """Loaded entries as a pack file writes them (the schema's dump), to be validated again."""
    if section not in SECTIONS:
        return entries
    return {k: SECTIONS[section]().dump(v) if isinstance(v, dict) else v for k, v in entries.items()}


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

    def names(self, section: str) -> list[str]:
        """Every id and printed name in ``section`` (what :meth:`find` accepts, aliases aside): for "did you mean"."""
        return [n for ident, entry in self.sections[section].items() for n in (ident, entry.get("name") or ident)]

    def get(self, section: str, name: Any) -> dict[str, Any]:
        """The entry for ``name`` or ``{}`` when the packs do not know it."""
        found = self.find(section, name)
        return found[1] if found else {}

    def summary(self) -> list[dict[str, Any]]:
        """The packs in load order (see :meth:`Pack.summary`)."""
        return [p.summary() for p in self.packs]


@cache
def shipped_packs() -> tuple[Pack, ...]:
    """The packs shipped with the ruleset (``content/*.yaml``), read once: they are part of the ruleset's code."""
    packs: list[Pack] = []
    known: dict[str, dict[str, Any]] = {s: {} for s in SECTIONS}
    for path in sorted(SHIPPED.glob("*.yaml")):
        packs.append(parse_pack(str(path), path.read_bytes(), known))
        _learn(known, packs[-1])
    return tuple(packs)


def _learn(known: dict[str, dict[str, Any]], pack: Pack) -> None:
    for s, entries in pack.sections.items():
        known[s].update(entries)


def packs_from_files(files: Iterable[tuple[str, bytes]]) -> list[dict[str, Any]]:
    """The group's packs as setup data, from ``(file name, bytes)`` in load order (after the shipped packs).

    This is the ``content`` setup option's reader (``Ruleset.file_options``): the edge reads the files, this
    validates them. Raises :class:`ContentError` naming the file, the entry and the field of the first error.
    """
    known: dict[str, dict[str, Any]] = {s: {} for s in SECTIONS}
    for pack in shipped_packs():
        _learn(known, pack)
    out: list[dict[str, Any]] = []
    for file, raw in files:
        pack = parse_pack(file, raw, known)
        _learn(known, pack)
        out.append(pack.to_data())
    return out


def packs_from_data(data: Any) -> list[Pack]:
    """The group's packs from setup data (:func:`packs_from_files`' result), validated again. Raises
    :class:`ContentError` for anything else (a path, a malformed pack)."""
    if not isinstance(data, list):
        raise ContentError("", "", "", "content packs are given loaded: name files with --setup content=PATH "
                                       "(or QUESTLOG_CONTENT), or a pack installed on the server")
    known: dict[str, dict[str, Any]] = {s: {} for s in SECTIONS}
    for pack in shipped_packs():
        _learn(known, pack)
    packs: list[Pack] = []
    for item in data:
        packs.append(Pack.from_data(item, known))
        _learn(known, packs[-1])
    return packs


_CACHE: dict[tuple[str, ...], Catalogue] = {}


def catalogue(own: list[Pack] | None = None) -> Catalogue:
    """The catalogue of the shipped packs, then ``own`` (the group's, in order). Cached by the packs' digests."""
    packs = [*shipped_packs(), *(own or [])]
    key = tuple(p.digest for p in packs)
    if key not in _CACHE:
        _CACHE.clear()
        _CACHE[key] = Catalogue(packs)
    return _CACHE[key]


def catalogue_for(state: dict[str, Any]) -> Catalogue:
    """The catalogue a campaign uses: the shipped packs, then the group's packs kept in its state."""
    own = (state.get("content") or {}).get("own") or []
    key = tuple(p["digest"] for p in own)
    cached = _OWN.get(key)
    if cached is None:
        cached = _OWN[key] = [Pack(p["pack"], p["version"], p["file"], p["digest"], p["sections"]) for p in own]
        if len(_OWN) > 16:
            _OWN.pop(next(iter(_OWN)))
    return catalogue(cached)


_OWN: dict[tuple[str, ...], list[Pack]] = {}


__all__ = ["Catalogue", "ContentError", "Pack", "catalogue", "catalogue_for", "packs_from_data", "packs_from_files",
           "parse_pack", "shipped_packs", "slug"]
