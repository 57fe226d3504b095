# nanolith.txt § Examples of Enemy Activations — target selection as the players count it, checked by
# the tie-break order (closest, most Damage, lowest Defense Value for the attack type, players' choice).
# Example 1 and 2 give only the distances printed (Ashitaka's in Example 2 is assumed: 5). Example 3 says
# only that Cora's Close Combat Defense Value is lower than Ashitaka's: 4 and 5 are assumed.
new nanolith "Targets"
start-encounter "Enemy Activations"
set-spawn-pool bio-mutant:1-2 security-droid:1-2
place-enemy security-droid 1 --life 4
place-enemy bio-mutant 1 --life 3
# Example 1: Cora 3 spaces away, Ashitaka 4: Cora.
!rule_violation select-target security-droid-1 ashitaka --candidates cora:3,ashitaka:4
select-target security-droid-1 cora --candidates cora:3,ashitaka:4
expect board targets.security-droid-1 "cora"
# Example 2: Cora is the closest (Jump Points ignored when counting).
select-target bio-mutant-1 cora --candidates cora:2,ashitaka:5
# Example 3: same distance; Ashitaka has 2 Damage, Cora none: Ashitaka.
take-damage ashitaka 2
!rule_violation select-target bio-mutant-1 cora --candidates ashitaka:3,cora:3
select-target bio-mutant-1 ashitaka --candidates ashitaka:3,cora:3
expect board targets.bio-mutant-1 "ashitaka"
# Both with 2 Damage: the lower Close Combat Defense Value, Cora's.
take-damage cora 2
!rule_violation select-target bio-mutant-1 ashitaka --candidates ashitaka:3:5,cora:3:4
select-target bio-mutant-1 cora --candidates ashitaka:3:5,cora:3:4
# Same Defense Value (a Special Rule, a Skill): the players choose.
select-target bio-mutant-1 ashitaka --candidates ashitaka:3:4,cora:3:4
expect board targets.bio-mutant-1 "ashitaka"
