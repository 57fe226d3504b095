# nanolith.txt § Nanoshock Examples, "Vaa-Lith – Falling Stars".
# Vaa-Lith has 5 Stress and is "heavily wounded": assumed 8 Damage, so the Nanoshock's 2 Damage
# reaches 10. He performs Falling Stars, so his Nanoshock Token is active. The book's figures do not
# quite fit the rules: an active Token means an earlier Nanoshock, which would have moved his
# Nanoshock Cube to 5, where 5 Stress cannot stand. We keep the book's numbers (5 Stress, Nanoshock
# Cube still at 6, Token active) so that the 1 he rolls brings the Nanoshock the book describes.
# Assumed: Bio-Mutant (Lv. 1) Life Points 3, Security Droid (Lv. 1) Life Points 4, and the rolls of
# the three attacks on the Security Droids (the book prints only the first roll).
new nanolith "Falling Stars example"
start-encounter "Vaa-Lith - Falling Stars"
set-spawn-pool bio-mutant:1-4 security-droid:1-4
place-enemy bio-mutant 1 --life 3
place-enemy security-droid 1 --life 4
place-enemy security-droid 2
place-enemy security-droid 3
start-round
roll-action-dice ashitaka 3 4 5 3 6
roll-action-dice vaa-lith 2 4 3 5 2
roll-action-dice cora 2 3 4 5 6
roll-action-dice ada 4 5 3 2 6
give-initiative vaa-lith
adjust characters.vaa-lith.damage 8 --reason "Falling Stars example: heavily wounded (assumed 8 Damage)"
adjust characters.vaa-lith.stress 5 --reason "Falling Stars example: Vaa-Lith has 5 Stress Points"
adjust characters.vaa-lith.nanoshock_token '"active"' --reason "Falling Stars example: Vaa-Lith can perform Falling Stars"
# Stress stops at 5 on a fresh Stress Index: the sixth point is a Nanoshock, never a track value.
!rule_violation adjust characters.vaa-lith.stress 6 --reason "not a Stress Index space"

perform-nanoshock-action vaa-lith
# Bio-Mutant, Nanoshock Defense 4: 1 4 5 7 -> 3 Damage, eliminated. The 1 gives 1 Stress: Stress 6
# reaches the Nanoshock Cube -> Nanoshock -> 2 Damage -> 10 -> Unconscious.
attack vaa-lith bio-mutant-1 1 4 5 7 --defense 4
expect turn enemies_on_map ["security-droid-1", "security-droid-2", "security-droid-3"]
expect board spawn_pool.bio-mutant [1, 2, 3, 4]
expect board characters.vaa-lith.unconscious true
expect board characters.vaa-lith.damage 0
expect board characters.vaa-lith.stress 0
expect board characters.vaa-lith.stress_limit 6
expect board characters.vaa-lith.nanoshocks 1
# The three remaining attacks on the Security Droids (Nanoshock Defense 5): no Stress, Damage or Nanoshocks.
attack vaa-lith security-droid-1 1 5 6 8 --defense 5
attack vaa-lith security-droid-2 1 1 2 3 --defense 5
attack vaa-lith security-droid-3 5 5 7 1 --defense 5
expect board enemies.security-droid-1.damage 3
expect board enemies.security-droid-2.damage 0
expect board enemies.security-droid-3.damage 3
expect board characters.vaa-lith.stress 0
expect board characters.vaa-lith.damage 0
expect board characters.vaa-lith.nanoshocks 1
expect board characters.vaa-lith.unconscious true
end-nanoshock-action vaa-lith
expect board characters.vaa-lith.nanoshock_token "inactive"
expect board activating null
!rule_violation perform-nanoshock-action vaa-lith
