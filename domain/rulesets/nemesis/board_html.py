"""The ``board`` view drawn for the table's page, phone first: the ship as lists (primary), then a map (secondary).

A pure function of the view's JSON (:mod:`.views`), every text escaped. At 320 px no drawing of the whole ship can
hold 12 px text and 44 px targets, so the lists are the board and its text alternative: the Characters (room,
Wounds, Slime, Actions, what they owe), the Intruders, and every Room (its markers, who is there, and its exits 1-4,
each corridor with its Noise marker and Door; the face-down Rooms out of every Character's reach in one closed group,
so a phone's first screens are the Rooms in play, occupied ones first). Each Character, Intruder, Room and corridor is a button carrying
``data-kind``/``data-id`` (the ids the actions take), so a tap offers the actions for it. The map below is a picture
(``role="img"``) with a legend: room codes, corridor numbers, Noise in blue, Doors, Fire, Malfunction; its text is
sized so it reads at 12 CSS px or more when the map is 256 px wide (a 320 px phone).
"""

from __future__ import annotations

import math
from typing import Any

from domain.core.html import attrs, esc

PITCH_X, PITCH_Y, BOX_W, BOX_H = 120, 120, 96, 92
MIN_MAP_PX = 256
"""The narrowest the map is drawn (the board's width on a 320 px phone); its text is sized for it."""
MIN_TEXT_PX = 12.5
NAMES = {"captain": "Captain", "mechanic": "Mechanic", "pilot": "Pilot", "scientist": "Scientist", "scout": "Scout", "soldier": "Soldier"}


def circles(board: dict[str, Any]) -> dict[str, str]:
    """Each Technical Corridors space's letter (``A``, ``B``, ... in the layout's order, as the terminal map names them)
    where the board has more than one circle (the board's other side), else none (nemesis.txt § Technical Corridors)."""
    spaces = list(board["technical_corridors"])
    return {s: chr(ord("A") + n) for n, s in enumerate(spaces)} if len(spaces) > 1 else {}


def _room_name(rid: str, r: dict[str, Any]) -> str:
    return r["name"] or f"{rid} (face down)"


def _who(cid: str) -> str:
    return NAMES.get(cid, cid.capitalize())


def _intruder(iid: str) -> str:
    return iid.replace("-", " ").capitalize()


def room_code(rid: str) -> str:
    """The short code a Room carries on the map: ``room-4`` -> ``4``, ``engine-1`` -> ``E1``, else 3 letters."""
    head, _, tail = rid.rpartition("-")
    if tail.isdigit():
        return tail if head == "room" else (head[:1].upper() + tail)
    return rid[:3].capitalize()


def _button(kind: str, ident: str, text: str, extra: str = "") -> str:
    return f'<button type="button"{attrs(data_kind=kind, data_id=ident)}{extra}>{esc(text)}</button>'


def _wounds(ch: dict[str, Any]) -> str:
    return f"Wounds: {ch['light_wounds']} Light, {ch['serious_wounds']} Serious"


def _character(cid: str, ch: dict[str, Any], rooms: dict[str, Any]) -> str:
    facts = [f"in {_room_name(ch['room'], rooms[ch['room']])}", _wounds(ch)]
    facts += ["Slime marker"] if ch["slime"] else []
    if ch["hibernated"]:
        facts.append("Hibernated")
    elif ch["pending"]:
        facts.append("owes a Noise roll" if ch["pending"] == "noise-roll" else "owes an Encounter")
    else:
        facts.append("turn over" if ch["turn_over"] else f"{ch['actions']} of 2 Actions taken")
    data = attrs(data_character=cid, data_room=ch["room"], data_light=ch["light_wounds"], data_serious=ch["serious_wounds"])
    button = _button("character", cid, _who(cid), ' class="big"')
    return f'<li class="card"{data}>{button}<p>{esc(" · ".join(facts))}</p></li>'


def _intruder_item(iid: str, x: dict[str, Any], rooms: dict[str, Any]) -> str:
    facts = [f"in {_room_name(x['room'], rooms[x['room']])}", f"{x['injuries']} Injuries"] + (["in Combat"] if x["in_combat"] else [])
    return f'<li class="card"{attrs(data_intruder=iid)}>{_button("intruder", iid, _intruder(iid))}<p>{esc(" · ".join(facts))}</p></li>'


def _marks(rid: str, r: dict[str, Any], board: dict[str, Any]) -> list[str]:
    marks = [] if r["explored"] else ["unexplored"]
    marks += [m for m, on in (("Fire", r["fire"]), ("Malfunction", r["malfunction"])) if on]
    if r["computer"]:
        marks.append("Computer" if r["computer"] == "available" else "Computer unavailable")
    if r["items"] is not None:
        marks.append(f"{r['items']} Item{'s' if r['items'] != 1 else ''}")
    if r["technical_entrance"]:
        letter = circles(board).get(r["technical_entrance"])
        marks.append("Technical Corridors entrance" + (f" (circle {letter})" if letter else ""))
    return marks


