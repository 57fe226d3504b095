# A game on the board's other side (layout=nemesis-b): two separate Technical Corridors circles, `technical-fore`
# (the Cockpit's half) and `technical-aft` (the Engines' half). A Noise marker in one circle's space is in every
# entrance of that circle only (nemesis.txt § Technical Corridors).
new nemesis "Side B" --setup layout=nemesis-b
expect board layout.name "Nemesis (side B)"
expect board layout.technical_corridors.1.id "technical-aft"
start-game mechanic scout soldier
move scout room-3 --tile Canteen --token silence --items 1
noise-roll scout 4
expect board technical_corridors.technical-fore.noise true
expect board technical_corridors.technical-aft.noise false
# A 4 in room-7 names the other circle's entrance: a Noise marker there, no Encounter.
move mechanic room-7 --tile Storage --token silence --items 2
noise-roll mechanic 4
expect board technical_corridors.technical-aft.noise true
expect board characters.mechanic.pending null
move soldier room-8 --tile Armory --token silence --items 2
noise-roll soldier danger
expect board noise ["d12", "d13", "d16", "d17", "technical-aft", "technical-fore"]
pass scout
pass mechanic
pass soldier
end-round
# The Mechanic's Technical Corridors card goes from one entrance to another of the same circle only.
!rule_violation "one Technical Corridors circle" move mechanic room-3 --via technical-corridors
move mechanic engine-1 --via technical-corridors
# Engine 1's exit 3 is its entrance to technical-aft, which has a marker: an Encounter.
noise-roll mechanic 3
expect board characters.mechanic.pending "encounter"
!rule_violation "not a corridor of engine-1" encounter mechanic larva --removed technical-fore
encounter mechanic larva --removed technical-aft
expect board intruders.larva-1.room "engine-1"
expect board technical_corridors.technical-aft.noise false
# Careful Movement: no Noise roll; the card's Noise marker as the players enter it.
careful-movement scout room-1 --tile Surgery --token silence --items 1 --noise d1
expect board corridors.d1.noise true
expect board characters.scout.pending null
end-game "recorded to here"
