# A mis-typed die corrected (nanolith.txt § Stress Factors; a list typed as on the command line, 1,3,4,5,6):
# Cora's roll was entered as 1 1 4 5 6 (2 Stress) but the second die showed 3: 1 Stress. A later
# correction that would take away the 3 she already spent is refused, naming that action.
new nanolith "Typo"
start-encounter "Typo"
start-round
roll-action-dice ashitaka 2 4 5 2 6
roll-action-dice vaa-lith 2 4 3 5 2
roll-action-dice cora 1 1 4 5 6
roll-action-dice ada 4 5 3 2 6
expect board characters.cora.stress 2
correct v13 dice=1,3,4,5,6 --reason "the second die showed 3"
expect board characters.cora.stress 1
expect board characters.cora.dice.available [1, 3, 4, 5, 6]
give-initiative cora
spend-dice cora 3 --purpose move
!rule_violation correct v13 dice=[1,2,4,5,6] --reason "the spent 3 would vanish"
!invalid_input correct v99 dice=[1,2,4,5,6] --reason "x"
