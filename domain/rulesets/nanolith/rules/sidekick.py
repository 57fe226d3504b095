"""Sidekick and his Programs; Hacking Profiles (Doors, Consoles) and the Hacked Profile.

nanolith.txt § Cora and Sidekick, § Downloading Programs, § Using Programs, § More on Sidekick,
§ Hacking Other Targets (Hacking Profiles), § Special Rule: Force Success, § Hacked.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.core.errors import BadInput

from ..kit import KIT, combat_dice
from .. import schemas_encounter as se
from .. import encounter_events as ee
from .. import enemy_events as xe
from ..content import catalogue_for, slug
from ..encounter_state import MAX_PROGRAMS
from ..state import board, find_target
from .activation import check_cost, pick_dice, place_dice
from .combat import _hits, damage_sidekick  # noqa: F401  (shared dice arithmetic)
from .consequences import Decision, gain_stress, refuse, take_damage
from .guards import may_activate, name, require_not_hacked
from domain.core.names import quoted

CORA = "cora"


def sidekick_enters_by_skill(d: Decision, life: int | None) -> None:
    """"Go get 'em!" brings Sidekick onto the Encounter Map; his Life Points are on Cora's Sidekick Weapon Card."""
    if d.state["sidekick"]["on_map"]:
        raise refuse("More on Sidekick", "Sidekick is already on the Encounter Map")
    known = catalogue_for(d.state).get("weapons", "sidekick").get("life")
    life = life or known or d.state["sidekick"].get("life")
    if not life:
        raise BadInput("give --life: Sidekick's Life Points (Cora's Sidekick Weapon Card; not in the content packs)",
                       {"life": ["unknown: give it"]})
    d.emit(xe.SidekickEntered(life=life))


@KIT.action("download-program", se.DownloadSchema, "Sidekick downloads a Program: free Hacking Attack on its Profile (a reveal)",
            section="Downloading Programs", reveal=True, args=("program", "roll"), dice=combat_dice("roll"))
def download_program(d: Decision, f: Mapping[str, Any]) -> None:
    """Sidekick's Weapon Card Skill (a double of 2 or more), then a free Hacking Attack on the Program's
    Hacking Profile: at least 1 Damage downloads it (Force Success allowed). Sidekick need not be on the map."""
    s = d.state
    starts = may_activate(s, CORA, "download a Program")
    require_not_hacked(s, CORA, "download a Program")
    cat = catalogue_for(s)
    found = cat.find("programs", f["program"])
    program, entry = found if found else (slug(f["program"]), {"name": f["program"], "hacking": {}})
    holders = sorted(t for t, fig in s["enemy_figures"].items() if fig.get("program") == program
                     and any(e["type"] == t for e in s["enemies"].values()))
    if not holders and not f.get("enemy_type"):
        raise refuse("Downloading Programs", f"no enemy on the Encounter Map brings the {entry['name']} program "
                                             "(or give --enemy-type when its Enemy Card is not in the content packs)")
    if program in s["programs"]:
        raise refuse("Downloading Programs", f"Sidekick already holds {entry['name']}")
    if len(s["programs"]) >= MAX_PROGRAMS:
        raise refuse("Using Programs", f"Sidekick can hold up to {MAX_PROGRAMS} programs at a time")
    cost = (cat.get("weapons", "sidekick").get("skill") or {}).get("cost") or {"combination": "double", "value": 2}
    positions = pick_dice(s, CORA, f["dice"])
    check_cost(f["dice"], cost["value"], cost["combination"])
    hacking = entry.get("hacking") or {}
    defense = _figure(hacking.get("defense"), f.get("defense"), "defense", "the Program's Hacking Defense Value")
    from .. import events as ev
    if starts:
        d.emit(ev.ActivationStarted(character=CORA))
    place_dice(d, CORA, positions, cost=cost["value"], combination=cost["combination"], nanosync=False, purpose="Sidekick: Download")
    damage = _hack_roll(d, f, f"program:{program}", defense, hacking.get("force_success"))
    if damage < 1:
        return
    d.emit(ee.ProgramDownloaded(program=program, name=entry["name"], enemy_type=(holders or [f.get("enemy_type")])[0],
                                programs=[*d.state["programs"], program]))


def _figure(known: Any, given: Any, field: str, what: str) -> Any:
    if known is not None and given is not None and known != given:
        raise BadInput(f"{what} is {known} (content pack), not {given}", {field: ["differs from the content pack"]})
    value = known if known is not None else given
    if value is None:
        raise BadInput(f"{what} is not in the content packs: give --{field.replace('_', '-')}", {field: ["unknown: give it"]})
    return value


def _hack_roll(d: Decision, f: Mapping[str, Any], target: str, defense: Any, force_known: int | None) -> int:
    """Cora's Hacking Attack on a Hacking Profile: hits, Force Successes (each failed die once, for the
    Force Success Damage), Stress for 1s. Returns the Damage dealt."""
    roll, forced = list(f["roll"]), f.get("force", 0)
    hits, failed = _hits(roll, defense)
    if forced:
        force_damage = _figure(force_known, f.get("force_damage") or None, "force_damage", "the Force Success Damage")
        if forced > failed:
            raise refuse("Special Rule: Force Success", f"each unsuccessful die can be forced once: {failed} failed, not {forced}")
    else:
        force_damage = 0
    c = f.get("character") or CORA
    d.emit(xe.AttackRolled(attacker=c, target=target, kind="hacking", dice=roll, rerolls=[], final=roll, defense=defense,
                           armor=0, hits=hits + forced, forced=forced, damage=hits + forced))
    gain_stress(d, c, roll.count(1), "rolled a 1 on a Combat Die")
    take_damage(d, c, forced * force_damage, "Force Success")
    return hits + forced


