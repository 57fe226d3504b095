# The Technical Corridors (nemesis.txt § Technical Corridors): an Intruder reaching an entrance disappears
# into the ducts (Injuries discarded, token back in the bag, model removed; the space's Noise marker stays);
# Characters only use them through the Mechanic's Technical Corridors Action card or the Technical Corridor
# Plans Item.
new nemesis "Technical Corridors"
start-game mechanic scout
place-noise-marker technical
!rule_violation "already has a Noise marker" place-noise-marker technical
place-intruder breeder room-4
injure-intruder breeder-1 2
expect board intruders.breeder-1.injuries 2
# room-4's exit 4 is its Technical Corridors entrance.
move-intruder breeder-1 4
expect board intruders {}
expect board rooms.room-4.intruders []
expect board technical_corridors.technical.noise true
!rule_violation "Mechanic" move scout cockpit --via technical-corridors
move mechanic room-2 --tile Storage --token silence --items 1
noise-roll mechanic 2
!rule_violation "not a neighboring Room" move mechanic cockpit
move mechanic cockpit --via technical-corridors
expect board characters.mechanic.room "cockpit"
noise-roll mechanic 3
expect board characters.mechanic.pending "encounter"
encounter mechanic creeper --removed technical
expect board intruders.creeper-1.room "cockpit"
expect board technical_corridors.technical.noise false