def _exit(number: str, place: str, rid: str, board: dict[str, Any]) -> str:
    rooms = board["rooms"]
    if place in board["corridors"]:
        c = board["corridors"][place]
        other = c["rooms"][1] if c["rooms"][0] == rid else c["rooms"][0]
        where = f"to {_room_name(other, rooms[other])}"
        states = (["Noise marker"] if c["noise"] else []) + ([f"Door {c['door']}"] if c["door"] != "open" else [])
    else:
        letter = circles(board).get(place)
        where = "Technical Corridors" + (f" circle {letter}" if letter else "")
        states = ["Noise marker"] if board["technical_corridors"][place]["noise"] else []
    label = place if place in board["corridors"] else "Technical" + (f" {circles(board)[place]}" if circles(board) else "")
    tail = esc(" · ".join([where, *states]))
    return f'<li{attrs(data_exit=number, data_place=place)}>Exit {esc(number)}: {_button("corridor", place, label)} {tail}</li>'


def _room(rid: str, r: dict[str, Any], board: dict[str, Any]) -> str:
    marks = "".join(f"<li>{esc(m)}</li>" for m in _marks(rid, r, board))
    people = [_who(c) for c in r["characters"]] + [_intruder(i) for i in r["intruders"]]
    here = f'<p>Here: {esc(", ".join(people))}</p>' if people else ""
    exits = "".join(_exit(n, p, rid, board) for n, p in sorted(r["exits"].items()))
    opened = " open" if people else ""
    tags = f'<ul class="ql-tags">{marks}</ul>' if marks else ""
    title = f"{_room_name(rid, r)} · map {room_code(rid)}"
    return (f'<li class="card"{attrs(data_room=rid)}>{_button("room", rid, title)}'
            f'{tags}{here}'
            f'<details{opened}><summary>Exits 1–4</summary><ul class="ql-list">{exits}</ul></details></li>')


def _head(board: dict[str, Any]) -> str:
    noise = ", ".join(board["noise"]) or "none"
    doors = ", ".join(f"{c} {v['door']}" for c, v in board["corridors"].items() if v["door"] != "open") or "all open"
    facts = [f"Round {board['round']}", f"Malfunction pool {board['malfunction_pool']} of 8", f"Noise markers: {noise}", f"Doors: {doors}"]
    ended = f'<p class="note">Game over: {esc(board["ended"])}</p>' if board["ended"] else ""
    return f'{ended}<p>{esc(" · ".join(facts))}</p>'


def _near_and_far(board: dict[str, Any]) -> tuple[list[str], list[str]]:
    """The Room ids shown as cards, where the play is first (the Rooms someone is in, then those next to a Character's:
    where a move may go, then the other printed, explored or marked ones), and the rest (face down, empty, out of
    every Character's reach: one closed "Face-down Rooms" group, each still a tappable card); each in layout order."""
    here = {ch["room"] for ch in board["characters"].values()}
    beside = {room for c in board["corridors"].values() if here & set(c["rooms"]) for room in c["rooms"]}
    rooms = board["rooms"]
    quiet = [rid for rid, r in rooms.items() if not r["explored"] and rid not in beside and not r["characters"]
             and not r["intruders"] and not r["fire"] and not r["malfunction"]]
    occupied = [rid for rid, r in rooms.items() if r["characters"] or r["intruders"]]
    near = occupied + [rid for rid in rooms if rid in beside and rid not in occupied]
    return near + [rid for rid in rooms if rid not in near and rid not in quiet], quiet


def board_html(board: dict[str, Any]) -> str:
    """The ship for the page: the head line, Characters, Intruders, Rooms (with exits), then the map and its legend."""
    rooms = board["rooms"]
    chars = "".join(_character(c, ch, rooms) for c, ch in board["characters"].items())
    aliens = "".join(_intruder_item(i, x, rooms) for i, x in board["intruders"].items())
    parts = [_head(board)]
    parts.append(f'<h3>Characters</h3><ul class="cards">{chars}</ul>' if chars else "<p>No Characters yet: start the game.</p>")
    parts.append(f'<h3>Intruders</h3><ul class="cards">{aliens}</ul>' if aliens else "")
    near, far = _near_and_far(board)
    parts.append(f'<h3>Rooms</h3><ul class="cards">{"".join(_room(rid, rooms[rid], board) for rid in near)}</ul>')
    if far:
        inside = "".join(_room(rid, rooms[rid], board) for rid in far)
        parts.append(f'<details class="nm-far"><summary>Face-down Rooms away from every Character ({len(far)})</summary>'
                     f'<ul class="cards">{inside}</ul></details>')
    parts.append(ship_map(board))
    return "".join(parts)


# -- the map -------------------------------------------------------------------------------------------------------


def font_size(width: int) -> int:
    """SVG units for text that reads at 12.5 CSS px when ``width`` units are drawn :data:`MIN_MAP_PX` wide."""
    return math.ceil(MIN_TEXT_PX * width / MIN_MAP_PX)


