# Large models at the Spawn Points (nanolith.txt § Spawn Phase: "If a space is full, the D6 has to be rolled
# again, unless the enemy is a large model (40 mm base)"; § Large Enemies: "If a Spawn Point is blocked by a large
# model, the dice are not rerolled for enemies entering the Encounter Map; instead, the enemies are displaced to a
# space within a range of A1"). The rulebook prints no large enemy's card: the "Crusher", its Life Points and the
# rolls are assumed; the Encounter's rules name it large.
new nanolith "Large models"
start-encounter "Crusher Yard"
set-encounter-rules --large crusher
set-spawn-pool crusher:1 bio-mutant:1-3
start-round
roll-action-dice ashitaka 3 4 5 3 6
roll-action-dice vaa-lith 2 4 3 5 2
roll-action-dice cora 2 2 4 5 6
roll-action-dice ada 4 5 3 2 6
give-initiative ada
end-activation ada
end-activation ashitaka
end-activation vaa-lith
end-activation cora
# The first Crusher of the Encounter rolls a 3 on a full space: it is placed there, not rolled again.
!rule_violation "unless the enemy is a large model" spawn crusher:1:6 bio-mutant:1:3 --tokens-spent 0 --spawn-rolls 3,5,3 --rerolled 1
# The Bio-Mutant's 3 is the Crusher's Spawn Point: it is placed nearby, not rolled again.
!rule_violation "blocked by the large model crusher-1" spawn crusher:1:6 bio-mutant:1:3 --tokens-spent 0 --spawn-rolls 3,3,5 --rerolled 2
spawn crusher:1:6 bio-mutant:1:3 --tokens-spent 0 --spawn-rolls 3,3
expect board enemies.crusher-1.spawn_point 3
expect board enemies.crusher-1.on_spawn_point 3
expect board enemies.bio-mutant-1.spawn_point 3
expect board enemies.bio-mutant-1.on_spawn_point null
