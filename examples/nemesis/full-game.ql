# A whole game of Nemesis, from waking in the Hibernatorium to the last survivor Hibernated: exploration,
# Noise rolls, an Encounter, Fire, a Malfunction repaired, an Intruder moving, an undo, an undo refused past a
# reveal, and a correction of a mis-typed Noise roll.
new nemesis "Nemesis: Full game"
start-game captain scout mechanic
expect board round 1
# Round 1. A Door closed by mistake is taken back (nothing was revealed yet).
close-door c11
undo
expect board corridors.c11.door "open"
move scout room-1 --tile Laboratory --token silence --items 2
# The die showed 2 but 4 was typed (corrected below): exit 4 of room-1 is c7, exit 2 is c3.
noise-roll scout 4
expect board corridors.c7.noise true
!sealed undo
move scout engine-1
noise-roll scout 3
expect board technical_corridors.technical.noise true
move captain room-5 --tile "Command Center" --token fire --items 1 --computer
noise-roll captain 2
room-action captain --action "Computer"
expect board characters.captain.light_wounds 1
move mechanic room-6 --tile Surgery --token malfunction --items 2
expect board malfunction_pool 7
noise-roll mechanic danger
expect board noise ["c10", "c11", "c12", "c15", "c16", "c7", "technical"]
!rule_violation "Malfunction marker" room-action mechanic
search mechanic
expect board rooms.room-6.items 1
end-round
# The correction: the Scout's Noise roll showed 2, so the marker is in c3, not c7.
correct v13 result=2 --reason "the die showed 2"
expect board corridors.c7.noise false
expect board corridors.c3.noise true
# Round 2. The Scout finds the Nest; Danger puts Noise in its corridors; a 4 names its Technical Corridors
# entrance, which already has Noise: an Encounter with an Adult.
move scout room-3 --tile Nest --token danger --items 3
expect board rooms.room-3.items null
noise-roll scout 4
encounter scout adult --removed c2,c9
expect board intruders.adult-1.in_combat true
move scout engine-1 --escape
noise-roll scout 1
expect board characters.scout.turn_over true
# The Adult moves (an Event card's instructions): exit 3 of the Nest is c23, into room-7, which stays unexplored.
move-intruder adult-1 3
expect board intruders.adult-1.room "room-7"
expect board rooms.room-7.explored false
pass captain
expect board characters.captain.light_wounds 2
# A Malfunction marker stops every action in its Room but Search (nemesis.txt § Malfunction Marker): the
# Mechanic's repair card is the action that discards it, counted as one of the Mechanic's two.
!rule_violation "Malfunction marker" perform-action mechanic "Repair"
repair-malfunction room-6 --by repair-card --character mechanic
room-action mechanic --action "Surgery"
expect board malfunction_pool 8
end-round
# Round 3: into Hibernation.
move mechanic hibernatorium
noise-roll mechanic silence
hibernate mechanic
expect board characters.mechanic.hibernated true
move captain hibernatorium
noise-roll captain silence
hibernate captain
move scout room-1
noise-roll scout silence
move scout hibernatorium
noise-roll scout silence
end-round
hibernate scout
end-game "every survivor is Hibernated" --winners scout
expect board ended "every survivor is Hibernated"
!rule_violation "ended" move scout room-1
