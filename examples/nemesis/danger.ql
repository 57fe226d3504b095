# Danger with and without neighboring Intruders (nemesis.txt § Noise Roll, Danger): an Intruder in a
# neighboring Room that is not in Combat moves in; one in Combat stays. With none, a Noise marker goes into
# each corridor of the Room that has none.
new nemesis "Danger"
start-game soldier scout
place-intruder adult room-5
place-intruder creeper room-6
# The Scout walks into the Creeper's Room: no Noise roll (occupied), and the Creeper is now in Combat.
move scout room-6 --tile Armory --token silence --items 1
expect board rooms.room-6.characters ["scout"]
expect board intruders.creeper-1.in_combat true
expect board characters.scout.pending null
pass scout
# Without neighboring Intruders: room-1's corridors c1, c3, c7 get Noise.
move soldier room-1 --tile Storage --token silence --items 2
noise-roll soldier danger
expect board noise ["c1", "c3", "c7"]
# Back in the (now empty) Hibernatorium: Danger. Its neighbors are room-1, room-2, room-5 (the Adult, not in
# Combat: it moves in through c10) and room-6 (the Creeper, in Combat with the Scout: it stays).
move soldier hibernatorium
noise-roll soldier danger
expect board intruders.adult-1.room "hibernatorium"
expect board intruders.creeper-1.room "room-6"
expect board noise ["c1", "c3", "c7"]
expect board intruders.adult-1.in_combat true
