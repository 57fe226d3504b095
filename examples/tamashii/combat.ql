# The Combat example (tamashii.txt § Combat example, pages 16-17). Frame Damage is read off the cards
# (--damage); the Soldier's ATT 3 and the Firecleaner's Integrity 10 (4 Damage, 6 remaining) come from
# components.yaml.
new tamashii "Combat example"
start-scenario prologue red --mode coop
draw-scenario-lost-card A07
start-scenario geohunt red --mode coop --trace-top 10
choose-class red brawler "Brawler 1" "Brawler 2"
choose-learning-protocol red Bodyguard
set-up-body-market Soldier Scout
refill-launcher red red red blue blue
end-phase
move red 5 --entry 1
inhabit red Soldier red red
expect board boards.red.body {"name": "Soldier", "mov": null, "att": 3, "pro": null}
expect board body_market ["Scout"]
# Inhabiting a Body from the Market owes it a card from the Body deck (§ Inhabiting a Body).
!rule_violation end-phase
refill-body-market Tank
expect board body_market ["Scout", "Tank"]
# 1a. Soldier Body, 5 Integrity, 2 Shield, 2 Power, no Reroll. 1b. 3 attached Enemies; the Top one has 4 Damage.
gain red shield 2
gain red power 2
draw-enemies red Firecleaner Catcher "Scanning bot" --effect "the example's starting conditions"
!invalid_input draw-enemies red ":5"
deal-damage red 4
# One player's Geohunt deck is 2 LVL 1 cards on top of 3 LVL 2: the Scanning bot is the first LVL 2 card.
expect board boards.red.enemies.0 {"name": "Firecleaner", "integrity": 10, "damage": 4, "level": 1}
expect board boards.red.enemies.2.level 2
end-phase
expect board phase "combat"
# 2. Attack Roll: 2 Power for 2 more dice, 5 in all (3 ATT + 2). 3 on the Enemy Number die: all 3 attack.
!rule_violation attack-roll red 3 basic blank basic basic rare --power 2
attack-roll red 3 basic blank basic basic rare rare --power 2
expect board boards.red.assets.power 0
# 3. The Enemy Number die is placed on the third Enemy card, counting from the Top Enemy.
expect board combat.die_at 2
# 4. The Soldier's first Frame deals 3 Damage to the Top Enemy.
activate-frame red "Soldier 1" 1 --damage 3
expect board boards.red.enemies.0.damage 7
!rule_violation activate-frame red "Termination Code" 3 --defeats
# 5. The Scanning bot deals 3: 2 Shield spent and 1 Integrity lost; the die moves to the Catcher.
activate-enemy-frame red 3 --shields 2
expect board boards.red.assets.shield 0
expect board boards.red.integrity 4
expect board combat.die_at 1
# 6. Termination Code defeats the Firecleaner (3 left): 1 EXP; the Soldier's ability gives 1 Reroll.
activate-frame red "Termination Code" 3 --defeats
expect board boards.red.exp 1
expect board enemy_discard ["Firecleaner"]
expect board boards.red.top_enemy "Catcher"
gain red reroll
# 7. The Catcher deals 2; the Enemy Number die leaves the Top Enemy: no more Enemy Frames.
activate-enemy-frame red 2
expect board boards.red.integrity 2
expect board combat.die_at null
!rule_violation activate-enemy-frame red 1
# 8. The Soldier's second Frame deals 2; 9. the any-number Frame spends 1 die for 1 Damage.
activate-frame red "Soldier 2" 2 --damage 2
activate-frame red "Soldier dice" 4 --damage 1 --repeatable
!rule_violation activate-frame red "Soldier 1" 0 --damage 3
!rule_violation activate-frame red "Soldier 2" 4 --damage 2
expect board boards.red.enemies.0 {"name": "Catcher", "integrity": null, "damage": 3, "level": 1}
expect board boards.red.enemies.1.name "Scanning bot"
# 10. The Combat phase is over (the Enemy Number die is on no Enemy card).
end-phase
expect board phase "quest"
