"""Export lines (:mod:`domain.transfer`): written in Questlog's exact form, from a record's stored bytes where the chain
proved them in that form, and a line's ``state`` read back as the bytes it was stored as."""

from __future__ import annotations

import json
from typing import Any

from domain.core.chain import TOPICS


def dumps(data: Any) -> str:
    """``data`` as compact JSON, keys in their order, not ASCII-escaped: the exact form of an export's lines."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


class SpoolLines:
    """Writes each checked record's export line to ``spool``: from its stored bytes as they are when the chain proved
    them in Questlog's exact form (chain format 3), else encoded from its parsed state (older formats)."""

    def __init__(self, spool: Any) -> None:
        self.spool, self.heads = spool, {topic: f'"topic":{dumps(topic)},"state":'.encode("ascii") for topic in TOPICS}

    def __call__(self, version: int, topic: str, state: Any, exact: bytes | None) -> None:
        if exact is None:
            self.spool.write(dumps({"version": version, "topic": topic, "state": state}).encode("utf-8", "surrogatepass") + b"\n")
        else:
            self.spool.write(b'{"version":%d,%s%s}\n' % (version, self.heads[topic], exact))


def state_bytes(line: str, record: dict[str, Any]) -> bytes:
    """A record line's ``state`` as the bytes it was stored as: the line is in its exact form (checked), so they are its
    text after the ``"state":`` member's name, up to the closing brace (what an import stores, ``domain.transfer._stored``)."""
    head = len(f'{{"version":{record["version"]},"topic":{dumps(record["topic"])},"state":')
    return line[head:-1].encode("utf-8", "surrogatepass")
