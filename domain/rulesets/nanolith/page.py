"""What Nanolith's table page needs, declared with the kit (DESIGN.md § The table page): each action's human label
and group (the phase of nanolith.txt § Round Overview it belongs to), which field picks from which kind of thing,
the table's own actions, and what the turn says is owed now (from the ``turn`` view's reading of the Round).

Kinds of thing the board marks (``data-kind`` / ``data-id`` in :mod:`.html`): ``character`` (built in: the four
heroes and Sidekick), ``action-die`` (a face of an unspent Action Die, ``data-context="character:ID"`` naming whose),
``enemy`` (a standee on the map, ``bio-mutant-1``), ``target`` (anything an attack or an effect may hit: heroes,
Sidekick, enemies). :func:`declare` is called on the composed kit by :mod:`.ruleset`.
"""

from __future__ import annotations

from pathlib import Path

from domain.core.names import possessive
from domain.core.declarations import Owed
from domain.core.kit import Kit
from domain.core.ruleset import State

from .encounter_state import next_enemy
from .state import must_still_activate, nobody_activated
from .vocabulary import CHARACTERS, HEROES, NAMES, Phase

STATUS, ACTION, SPAWN, ENEMY = "1.1 Status Phase", "1.2 Character Action Phase", "2.1 Spawn Phase", "2.2 Enemy Action Phase"
ENCOUNTER, ANY, CAMPAIGN, CITY, SKILLS = "Encounter set-up and end", "Any time: Damage, Stress, Effects", "Campaign", "City Phase and books", "Skills between Encounters"