def _centre(at: list[int]) -> tuple[int, int]:
    return at[0] * PITCH_X + BOX_W // 2, at[1] * PITCH_Y + BOX_H // 2


def _corridor(cid: str, c: dict[str, Any], rooms: dict[str, Any], f: int) -> str:
    (x1, y1), (x2, y2) = _centre(rooms[c["rooms"][0]]["at"]), _centre(rooms[c["rooms"][1]]["at"])
    mx, my = (x1 + x2) // 2, (y1 + y2) // 2
    fill = "#8fb8ff" if c["noise"] else "#252937"
    door = {"closed": "#ff7b7b", "destroyed": "#b7bccb"}.get(c["door"])
    ring = f' stroke="{door}" stroke-width="8"' if door else ' stroke="#b7bccb" stroke-width="2"'
    number = cid[1:] if cid[:1] == "c" and cid[1:].isdigit() else cid  # the shipped ship's c7 as 7; a board's own ids whole
    ink = "#0b1530" if c["noise"] else "#eceef4"
    return (f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="#5a6075" stroke-width="6"/>'
            f'<circle cx="{mx}" cy="{my}" r="{int(f * .8)}" fill="{fill}"{ring}/>'
            f'<text x="{mx}" y="{my + f // 3}" font-size="{f}" text-anchor="middle" fill="{ink}">{esc(number)}</text>')


def _room_box(rid: str, r: dict[str, Any], f: int, letters: dict[str, str]) -> str:
    x, y = r["at"][0] * PITCH_X, r["at"][1] * PITCH_Y
    fill = "#f4f1e8" if r["explored"] else "#8d8a82"
    if r["fire"]:
        fill = "#ffb38a"
    tc = "T" + letters.get(r["technical_entrance"], "") if r["technical_entrance"] else ""
    marks = "".join(m for m, on in (("F", r["fire"]), ("M", r["malfunction"]), (tc, tc)) if on)
    people = len(r["characters"]) + len(r["intruders"])
    disc = ""
    if people:
        colour = "#ff7b7b" if r["intruders"] else "#6bd9a6"
        disc = (f'<circle cx="{x + BOX_W}" cy="{y}" r="{int(f * .7)}" fill="{colour}" stroke="#101218" stroke-width="3"/>'
                f'<text x="{x + BOX_W}" y="{y + f // 3}" font-size="{f}" text-anchor="middle" fill="#101218">{people}</text>')
    return (f'<rect x="{x}" y="{y}" width="{BOX_W}" height="{BOX_H}" rx="8" fill="{fill}" stroke="#101218" stroke-width="3"/>'
            f'<text x="{x + 8}" y="{y + f}" font-size="{f}" font-weight="700" fill="#101218">{esc(room_code(rid))}</text>'
            f'<text x="{x + 8}" y="{y + 2 * f}" font-size="{f}" fill="#7a1d00">{esc(marks[:4])}</text>{disc}')


LEGEND = ("Rooms carry their map code (the Rooms list names each); grey: face down; orange: Fire. "
          "Letters: F Fire, M Malfunction, T Technical Corridors entrance. A disc at a Room's corner counts who is there "
          "(red: an Intruder among them). Circles number the corridors: blue with a Noise marker, a red ring a Closed "
          "Door, a grey ring a destroyed one.")


def ship_map(board: dict[str, Any]) -> str:
    """The ship as an SVG picture (rooms on the layout's grid, corridors numbered) with its legend below."""
    rooms = board["rooms"]
    cols = max(r["at"][0] for r in rooms.values()) + 1
    rows = max(r["at"][1] for r in rooms.values()) + 1
    pad = 40
    width, height = cols * PITCH_X - (PITCH_X - BOX_W) + 2 * pad, rows * PITCH_Y - (PITCH_Y - BOX_H) + 2 * pad
    f = font_size(width)
    body = "".join(_corridor(c, v, rooms, f) for c, v in board["corridors"].items())
    letters = circles(board)
    body += "".join(_room_box(rid, r, f, letters) for rid, r in rooms.items())
    noisy = [s for s, v in board["technical_corridors"].items() if v["noise"]]
    tc = (" Technical Corridors circles: " + ", ".join(f"{n} {s}" for s, n in letters.items())
          + f" (T{', T'.join(letters.values())} on a Room: its entrance to that circle).") if letters else ""
    tc += f" A Noise marker in the Technical Corridors{' ' + ', '.join(letters[s] for s in noisy) if letters else ''}." if noisy else ""
    return (f'<div class="nm-map"><svg xmlns="http://www.w3.org/2000/svg" viewBox="{-pad} {-pad} {width} {height}" width="100%" '
            f'role="img" aria-label="Map of the ship: the Rooms list above says the same.{esc(tc)}"{attrs(data_font=f)}>'
            f'{body}</svg><p class="help">{esc(LEGEND)}{esc(tc)}</p></div>')


__all__ = ["board_html", "circles", "font_size", "room_code", "ship_map"]
