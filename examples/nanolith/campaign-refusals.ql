# Refusals with their rule (nanolith.txt § Divider Cards, Conscious Memories, Unconscious Memories and Bonus
# Skills: "Only Conscious Skills can be activated"; § Exchanging Skill Cards: "They can never have more than 3
# Active Skills"; § Saving Programs: "Sidekick can hold up to 4 programs"; § Body Augmentations: "Defense
# Values can only be increased by 1 during the course of the campaign" and "each Defense Value Upgrade sticker
# displayed in a Shop can only be purchased once per Shop"). Skill and program names are assumed.
new nanolith "Refusals"
obtain-skill ashitaka oath --start
obtain-skill ashitaka provoke --start
obtain-skill ashitaka neo-katana-mastery --start
obtain-skill ashitaka iron-wall --start
obtain-skill ashitaka shield-bash
gain-nanofragments ashitaka 6 --reason "Encounter rewards"
gain-nanofragments cora 5 --reason "Encounter rewards"

# A Skill made Active while unconscious.
!rule_violation choose-active-skills ashitaka oath shield-bash
!rule_violation equip-skill ashitaka shield-bash
# A fourth Active Skill.
choose-active-skills ashitaka oath provoke neo-katana-mastery
!rule_violation equip-skill ashitaka iron-wall
!rule_violation choose-active-skills ashitaka oath provoke neo-katana-mastery iron-wall
unequip-skill ashitaka provoke
equip-skill ashitaka iron-wall
expect unlocks skills.ashitaka.active ["oath", "neo-katana-mastery", "iron-wall"]

# Made conscious at a Disk Icon for 2 Nanofragments, it may be Active.
enter-lobby "Neon Market" --disk
make-skill-conscious ashitaka shield-bash
expect stickers characters.ashitaka.divider {"unconscious": 4, "conscious": 2, "code": null, "space": null, "bonus_skill": null}
choose-active-skills ashitaka shield-bash oath

# Nanofragments a character does not have.
!rule_violation spend-nanofragments ashitaka 5 --reason "too much"

# A fifth saved program (1 of Cora's Nanofragments each).
save-program bio-shield
save-program overclock
save-program decoy
save-program repair-drone
expect stickers characters.cora.divider.conscious 4
!rule_violation save-program turret
delete-program decoy
save-program turret
expect unlocks sidekick_programs ["bio-shield", "overclock", "repair-drone", "turret"]
!rule_violation save-program flare

# A Defense Value raised twice (in two Shops), and one Shop's sticker bought twice.
enter-shop "Naboo's Shop"
buy-body-augmentation ashitaka ranged --offer ranged-plating --price 2
expect stickers characters.ashitaka.body_augmentations {"ranged": "+1"}
!rule_violation buy-body-augmentation vaa-lith ranged --offer ranged-plating --price 2
enter-shop "Chrome Alley"
!rule_violation buy-body-augmentation ashitaka ranged --offer dermal-weave --price 1
buy-body-augmentation ashitaka close-combat --offer dermal-weave --price 1
expect stickers characters.ashitaka.divider {"unconscious": 1, "conscious": 5, "code": null, "space": null, "bonus_skill": null}
