# nanolith.txt § Nanoshock Examples, "Ashitaka – Rush".
# Ashitaka has 8 Damage and 2 Stress, and his Nanoshock Token is active. One Nanoshock already taken
# puts his Nanoshock Cube at 5 (the next Nanoshock comes when Stress reaches 5).
# Not printed in the book, assumed here: Bio-Mutant (Lv. 1) Life Points 3 (the book's 4 6 8 roll with
# 3 hits eliminates one), Security Droid (Lv. 1) Life Points 4 (two hits leave one standing), the
# Spawn Pool (4 Bio-Mutants, 4 Security Droids), the other characters' rolls, and the rolls of the last
# two attacks (1 5 6 and 1 2 5; the 1s show that Ashitaka gets no Stress once Unconscious).
new nanolith "Rush example"
start-encounter "Ashitaka - Rush"
set-spawn-pool bio-mutant:1-4 security-droid:1-4
place-enemy bio-mutant 1 --life 3
place-enemy bio-mutant 2
place-enemy security-droid 1 --life 4
place-enemy security-droid 2
place-enemy security-droid 3
place-enemy security-droid 4
start-round
roll-action-dice ashitaka 3 4 5 3 6
roll-action-dice vaa-lith 2 4 3 5 2
roll-action-dice cora 2 3 4 5 6
roll-action-dice ada 4 5 3 2 6
give-initiative ashitaka
# The example starts mid-Encounter: set Ashitaka's Player Board as the book describes it.
adjust characters.ashitaka.damage 8 --reason "Rush example: Ashitaka has 8 Damage Points"
adjust characters.ashitaka.stress 2 --reason "Rush example: Ashitaka has 2 Stress Points"
adjust characters.ashitaka.nanoshocks 1 --reason "Rush example: one Nanoshock already taken"
adjust characters.ashitaka.stress_limit 5 --reason "Rush example: the Nanoshock Cube moved one space left"
adjust characters.ashitaka.nanoshock_token '"active"' --reason "Rush example: Ashitaka can perform Rush"

# A Nanoshock Attack needs a Nanoshock Action; Cora cannot start before the Initiative holder.
!rule_violation attack ashitaka bio-mutant-1 1 4 6 --defense 4 --kind nanoshock
!rule_violation perform-nanoshock-action cora
perform-nanoshock-action ashitaka
expect board nanoshock_action.character "ashitaka"
expect board characters.ashitaka.nanoshock_token "inactive"
# Rush's attacks are Nanoshock Attacks.
!rule_violation attack ashitaka bio-mutant-1 1 4 6 --defense 4 --kind close-combat

# Bio-Mutant, Nanoshock Defense 4: 1 4 6 -> 2 Damage, and 1 Stress for the 1.
attack ashitaka bio-mutant-1 1 4 6 --defense 4
expect board enemies.bio-mutant-1.damage 2
expect board characters.ashitaka.stress 3
# Security Droid, Nanoshock Defense 5: 4 5 1 -> 1 Damage, 1 Stress.
attack ashitaka security-droid-1 4 5 1 --defense 5
expect board enemies.security-droid-1.damage 1
expect board characters.ashitaka.stress 4
# Another Bio-Mutant: 4 6 8 -> 3 Damage, eliminated, back to the Spawn Pool.
attack ashitaka bio-mutant-2 4 6 8 --defense 4
expect turn enemies_on_map ["bio-mutant-1", "security-droid-1", "security-droid-2", "security-droid-3", "security-droid-4"]
expect board spawn_pool.bio-mutant [2, 3, 4]
# Another Security Droid: 1 6 8 -> 2 Damage; the 1 brings Stress to the Nanoshock Cube: a second
# Nanoshock, 2 Damage -> 10 -> Unconscious: every cube back to its Zero Space.
attack ashitaka security-droid-2 1 6 8 --defense 5
expect board enemies.security-droid-2.damage 2
expect board characters.ashitaka.unconscious true
expect board characters.ashitaka.damage 0
expect board characters.ashitaka.stress 0
expect board characters.ashitaka.stress_limit 6
expect board characters.ashitaka.nanoshocks 2
# Rush goes on: the remaining attacks give no Stress, Damage or Nanoshocks.
expect board nanoshock_action.character "ashitaka"
attack ashitaka security-droid-3 1 5 6 --defense 5
attack ashitaka security-droid-4 1 2 5 --defense 5
expect board characters.ashitaka.stress 0
expect board characters.ashitaka.damage 0
expect board enemies.security-droid-3.damage 2
expect board enemies.security-droid-4.damage 1
end-nanoshock-action ashitaka
# The Nanoshock Token obtained during Rush is discarded; Ashitaka's activation is over.
expect board characters.ashitaka.nanoshock_token "inactive"
expect board nanoshock_action null
expect board activating null
expect board characters.ashitaka.activated true
!rule_violation spend-dice ashitaka 3
!rule_violation attack ashitaka security-droid-3 8 8 8 --defense 5
# Unconscious characters cannot be targeted by enemies; the Nanophoenix brings Ashitaka back.
!rule_violation enemy-attack security-droid-3 ashitaka 5 6 7 --defense 5
revive ashitaka
expect board characters.ashitaka.unconscious false
