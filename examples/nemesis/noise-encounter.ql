# A Noise roll into a corridor that already has a Noise marker: an Encounter (nemesis.txt § Noise Roll,
# § Technical Corridors: "If you're instructed to place a Noise marker in a Corridor that already has one,
# you will instead resolve an Encounter"). Entering an occupied Room: no Noise roll (§ Movement Action).
new nemesis "Noise and Encounter"
start-game captain pilot
move captain room-1 --tile Laboratory --token silence --items 2
expect board rooms.room-1.items 2
noise-roll captain 3
expect board corridors.c7.noise true
# The Pilot joins the Captain: the Room is occupied, so no Noise roll (and none may be entered).
move pilot room-1
expect board characters.pilot.pending null
!rule_violation "another Character or an Intruder" noise-roll pilot 2
# The Captain goes back to the empty Hibernatorium and rolls a 1: its exit 1 is c7, which has Noise.
move captain hibernatorium
noise-roll captain 1
expect board characters.captain.pending "encounter"
expect board noise ["c7"]
!rule_violation "encounter" pass captain
# The Encounter: a Larva is drawn from the Intruder bag; the players remove the Noise marker of c7
# (public rules answer 18).
encounter captain larva --removed c7
expect board intruders.larva-1.room "hibernatorium"
expect board intruders.larva-1.in_combat true
expect board noise []
expect board characters.captain.turn_over true
pass pilot
end-round
# Leaving a Room with an Intruder needs the Escape rule (recorded).
!rule_violation "Escape rule" move captain room-1
move captain room-1 --escape
expect board characters.captain.room "room-1"
expect board intruders.larva-1.in_combat false
