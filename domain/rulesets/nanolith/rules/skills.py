"""Skill Cards: choosing the Active Skills, activating a Skill with its dice combination, Nanosyncs, Skill
Tokens, exchanging Skill Cards.

nanolith.txt § Skill Cards, § Nanosync Skills, § Exchanging Skill Cards, § Skill Tokens, § Cora and Sidekick.
The Skill's figures (cost, Skill Tokens, Nanosync character) come from the campaign record or the content
pack, or from the action when neither knows them; :class:`~..encounter_events.SkillActivated` stores the
cost paid.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.core.errors import BadInput
from domain.core.names import counted, did_you_mean, quoted

from ..kit import KIT
from .. import schemas_encounter as se
from .. import encounter_events as ee
from .. import events as ev
from ..content import Catalogue, catalogue_for, slug
from ..encounter_state import (MAX_ACTIVE_SKILLS, active_skills, campaign_skills, owned_skills, skill_cost)
from ..state import board
from ..vocabulary import Phase
from .activation import check_cost, pick_dice, place_dice
from .consequences import Decision, place_reinforcements, refuse
from .guards import may_activate, name, require_conscious, require_encounter, require_hero, require_not_hacked, require_phase


def find_skill(cat: Catalogue, state: Mapping[str, Any], character: str, text: str) -> tuple[str, dict[str, Any]]:
    """``(id, pack entry)`` of a Skill named by id, name or alias. Raises ``BadInput`` / ``RuleViolation``."""
    found = cat.find("skills", text)
    if found is None:
        ident = slug(text)
        if ident in owned_skills(state, cat, character):
            return ident, {"name": text, "character": character}
        raise BadInput(f"no Skill {quoted(text)}{did_you_mean(text, cat.names('skills'))} in the content packs (add it to your own pack: see view content)",
                       {"skill": [f"unknown Skill {quoted(text)}"]})
    ident, entry = found
    if entry.get("character") != character:
        raise refuse("Skill Cards", f"{entry['name']} is one of {name(entry.get('character') or '?')}'s Skill Cards, not {name(character)}'s")
    return ident, entry


@KIT.action("choose-skills", se.ChooseSkillsSchema, "Choose a character's Active Skills (up to 3) at the start of the Encounter",
            section="Exchanging Skill Cards", args=("character", "skills"))
def choose_skills(d: Decision, f: Mapping[str, Any]) -> None:
    """§ Exchanging Skill Cards: at the start of an Encounter a character chooses up to 3 Active Skills."""
    s, c = d.state, f["character"]
    require_phase(s, "Exchanging Skill Cards", Phase.SETUP)
    require_hero(c, "choose Skill Cards")
    cat = catalogue_for(s)
    chosen = [find_skill(cat, s, c, text)[0] for text in f["skills"]]
    if len(set(chosen)) != len(chosen):
        raise BadInput("each Skill is named once", {"skills": ["named twice"]})
    if len(chosen) > MAX_ACTIVE_SKILLS:
        raise refuse("Exchanging Skill Cards", f"a character can never have more than {MAX_ACTIVE_SKILLS} Active Skills, not {len(chosen)}")
    owned = owned_skills(s, cat, c)
    _require_owned(chosen, owned, c)
    d.emit(ee.SkillsChosen(character=c, active=chosen, owned=owned))


def _require_owned(skills: list[str], owned: list[str], c: str) -> None:
    missing = [k for k in skills if k not in owned]
    if missing:
        raise refuse("Conscious Memories, Unconscious Memories and Bonus Skills",
                     f"{name(c)} has no conscious Skill Card {', '.join(missing)} (owned: {', '.join(owned) or 'none'})")


@KIT.action("exchange-skill", se.ExchangeSkillSchema, "Exchange Skill Cards in an activation (--activate costs 1 RT)",
            section="Exchanging Skill Cards", args=("character",))
def exchange_skill(d: Decision, f: Mapping[str, Any]) -> None:
    """§ Exchanging Skill Cards: during their Activation, Active -> Inactive for free, Inactive -> Active for
    1 Reinforcement Token; never more than 3 Active Skills."""
    s, c = d.state, f["character"]
    if not f.get("activate") and not f.get("deactivate"):
        raise BadInput("give --activate SKILL and/or --deactivate SKILL", {"activate": ["nothing to exchange"]})
    starts = may_activate(s, c, "exchange Skill Cards")
    require_not_hacked(s, c, "exchange Skill Cards")
    cat = catalogue_for(s)
    active = active_skills(s, cat, c)
    off = find_skill(cat, s, c, f["deactivate"])[0] if f.get("deactivate") else None
    on = find_skill(cat, s, c, f["activate"])[0] if f.get("activate") else None
    if off and off not in active:
        raise refuse("Exchanging Skill Cards", f"{off} is not one of {name(c)}'s Active Skills ({', '.join(active) or 'none'})")
    if on:
        _require_owned([on], owned_skills(s, cat, c), c)
        if on in active:
            raise refuse("Exchanging Skill Cards", f"{on} is already Active")
        if len([k for k in active if k != off]) >= MAX_ACTIVE_SKILLS:
            raise refuse("Exchanging Skill Cards", f"{name(c)} already has {MAX_ACTIVE_SKILLS} Active Skills: deactivate one first")
    if starts:
        d.emit(ev.ActivationStarted(character=c))
    if board(d.state, c)["skills"]["active"] is None:
        d.emit(ee.SkillsChosen(character=c, active=active, owned=owned_skills(s, cat, c)))
    d.emit(ee.SkillExchanged(character=c, activated=on, deactivated=off))
    if on:
        place_reinforcements(d, 1, f"{name(c)} made the Inactive Skill {on} Active")


@KIT.action("perform-skill", se.ActivateSkillSchema, "Perform a Skill: pay its dice combination and Nanosync (--nanosync ada:1), then apply its Effect",
            section="Skill Cards", args=("character", "skill", "dice"))
def activate_skill(d: Decision, f: Mapping[str, Any]) -> None:
    """§ Skill Cards: an Active Skill paid with an actual Double / Triple / Straight at or above its values;
    its dice's consequences first, then a Nanosync (§ Nanosync Skills), then the Effect (Skill Tokens,
    Sidekick entering)."""
    s, c = d.state, f["character"]
    cat = catalogue_for(s)
    ident, entry = find_skill(cat, s, c, f["skill"])
    starts = may_activate(s, c, f"activate {entry['name']}")
    require_not_hacked(s, c, "activate Skills")
    _require_active(s, cat, c, ident)
    if entry.get("once_per_phase") and ident in board(s, c)["skills"]["used"]:
        raise refuse("Skill Cards", f"{entry['name']} may be activated only once per Character Action Phase")
    cost = _cost(s, cat, c, ident, f)
    positions = pick_dice(s, c, f["dice"])
    check_cost(f["dice"], cost["value"], cost["combination"])
    supporter, die = _nanosync(s, cat, c, ident, entry, f.get("nanosync"))
    if starts:
        d.emit(ev.ActivationStarted(character=c))
    place_dice(d, c, positions, cost=cost["value"], combination=cost["combination"], nanosync=False, purpose=entry["name"])
    if supporter:
        place_dice(d, supporter, pick_dice(d.state, supporter, [die]), cost=None, combination=None, nanosync=True,
                   purpose=f"Nanosync of {name(c)}'s {entry['name']}")
    d.emit(ee.SkillActivated(character=c, skill=ident, name=entry["name"], values=list(f["dice"]), cost=cost, nanosync=supporter))
    _effect(d, c, ident, entry, f, bool(supporter))


def _require_active(s: Mapping[str, Any], cat: Catalogue, c: str, ident: str) -> None:
    active = active_skills(s, cat, c)
    if ident not in active:
        raise refuse("Exchanging Skill Cards", f"{ident} is not one of {name(c)}'s Active Skills ({', '.join(active) or 'none chosen'}); "
                                              "make it Active first (exchange-skill, 1 Reinforcement Token)")


def _cost(s: Mapping[str, Any], cat: Catalogue, c: str, ident: str, f: Mapping[str, Any]) -> dict[str, Any]:
    known = skill_cost(s, cat, c, ident)
    given = {"combination": f.get("combination"), "value": f.get("cost")} if f.get("cost") is not None else None
    if known and given and given != known:
        raise BadInput(f"{ident} costs {known['combination'] or 'a sum of'} {known['value']} (content pack / campaign), "
                       f"not {given['combination'] or 'a sum of'} {given['value']}", {"cost": ["differs from the Skill Card"]})
    if not known and not given:
        raise BadInput(f"the Action Cost of {ident} is not in the content packs: give --cost N (and --combination)",
                       {"cost": ["unknown: give it"]})
    return known or given  # type: ignore[return-value]


def _nanosync(s: Mapping[str, Any], cat: Catalogue, c: str, ident: str, entry: Mapping[str, Any],
              text: str | None) -> tuple[str | None, int | None]:
    """§ Nanosync Skills: the character shown on the Nanosync spends any one die, even out of turn."""
    if not text:
        return None, None
    who, _, pips = str(text).partition(":")
    supporter = _hero(who)
    if not pips.strip().isdigit() or not 1 <= int(pips) <= 6:
        raise BadInput(f"a Nanosync is CHARACTER:PIPS (ada:1), not {quoted(text)}", {"nanosync": ["CHARACTER:PIPS"]})
    shown = entry.get("nanosync")
    if shown is None and ident not in campaign_skills(s, c):
        raise BadInput(f"the content packs do not say whose portrait is on {ident}'s Nanosync", {"nanosync": ["unknown"]})
    recorded = campaign_skills(s, c).get(ident) or {}
    if recorded and not recorded.get("nanosync", False):
        raise refuse("Nanosync Tokens", f"{ident}'s Nanosync Skill stays inactive until a Nanosync Token is stuck on it")
    if shown and supporter != shown:
        raise refuse("Nanosync Skills", f"only {name(shown)} (shown on the Nanosync) can boost {entry['name']}, not {name(supporter)}")
    if supporter == c:
        raise refuse("Nanosync Skills", "a Nanosync boosts another character's Skill")
    require_conscious(s, supporter, "perform a Nanosync")
    require_not_hacked(s, supporter, "perform a Nanosync")
    pick_dice(s, supporter, [int(pips)])
    return supporter, int(pips)


def _hero(text: str) -> str:
    from ..vocabulary import CHARACTERS, HEROES
    key = text.strip().lower()
    for c in HEROES:
        if key == c or key in CHARACTERS[c]:
            return c
    raise BadInput(f"no character {quoted(text)}", {"nanosync": [f"unknown character {quoted(text)}"]})


def _effect(d: Decision, c: str, ident: str, entry: Mapping[str, Any], f: Mapping[str, Any], synced: bool) -> None:
    """The Skill's Effect, as far as its card's figures are known (the rest the players resolve)."""
    tokens = entry.get("tokens") or {}
    count = (tokens.get("nanosync_count") if synced else None) or tokens.get("count")
    if count:
        holder = _hero(f["target"]) if f.get("target") and tokens.get("holder") == "chosen" else c
        require_conscious(d.state, holder, f"gain {entry['name']}'s Skill Token")
        have = board(d.state, holder)["skill_token_sources"].get(ident, 0)
        d.emit(ee.SkillTokensGained(character=holder, skill=ident, count=count, total=have + count))
    if entry.get("effect") == "sidekick-enters":
        from .sidekick import sidekick_enters_by_skill
        sidekick_enters_by_skill(d, f.get("life"))


@KIT.action("use-skill-token", se.SkillTokenSchema, "Use (discard) a Skill Token as its card says",
            section="Skill Tokens", args=("character", "skill"))
def use_skill_token(d: Decision, f: Mapping[str, Any]) -> None:
    """§ Skill Tokens: a token used as its Skill Card says (Sik Gas Injection's +1 Combat Die, Provoke's
    enemy choice in the Enemy Action Phase); it is discarded. In the Character Action Phase a token is used
    in its holder's own Activation ("can use it at any time during their Activation"; "While one character
    is activating, no other characters are allowed to activate"): using it may start that Activation."""
    s, c = d.state, f["character"]
    require_encounter(s)
    require_hero(c, "use Skill Tokens")
    require_conscious(s, c, "use Skill Tokens")
    starts = s["phase"] == Phase.CHARACTER_ACTION.value and may_activate(s, c, "use a Skill Token")
    cat = catalogue_for(s)
    found = cat.find("skills", f["skill"])
    ident = found[0] if found else slug(f["skill"])
    have = board(s, c)["skill_token_sources"].get(ident, 0)
    if have < f["count"]:
        raise refuse("Skill Tokens", f"{name(c)} has {counted(have, f'{ident} Skill Token')}, not {f['count']}")
    if starts:
        d.emit(ev.ActivationStarted(character=c))
    d.emit(ee.SkillTokensDiscarded(character=c, skill=ident, count=f["count"], total=have - f["count"], reason="used"))


def discard_status_phase_tokens(d: Decision) -> None:
    """Skill Tokens whose card says "Discard all Skill Tokens at the start of the Status Phase" (§ Skill Tokens)."""
    cat = catalogue_for(d.state)
    for c, me in d.state["characters"].items():
        for ident, count in sorted(me.get("skill_token_sources", {}).items()):
            if (cat.get("skills", ident).get("tokens") or {}).get("discard") == "status-phase":
                d.emit(ee.SkillTokensDiscarded(character=c, skill=ident, count=count, total=0, reason="start of the Status Phase"))