LABELS: dict[str, tuple[str, str]] = {
    # 1.1 Status Phase
    "start-round": ("Start the Round", STATUS), "roll-action-dice": ("Roll Action Dice", STATUS),
    "give-initiative": ("Give the Initiative Token", STATUS),
    # 1.2 Character Action Phase
    "spend-dice": ("Spend Action Dice", ACTION), "manipulate-die": ("Manipulate a die (+1 Stress)", ACTION),
    "attack": ("Attack", ACTION), "perform-skill": ("Perform a Skill", ACTION), "use-skill-token": ("Use a Skill Token", ACTION),
    "exchange-skill": ("Exchange Skill Cards", ACTION), "hack": ("Hack a Hacking Profile", ACTION),
    "remove-hacked": ("Remove the Hacked Token", ACTION), "provoke": ("Provoke an enemy", ACTION),
    "perform-nanoshock-action": ("Perform the Nanoshock Action", ACTION), "end-nanoshock-action": ("End the Nanoshock Action", ACTION),
    "end-activation": ("End the activation", ACTION), "sidekick-enters": ("Sidekick enters the map", ACTION),
    "download-program": ("Sidekick downloads a Program", ACTION), "use-program": ("Use a Sidekick Program", ACTION),
    "hacked-profile-attack": ("Hacked Profile attacks", ACTION), "pick-up-item": ("Pick up an Item Token", ACTION),
    "take-card": ("Take a card", ACTION), "trade-item": ("Trade an Item Card", ACTION), "use-item": ("Use an Item Card", ACTION),
    # 2.1 Spawn Phase
    "spawn": ("Spawn reinforcements", SPAWN), "draw-boss-card": ("Draw a Boss Card", SPAWN),
    # 2.2 Enemy Action Phase
    "resolve-boss-card": ("Resolve a Boss Card", ENEMY), "activate-enemy": ("Activate an enemy", ENEMY),
    "select-target": ("Choose an enemy's target", ENEMY), "enemy-attack": ("Enemy attacks", ENEMY),
    "arrange-enemy-cards": ("Arrange the Enemy Cards", ENEMY),
    # any time
    "take-damage": ("Take Damage", ANY), "heal": ("Heal Damage", ANY), "gain-stress": ("Gain Stress", ANY), "shock": ("Shock", ANY),
    "revive": ("Revive (Nanophoenix)", ANY), "give-effect": ("Give Effect Tokens", ANY), "remove-effect": ("Remove Effect Tokens", ANY),
    "set-stress-spaces": ("Mark the Stress Icon spaces", ANY), "place-damage-cube": ("Place a Boss's Damage Cube", ANY),
    # the Encounter
    "start-encounter": ("Start an Encounter", ENCOUNTER), "set-encounter-rules": ("Set the Encounter's rules", ENCOUNTER),
    "set-spawn-pool": ("Set the Spawn Pool", ENCOUNTER), "place-enemy": ("Place an enemy standee", ENCOUNTER),
    "choose-skills": ("Choose Active Skills", ENCOUNTER), "end-encounter": ("End the Encounter", ENCOUNTER),
    "gain-rewards": ("Gain the Encounter's rewards", ENCOUNTER),
    # Campaign
    "session-date": ("Today's date", CAMPAIGN), "start-chapter": ("Start a chapter", CAMPAIGN),
    "start-from-paper": ("Start from the paper sheet", CAMPAIGN), "set-difficulty-level": ("Set the difficulty level", CAMPAIGN),
    "reach-save-point": ("Reach a Save Point", CAMPAIGN), "resume-at-save-point": ("Resume at a Save Point", CAMPAIGN),
    "gain-nanofragments": ("Gain Nanofragments", CAMPAIGN), "spend-nanofragments": ("Spend Nanofragments", CAMPAIGN),
    "set-divider-card": ("Set the Divider Card code", CAMPAIGN), "gain-high-frequency": ("Gain High-Frequency Nanopotential", CAMPAIGN),
    "buy-weapon-upgrade": ("Buy a Weapon Upgrade", CAMPAIGN), "buy-body-augmentation": ("Buy a Body Augmentation", CAMPAIGN),
    "give-start-items": ("Give Start Items", CAMPAIGN), "buy-start-item": ("Buy a Start Item level", CAMPAIGN),
    "buy-upgrade": ("Buy an upgrade", CAMPAIGN), "save-program": ("Save a Program", CAMPAIGN), "delete-program": ("Delete a Program", CAMPAIGN),
    "gain-nanosync-token": ("Gain a Nanosync Token", CAMPAIGN), "place-nanosync-token": ("Place a Nanosync Token", CAMPAIGN),
    # Skills between Encounters
    "obtain-skill": ("Obtain a Skill Card", SKILLS), "make-skill-conscious": ("Make a Skill conscious", SKILLS),
    "choose-active-skills": ("Choose the Active Skills", SKILLS), "equip-skill": ("Equip a Skill", SKILLS),
    "unequip-skill": ("Unequip a Skill", SKILLS), "lower-skill-cost": ("Lower a Skill's cost", SKILLS),
    "change-skill-number": ("Change a Skill's number", SKILLS), "extend-skill-range": ("Extend a Skill's range", SKILLS),
    # the City Phase and the books
    "start-city-phase": ("Start the City Phase", CITY), "return-item-cards": ("Return Item Cards", CITY),
    "choose-mission-token": ("Choose a Mission Token", CITY), "place-mission-token": ("Place a Mission Token", CITY),
    "enter-lobby": ("Enter a Lobby", CITY), "enter-shop": ("Enter a Shop", CITY), "read-comic": ("Read a comic", CITY),
    "turn-to-page": ("Turn to a page", CITY), "solve-riddle": ("Solve a riddle", CITY), "read-nanostory": ("Read a Nanostory", CITY),
    "take-hidden-card": ("Take a Hidden Card", CITY), "pass-hidden-card": ("Pass a Hidden Card", CITY),
    "discard-quest-item": ("Discard a Quest Item", CITY), "read-defragmented-text": ("Read a Defragmented Text", CITY),
}
"""verb -> (label, group) for every Nanolith action."""

PICKS: dict[str, dict[str, str]] = {
    "spend-dice": {"values": "action-die"}, "manipulate-die": {"value": "action-die"}, "remove-hacked": {"die": "action-die"},
    "attack": {"target": "enemy"}, "provoke": {"enemy": "enemy"}, "activate-enemy": {"enemy": "enemy"},
    "select-target": {"enemy": "enemy", "target": "target"}, "enemy-attack": {"enemy": "enemy", "target": "target"},
    "place-damage-cube": {"enemy": "enemy"}, "take-damage": {"target": "target"}, "give-effect": {"target": "target"},
    "remove-effect": {"target": "target"}, "arrange-enemy-cards": {"order": "enemy"},
}
"""Fields picking from a kind other than ``character`` (those are built in)."""

TABLE_WIDE = {"start-round", "give-initiative", "start-encounter", "set-encounter-rules", "set-spawn-pool", "place-enemy", "spawn", "draw-boss-card",
              "resolve-boss-card", "activate-enemy", "select-target", "enemy-attack", "arrange-enemy-cards", "end-encounter",
              "gain-rewards", "session-date", "start-chapter", "start-from-paper", "set-difficulty-level", "reach-save-point",
              "resume-at-save-point", "start-city-phase", "return-item-cards", "choose-mission-token", "place-mission-token",
              "enter-lobby", "enter-shop", "read-comic", "turn-to-page", "solve-riddle", "read-nanostory", "gain-high-frequency",
              "place-damage-cube", "save-program", "delete-program", "discard-quest-item", "read-defragmented-text"}
