"""Damage, healing, Stress and Effect Tokens given by hand or by attacks; Shock; Nanophoenix; Sidekick.

nanolith.txt § Status Effects (Effect Token Maximum), § Unconscious, § Shock, § Poisoned, § Hacked,
§ Bleeding, § Paralyzed, § Cora and Sidekick.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.core.errors import BadInput
from domain.core.ruleset import State
from domain.core.names import did_you_mean, quoted

from ..kit import KIT
from .. import schemas as sc
from .. import events as ev
from ..state import board, find_target, targets
from ..vocabulary import CHARACTER_ONLY_EFFECTS, ENEMY_ONLY_EFFECTS, NANOSHOCK_DAMAGE
from .consequences import Decision, damage_enemy, damage_sidekick, gain_stress, refuse, take_damage
from .guards import name, require_conscious, require_encounter, require_hero


def _target(s: State, text: str) -> tuple[str, str]:
    found = find_target(s, text)
    if found is None:
        on_map = ", ".join(s["enemies"]) or "none"
        raise BadInput(f"no character, Sidekick or enemy on the map called {quoted(text)}{did_you_mean(text, targets(s))} (enemies: {on_map})", {"target": ["unknown target"]})
    return found


def check_effect_target(s: State, kind: str, target: str, effect: str) -> None:
    """Whether ``target`` can be given ``effect`` (§ Status Effects and each Effect's own section)."""
    if effect == "unconscious":
        raise refuse("Unconscious", "characters fall Unconscious when their Damage Cube reaches the skull (take-damage)")
    if effect not in s["effect_maxima"]:
        raise refuse("Status Effects", f"no Effect Token Maximum is known for {quoted(effect)}: name it with "
                                       f"start-encounter --other-effects {effect}:MAX (known: {', '.join(s['effect_maxima'])})")
    if kind == "sidekick":
        raise refuse("More on Sidekick", "Sidekick is immune to all Status Effects")
    if kind == "character" and effect in ENEMY_ONLY_EFFECTS:
        raise refuse(effect.capitalize(), f"{effect.capitalize()} is an Effect that only enemies can get")
    if kind == "enemy" and effect in CHARACTER_ONLY_EFFECTS:
        raise refuse(effect.capitalize(), f"{effect.capitalize()} is an Effect that only characters can get")
    if kind == "character":
        require_conscious(s, target, "be given Effects (Unconscious characters are immune to all other Status Effects)")


def give_effect_tokens(d: Decision, target: str, effect: str, count: int) -> None:
    """Place up to ``count`` tokens; excess tokens beyond the Effect Token Maximum are not placed."""
    holder = d.state["characters"].get(target) or d.state["enemies"][target]
    have = holder["effects"].get(effect, 0)
    placed = max(0, min(count, d.state["effect_maxima"][effect] - have))
    d.emit(ev.EffectGiven(target=target, effect=effect, requested=count, placed=placed, count=have + placed))


@KIT.action("give-effect", sc.GiveEffectSchema, "Give Effect Tokens (up to the Effect Token Maximum)",
            section="Status Effects", args=("target", "effect"))
def give_effect(d: Decision, f: Mapping[str, Any]) -> None:
    """Give Effect Tokens to a character or an enemy, up to the Effect Token Maximum (§ Status Effects)."""
    require_encounter(d.state)
    kind, target = _target(d.state, f["target"])
    check_effect_target(d.state, kind, target, f["effect"])
    give_effect_tokens(d, target, f["effect"], f["count"])


@KIT.action("remove-effect", sc.RemoveEffectSchema, "Remove Effect Tokens (default: all of that Effect)",
            section="Status Effects", args=("target", "effect"))
def remove_effect(d: Decision, f: Mapping[str, Any]) -> None:
    """Remove Effect Tokens (a Skill such as MedKit, or a Paralyzed enemy's skipped activation)."""
    require_encounter(d.state)
    kind, target = _target(d.state, f["target"])
    if f["effect"] == "unconscious":
        raise refuse("Unconscious", "the Unconscious Token can only be removed by the Nanophoenix (revive)")
    holder = d.state["characters"].get(target) if kind == "character" else d.state["enemies"].get(target, {"effects": {}})
    have = (holder or {"effects": {}})["effects"].get(f["effect"], 0)
    if not have:
        raise refuse("Status Effects", f"{name(target)} has no {f['effect']} Token")
    removed = min(have, f.get("count") or have)
    d.emit(ev.EffectRemoved(target=target, effect=f["effect"], removed=removed, count=have - removed))


@KIT.action("take-damage", sc.TargetAmountSchema, "Mark Damage on a character, Sidekick or enemy",
            section="Character Preparation", args=("target", "amount"))
def take_damage_cmd(d: Decision, f: Mapping[str, Any]) -> None:
    """Damage by hand (a Skill, a Special Rule, the Hacked Profile): on a character, Sidekick or an enemy."""
    require_encounter(d.state)
    kind, target = _target(d.state, f["target"])
    cause = f.get("cause") or "Damage"
    if kind == "character":
        require_conscious(d.state, target, "take Damage (Unconscious characters can never take Damage)")
        take_damage(d, target, f["amount"], cause)
    elif kind == "sidekick":
        if not d.state["sidekick"]["on_map"]:
            raise refuse("More on Sidekick", "Sidekick is not on the Encounter Map")
        damage_sidekick(d, f["amount"])
    else:
        damage_enemy(d, target, f["amount"])


@KIT.action("heal", sc.CharacterAmountSchema, "Heal a character's Damage Points",
            section="Character Preparation", args=("character", "amount"))
def heal(d: Decision, f: Mapping[str, Any]) -> None:
    """Heal Damage Points (MedKit, Ultra Heal...); never an Unconscious character (§ Ada – Ultra Heal)."""
    require_encounter(d.state)
    c = f["character"]
    require_hero(c, "be healed here (his Damage is on his Weapon Card)")
    if board(d.state, c)["unconscious"]:
        raise refuse("Ada – Ultra Heal", f"{name(c)} is Unconscious: only the Nanophoenix brings them back (revive)")
    damage = board(d.state, c)["damage"]
    if not damage:
        raise refuse("Character Preparation", f"{name(c)} has no Damage to heal")
    healed = min(damage, f["amount"])
    d.emit(ev.Healed(character=c, amount=healed, damage=damage - healed))


@KIT.action("gain-stress", sc.CharacterAmountSchema, "Give a character Stress, one point at a time",
            section="Stress", args=("character", "amount"))
def gain_stress_cmd(d: Decision, f: Mapping[str, Any]) -> None:
    """Stress by hand (a Skill, a Special Rule), one point at a time (§ Stress; § Nanoshock)."""
    require_encounter(d.state)
    c = f["character"]
    require_hero(c, "gain Stress")
    require_conscious(d.state, c, "gain Stress (Unconscious characters can never take Stress)")
    gain_stress(d, c, f["amount"], f.get("cause") or "Stress")


def resolve_shock(d: Decision, c: str) -> None:
    """§ Shock: the Nanoshock Cube moves one space left; if it hits the Stress Cube, 2 Damage and Stress to 0,
    with no Nanoshock and no Token flip. The Cube never passes the first space (``stress_limit`` >= 1)."""
    me = board(d.state, c)
    limit = max(1, me["stress_limit"] - 1)
    hit = me["stress"] >= limit
    d.emit(ev.ShockResolved(character=c, stress_limit=limit, hit_stress_cube=hit))
    if hit:
        take_damage(d, c, NANOSHOCK_DAMAGE, "Shock")


@KIT.action("shock", sc.CharacterSchema, "Resolve Shock on a character: the Nanoshock Cube moves one space left",
            section="Shock", args=("character",))
def shock(d: Decision, f: Mapping[str, Any]) -> None:
    """Shock inflicted by an enemy, resolved at once (§ Shock)."""
    require_encounter(d.state)
    c = f["character"]
    require_hero(c, "get Shock (he is immune to all Status Effects)")
    require_conscious(d.state, c, "get Shock (Unconscious characters are immune to all other Status Effects)")
    resolve_shock(d, c)


@KIT.action("revive", sc.CharacterSchema, "Nanophoenix: remove a character's Unconscious Token",
            section="Nanoshock", args=("character",))
def revive(d: Decision, f: Mapping[str, Any]) -> None:
    """The Nanophoenix removes the Unconscious Token: back fully healed; a character who has not activated
    this Round may roll their Action Dice and activate (§ Unconscious; § 3. Rolling the Dice...)."""
    require_encounter(d.state)
    c = f["character"]
    require_hero(c, "be revived by the Nanophoenix")
    if not board(d.state, c)["unconscious"]:
        raise refuse("Unconscious", f"{name(c)} is not Unconscious")
    d.emit(ev.Revived(character=c))


@KIT.action("sidekick-enters", sc.SidekickEntersSchema, 'Sidekick enters the Encounter Map ("Go get \'em!")',
            section="Cora and Sidekick")
def sidekick_enters(d: Decision, f: Mapping[str, Any]) -> None:
    """Sidekick enters the Encounter Map through Cora's "Go get 'em!" (§ Cora and Sidekick)."""
    require_encounter(d.state)
    if d.state["sidekick"]["on_map"]:
        raise refuse("More on Sidekick", "Sidekick is already on the Encounter Map")
    d.emit(ev.SidekickEntered(life=f["life"]))
