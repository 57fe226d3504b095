# nanolith.txt § Manipulating the Action Dice — the "Oath" example.
# Ashitaka rolls 2 4 5 2 6, raises both 2s by 1 (1 Stress each) and pays "Oath" (two 3s or more)
# with the two 3s. The other characters' rolls are not in the book: any rolls without 1s will do.
new nanolith "Dice manipulation example"
start-encounter "Manipulating the Action Dice"
start-round
roll-action-dice ashitaka 2 4 5 2 6
roll-action-dice vaa-lith 3 4 5 6 2
roll-action-dice cora 2 3 4 5 6
roll-action-dice ada 6 5 4 3 2
give-initiative ashitaka
expect board characters.ashitaka.dice.available [2, 4, 5, 2, 6]

# A die shows 1..6: a 7 is bad input; Oath cannot be paid with the 2s as they are.
!invalid_input manipulate-die ashitaka 7 up
!rule_violation spend-dice ashitaka 2 2 --combination double --cost 3 --purpose Oath
# Only one character activates at a time, and Ashitaka holds the Initiative Token.
!rule_violation spend-dice cora 2

manipulate-die ashitaka 2 up
manipulate-die ash 2 up
expect board characters.ashitaka.stress 2
expect board characters.ashitaka.dice.available [3, 4, 5, 3, 6]
expect board characters.ashitaka.dice.manipulated [1, 4]

# Each die once per Character Action Phase: both 3s have been manipulated already.
!rule_violation manipulate-die ashitaka 3 down
# A 6 cannot become a 7.
!rule_violation manipulate-die ashitaka 6 up
# Two 3s are not assembled from a 3 and lower dice, and there is no third 3 to spend.
!rule_violation spend-dice ashitaka 3 3 3 --combination triple --cost 3

spend-dice ashitaka 3 3 --combination double --cost 3 --purpose Oath
expect board characters.ashitaka.dice.available [4, 5, 6]
expect board characters.ashitaka.dice.spent [3, 3]
expect board characters.ashitaka.stress 2
expect board activating "ashitaka"
# A die you do not have.
!rule_violation spend-dice ashitaka 3
!invalid_input spend-dice nobody 3
