"""The ``board`` view drawn for a terminal: the layout's rooms on its grid, its corridors as lines with their ids,
the exit numbers where each corridor leaves a room (as on the printed board), and a legend (a pure function of
the view's JSON, for every layout: the shipped sides and a group's own).

Marks in a room: ``?`` a face-down Room tile, ``F`` Fire, ``M`` Malfunction, ``iN`` N Items left, ``Tn`` a Technical
Corridors entrance under exit n (``Tn/A``: of circle A where the board has several). On a corridor's id: ``*`` a
Noise marker, ``#`` a Closed Door, ``x`` a destroyed Door. Below the map: the legend, every corridor with the exit
numbers at each end, the Technical Corridors, Noise markers, Doors, the Malfunction pool, what is owed, the
Characters and the Intruders.
"""

from __future__ import annotations

from typing import Any
from domain.core.names import counted

CW, CH = 22, 8
"""A grid cell in characters (columns x lines); a room's box is BW x BH inside it."""
BW, BH = 16, 5
LETTERS = "ABCDEFGH"


class Canvas:
    """A grid of characters; ``kinds`` remembers what drew each one (box, number, line, label)."""

    def __init__(self, width: int, height: int) -> None:
        self.chars = [[" "] * width for _ in range(height)]
        self.kinds = [[""] * width for _ in range(height)]

    def put(self, x: int, y: int, char: str, kind: str) -> None:
        """Draw ``char`` at (x, y) (ignored outside the canvas)."""
        if 0 <= y < len(self.chars) and 0 <= x < len(self.chars[0]):
            self.chars[y][x], self.kinds[y][x] = char, kind

    def kind(self, x: int, y: int) -> str:
        """What drew (x, y): ``""`` blank, ``box``, ``border``, ``number``, ``line``, ``label``; ``out`` outside."""
        if 0 <= y < len(self.chars) and 0 <= x < len(self.chars[0]):
            return self.kinds[y][x]
        return "out"

    def lines(self) -> list[str]:
        """The drawing, trailing blanks and blank lines at the end removed."""
        out = ["".join(row).rstrip() for row in self.chars]
        while out and not out[-1]:
            out.pop()
        return out


def _origin(at: list[int]) -> tuple[int, int]:
    return at[0] * CW + (CW - BW) // 2, at[1] * CH + (CH - BH) // 2


def _centre(at: list[int]) -> tuple[int, int]:
    x, y = _origin(at)
    return x + BW // 2, y + BH // 2


def _marks(room: dict[str, Any], circle: dict[str, str]) -> str:
    marks = [m for m, on in (("F", room["fire"]), ("M", room["malfunction"])) if on]
    if room["items"] is not None:
        marks.append(f"i{room['items']}")
    space = room["technical_entrance"]
    if space:
        numbers = "".join(n for n, p in sorted(room["exits"].items()) if p == space)
        marks.append(f"T{numbers}" + (f"/{circle[space]}" if len(circle) > 1 else ""))
    return " ".join(marks)


def _box(canvas: Canvas, rid: str, room: dict[str, Any], circle: dict[str, str]) -> None:
    x, y = _origin(room["at"])
    who = " ".join([c[:3] for c in room["characters"]] + [i.replace("-", "") for i in room["intruders"]])
    inner = BW - 2
    rows = ["┌" + "─" * inner + "┐", "│" + (room["name"] or f"? {rid}")[:inner].ljust(inner) + "│",
            "│" + _marks(room, circle)[:inner].ljust(inner) + "│", "│" + who[:inner].ljust(inner) + "│",
            "└" + "─" * inner + "┘"]
    for dy, row in enumerate(rows):
        for dx, char in enumerate(row):
            edge = dy in (0, BH - 1) or dx in (0, BW - 1)
            canvas.put(x + dx, y + dy, char, "border" if edge else "box")


def _path(a: tuple[int, int], b: tuple[int, int]) -> list[tuple[int, int, str]]:
    """The points from ``a`` to ``b`` (Bresenham), each with the stroke of the step that reached it."""
    (x, y), (x2, y2) = a, b
    dx, dy, sx, sy = abs(x2 - x), -abs(y2 - y), 1 if x2 > x else -1, 1 if y2 > y else -1
    err, out = dx + dy, []
    while (x, y) != (x2, y2):
        e2, moved_x, moved_y = 2 * err, False, False
        if e2 >= dy:
            err, x, moved_x = err + dy, x + sx, True
        if e2 <= dx:
            err, y, moved_y = err + dx, y + sy, True
        stroke = "-" if not moved_y else "|" if not moved_x else ("\\" if sx == sy else "/")
        out.append((x, y, stroke))
    return out


def _numbers(canvas: Canvas, points: list[tuple[int, int, str]], text: str) -> None:
    """Write an exit's numbers on the box border where the corridor leaves it: along a top or bottom edge, or down a
    side edge."""
    for x, y, _ in points:
        if canvas.kind(x, y) == "border":
            across = canvas.kind(x + 1, y) == "border" or canvas.kind(x - 1, y) == "border"
            step = (1, 0) if across and canvas.chars[y][x] == "─" or canvas.chars[y][x] in "┌┐└┘" else (0, 1)
            spots = [(x + step[0] * k, y + step[1] * k) for k in range(BW)]
            spots = [p for p in spots if canvas.kind(*p) == "border" and canvas.chars[p[1]][p[0]] in "─│"]
            for digit, (px, py) in zip(text, spots):
                canvas.put(px, py, digit, "number")
            return


