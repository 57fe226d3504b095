# nanolith.txt § Armor — Ada's Nanopulsar against the Spawn (Lv. 1).
# Ada rolls 2 Combat Dice: 2 and 6. Ranged Defense 6 -> 1 hit; Armor 1 -> 0 Damage.
# The Spawn's Life Points are not printed in the rulebook: 4 is assumed. The Nanopulsar's Action
# Cost is not printed either: Ada spends a 4 for it here.
new nanolith "Armor example"
start-encounter "Armor"
set-spawn-pool spawn:1,2
place-enemy spawn 1 --life 4
expect board spawn_pool.spawn [2]
start-round
roll-action-dice ashitaka 3 4 5 3 6
roll-action-dice vaa-lith 2 4 3 5 2
roll-action-dice cora 2 3 4 5 6
roll-action-dice ada 4 5 3 2 6
give-initiative ada
# The attack's cost comes first.
!rule_violation attack ada spawn-1 2 6 --defense 6 --armor 1 --kind ranged
spend-dice ada 4 --purpose Nanopulsar
# Only enemies on the map can be hit: spawn-2 is in the Spawn Pool, and characters are never targets.
!rule_violation attack ada spawn-2 2 6 --defense 6 --armor 1 --kind ranged
!rule_violation attack ada cora 2 6 --defense 6 --armor 1 --kind ranged
!invalid_input attack ada spawn-1 2 9 --defense 6 --armor 1 --kind ranged
attack ada spawn-1 2 6 --defense 6 --armor 1 --kind ranged
expect board enemies.spawn-1.damage 0
expect board characters.ada.stress 0
# Had Ada hit twice, the Spawn would have taken 1 Damage.
spend-dice ada 5 --purpose Nanopulsar
attack ada spawn-1 6 6 --defense 6 --armor 1 --kind ranged
expect board enemies.spawn-1.damage 1
