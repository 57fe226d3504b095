# Spending Shield examples (tamashii.txt § Assets – Shield, Memory, Power and Reroll).
new tamashii "Shields"
start-scenario prologue red --mode coop
# Example 1: a player has 1 Shield and suffers 2 Wounds: spend 1 Shield and lose 1 Integrity...
gain red shield
suffer red 2 --shields 1
expect board boards.red.assets.shield 0
expect board boards.red.integrity 4
# ...or spend no Shield and lose 2.
recover red 5
expect board boards.red.integrity 5
gain red shield
suffer red 2
expect board boards.red.assets.shield 1
expect board boards.red.integrity 3
# Example 2: 3 Shield, 2 Wounds: spend 2 Shield and lose nothing, or no Shield and lose 2 -- never 1 and 1.
recover red 5
gain red shield 2
expect board boards.red.assets.shield 3
!rule_violation suffer red 2 --shields 1
suffer red 2 --shields 2
expect board boards.red.assets.shield 1
expect board boards.red.integrity 5
gain red shield 2
suffer red 2
expect board boards.red.assets.shield 3
expect board boards.red.integrity 3
# Gains stop at 5 and losses at 0; spending what you do not have is refused.
gain red shield 4
expect board boards.red.assets.shield 5
lose red power 2
expect board boards.red.assets.power 0
!rule_violation spend red power 1
!rule_violation spend red shield 6
spend red shield 5
expect board boards.red.assets.shield 0
