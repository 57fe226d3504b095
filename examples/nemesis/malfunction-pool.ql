# The Malfunction pool (nemesis.txt § Malfunction Marker): 8 markers; a second in one Room does nothing;
# discarded ones go back to the pool; none in the Nest (placed directly: refused; called for by an event:
# nothing placed); one called for with the pool empty: the ship loses hull integrity and the game ends.
new nemesis "Malfunction pool"
start-game mechanic
place-malfunction engine-1
place-malfunction engine-1
expect board malfunction_pool 7
place-malfunction engine-2
place-malfunction engine-3
place-malfunction room-1
place-malfunction room-3
place-malfunction room-4
place-malfunction room-5
place-malfunction room-6
expect board malfunction_pool 0
repair-malfunction room-5 --by tools
expect board malfunction_pool 1
expect board rooms.room-5.malfunction false
place-malfunction room-7
expect board malfunction_pool 0
expect board ended null
# room-2 turns out to be the Nest: no Items counted there, and no Malfunction marker.
move mechanic room-2 --tile Nest --token silence --items 2
expect board rooms.room-2.items null
noise-roll mechanic silence
!rule_violation "Nest" place-malfunction nest
place-malfunction nest --event
expect board rooms.room-2.malfunction false
expect board ended null
# A Room that already has one needs none: nothing happens, even with the pool empty.
place-malfunction room-7 --event
expect board ended null
# The next one called for, with none left: the game ends.
place-malfunction room-8 --event
expect board ended "the ship lost hull integrity: a Malfunction marker was called for with none left in the pool"
!rule_violation "ended" place-fire room-8