def _corridor(canvas: Canvas, cid: str, c: dict[str, Any], rooms: dict[str, Any]) -> None:
    a, b = c["rooms"]
    points = _path(_centre(rooms[a]["at"]), _centre(rooms[b]["at"]))
    free = [(x, y, s) for x, y, s in points if canvas.kind(x, y) in ("", "line")]
    for x, y, stroke in free:
        canvas.put(x, y, "+" if canvas.kind(x, y) == "line" and canvas.chars[y][x] != stroke else stroke, "line")
    for end, path in ((a, points), (b, points[::-1])):
        _numbers(canvas, path, "".join(n for n, p in sorted(rooms[end]["exits"].items()) if p == cid))
    label = cid + ("*" if c["noise"] else "") + {"closed": "#", "destroyed": "x"}.get(c["door"], "")
    if free:
        x, y, _ = free[len(free) // 2]
        start = x - len(label) // 2
        if all(canvas.kind(start + k, y) in ("", "line") for k in range(len(label))):
            for k, char in enumerate(label):
                canvas.put(start + k, y, char, "label")


def draw_map(board: dict[str, Any]) -> list[str]:
    """The map: rooms on their grid with corridors, ids and exit numbers."""
    rooms = board["rooms"]
    circle = {s: LETTERS[n % len(LETTERS)] for n, s in enumerate(board["technical_corridors"])}
    width = (max(r["at"][0] for r in rooms.values()) + 1) * CW
    height = (max(r["at"][1] for r in rooms.values()) + 1) * CH
    canvas = Canvas(width, height)
    for rid, room in rooms.items():
        _box(canvas, rid, room, circle)
    for cid, c in board["corridors"].items():
        _corridor(canvas, cid, c, rooms)
    return canvas.lines()


def _end(board: dict[str, Any], room: str, place: str) -> str:
    numbers = ",".join(n for n, p in sorted(board["rooms"][room]["exits"].items()) if p == place)
    return f"{room} {numbers}"


def legend(board: dict[str, Any]) -> list[str]:
    """The legend, every corridor with its ends' exit numbers, and the Technical Corridors circles."""
    lines = ["Legend: ? face-down Room tile, F Fire, M Malfunction, iN Items left, Tn Technical Corridors entrance "
             "under exit n; digits on a room's edge: the exit numbers (Noise die) of the corridor leaving there; "
             "on a corridor: * Noise marker, # Closed Door, x destroyed Door"]
    entries = [f"{cid}: {_end(board, c['rooms'][0], cid)} — {_end(board, c['rooms'][1], cid)}"
               for cid, c in board["corridors"].items()]
    lines.append("Corridors (id: room exit numbers — room exit numbers):")
    lines += ["  " + "; ".join(entries[k:k + 3]) for k in range(0, len(entries), 3)]
    circle = {s: LETTERS[n % len(LETTERS)] for n, s in enumerate(board["technical_corridors"])}
    for space, v in board["technical_corridors"].items():
        tag = f" ({circle[space]})" if len(circle) > 1 else ""
        lines.append(f"Technical Corridors {space}{tag}{' — Noise marker' if v['noise'] else ''}: entrances "
                     + ", ".join(_end(board, r, space) for r in v["entrances"]))
    return lines


def board_text(board: dict[str, Any]) -> str:
    """The ship as a terminal map with its corridors, numbers and legend, then markers, what is owed, the
    Characters and the Intruders."""
    name = board.get("layout", {}).get("name")
    head = f"Round {board['round']}" + (f" — {name}" if name else "") + \
        (f" — GAME OVER: {board['ended']}" if board["ended"] else "")
    lines = [head, *draw_map(board), *legend(board)]
    noise = ", ".join(board["noise"]) or "none"
    doors = ", ".join(f"{c} {v['door']}" for c, v in board["corridors"].items() if v["door"] != "open") or "all open"
    lines += [f"Noise markers: {noise}", f"Doors: {doors}", f"Malfunction markers in the pool: {board['malfunction_pool']} of 8"]
    lines += [f"Owed: {o['text']}" for o in board.get("owed", [])]
    for cid, ch in board["characters"].items():
        state = "Hibernated" if ch["hibernated"] else ("turn over" if ch["turn_over"] else counted(ch['actions'], 'action'))
        due = f", {ch['pending']} due" if ch["pending"] else ""
        lines.append(f"  {cid:<10} in {ch['room']:<14} Wounds {ch['light_wounds']} light / {ch['serious_wounds']} serious"
                     f"{', Slime' if ch['slime'] else ''}; {state}{due}")
    for iid, x in board["intruders"].items():
        lines.append(f"  {iid:<10} in {x['room']:<14} Injuries {x['injuries']}{', in Combat' if x['in_combat'] else ''}")
    return "\n".join(lines)
