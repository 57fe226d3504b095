# nanolith.txt § Spawn Phase with an Encounter whose Reinforcement Table has no rows: the table is known
# to buy nothing (not unknown), so `spawn` needs no --tokens-spent. No enemy enters and no die is rolled;
# the 2 RT left over are Stress for Ada, who holds the Initiative Token (§ Spawn Phase, leftover RT).
new nanolith "Empty table"
start-encounter "No reinforcements"
set-encounter-rules --reinforcements ""
expect board encounter_rules.reinforcements {"auto": [], "extra": [], "boss_cards": []}
start-round
roll-action-dice ashitaka 3 4 5 3 6
roll-action-dice vaa-lith 2 4 3 5 2
roll-action-dice cora 2 3 4 5 6
roll-action-dice ada 4 5 3 2 6
give-initiative ada
end-activation ada
end-activation ashitaka
end-activation cora
end-activation vaa-lith
adjust reinforcement_pool 2 --reason "Tokens placed by enemies' 1s earlier in the Encounter"
!rule_violation spawn bio-mutant:1:3 --tokens-spent 2
spawn --tokens-spent 0
expect board reinforcement_pool 0
expect board characters.ada.stress 2
expect board phase "enemy-action"
# Nothing was rolled or drawn, so nothing is sealed (nanolith.txt § Undoing Moves: "as long as the players have
# not rolled the dice, drawn a card or done any other step to randomise the game"): undo takes the Spawn Phase back.
expect history horizon.seal.summary "roll-action-dice ada 4 5 3 2 6 (Encounter 'No reinforcements', Round 1, Status Phase)"
undo
expect board phase "spawn"
expect board characters.ada.stress 0
redo
expect board characters.ada.stress 2
