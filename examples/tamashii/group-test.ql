# The Group Test example (tamashii.txt § TESTS): in a 2-player game "Perform a Group Test: 3 x P" of Core
# Data needs 6 successes. Player 1 (red Core) dumps 3 and rolls 3 dice, player 2 (blue Core) dumps 2 and
# rolls 2; each may spend Reroll only on their own dice. A basic symbol is 1 success, the less common 2.
new tamashii "Group Test"
start-scenario prologue red blue
refill-launcher red red red red blue yellow
refill-launcher blue blue blue green green
gain red reroll 2
perform-test red core 3xP --group
expect board test.required 6
contribute-to-test red basic blank rare
!rule_violation contribute-to-test red basic
contribute-to-test blue rare blank
expect board boards.red.data.launcher {"total": 2, "blue": 1, "yellow": 1}
expect board boards.blue.data.launcher {"total": 2, "green": 2}
expect board test.successes 5
# Rerolls: only your own dice, once per roll.
!rule_violation reroll blue basic --indexes 1 --of red
reroll red basic --indexes 1
!rule_violation reroll red rare --indexes 0
expect board boards.red.assets.reroll 1
expect board test.successes 6
resolve-test
expect board last_test {"successes": 6, "required": 6, "passed": true}
# An Individual Test: only its initiator contributes; Open Data stands in for the Basic type.
gain-data blue open
perform-test blue green 3
!rule_violation contribute-to-test red basic
contribute-to-test blue basic blank
resolve-test
expect board last_test {"successes": 1, "required": 3, "passed": false}
