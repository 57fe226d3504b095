# nanolith.txt § Stress Factors, "Rolling a 1": Cora rolls her 5 Action Dice in the Status Phase;
# two 1s among them give her 2 Stress. Her other three dice are assumed (4 5 6).
new nanolith "Status Phase ones"
start-encounter "Rolling a 1"
start-round
expect board phase "status"
expect board round 1
# Cora rolls exactly her Action Dice Value (5) dice, each 1..6.
!rule_violation roll-action-dice cora 1 1 4 5
!invalid_input roll-action-dice cora 1 1 4 5 7
!invalid_input roll-action-dice dora 1 1 4 5 6
roll-action-dice cora 1 1 4 5 6
expect board characters.cora.stress 2
expect board characters.cora.dice.available [1, 1, 4, 5, 6]
!rule_violation roll-action-dice cora 2 2 4 5 6
# Step 5 comes after everyone has rolled (step 4).
!rule_violation give-initiative cora
# Sidekick's Action Dice Value is 0.
!rule_violation roll-action-dice sidekick 1 2 3 4 5
roll-action-dice ashitaka 2 4 5 2 6
roll-action-dice vaa-lith 3 4 5 6 2
roll-action-dice ada 6 5 4 3 2
give-initiative cora
expect board phase "character-action"
expect board initiative "cora"

# The next Round: Stress goes back 2 in the Status Phase. Everyone passes, the Spawn Phase buys
# nothing, and Round 2 places 1 Reinforcement Token.
end-activation cora
end-activation ashitaka
end-activation vaa-lith
end-activation ada
expect board phase "spawn"
spawn --tokens-spent 0
expect board phase "enemy-action"
start-round
expect board round 2
expect board reinforcement_pool 1
expect board characters.cora.stress 0