"""The table's actions (nanolith.txt § Round Overview: the Status, Spawn and Enemy Action steps no hero owns; § 1.1 Status
Phase, 5: "the Initiative Token can be assigned to any character chosen by the players")."""


def enemies(state: State) -> list[tuple[str, str]]:
    """The enemy standees on the map: ``(id, "Bio-Mutant 1")``."""
    return [(eid, eid.replace("-", " ").title()) for eid in sorted(state["enemies"])]


def targets(state: State) -> list[tuple[str, str]]:
    """What an attack or an effect may hit: the heroes, Sidekick (on the map), the enemies."""
    out = [(c, NAMES[c]) for c in HEROES]
    if state.get("sidekick", {}).get("on_map"):
        out.append(("sidekick", "Sidekick"))
    return out + enemies(state)


def dice_faces(state: State) -> list[tuple[str, str]]:
    """The faces an unspent Action Die shows now (any hero's), lowest first."""
    faces = sorted({d["value"] for c in HEROES for d in state["characters"][c]["dice"] if not d["spent"]})
    return [(str(v), f"die showing {v}") for v in faces]


def owed(state: State) -> list[Owed]:
    """What the Round owes now, from the ``turn`` view's reading (nanolith.txt § Round Overview): no Encounter ->
    start one; Setup -> the table starts the Round; Status -> who still rolls, then the Initiative Token; Character
    Action -> the activating hero (or the Nanoshock Action), else who may activate; Spawn -> the table spawns;
    Enemy Action -> the next Boss Card or enemy, then the next Round."""
    phase = state["phase"]
    if not state.get("encounter"):
        return [Owed("start an Encounter", None, ("start-encounter",))]
    if phase == Phase.SETUP.value:
        return [Owed("place the Spawn Pool and enemies as the Storybook says, then start the Round", None,
                     ("start-round", "place-enemy", "set-spawn-pool"))]
    if phase == Phase.STATUS.value:
        return _status(state)
    if phase == Phase.CHARACTER_ACTION.value:
        return _character_action(state)
    if phase == Phase.SPAWN.value:
        return [Owed(f"spawn the reinforcements ({state['reinforcement_pool']} RT in the pool)", None, ("spawn",))]
    waiting = [b for b, d in state["boss_cards"].items() if len(d["resolved"]) < len(d["drawn"])]
    if waiting:
        return [Owed(f"resolve {possessive(waiting[0])} Boss Card", None, ("resolve-boss-card",))]
    following = next_enemy(state)
    if following:
        return [Owed(f"{following} activates and attacks", None, ("activate-enemy", "enemy-attack"))]
    return [Owed("every enemy has acted: start the next Round", None, ("start-round",))]


def _status(state: State) -> list[Owed]:
    chars = state["characters"]
    to_roll = [c for c in HEROES if not chars[c]["unconscious"] and chars[c]["action_dice_value"] and not chars[c]["dice"]]
    if to_roll:
        return [Owed("roll the Action Dice", c, ("roll-action-dice",)) for c in to_roll]
    return [Owed("give the Initiative Token to who activates first", None, ("give-initiative",))]


def _character_action(state: State) -> list[Owed]:
    shock = state["nanoshock_action"]
    if shock:
        return [Owed("Nanoshock Action: attack, then end it", shock["character"], ("attack", "end-nanoshock-action"))]
    if state["activating"]:
        return [Owed("activating: spend dice, attack, then end the activation", state["activating"],
                     ("spend-dice", "attack", "manipulate-die", "end-activation"))]
    if nobody_activated(state) and state["initiative"]:
        return [Owed("holds the Initiative Token and activates first", state["initiative"], ("spend-dice", "end-activation"))]
    return [Owed("may activate next", c, ("spend-dice", "end-activation")) for c in must_still_activate(state)]


def declare(kit: Kit) -> None:
    """Declare Nanolith's page data on the composed ``kit``: labels, groups, picks, table-wide actions, sources, owes."""
    for verb, (label, group) in LABELS.items():
        kit.present(verb, label, picks=PICKS.get(verb), table_wide=verb in TABLE_WIDE, group=group)
    kit.source("character", "Character")(lambda state: [(c, NAMES.get(c, c.title())) for c in CHARACTERS])
    kit.source("enemy", "Enemy")(enemies)
    kit.source("target", "Target")(targets)
    kit.source("action-die", "Action Die")(dice_faces)
    kit.owes(owed)
    kit.stylesheet(Path(__file__).with_name("page.css"))
    kit.field_labels({"die": "Action Die"})
