# Silence with Slime (nemesis.txt § Slime Marker): a Character with a Slime marker treats each Silence
# (of a Noise roll or an Exploration token) as Danger; a second Slime marker does nothing; a shower in the
# Shower Room removes it.
new nemesis "Slime"
start-game scientist
move scientist room-1 --tile Surgery --token slime --items 1
expect board characters.scientist.slime true
noise-roll scientist silence
expect board noise ["c1", "c3", "c7"]
gain-slime scientist
expect board characters.scientist.slime true
move scientist engine-1
noise-roll scientist 3
expect board technical_corridors.technical.noise true
end-round
# A Silence Exploration token is Danger too: Noise in room-3's corridors without one (its Technical
# Corridors entrance already has the space's marker).
move scientist room-3 --tile "Shower Room" --token silence --items 0
expect board noise ["c1", "c2", "c23", "c3", "c7", "c9", "technical"]
noise-roll scientist silence
remove-slime scientist --by shower-room
expect board characters.scientist.slime false
!rule_violation "no Slime marker" remove-slime scientist --by clothes
