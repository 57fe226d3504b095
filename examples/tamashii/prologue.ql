# A whole Prologue session (tamashii.txt § Game setup, § Scenario setup EXAMPLE – PROLOGUE, § Turn order,
# § RESET, § Ending the game & using the PROGRESS sheet), two players on the red and blue Player Boards.
new tamashii "Box 1"
expect progress playable ["prologue"]
# Before your first game: the very first Scenario must be the Prologue; The Ascend needs a tick everywhere.
!rule_violation start-scenario geohunt red blue
!rule_violation start-scenario the-ascend red blue
start-scenario prologue red blue
seat Ann red
seat Ben blue
# Prologue setup: steps 2c, 3c, 3d and 5 are skipped; Enemy deck all LVL 1 over all LVL 2; 16 Corrupted Data.
expect board scenario_card "A01"
expect board corrupted_pool 16
expect board enemy_deck [{"level": 1, "cards": null}, {"level": 2, "cards": null}]
expect board boards.red.trace null
expect board boards.red.integrity 5
expect board boards.red.limiter 5
expect board boards.red.locks 4
expect board boards.red.assets {"shield": 0, "memory": 0, "power": 0, "reroll": 0}
expect board boards.red.data.bag {"total": 13, "blue": 3, "green": 3, "yellow": 3, "red": 4}
expect board boards.blue.data.bag.blue 4
expect board boards.red.tile 2
!rule_violation choose-learning-protocol red "Bodyguard"
!rule_violation set-up-body-market Soldier Scout Brawler
# A01's Immediate effect sets the Time (6 - players, 2 players: 4).
set-time 6-P
expect board time 4
# Turn 1, Planning phase: no Trace Roll on the first turn.
!rule_violation trace-roll red basic
refill-launcher red red red blue green yellow yellow
refill-launcher blue blue blue green red
# The Walker's PRO is printed on the Player Board (the text does not give it): typed once, then kept.
!rule_violation program red 9 --pro 3
program red 2 --pro 3
expect board boards.red.body.pro 3
!rule_violation refill-launcher red blue
end-phase
expect board phase "action"
expect board active "red"
!rule_violation move blue 1
move red 1
use-district-effect red
launch-basic-pattern red shield red red
!rule_violation launch-basic-pattern red shield --longer yellow yellow
launch-basic-pattern red exp yellow yellow
expect board boards.red.assets.shield 1
expect board boards.red.exp 1
expect board boards.red.data.dump {"total": 4, "red": 2, "yellow": 2}
# A Scenario card's effect attaches an Enemy to red.
!rule_violation draw-enemies red Firecleaner
draw-enemies red Firecleaner --effect A01
expect board boards.red.top_enemy "Firecleaner"
end-phase
stay blue
launch-basic-pattern blue power --longer blue blue green
expect board boards.blue.assets.power 2
end-phase
# Combat phase: red fights its Enemy; blue, with none attached, skips it.
expect board phase "combat"
expect board active "red"
!rule_violation end-phase
attack-roll red 1 basic basic rare blank
activate-frame red "Walker 1" 0 --damage 2
activate-enemy-frame red 3 --shields 1
expect board boards.red.integrity 3
end-phase
expect board phase "quest"
place-success-token 2
place-success-token -1
expect board success_tokens 1
!invalid_input place-success-token 9
reduce-time
expect board time 3
end-phase
expect board first_player "blue"
expect board turn 2
# Turn 2: red's Bag holds 7 tokens; a 9-token refill empties it and refills it from the Dump (Golden Rule).
refill-launcher red green green blue blue yellow red red red yellow
expect board boards.red.data.bag {"total": 2, "red": 1, "yellow": 1}
expect board boards.red.data.dump.total 0
suffer red 3
expect board boards.red.integrity 0
!rule_violation end-phase
# A full Reset (§ RESET).
reset red keep-body
expect board boards.red.integrity 5
expect board boards.red.enemies []
expect board boards.red.data.launcher.total 0
expect board boards.red.data.dump {"total": 13, "blue": 3, "green": 3, "yellow": 2, "red": 3, "corrupted": 2}
expect board corrupted_pool 14
expect board boards.red.tile 1
expect board enemy_discard ["Firecleaner"]
!rule_violation refill-launcher red blue
# Undo works until the latest reveal (the reset's Enemy Symbol die).
gain blue memory
expect board boards.blue.assets.memory 1
undo
expect board boards.blue.assets.memory 0
!sealed undo
# Red reset and skips the rest of the Planning phase; blue still owes its Refill.
!rule_violation end-phase
refill-launcher blue green red
end-phase
expect board phase "action"
expect board active "blue"
# The Victory card: tick A06 and unlock what it lists.
draw-victory-card A06 --unlock P01,P02,EF1
expect progress scenarios.prologue.endings {"A06": true}
expect progress prologue_played true
expect unlocks unlocked ["EF1", "P01", "P02"]
expect board play null
expect progress scenarios.geohunt.playable true
expect progress scenarios.the-ascend.playable false
!rule_violation start-scenario the-ascend red blue
