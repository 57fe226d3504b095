# nanolith.txt § 2. Calculating and Paying Action Costs — the Canopus example.
# Canopus costs 5; Vaa-Lith places a 2 and a 4 (sum 6): legal, the surplus point is lost.
# Only Vaa-Lith's 2 and 4 are printed; the rest of the rolls are assumed (no 1s).
new nanolith "Canopus example"
start-encounter "Calculating and Paying Action Costs"
start-round
roll-action-dice ashitaka 3 4 5 3 6
roll-action-dice vaa-lith 2 4 3 5 2
roll-action-dice cora 2 3 4 5 6
roll-action-dice ada 6 5 4 3 2
give-initiative vaa-lith

# A 2 and a 3 (sum 5) would pay too, but a lone 4 does not.
!rule_violation spend-dice vaa-lith 4 --cost 5 --purpose Canopus
# Summing is only for costs without a dice combination.
!rule_violation spend-dice vaa-lith 2 3 --combination double --cost 2

spend-dice vaa-lith 2 4 --cost 5 --purpose Canopus
expect board characters.vaa-lith.dice.spent [2, 4]
expect board characters.vaa-lith.dice.available [3, 5, 2]
expect board characters.vaa-lith.dice.inactive_index [2, 4]
expect board characters.vaa-lith.stress 0
expect board reinforcement_pool 0

# A straight 2 3 4 is not there (the 4 is spent), but 2 3 5 is no straight either.
!rule_violation spend-dice vaa-lith 2 3 5 --combination straight --cost 2
# Placing the last Action Die puts a Reinforcement Token in the pool.
spend-dice vaa-lith 3 5 2 --purpose "move, move, move"
expect board characters.vaa-lith.dice.available []
expect board reinforcement_pool 1
end-activation vaa-lith
expect board activating null
# Vaa-Lith has ended his activation: no more actions this Round.
!rule_violation spend-dice vaa-lith 2
