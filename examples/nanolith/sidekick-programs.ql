# nanolith.txt § More on Sidekick: "Once Sidekick has been eliminated ... He will automatically lose any
# programs that haven't been permanently saved on his hard drive." § Using Programs / Saving Programs: a
# program saved for a Nanofragment after an Encounter stays with him ("He can keep it until he wants to
# overwrite or delete the program"). The Security Droid's Life Points are not printed: 4 is assumed.
new nanolith "Sidekick's programs"
start-encounter E
set-spawn-pool security-droid:1
place-enemy security-droid 1 --life 4
start-round
roll-action-dice ashitaka 3 4 5 3 6
roll-action-dice vaa-lith 2 4 3 5 2
roll-action-dice cora 3 3 2 2 6
roll-action-dice ada 4 5 3 2 6
give-initiative cora
perform-skill cora go-get-em 3 3 --life 5
download-program laser 5 2 --dice 2,2
expect board sidekick.programs ["laser"]
# Eliminated: off the map, and the unsaved Laser is lost with him.
take-damage sidekick 5
expect board sidekick.on_map false
expect board sidekick.programs []
!rule_violation use-program laser 6 --cost 6
end-encounter --outcome victory
# A second Encounter: the Laser is downloaded again, then saved after it for 1 of Cora's Nanofragments.
start-encounter E2
set-spawn-pool security-droid:1
place-enemy security-droid 1 --life 4
start-round
roll-action-dice ashitaka 3 4 5 3 6
roll-action-dice vaa-lith 2 4 3 5 2
roll-action-dice cora 3 3 2 2 6
roll-action-dice ada 4 5 3 2 6
give-initiative cora
download-program laser 5 2 --dice 2,2
end-encounter --outcome victory
expect board sidekick.programs []
gain-nanofragments cora 1
save-program laser
# The next Encounter: Sidekick holds his saved Laser, and Cora uses it once he is on the map.
start-encounter E3
expect board sidekick.programs ["laser"]
set-spawn-pool security-droid:1
place-enemy security-droid 1 --life 4
start-round
roll-action-dice ashitaka 3 4 5 3 6
roll-action-dice vaa-lith 2 4 3 5 2
roll-action-dice cora 3 3 6 2 6
roll-action-dice ada 4 5 3 2 6
give-initiative cora
perform-skill cora go-get-em 3 3 --life 5
use-program laser 6 --cost 6
expect board characters.cora.dice.available [2, 6]
