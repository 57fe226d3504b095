"""Drawing a view's JSON as HTML: the ruleset's own drawing (``html_views``) or a readable generic one.

The generic drawing never shows raw JSON: an object becomes a definition list (nested objects become
titled sections), a list of scalars a comma-separated line, a list of same-shaped objects or an object of
small same-shaped objects a table, ``true`` / ``false`` "yes" / "no" and ``null`` an em dash.
"""

from __future__ import annotations

import logging
from typing import Any

from markupsafe import Markup, escape

from domain.core.ruleset import Ruleset

log = logging.getLogger("questlog.pages")
TABLE_COLUMNS = 8
"""Most columns a table may have before same-shaped objects are drawn as sections instead."""


def label(key: Any) -> str:
    """A JSON key as people read it: ``stress_limit`` -> ``stress limit``."""
    return str(key).replace("_", " ")


def _scalar(value: Any) -> Markup:
    if value is None:
        return Markup('<span class="ql-none">—</span>')
    if isinstance(value, bool):
        return Markup("yes" if value else "no")
    return escape(value)


def _is_scalar(value: Any) -> bool:
    return value is None or isinstance(value, (str, int, float, bool))


def _small(value: Any) -> bool:
    """Fits in a table cell: a scalar, a list of scalars, or an object of scalars."""
    if isinstance(value, list):
        return all(_is_scalar(v) for v in value)
    if isinstance(value, dict):
        return len(value) <= 6 and all(_is_scalar(v) for v in value.values())
    return _is_scalar(value)


def _same_shape(rows: list[Any]) -> list[str] | None:
    """The shared keys when every row is an object with the same few keys and small values."""
    if not rows or not all(isinstance(r, dict) for r in rows):
        return None
    keys = list(rows[0])
    if not keys or len(keys) > TABLE_COLUMNS or any(list(r) != keys for r in rows):
        return None
    return keys if all(_small(v) for r in rows for v in r.values()) else None


def _inline(value: Any) -> Markup:
    if isinstance(value, list):
        return Markup(", ").join(_scalar(v) for v in value) if value else Markup('<span class="ql-none">none</span>')
    if isinstance(value, dict):
        parts = [Markup("{} {}").format(label(k), _scalar(v)) for k, v in value.items()]
        return Markup(", ").join(parts) if parts else Markup('<span class="ql-none">none</span>')
    return _scalar(value)


def _join(path: str, key: Any) -> str:
    return f"{path}.{key}" if path else str(key)


def _table(rows: list[tuple[Any, str | None, dict[str, Any]]], keys: list[str], caption: str, path: str) -> Markup:
    """Rows of ``(key, row header or None, object)``; each cell carries its dotted ``data-path``."""
    head = Markup("").join(Markup('<th scope="col">{}</th>').format(label(k)) for k in keys)
    corner = Markup('<th scope="col"><span class="ql-sr">name</span></th>') if rows and rows[0][1] is not None else Markup("")
    body = Markup("").join(
        Markup("<tr>{}{}</tr>").format(Markup('<th scope="row">{}</th>').format(name) if name is not None else "",
                                       Markup("").join(Markup('<td data-path="{}">{}</td>').format(_join(_join(path, key), k), _inline(r[k]))
                                                       for k in keys))
        for key, name, r in rows)
    return Markup('<div class="ql-scroll" tabindex="0" role="region" aria-label="{0} (scrolls sideways)"><table class="ql-table">'
                  "<caption>{0}</caption><thead><tr>{1}{2}</tr></thead><tbody>{3}</tbody></table></div>").format(caption or "table", corner, head, body)


def generic(data: Any, title: str = "", level: int = 3, path: str = "") -> Markup:
    """``data`` (any JSON) as readable HTML; ``title`` names it (table captions, section headings from ``level``).

    Every value drawn carries its dotted ``data-path`` in the view's JSON (``boards.red.integrity``), so a
    test can compare the page with the API's view."""
    if isinstance(data, list):
        keys = _same_shape(data)
        if keys:
            return _table([(i, None, r) for i, r in enumerate(data)], keys, title, path)
        if all(_is_scalar(v) for v in data):
            return Markup('<p data-path="{}">{}</p>').format(path, _inline(data))
        return Markup('<ol class="ql-list">{}</ol>').format(
            Markup("").join(Markup("<li>{}</li>").format(generic(v, title, level, _join(path, i))) for i, v in enumerate(data)))
    if isinstance(data, dict):
        keys = _same_shape(list(data.values())) if len(data) > 1 else None
        if keys:
            return _table([(k, escape(label(k)), v) for k, v in data.items()], keys, title, path)
        return _definitions(data, level, path)
    return Markup('<span data-path="{}">{}</span>').format(path, _scalar(data))


def _definitions(data: dict[str, Any], level: int, path: str) -> Markup:
    simple = [(k, v) for k, v in data.items() if _small(v)]
    nested = [(k, v) for k, v in data.items() if not _small(v)]
    out = Markup("")
    if simple:
        out += Markup('<dl class="ql-dl">{}</dl>').format(
            Markup("").join(Markup('<dt>{}</dt><dd data-path="{}">{}</dd>').format(label(k), _join(path, k), _inline(v)) for k, v in simple))
    heading = min(level, 6)
    for key, value in nested:
        out += Markup('<section class="ql-section"><h{0}>{1}</h{0}>{2}</section>').format(
            heading, label(key), generic(value, label(key), level + 1, _join(path, key)))
    return out or Markup('<p class="ql-none">empty</p>')


def view_html(ruleset: Ruleset, name: str, data: Any) -> Markup:
    """A view drawn by its ruleset's ``html_views`` entry when it has one (trusted to escape its texts, see
    :attr:`Ruleset.html_views`), else by :func:`generic`. A failing drawing falls back to the generic one (logged)."""
    draw = getattr(ruleset, "html_views", {}).get(name)
    if draw is not None:
        try:
            return Markup(draw(data))
        except Exception:  # a broken drawing must not hide the board: the generic one still shows every value
            log.exception("html view %s of %s failed; drawing it generically", name, ruleset.game)
    return generic(data, label(name))
