"""The ``board`` view drawn: a map for a terminal and an SVG for the page (pure functions of its JSON).

Rooms sit on the layout's grid (``at``). Marks: ``?`` a face-down Room, ``F`` Fire, ``M`` Malfunction,
``T`` a Technical Corridors entrance, ``iN`` N Items on the Item Counter. Below the map: Noise markers,
Doors, the Malfunction pool, the Characters and the Intruders.
"""

from __future__ import annotations

from html import escape
from typing import Any

CELL = 16


def _marks(room: dict[str, Any]) -> str:
    marks = [m for m, on in (("F", room["fire"]), ("M", room["malfunction"]), ("T", room["technical_entrance"])) if on]
    if room["items"] is not None:
        marks.append(f"i{room['items']}")
    return " ".join(marks)


def _cell(rid: str, room: dict[str, Any]) -> list[str]:
    name = room["name"] or f"? {rid}"
    who = " ".join([c[:3] for c in room["characters"]] + [i.replace("-", "") for i in room["intruders"]])
    inner = CELL - 2
    return ["┌" + "─" * inner + "┐", "│" + name[:inner].ljust(inner) + "│", "│" + _marks(room)[:inner].ljust(inner) + "│",
            "│" + who[:inner].ljust(inner) + "│", "└" + "─" * inner + "┘"]


def _map(rooms: dict[str, Any]) -> list[str]:
    width = max(r["at"][0] for r in rooms.values()) + 1
    height = max(r["at"][1] for r in rooms.values()) + 1
    grid = [[" " * CELL] * width for _ in range(height * 5)]
    for rid, room in rooms.items():
        x, y = room["at"]
        for k, line in enumerate(_cell(rid, room)):
            grid[y * 5 + k][x] = line
    return [("".join(row)).rstrip() for row in grid if "".join(row).strip()]


def board_text(board: dict[str, Any]) -> str:
    """The ship as a terminal map plus its markers, Characters and Intruders."""
    head = f"Round {board['round']}" + (f" — GAME OVER: {board['ended']}" if board["ended"] else "")
    lines = [head, *_map(board["rooms"])]
    noise = ", ".join(board["noise"]) or "none"
    doors = ", ".join(f"{c} {v['door']}" for c, v in board["corridors"].items() if v["door"] != "open") or "all open"
    lines += [f"Noise markers: {noise}", f"Doors: {doors}", f"Malfunction markers in the pool: {board['malfunction_pool']} of 8"]
    for cid, ch in board["characters"].items():
        state = "Hibernated" if ch["hibernated"] else ("turn over" if ch["turn_over"] else f"{ch['actions']} action(s)")
        due = f", {ch['pending']} due" if ch["pending"] else ""
        lines.append(f"  {cid:<10} in {ch['room']:<14} Wounds {ch['light_wounds']} light / {ch['serious_wounds']} serious"
                     f"{', Slime' if ch['slime'] else ''}; {state}{due}")
    for iid, x in board["intruders"].items():
        lines.append(f"  {iid:<10} in {x['room']:<14} Injuries {x['injuries']}{', in Combat' if x['in_combat'] else ''}")
    return "\n".join(lines)


def _centre(room: dict[str, Any]) -> tuple[int, int]:
    return room["at"][0] * 130 + 60, room["at"][1] * 90 + 35


def _corridor_svg(cid: str, c: dict[str, Any], rooms: dict[str, Any]) -> str:
    (x1, y1), (x2, y2) = _centre(rooms[c["rooms"][0]]), _centre(rooms[c["rooms"][1]])
    mx, my = (x1 + x2) // 2, (y1 + y2) // 2
    out = [f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="#888" stroke-width="3"><title>{escape(cid)}</title></line>']
    if c["door"] != "open":
        colour = "#c00" if c["door"] == "closed" else "#666"
        out.append(f'<rect x="{mx - 6}" y="{my - 6}" width="12" height="12" fill="{colour}"><title>{escape(cid)}: Door {c["door"]}</title></rect>')
    if c["noise"]:
        out.append(f'<circle cx="{(x1 + mx) // 2}" cy="{(y1 + my) // 2}" r="6" fill="#39f"><title>{escape(cid)}: Noise</title></circle>')
    return "".join(out)


def _room_svg(rid: str, r: dict[str, Any], tc_noise: bool) -> str:
    x, y = r["at"][0] * 130 + 10, r["at"][1] * 90 + 10
    fill = "#fff" if r["explored"] else "#ccc"
    label = escape(r["name"] or f"? {rid}")
    who = escape(" ".join(r["characters"] + r["intruders"]))
    ring = ""
    if r["technical_entrance"]:
        ring = f'<circle cx="{x + 100}" cy="{y + 8}" r="5" fill="{"#3c3" if tc_noise else "none"}" stroke="#3c3"/>'
    return (f'<g><rect x="{x}" y="{y}" width="100" height="50" fill="{fill}" stroke="#333"/>'
            f'<text x="{x + 4}" y="{y + 14}" font-size="11">{label}</text>'
            f'<text x="{x + 4}" y="{y + 28}" font-size="10">{escape(_marks(r))}</text>'
            f'<text x="{x + 4}" y="{y + 42}" font-size="10">{who}</text>{ring}</g>')


def board_svg(board: dict[str, Any]) -> str:
    """The ship as an SVG fragment (escaped): rooms, corridors with Noise (blue) and Doors, green rings for
    Technical Corridors entrances (filled when the space has a Noise marker)."""
    rooms = board["rooms"]
    width = (max(r["at"][0] for r in rooms.values()) + 1) * 130
    height = (max(r["at"][1] for r in rooms.values()) + 1) * 90
    tc_noise = any(s["noise"] for s in board["technical_corridors"].values())
    body = "".join(_corridor_svg(c, v, rooms) for c, v in board["corridors"].items())
    body += "".join(_room_svg(rid, r, tc_noise) for rid, r in rooms.items())
    caption = escape(f"Round {board['round']}; Malfunction pool {board['malfunction_pool']}/8" +
                     (f"; game over: {board['ended']}" if board["ended"] else ""))
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height + 20}" role="img" '
            f'aria-label="The Nemesis ship">{body}<text x="10" y="{height + 14}" font-size="12">{caption}</text></svg>')
