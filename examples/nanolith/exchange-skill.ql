# nanolith.txt § Exchanging Skill Cards — Ada deactivates "MedKit" (free) and makes "BSS Weapons Training"
# Active: 1 Reinforcement Token. Ada's third Active Skill is not named in the example; she starts with two.
new nanolith "Exchange"
start-encounter "Exchanging Skill Cards"
choose-skills ada medkit "Sik Gas Injection"
!rule_violation choose-skills ada medkit oath
start-round
roll-action-dice ashitaka 3 4 5 3 6
roll-action-dice vaa-lith 2 4 3 5 2
roll-action-dice cora 2 3 4 5 6
roll-action-dice ada 4 5 3 2 6
give-initiative ada
!rule_violation perform-skill ada "BSS weapons training" 4 --cost 4
!rule_violation exchange-skill ada --activate medkit
exchange-skill ada --deactivate medkit --activate "BSS weapons training"
expect board reinforcement_pool 1
expect board characters.ada.skills.active ["sik-gas-injection", "bss-weapons-training"]
# MedKit is Inactive now; making it Active again would cost another Token.
!rule_violation perform-skill ada medkit 2 2
