"""Nanolith's views drawn as text for the terminal: the board as the table would see it.

Pure functions of a view's JSON (``views.board``); the CLI prints them when ``--json`` is not asked.
"""

from __future__ import annotations

from typing import Any

from .content_text import content_text
from .vocabulary import NAMES, Phase


def _track(filled: int, size: int) -> str:
    return "■" * max(0, filled) + "□" * max(0, size - filled)


def _effects(effects: dict[str, int]) -> str:
    return ", ".join(f"{name} {n}" for name, n in effects.items() if n) or "—"


def _dice(dice: dict[str, Any]) -> str:
    available = " ".join(map(str, dice["available"])) or "—"
    spent = " ".join(map(str, dice["inactive_index"]))
    return available + (f"   placed: {spent}" if spent else "")


def _character_line(char_id: str, c: dict[str, Any], board: dict[str, Any]) -> str:
    name = NAMES.get(char_id, char_id)
    marks = ("◆" if board["initiative"] == char_id else " ") + ("▶" if board["activating"] == char_id else " ")
    if c["unconscious"]:
        return f"{marks} {name:<9} UNCONSCIOUS (only the Nanophoenix brings {name} back)   nanoshocks {c['nanoshocks']}"
    damage = f"{_track(c['damage'], 10)} {c['damage']:>2}/10"
    stress = f"{_track(c['stress'], c['stress_limit'] - 1)}▌ {c['stress']}/{c['stress_limit']}"
    token = "● active" if c["nanoshock_token"] == "active" else "○"
    done = " (done)" if c["activated"] and board["activating"] != char_id else ""
    shocks = f"×{c['nanoshocks']}"
    return f"{marks} {name:<9} {damage:<16}  {stress:<12}  {token:<9} {shocks:<6} {_dice(c['dice']):<24} {_effects(c['effects'])}{done}"


def _stress_spaces(characters: dict[str, Any]) -> str:
    """Which Inactive Index spaces give Stress (§ Spending Action Dice), or "not set" with how to set them."""
    shown = [f"{NAMES.get(c, c)} " + ("not set" if data.get("stress_spaces") is None else
                                      " ".join(map(str, data["stress_spaces"])) or "none")
             for c, data in characters.items()]
    hint = ("   (read them off the Player Boards: set-stress-spaces CHARACTER SPACES, or start-encounter --stress-spaces)"
            if any(data.get("stress_spaces") is None for data in characters.values()) else "")
    return "   Stress spaces on the Inactive Index: " + ", ".join(shown) + hint


def board_text(board: dict[str, Any]) -> str:
    """The ``board`` view as a picture: header, one line per Player Board, enemies, Spawn Pool."""
    phase = Phase(board["phase"]).title if board["phase"] in {p.value for p in Phase} else board["phase"]
    lines = [f"{board['encounter'] or 'No Encounter in progress'} — Round {board['round']}, {phase}",
             f"Reinforcement Pool {board['reinforcement_pool']}/12"
             + ("   lower difficulty" if board["lower_difficulty"] else "")
             + (f"   Nanoshock Action: {NAMES.get(board['nanoshock_action']['character'], '')}" if board["nanoshock_action"] else ""),
             "",
             f"   {'':<9} {'Damage':<16}  {'Stress ▌Cube':<12}  {'Token':<9} {'Shocks':<6} {'Dice (roll order)':<24} Effects"]
    lines += [_character_line(c, data, board) for c, data in board["characters"].items()]
    lines.append("   ◆ Initiative Token   ▶ activating")
    lines.append(_stress_spaces(board["characters"]))
    if board["enemies"]:
        lines += ["", "Enemies on the map:"]
        for enemy_id, e in board["enemies"].items():
            life = f"{e['damage']}/{e['life']}" if e.get("life") else f"{e['damage']} damage"
            lines.append(f"  {enemy_id:<20} {_track(e['damage'], e.get('life') or 0) if e.get('life') else ''} {life}"
                         + (f"  {_effects(e['effects'])}" if any(e["effects"].values()) else "")
                         + ("  PARALYZED" if e.get("paralyzed") else "") + (f"  [{e['class']}]" if e.get("class") else ""))
    pool = ", ".join(f"{kind} {' '.join(map(str, standees))}" for kind, standees in board["spawn_pool"].items() if standees)
    lines.append(f"Spawn Pool: {pool or 'empty'}")
    return "\n".join(lines + _cards(board))


def _cards(board: dict[str, Any]) -> list[str]:
    """Skill and Item Cards per character, Sidekick and Programs, Boss Card decks, Hacking Profiles."""
    lines = ["", "Cards:"]
    for char_id, c in board["characters"].items():
        tokens = ", ".join(f"{k} ×{n}" for k, n in c["skill_token_sources"].items())
        starts = ", ".join(f"{k}{'' if v == 'ready' else ' (face down)'}" for k, v in c["start_items"].items())
        lines.append(f"  {NAMES.get(char_id, char_id):<9} Skills: {', '.join(c['skills']['active']) or '—'}"
                     + (f"   tokens: {tokens}" if tokens else "")
                     + f"   Items: {', '.join(c['items']) or '—'}" + (f"   Start: {starts}" if starts else "")
                     + (f"   Quest: {', '.join(c['quest_items'])}" if c["quest_items"] else ""))
    kid = board["sidekick"]
    lines.append(f"  Sidekick  {'on the map ' + str(kid['damage']) + '/' + str(kid['life']) if kid['on_map'] else 'off the map'}"
                 f"   Programs: {', '.join(kid['programs']) or '—'}")
    for boss, deck in board["boss_cards"].items():
        lines.append(f"  Boss Cards {boss}: drawn {', '.join(deck['drawn'])}; waiting {', '.join(deck['waiting']) or '—'}")
    for target, p in board["profiles"].items():
        lines.append(f"  {target}: {p['damage']}{'/' + str(p['index']) if p['index'] else ''} Damage" + (" — hacked" if p["hacked"] else ""))
    if board.get("next_enemy"):
        lines.append(f"  next enemy: {board['next_enemy']}   (order: {', '.join(board['enemy_order'])})")
    return lines


def _names(ids: list[str]) -> str:
    return ", ".join(NAMES.get(c, c) for c in ids)


def turn_text(turn: dict[str, Any]) -> str:
    """The ``turn`` view for a group resuming play: where the Round stands, who still rolls or activates, what next."""
    if not turn["encounter"]:
        return f"No Encounter in progress.\nNext: {turn['next']}"
    lines = [f"{turn['encounter']} — Round {turn['round']}, {turn['phase_title']}"]
    facts = [f"Initiative Token: {NAMES.get(turn['initiative'], turn['initiative'])}" if turn["initiative"] else "",
             f"activating: {NAMES.get(turn['activating'], turn['activating'])}" if turn["activating"] else "",
             f"Nanoshock Action: {NAMES.get(turn['nanoshock_action'], turn['nanoshock_action'])}" if turn["nanoshock_action"] else "",
             f"Reinforcement Pool {turn['reinforcement_pool']}"]
    lines.append("   ".join(f for f in facts if f))
    for label, ids in (("Still to roll", turn["to_roll"]), ("Still to activate", turn["to_activate"]),
                       ("Unconscious", turn["unconscious"])):
        if ids:
            lines.append(f"{label}: {_names(ids)}")
    lines.append(f"Enemies on the map: {', '.join(turn['enemies_on_map']) or 'none'}")
    lines.append(f"Next: {turn['next']}")
    return "\n".join(lines)


TEXT_VIEWS = {"board": board_text, "turn": turn_text, "content": content_text}
