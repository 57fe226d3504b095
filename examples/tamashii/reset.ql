# A full Reset (tamashii.txt § RESET), every step as listed, with 2 Advanced Bodies, attached Enemies,
# Trace, and Data on the Launcher. Also the Trace track's top space (§ Trace): 2 Enemies, Trace to 0.
new tamashii "Reset"
start-scenario prologue red
draw-scenario-lost-card A07
start-scenario geohunt red --trace-top 6
set-up-body-market Soldier Scout
refill-launcher red red red blue blue green yellow
end-phase
move red 5 --entry 2
expect board boards.red.trace 2
inhabit red Soldier red red
inhabit red Scout blue blue
!rule_violation inhabit red Brawler green yellow
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
!rule_violation launch-basic-pattern red shield corrupted
end-phase
expect board boards.red.data.dump.corrupted 1
expect board corrupted_pool 3
# Combat: red is worn down to 0 Integrity.
attack-roll red 1 basic basic blank
activate-frame red "Scout 1" 0 --damage 2
activate-enemy-frame red 5
expect board boards.red.integrity 0
!rule_violation activate-frame red "Scout 2" 1
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
!rule_violation attack-roll red 1 basic basic basic basic
# The pool has 1 Corrupted Data left: a second reset runs it out and the Scenario's special rule applies.
lose-integrity red 5
reset red keep-body
expect board corrupted_pool 0
expect board corrupted_pool_ran_out true
expect board boards.red.body.name "Soldier"
draw-scenario-lost-card E11
expect progress scenarios.geohunt.checked false
