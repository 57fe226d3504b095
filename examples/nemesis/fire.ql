# Fire and a passed turn (nemesis.txt § Fire Marker): finishing a turn in a Room with a Fire marker costs
# 1 Light Wound, a passed turn included, and no more that round; a second Fire marker does nothing; Room and
# Search Actions are still allowed; a round is 2 Actions, or 1 Action and passing, or passing.
new nemesis "Fire"
start-game pilot captain
move pilot room-1 --tile Generator --token fire --items 2
expect board rooms.room-1.fire true
noise-roll pilot silence
pass pilot
expect board characters.pilot.light_wounds 1
expect board characters.pilot.turn_over true
!rule_violation "2 Actions, or 1 Action and passing" pass pilot
place-fire room-1
expect board rooms.room-1.fire true
# The Captain joins (no Noise roll: occupied) and Searches in the fire: 2 Actions, the turn ends, 1 Light Wound.
move captain room-1
search captain
expect board rooms.room-1.items 1
expect board characters.captain.light_wounds 1
expect board characters.pilot.light_wounds 1
!rule_violation "2 Actions" search captain
end-round
room-action pilot --action "Generator"
search pilot
expect board characters.pilot.light_wounds 2
expect board rooms.room-1.items 0
!rule_violation "Item Counter" search captain
perform-action captain "Careful Movement"
room-action captain
expect board characters.captain.light_wounds 2
# A third action in a round is refused.
!rule_violation "2 Actions, or 1 Action and passing, or passing" perform-action captain "Reconnaissance"
