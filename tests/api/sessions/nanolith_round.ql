new nanolith "API test group"
seat ana ashitaka cora
seat bo vaa-lith ada
start-encounter "Encounter 1"
start-round
roll-action-dice ashitaka 2 4 5 1 6
roll-action-dice cora 1 1 4 5 6
roll-action-dice vaa 3 3 3 2 2
roll-action-dice ada 6 6 5 4 1
give-initiative ashitaka
manipulate-die ashitaka 4 up
spend-dice ashitaka 5 5
undo
spend-dice ashitaka 5
gain-stress cora 1
undo
redo
! spend-dice ashitaka 9
end-activation ashitaka
expect board characters.cora.stress 3
