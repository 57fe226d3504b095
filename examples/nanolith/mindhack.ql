# nanolith.txt § Cora – Mindhack — Cora moves a Bio-Mutant next to a Security Droid and attacks it with
# the Bio-Mutant's 3 Combat Dice: 1, 7, 8 against the Security Droid's Close Combat Defense 5 (from the
# content pack): 2 Damage, and the enemy's 1 puts 1 Reinforcement Token in the pool.
# Life Points are not printed: Bio-Mutant 3 and Security Droid 4 are assumed.
new nanolith "Mindhack"
start-encounter "Cora – Mindhack"
set-spawn-pool bio-mutant:1-3 security-droid:1-3
place-enemy bio-mutant 1 --life 3
place-enemy security-droid 1 --life 4
start-round
roll-action-dice ashitaka 3 4 5 3 6
roll-action-dice vaa-lith 2 4 3 5 2
roll-action-dice cora 2 3 4 5 6
roll-action-dice ada 4 5 3 2 6
give-initiative cora
adjust characters.cora.nanoshock_token '"active"' --reason "Cora got a Nanoshock earlier in the Encounter"
perform-nanoshock-action cora
enemy-attack bio-mutant-1 security-droid-1 1 7 8
expect board enemies.security-droid-1.damage 2
expect board reinforcement_pool 1
expect board characters.cora.stress 0
end-nanoshock-action cora
