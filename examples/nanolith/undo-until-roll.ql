# nanolith.txt § Undoing Moves: "As long as the players have not rolled the dice, drawn a card or done
# any other step to randomise the game, they can undo their last moves as they like."
# Spending dice can be undone and redone; an attack roll seals everything before it.
new nanolith "Undo until a roll"
start-encounter "Undoing Moves"
place-enemy bio-mutant 1 --life 3
start-round
roll-action-dice ashitaka 2 4 5 2 6
roll-action-dice vaa-lith 2 4 3 5 2
roll-action-dice cora 2 3 4 5 6
roll-action-dice ada 4 5 3 2 6
give-initiative ashitaka
expect board phase "character-action"

manipulate-die ashitaka 2 up
expect board characters.ashitaka.stress 1
spend-dice ashitaka 4 --purpose "move 4 spaces"
expect board characters.ashitaka.dice.available [3, 5, 2, 6]
expect board activating "ashitaka"
undo
expect board characters.ashitaka.dice.available [3, 4, 5, 2, 6]
expect board activating null
expect board characters.ashitaka.stress 1
undo
expect board characters.ashitaka.dice.available [2, 4, 5, 2, 6]
expect board characters.ashitaka.stress 0
redo
expect board characters.ashitaka.stress 1
redo
expect board characters.ashitaka.dice.available [3, 5, 2, 6]
!nothing_to_redo redo
spend-dice ashitaka 6 --purpose "Neo-Katana"
expect board characters.ashitaka.dice.available [3, 5, 2]
# The attack roll is a reveal: nothing before it can be undone any more.
attack ashitaka bio-mutant-1 3 7 --defense 4 --kind close-combat
expect board enemies.bio-mutant-1.damage 1
!sealed undo
expect board enemies.bio-mutant-1.damage 1
expect board characters.ashitaka.dice.available [3, 5, 2]
# Actions after the roll can be undone again.
spend-dice ashitaka 5 --purpose "move"
undo
expect board characters.ashitaka.dice.available [3, 5, 2]
!sealed undo
