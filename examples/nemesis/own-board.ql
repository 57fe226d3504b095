# A game on the table's own board, entered once from a file (examples/nemesis/our-board.yaml): the file is read
# when the game is created and recorded in its first event, so a replay never reads it again. Its corridor
# numbers are the table's: moves, Noise rolls and Encounters follow them (nemesis.txt § Movement Action,
# § Noise Roll, § Technical Corridors, § Other Ways to Move).
new nemesis "Our board" --setup layout=examples/nemesis/our-board.yaml
expect board layout.name "Our ship"
expect board layout.rooms.0.id "hibernatorium"
expect board layout.rooms.1.exits.1 {"number": 2, "to": "k10", "kind": "corridor", "room": "slot-d"}
expect board layout.technical_corridors.0.entrances.0 {"room": "engine-1", "numbers": [3]}
start-game scout captain
expect board characters.scout.room "hibernatorium"
# Exit 3 of slot-a is k9 on this board.
move scout slot-a --tile Laboratory --token silence --items 2
noise-roll scout 3
expect board corridors.k9.noise true
# No corridor joins the Hibernatorium and Engine 1 here.
!rule_violation "no corridor joins them" move captain engine-1
move captain cockpit
noise-roll captain 2
expect board corridors.k10.noise true
# Reconnaissance: a move with no Noise roll; its card's Noise marker (entered) goes into k9, which has one:
# an Encounter for the Scout (nemesis.txt § Technical Corridors).
reconnaissance scout slot-d --tile Storage --token silence --items 1 --noise k9
expect board characters.scout.pending "encounter"
!rule_violation "not a corridor of slot-d" encounter scout creeper --removed k1
encounter scout creeper --removed k9
expect board intruders.creeper-1.room "slot-d"
expect board characters.scout.turn_over true
pass captain
end-round
# In Combat: no Search, no Room Action (public rules answers).
!rule_violation "in Combat" search scout
move scout cockpit --escape
expect board characters.scout.pending null
end-game "the Scout and the Captain reach the Cockpit"
