# The Freeze example (nanobot-battle-arena.txt § Not Enough Reaction Cards): in a Lightweight game Capt'n
# Kitteh's opponents use a Freeze '3' and a Freeze '1' against her; four random cards of her hand of 6 are set
# aside face down (never revealed: Questlog records how many, never which, and seals nothing for it).
# Here Capt'n Kitteh plays Vex, not Chronos: Freeze bears the Chronos Strain Icon, so only against a Chronos
# player would each card lose a Charge (§ Reaction Card Affinity); against her the '3' freezes 3 and the '1'
# freezes 1. Her opponents play Ghost and Inferno, so neither gains the Chronos +1 either.
new nanobot-battle-arena "Freeze example"
start-match lightweight
choose-strain "Capt'n Kitteh" vex
choose-strain Ada ghost
choose-strain Ina inferno
reveal-first-player ghost
expect board seating ["vex", "ghost", "inferno"]
set-up-arena 0,0,E,vex 1,0,E,ghost 2,0,E,inferno
freeze ada 3 kitteh:3
place-tile ada 1,1 N
place-tile ada 1,2 N
discard ada
expect board phase "Phase 4: Draw 3 Reaction Cards"
draw ada
# Play goes clockwise: Ina, then Capt'n Kitteh.
expect board active "inferno"
freeze ina 1 vex:1
expect board scientists.vex.hand 2
expect board scientists.vex.frozen 4
place-tile ina 3,0 E
place-tile ina 4,0 E
discard ina
draw ina
# Capt'n Kitteh: one Reaction Card, two tiles, then the last card in her hand ...
expect board active "vex"
expect board phase "Phase 1: Play 1 Reaction Card"
pivot kitteh 1 0,0,N
place-tile kitteh 0,1 N
place-tile kitteh 0,2 E
discard kitteh
# ... and out of cards, the rest of the Reaction Card Phase is skipped.
expect board scientists.vex.hand 0
expect board phase "Phase 4: Draw 3 Reaction Cards"
!rule_violation "cannot play a Reaction Card now" discard kitteh
# The four Frozen cards return before the draw phase; she draws two for a hand of six.
draw kitteh
expect board scientists.vex.hand 6
expect board scientists.vex.frozen 0
expect board active "ghost"
