# The Canteen example (nemesis.txt § Noise Roll): two Noise markers in Corridors connected to the Canteen,
# one in Corridor number 3 (with the Closed Door: a Noise marker affects the entire Corridor), the other in
# the Technical Corridors space (it counts for every Technical Corridors Entrance on the board).
# In this layout the Canteen is the Room tile flipped at room-3: exit 1 = c2, 2 = c9, 3 = c23, 4 = its
# Technical Corridors entrance.
new nemesis "Canteen"
start-game scout soldier
move scout room-5 --tile Armory --token silence --items 2
noise-roll scout silence
# Entering the Canteen reveals a Doors token: the players close the Door of Corridor 3.
move scout room-3 --tile Canteen --token doors --items 1 --close canteen:3
expect board rooms.room-3.name "Canteen"
expect board corridors.c23.door "closed"
noise-roll scout 3
expect board corridors.c23.noise true
# The Soldier rolls a 4 in room-2, whose exit 4 is a Technical Corridors entrance: the Noise marker goes
# to the Technical Corridors space.
move soldier room-2 --tile Storage --token silence --items 3
noise-roll soldier 4
expect board technical_corridors.technical.noise true
expect board noise ["c23", "technical"]
pass soldier
end-round
# A Closed Door breaks neighborhood (nemesis.txt § Movement Action).
!rule_violation "Closed Door" move scout room-7
# An event makes every Character roll (nemesis.txt § Movement Action), in player order: the Scout, then the
# Soldier. A 3 in the Canteen: Corridor 3 already has a Noise marker: Encounter.
call-noise-rolls --cause "an Event card"
expect board owed.0.character "scout"
expect board owed.1.character "soldier"
!rule_violation "player order" noise-roll soldier silence --event
noise-roll scout 3 --event
expect board characters.scout.pending "encounter"
!rule_violation "round cannot end" end-round
encounter scout blank
expect board characters.scout.pending null
noise-roll soldier silence --event
expect board owed []
!rule_violation "owes no event Noise roll" noise-roll scout 1 --event
# A 4 names the Canteen's Technical Corridors entrance: the space already has a marker: Encounter.
call-noise-rolls --cause "another Event card"
noise-roll scout 4 --event
expect board characters.scout.pending "encounter"
encounter scout blank
noise-roll soldier silence --event
# Danger with no Intruder next door: Noise only in the Canteen's other corridors (1 and 2).
call-noise-rolls --cause "a third Event card"
noise-roll scout danger --event
noise-roll soldier silence --event
expect board noise ["c2", "c23", "c9", "technical"]
expect board corridors.c2.noise true
expect board corridors.c9.noise true
