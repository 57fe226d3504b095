"""Who may cast which Manna Skill (nin-gonost.txt § Manna Weaving, § Manna Skills and each spell's Base Die line).

"Characters may attempt to cast manna skills not on their card if they have a CTR of 6 or greater and all attempts
are made with a die modifier of -3. Manna skills may not be attempted if the caster's alignment is not listed in the
spell description." The alignments below are each spell's Base Die line; "Unaligned" is read as Neutral (the
green stars, § Choosing Sides). Shape Shift "Must be on character card". A spell the book does not describe
(a card's own) is checked only against the card.
"""

from __future__ import annotations

from domain.core import State

from .book import refuse
from .ladder import Shift
from .state import name

ANY = ("good", "evil", "neutral")
SPELLS: dict[str, tuple[str, ...]] = {
    "armor-of-the-damned": ("evil",),
    "heal-friend": ("good",),
    "lay-on-hands": ("good",),
    "mind-tricks": ANY,
    "pure-light": ("good",),
    "seduction": ("evil", "neutral"),
    "shape-shift": ANY,
    "telekinesis": ANY,
    "time-bending": ANY,
    "unleashed-manna": ("good",),
    "words-of-despair": ("evil",),
    "deflect": ANY,
}
"""Manna Skill -> the alignments its description lists."""
ON_CARD_ONLY = ("shape-shift",)
OFF_CARD_CTR = 6
OFF_CARD_DIE = -3


def spell_key(skill: str) -> str:
    """``"Heal Friend / Lay On Hands"`` -> ``"heal-friend"``; ``"Pure Light"`` -> ``"pure-light"``."""
    text = skill.strip().lower().split("/")[0].strip()
    return "-".join(text.replace("_", " ").replace("-", " ").split())


def on_card(fig: dict, key: str, said: bool) -> bool:
    """Whether the caster's card lists the skill (a card whose skills are unprinted: what the players ``said``)."""
    skills = fig["card"].get("skills")
    if skills is None:
        return said
    names = {spell_key(k) for k in skills}
    return key in names or (key in ("heal-friend", "lay-on-hands") and bool(names & {"heal-friend", "lay-on-hands"}))


def manna_skill_shifts(s: State, fid: str, skill: str, said: bool = False) -> list[Shift]:
    """The die modifiers of casting ``skill`` (``[]`` on the card, -3 off it), refusing an alignment the spell does not
    list, a caster off its card below CTR 6, and Shape Shift off the card (§ Manna Skills)."""
    fig, key = s["figures"][fid], spell_key(skill)
    listed = SPELLS.get(key)
    alignment = fig["card"].get("alignment")
    if listed and alignment not in listed:
        raise refuse("Manna Skills", f"{name(s, fid)} is {str(alignment).title()}: {skill} lists {', '.join(a.title() for a in listed)} only")
    if on_card(fig, key, said):
        return []
    if key in ON_CARD_ONLY:
        raise refuse("Manna Skills", f"{skill} must be on the character card")
    ctr = fig["card"].get("ctr")
    if ctr is not None and ctr < OFF_CARD_CTR:
        raise refuse("Manna Skills", f"{skill} is not on {name(s, fid)}'s card: a Manna skill off the card needs CTR 6 or greater, not {ctr}")
    return [Shift("Manna skill not on the card", OFF_CARD_DIE)]


__all__ = ["SPELLS", "manna_skill_shifts", "spell_key"]
