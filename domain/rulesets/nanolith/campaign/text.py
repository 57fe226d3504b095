"""Campaign Mode views drawn as text for the terminal (pure functions of each view's JSON)."""

from __future__ import annotations

from typing import Any

from ..vocabulary import NAMES


def _cost(fig: dict[str, Any]) -> str:
    if not fig["cost"]:
        return "—"
    return f"{fig['combination']} {'-'.join(map(str, fig['cost']))}"


def _figures(fig: dict[str, Any]) -> str:
    numbers = ", ".join(f"{k} {v}" for k, v in fig["numbers"].items())
    rng = "any space" if fig["range"] == "any" else (f"range {fig['range']}" if fig["range"] is not None else "")
    return "; ".join(x for x in (_cost(fig), numbers, rng) if x)


def _value(value: Any) -> str:
    """A sticker's before / after value in words: ``1-1`` for a cost, ``locked`` for no Nanosync yet."""
    if isinstance(value, list):
        return "-".join(map(str, value))
    return "locked" if value is None else str(value)


def _divider(div: dict[str, Any]) -> str:
    spaces = "●" * div["conscious"]
    code = f"  {div['code']} on space {div['space']}" if div["code"] else "  (X-space not set)"
    bonus = f"  Bonus Skill {div['bonus_skill']}" if div["bonus_skill"] else ""
    return f"Divider Card  unconscious {div['unconscious']:>2} │ conscious {div['conscious']:>2} {spaces}{code}{bonus}"


def stickers_text(view: dict[str, Any]) -> str:
    """The ``stickers`` view: one block per character, then the High-Frequency Nanopotential card."""
    lines: list[str] = []
    for char_id, c in view["characters"].items():
        lines += [f"{NAMES.get(char_id, char_id)}", f"  {_divider(c['divider'])}"]
        for name, s in c["skills"].items():
            marks = ("A" if s["active"] else " ") + ("C" if s["conscious"] else "u") + ("N" if s["nanosync"] else " ")
            stuck = ", ".join(f"{slot}: {_value(st['before'])}→{_value(st['after'])}" for slot, st in s["stickers"].items())
            lines.append(f"  [{marks}] {name:<22} {_figures(s['effective']):<40} {stuck}")
        lines.append(f"  Nanosync Tokens held {c['nanosync_tokens']['held']}")
        for weapon, slots in c["weapons"].items():
            lines.append(f"  {weapon}: " + "; ".join(f"slot {k} {v['on_top']}" + (f" (over {', '.join(v['under'])})" if v["under"] else "")
                                                     for k, v in slots.items()))
        if c["body_augmentations"]:
            lines.append("  Body Augmentations: " + ", ".join(f"{d} {n}" for d, n in c["body_augmentations"].items()))
        lines.append("")
    hf = view["high_frequency"]
    lines.append(f"High-Frequency Nanopotential  unspent {hf['unspent']} │ spent {hf['spent']}")
    lines.append("[A] Active  [C] conscious / [u] unconscious  [N] Nanosync unlocked")
    return "\n".join(lines)


def unlocks_text(view: dict[str, Any]) -> str:
    """The ``unlocks`` view as lists."""
    lines = ["Hidden Cards:" + ("" if view["hidden_cards"] else " — (none found yet)")]
    for code, card in view["hidden_cards"].items():
        kind = ("Quest Item" + (", Persistent" if card["persistent"] else "")) if card["quest_item"] else "card"
        status = "discarded" if card["discarded"] else f"held by {NAMES.get(card['holder'], card['holder'] or 'nobody')}"
        lines.append(f"  {code:<6} {card['name']:<28} {kind:<24} {status}")
    lines.append("Skills:")
    for char_id, s in view["skills"].items():
        lines.append(f"  {NAMES.get(char_id, char_id):<9} active {', '.join(s['active']) or '—'}; conscious "
                     f"{', '.join(s['conscious']) or '—'}; unconscious {', '.join(s['unconscious']) or '—'}")
    lines.append("Start Items: " + (", ".join(f"{k} Lv. {v['level']} ({NAMES.get(v['holder'], v['holder'])})"
                                              for k, v in view["start_items"].items()) or "—"))
    lines.append("Defragmented texts: " + (", ".join(d["text"] for d in view["defragmented"]) or "—"))
    lines.append("Sidekick's programs: " + (", ".join(view["sidekick_programs"]) or "—"))
    for shop, offers in view["shops"].items():
        lines.append(f"{shop}: " + ", ".join(f"{o} {'☑' * v['ticked']}{'☐' * max(0, (v['boxes'] or 0) - v['ticked'])}"
                                             for o, v in offers.items()))
    return "\n".join(lines)


PLACES = {"lobby": "Lobby", "shop": "Shop", "city-map": "City Map", "comic": "Comic", "storybook": "Storybook",
          "save-point": "Save Point", "encounter": "Encounter"}
"""Where the group is, in words, by the ``place`` of ``progress.position`` (campaign.vocabulary.Place)."""


def _where(view: dict[str, Any]) -> str:
    """``Chapter 2 · Storybook: after Encounter 3 · difficulty normal · 2024-03-12``; with no Chapter
    recorded, says so and how to record it (an Encounter played on its own has none), never ``Chapter —``."""
    here = view["position"]
    chapter = f"Chapter {view['chapter']}" if view["chapter"] else "no Chapter recorded (start-chapter N records it)"
    place = f"{PLACES.get(here['place'], here['place'])}: {here['name']}" if here else "no place reached yet"
    parts = [chapter, place, f"difficulty {view['difficulty']}"] + ([view["date"]] if view["date"] else [])
    return " · ".join(parts)


def progress_text(view: dict[str, Any]) -> str:
    """The ``progress`` view as the campaign sheet."""
    lines = [_where(view)]
    lines.append("Encounters:")
    lines += [f"  {'✔' if e['outcome'] == 'victory' else '✘'} {e['name']}" + (f"  ({e['date']})" if e["date"] else "")
              for e in view["encounters"]] or ["  —"]
    lines.append("Save Points: " + (", ".join(s["name"] for s in view["save_points"]) or "—"))
    lines += [f"Game Over in {g['encounter']}: resumed at {g['save_point']}, upgrades {g['upgrades']}" for g in view["game_overs"]]
    tokens = view["mission_tokens"]
    lines.append("Mission Tokens: " + (", ".join(t + (" (chosen)" if t in tokens["chosen"] else "") for t in tokens["placed"]) or "—"))
    lines.append("Lobbies: " + (", ".join(view["lobbies"]) or "—"))
    lines.append("Nanostories: " + (", ".join(view["nanostories"]) or "—"))
    lines.append("Riddles: " + (", ".join(r["name"] for r in view["riddles"]) or "—"))
    lines.append(f"City Phases: {view['city_phases']}" + (f" (step {view['city_phase']['step']} now)" if view["city_phase"] else ""))
    return "\n".join(lines)


CAMPAIGN_TEXT_VIEWS = {"stickers": stickers_text, "unlocks": unlocks_text, "progress": progress_text}
