# nanolith.txt § Improving Line of Sight and Range, worked example: "A player could use 1 Nanofragment to
# reduce the "MedKit" Skill Cost from two 2s to two 1s. In addition, MedKit's healing powers could be
# increased from 3 Damage Points to 4 Damage Points. Likewise, the number of Effect Tokens removed by
# MedKit could be increased from 1 Token to 2 Tokens. Each of these Upgrades costs 1 Nanofragment and can
# only be used once over the course of the entire campaign." MedKit is Ada's Skill; its printed figures are
# the example's (cost two 2s, heals 3, removes 1 Effect Token, line of sight and range of 6).
new nanolith "MedKit upgrades"
obtain-skill ada medkit --start --combination double --cost 2,2 --numbers heal=3,effect-tokens=1 --range 6
gain-nanofragments ada 3 --reason "Encounter 1 reward"

# Levelling up happens only where the Disk Icon is (§ Leveling Up with Nanofragments).
!rule_violation lower-skill-cost ada medkit
enter-lobby "Neo-Eden Underground" --disk --exit-icon

lower-skill-cost ada medkit
change-skill-number ada medkit heal up
change-skill-number ada medkit effect-tokens up
expect stickers characters.ada.skills.medkit.effective.cost [1, 1]
expect stickers characters.ada.skills.medkit.effective.combination "double"
expect stickers characters.ada.skills.medkit.effective.numbers {"heal": 4, "effect-tokens": 2}
expect stickers characters.ada.skills.medkit.printed.numbers {"heal": 3, "effect-tokens": 1}
expect stickers characters.ada.divider {"unconscious": 0, "conscious": 3, "code": null, "space": null, "bonus_skill": null}

# Each slot only once over the whole campaign: a second sticker on a used slot is refused.
gain-nanofragments ada 3 --reason "Encounter 2 reward"
!rule_violation lower-skill-cost ada medkit
!rule_violation change-skill-number ada medkit heal up
!rule_violation change-skill-number ada medkit effect-tokens down
expect stickers characters.ada.divider.unconscious 3

# The "line of sight and range of 6" limit pasted over with "any space on the Encounter Map": 2 Nanofragments.
extend-skill-range ada medkit
expect stickers characters.ada.skills.medkit.effective.range "any"
expect stickers characters.ada.divider.unconscious 1
!rule_violation extend-skill-range ada medkit
# Spending Nanofragments a character does not have is refused (1 left, a Skill made conscious costs 2).
obtain-skill ada bss-weapons-training --combination triple --cost 4,4,4
!rule_violation make-skill-conscious ada bss-weapons-training
!rule_violation spend-nanofragments ada 2 --reason "a Shop offer"
expect unlocks skills.ada.unconscious ["bss-weapons-training"]
