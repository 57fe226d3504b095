# nanolith.txt § Downloading Programs — Cora activates Sidekick's Download with a double of 2, then a free
# Hacking Attack on the Laser's Profile (Defense 5, Force Success 2): a 3 and a 4 both fail; she forces one
# (2 Damage to herself) and Sidekick holds the Laser. Sidekick need not be on the map.
# The Security Droid's Life Points are not printed: 4 is assumed.
new nanolith "Laser"
start-encounter "Downloading Programs"
!rule_violation download-program laser 3 4 --dice 2,2 --force 1
set-spawn-pool security-droid:1-2
place-enemy security-droid 1 --life 4
start-round
roll-action-dice ashitaka 3 4 5 3 6
roll-action-dice vaa-lith 2 4 3 5 2
roll-action-dice cora 2 2 4 5 6
roll-action-dice ada 4 5 3 2 6
give-initiative cora
# No program without at least 1 Damage.
!rule_violation download-program laser 3 4 --dice 2,4 --force 1
download-program laser 3 4 --dice 2,2 --force 1
expect board sidekick.programs ["laser"]
expect board sidekick.on_map false
expect board characters.cora.damage 2
expect board characters.cora.dice.available [4, 5, 6]
