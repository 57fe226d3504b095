"""Campaign Mode's action catalogue: verb -> ActionSpec (schema, one-line help, positional args).

None of these reveals randomness: taking a Hidden Card by its code is not a reveal (DESIGN.md § Words).
"""

from __future__ import annotations

from typing import Any

from domain.core.ruleset import ActionSpec

from . import schemas as sc


def _spec(verb: str, schema: Any, help: str, *args: str) -> ActionSpec:
    return ActionSpec(verb, schema, help, args=args)


CAMPAIGN_ACTIONS: dict[str, ActionSpec] = {s.verb: s for s in [
    _spec("gain-nanofragments", sc.CharacterAmountSchema, "Stick Nanofragments on the Unconscious side of a character's Divider Card", "character", "amount"),
    _spec("spend-nanofragments", sc.CharacterAmountSchema, "Spend Nanofragments on something the books price (at a Disk Icon)", "character", "amount"),
    _spec("set-divider-card", sc.DividerSchema, "Say where a Divider Card prints its code: X1..X4 on Conscious space N", "character", "code", "space"),
    _spec("gain-high-frequency", sc.AmountSchema, "Stick High-Frequency Nanopotential on the unlabeled side of its card", "amount"),
    _spec("obtain-skill", sc.ObtainSkillSchema, "A Skill Card joins a character (unconscious; --start: a Start Skill)", "character", "skill"),
    _spec("make-skill-conscious", sc.CharacterSkillSchema, "Make an unconscious Skill conscious for 2 Nanofragments", "character", "skill"),
    _spec("choose-active-skills", sc.ActiveSkillsSchema, "Choose up to 3 Active Skills (Conscious only) before an Encounter", "character", "skills"),
    _spec("equip-skill", sc.CharacterSkillSchema, "Make one more Conscious Skill Active (at most 3)", "character", "skill"),
    _spec("unequip-skill", sc.CharacterSkillSchema, "Make an Active Skill Inactive", "character", "skill"),
    _spec("lower-skill-cost", sc.CharacterSkillSchema, "Cost sticker: the Skill's combination one step lower, 1 Nanofragment", "character", "skill"),
    _spec("change-skill-number", sc.SkillNumberSchema, "Number sticker: one of the Skill's numbers up or down 1, 1 Nanofragment", "character", "skill", "number", "direction"),
    _spec("extend-skill-range", sc.CharacterSkillSchema, "\"Any space on the Encounter Map\" sticker, 2 Nanofragments", "character", "skill"),
    _spec("gain-nanosync-token", sc.CharacterReasonSchema, "A character gets a Nanosync Token to hold", "character"),
    _spec("place-nanosync-token", sc.CharacterSkillSchema, "Stick a held Nanosync Token on a Skill's Nanosync Space (free)", "character", "skill"),
    _spec("buy-weapon-upgrade", sc.WeaponUpgradeSchema, "Stick a Weapon Upgrade on a slot (may paste over) for its price", "character", "weapon", "slot", "upgrade"),
    _spec("buy-body-augmentation", sc.BodyAugmentationSchema, "Raise a Defense Value by 1 in a Shop, for its price", "character", "defense"),
    _spec("give-start-items", sc.StartItemsSchema, "Give a character Start Items (Lv. 1)", "character", "items"),
    _spec("buy-start-item", sc.StartItemSchema, "Buy a Start Item's next level in a Shop; the old level leaves the game", "character", "item", "level"),
    _spec("buy-upgrade", sc.UpgradeSchema, "Buy anything else a Shop or the Storybook prices", "upgrade"),
    _spec("save-program", sc.ProgramSchema, "Sidekick saves a program for 1 of Cora's Nanofragments (up to 4)", "program"),
    _spec("delete-program", sc.ProgramSchema, "Sidekick deletes a saved program", "program"),
    _spec("session-date", sc.DateSchema, "Today's date for the progress sheet", "date"),
    _spec("start-chapter", sc.ChapterSchema, "The chapter the campaign is in", "chapter"),
    _spec("enter-lobby", sc.PlaceSchema, "The group enters a Lobby (--disk, --exit-icon as printed)", "name"),
    _spec("enter-shop", sc.PlaceSchema, "The group enters a Shop", "name"),
    _spec("read-comic", sc.PlaceSchema, "The group reads a comic (--disk if it shows the Disk Icon)", "name"),
    _spec("turn-to-page", sc.PlaceSchema, "The group turns to another page of the books", "name"),
    _spec("solve-riddle", sc.RiddleSchema, "A riddle of this chapter solved (--hint if the hint was read)", "name"),
    _spec("read-nanostory", sc.NanostorySchema, "A Nanostory played; --nanosync-tokens names who gets a token", "name"),
    _spec("take-hidden-card", sc.HiddenCardSchema, "Take a Hidden Card by its code and give it to a character", "code", "character"),
    _spec("pass-hidden-card", sc.CodeCharacterSchema, "Trade a Hidden Card to another character", "code", "character"),
    _spec("discard-quest-item", sc.CodeReasonSchema, "Discard a Quest Item a text says to discard", "code"),
    _spec("read-defragmented-text", sc.TextCodeSchema, "Read a Defragmented Text with the Quest Item that opens it", "text"),
    _spec("place-mission-token", sc.MissionTokenSchema, "Stick a Mission Token on the City Map", "token"),
    _spec("start-city-phase", sc.EmptySchema, "Enter the City Map: the City Phase; non-Persistent Quest Cards are discarded"),
    _spec("return-item-cards", sc.ReturnItemsSchema, "City Phase step 2: Item Cards returned (3+: --nanofragment-to CHARACTER)", "count"),
    _spec("choose-mission-token", sc.TokenSchema, "City Phase step 3: choose a Mission Token; the City Phase ends", "token"),
    _spec("reach-save-point", sc.NameSchema, "A Save Point: everyone back to their starting condition", "name"),
    _spec("resume-at-save-point", sc.ResumeSchema, "After a Game Over, resume at a Save Point (--upgrades keep|roll-back)", "name"),
    _spec("set-difficulty-level", sc.DifficultySchema, "The campaign difficulty level: normal or lower", "level"),
]}
"""Every Campaign Mode action by verb."""
