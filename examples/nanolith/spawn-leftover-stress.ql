# nanolith.txt § Spawn Phase — the rulebook's Reinforcement Table line: a Bio-Mutant (Lv. 1) for 2 RT,
# bought until the RT or the Bio-Mutants in the Spawn Pool run out. 5 RT buy the two Bio-Mutants left
# (4 RT); the 1 RT left over is Stress for Vaa-Lith, who holds the Initiative Token. A D6 per standee
# picks its Spawn Point; a roll onto a full space is rolled again.
# Bio-Mutant Life Points are not printed: 3 is assumed (given in the spawn).
new nanolith "Spawn Phase"
start-encounter "Spawn Phase"
set-encounter-rules --reinforcements extra:bio-mutant:2
set-spawn-pool bio-mutant:1-2
start-round
roll-action-dice ashitaka 3 4 5 3 6
roll-action-dice vaa-lith 2 4 3 5 2
roll-action-dice cora 2 3 4 5 6
roll-action-dice ada 4 5 3 2 6
give-initiative vaa-lith
end-activation vaa-lith
end-activation ashitaka
end-activation cora
end-activation ada
adjust reinforcement_pool 5 --reason "Tokens placed by enemies' 1s earlier in the Encounter"
expect board phase "spawn"
# The Reinforcement Table decides what enters: 2 Bio-Mutants for 4 RT, not 1 for 2.
!rule_violation spawn bio-mutant:1:3 --tokens-spent 2 --spawn-rolls 4
!invalid_input spawn bio-mutant:1:3 bio-mutant:2:3 --tokens-spent 4 --spawn-rolls 4
spawn bio-mutant:1:3 bio-mutant:2:3 --tokens-spent 4 --spawn-rolls 4,2,6 --rerolled 2
expect board enemies.bio-mutant-1.spawn_point 4
expect board enemies.bio-mutant-2.spawn_point 6
expect board reinforcement_pool 0
expect board characters.vaa-lith.stress 1
expect board phase "enemy-action"
# The Spawn Point rolls were a reveal: they seal the Spawn Phase.
!sealed undo