@KIT.action("hack", se.HackSchema, "Hack a Hacking Profile (Door, Console) after paying its cost (a reveal)",
            section="Hacking Attacks", reveal=True, args=("character", "target", "roll"), dice=combat_dice("roll"))
def hack_profile(d: Decision, f: Mapping[str, Any]) -> None:
    """§ Hacking Other Targets: after paying the Profile's Action Cost (spend-dice), Hacking Attacks against
    its Defense Value fill its Damage Index; when full, the Profile Effects resolve (a Door is removed)."""
    s, c = d.state, f["character"]
    if may_activate(s, c, "hack"):
        raise refuse("Hacking Other Targets (Hacking Profiles)", f"{name(c)} must pay the Profile's Action Cost first (spend-dice)")
    require_not_hacked(s, c, "hack")
    target = slug(f["target"])
    kind = target.rstrip("0123456789").rstrip("-") or target
    found = catalogue_for(s).find("hacking_profiles", kind)
    profile, entry = found if found else (kind, {})
    if s["profiles"].get(target, {}).get("hacked"):
        raise refuse("Hacking Other Targets (Hacking Profiles)", f"{target} has been hacked already")
    defense = _figure(entry.get("defense"), f.get("defense"), "defense", f"the Defense Value of {target}")
    damage = _hack_roll(d, f, target, defense, entry.get("force_success"))
    index = entry.get("damage_index") or f.get("index")
    total = s["profiles"].get(target, {}).get("damage", 0) + damage
    if damage:
        d.emit(ee.ProfileDamaged(target=target, profile=profile, amount=damage, damage=total, index=index))
    if index and total >= index:
        d.emit(ee.ProfileHacked(target=target))


@KIT.action("use-program", se.UseProgramSchema, "Cora uses one of Sidekick's Programs",
            section="Using Programs", args=("program", "dice"))
def use_program(d: Decision, f: Mapping[str, Any]) -> None:
    """§ Using Programs: while Sidekick is on the map Cora pays a Program's Action Cost as if it were his Skill."""
    s = d.state
    program = slug(f["program"])
    if program not in s["programs"]:
        raise refuse("Using Programs", f"Sidekick holds no {program} program ({', '.join(s['programs']) or 'none'})")
    if not s["sidekick"]["on_map"]:
        raise refuse("Using Programs", "programs are used only while Sidekick is on the Encounter Map")
    starts = may_activate(s, CORA, "use a Program")
    require_not_hacked(s, CORA, "use a Program")
    entry = catalogue_for(s).get("programs", program)
    cost = entry.get("cost") or ({"combination": f.get("combination"), "value": f["cost"]} if f.get("cost") else None)
    if cost is None:
        raise BadInput(f"the Action Cost of {program} is not in the content packs: give --cost", {"cost": ["unknown: give it"]})
    positions = pick_dice(s, CORA, f["dice"])
    check_cost(f["dice"], cost["value"], cost.get("combination"))
    from .. import events as ev
    if starts:
        d.emit(ev.ActivationStarted(character=CORA))
    place_dice(d, CORA, positions, cost=cost["value"], combination=cost.get("combination"), nanosync=False,
               purpose=f"Program {entry.get('name') or program}")


@KIT.action("hacked-profile-attack", se.HackedProfileAttackSchema, "After a failed Hacked removal: the Hacked Profile's attack (a reveal)",
            section="Status Effects", reveal=True, args=("target", "roll"), dice=combat_dice("roll"))
def hacked_profile_attack(d: Decision, f: Mapping[str, Any]) -> None:
    """§ Hacked: after a failed removal, the hacked character attacks the closest character with the
    Encounter's Hacked Profile (their own roll: 1s give them Stress)."""
    s = d.state
    c = s.get("pending_hacked_attack")
    if not c:
        raise refuse("Hacked", "no failed Hacked removal is waiting for its Hacked Profile attack")
    found = find_target(s, f["target"])
    if not found or found[0] != "character":
        raise BadInput(f"the Hacked Profile attacks a character, not {quoted(f['target'])}", {"target": ["not a character"]})
    target = found[1]
    if board(s, target)["unconscious"]:
        raise refuse("Unconscious", f"{name(target)} is Unconscious and cannot be targeted")
    profile = (s.get("encounter_rules") or {}).get("hacked_profile") or {}
    if profile.get("dice") and len(f["roll"]) != profile["dice"]:
        raise refuse("Hacked", f"the Hacked Profile rolls {profile['dice']} Combat Dice, not {len(f['roll'])}")
    hits, _ = _hits(list(f["roll"]), f["defense"])
    damage = max(0, hits - f["armor"])
    d.emit(xe.AttackRolled(attacker=f"hacked-profile:{c}", target=target, kind=profile.get("attack"), dice=list(f["roll"]),
                           rerolls=[], final=list(f["roll"]), defense=f["defense"], armor=f["armor"], hits=hits, forced=0, damage=damage))
    d.emit(ee.HackedProfileAttackDue(character=""))
    gain_stress(d, c, list(f["roll"]).count(1), "rolled a 1 with the Hacked Profile")
    take_damage(d, target, damage, "the Hacked Profile")


def after_remove_hacked(d: Decision, f: Mapping[str, Any]) -> None:
    """A failed removal leaves the Hacked Profile attack due (§ Hacked)."""
    rolled = [e for e in d.events if e.type == "HackedRemovalRolled"]
    if rolled and not rolled[-1].success:
        d.emit(ee.HackedProfileAttackDue(character=f["character"]))

