# A full Reset (tamashii.txt § RESET), every step as listed, with 2 Advanced Bodies, attached Enemies,
# Trace, and Data on the Launcher. Also the Trace track's top space (§ Trace): 2 Enemies, Trace to 0.
new tamashii "Reset"
start-scenario prologue red --mode coop
draw-scenario-lost-card A07
start-scenario geohunt red --mode coop --trace-top 6
choose-class red trickster "Trickster 1" "Trickster 2"
choose-learning-protocol red Bodyguard
set-up-body-market Soldier Scout
refill-launcher red red red blue blue green yellow
end-phase
move red 5 --entry 2
expect board boards.red.trace 2
inhabit red Soldier red red
inhabit red Scout blue blue
!rule_violation inhabit red Brawler green yellow
# Each Body inhabited from the Market is replaced from the Body deck.
expect board market_due 2
refill-body-market Brawler
refill-body-market Sniper
!rule_violation refill-body-market Tank
expect board body_market ["Brawler", "Sniper"]
expect board boards.red.body.name "Scout"
expect board boards.red.body.pro 5
increase-trace red 3
expect board boards.red.trace 5
increase-trace red 1
expect board boards.red.trace 0
expect board boards.red.enemies_due 2
!rule_violation end-phase
draw-enemies red Firecleaner Catcher
expect board boards.red.enemies_due 0
increase-trace red 2
gain-data red corrupted
!rule_violation launch-basic-pattern red shield corrupted green
end-phase
expect board boards.red.data.dump.corrupted 1
expect board corrupted_pool 3
# Combat: red is worn down to 0 Integrity.
attack-roll red 1 basic basic blank
activate-frame red "Scout 1" 0 --damage 2
activate-enemy-frame red 5
expect board boards.red.integrity 0
# At Integrity 0 the reset is resolved immediately: nothing else is accepted before it.
!rule_violation activate-frame red "Scout 2" 1
!rule_violation gain red shield
!rule_violation end-phase
# RESET: the Enemy Symbol die discards the active Body (the Scout: the Soldier becomes active); 2 Corrupted
# Data from the pool into the Dump; Launcher dumped; Enemies discarded (no EXP); Trace 0; Integrity to the
# ITG Limiter; the Character to the Shelter.
reset red discard-body
expect board boards.red.body.name "Soldier"
expect board boards.red.bodies [{"name": "Soldier", "mov": null, "att": 3, "pro": null}]
expect board corrupted_pool 1
expect board boards.red.data.dump.corrupted 3
expect board boards.red.data.launcher.total 0
expect board boards.red.enemies []
expect board boards.red.exp 0
expect board enemy_discard ["Firecleaner", "Catcher"]
expect board boards.red.trace 0
expect board boards.red.integrity 5
expect board boards.red.tile 1
# The player who reset skips the rest of the phase: red's Combat is over, and with it the Combat phase.
expect board phase "quest"
!rule_violation attack-roll red 1 basic basic basic basic
# The pool has 1 Corrupted Data left: a second reset runs it out and the Scenario's special rule applies.
lose-integrity red 5
reset red keep-body
expect board corrupted_pool 0
expect board corrupted_pool_ran_out true
expect board boards.red.body.name "Soldier"
# Geohunt's sheet: "If there are no tokens in the Corrupted Data pool and players must gain one: Scenario
# lost. Draw card E11." Nothing else is accepted until it is drawn.
expect board ending_due.card "E11"
!rule_violation gain red shield
!rule_violation draw-scenario-lost-card E10
draw-scenario-lost-card E11
expect progress scenarios.geohunt.checked false
