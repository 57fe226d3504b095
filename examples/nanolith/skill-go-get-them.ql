# nanolith.txt § Skill Cards — Cora's "Go get Them!" (printed "Go get 'em!" elsewhere) costs two 3s: two 4s
# pay it (costs are minimums), but a 3, a 1 and a 2 never "make" a pair of 3s.
# Sidekick's Life Points (Cora's Sidekick Weapon Card) are not printed: 5 is assumed here.
new nanolith "Go get Them"
start-encounter "Skill Cards"
start-round
roll-action-dice ashitaka 3 4 5 3 6
roll-action-dice vaa-lith 2 4 3 5 2
roll-action-dice cora 3 1 2 4 4
roll-action-dice ada 4 5 3 2 6
give-initiative cora
# The combination must be an actual double: never assembled from lower dice.
!rule_violation perform-skill cora "Go get Them!" 3 1 2 --life 5
!rule_violation perform-skill cora "Go get 'em!" 3 2 --life 5
# Cora's Skill, not Ada's.
!rule_violation perform-skill ada "Go get Them!" 4 5
expect board sidekick.on_map false
perform-skill cora "Go get Them!" 4 4 --life 5
expect board sidekick.on_map true
expect board sidekick.life 5
expect board characters.cora.dice.available [3, 1, 2]
expect board characters.cora.dice.inactive_index [4, 4]
# Sidekick is on the map already.
!rule_violation perform-skill cora go-get-em 3 3 --life 5
