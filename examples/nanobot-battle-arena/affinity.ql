# Reaction Card Affinity (nanobot-battle-arena.txt § Reaction Card Affinity, the example): Capt'n Kitteh plays
# the Chronos Strain. Her Freeze '3' becomes a Freeze '4'; another player's Freeze '3' used against her
# becomes a Freeze '2', and "the opponent can then use the two remaining Charges" against her.
new nanobot-battle-arena "Affinity"
start-match basic
choose-strain "Capt'n Kitteh" chronos
choose-strain Ada ghost
choose-strain Ina inferno
reveal-first-player vex chronos
set-up-arena 0,0,E,chronos 1,0,E,ghost 2,0,E,inferno
place-tile kitteh 0,1 N
# Freeze '3' + 1: four cards, split among opponents.
!rule_violation "gives 4 Charges (+1 per card" freeze kitteh 3 ada:3 ina:2
freeze kitteh 3 ada:2 ina:2
expect board scientists.ghost.frozen 2
expect board scientists.inferno.frozen 2
draw kitteh
place-tile ada 1,1 N
# Freeze '3' against Capt'n Kitteh: 3 - 1 = 2.
!rule_violation "gives 2 Charges (-1 per card: used against the chronos player)" freeze ada 3 kitteh:3
freeze ada 3 kitteh:2
expect board scientists.chronos.frozen 2
draw ada
place-tile ina 3,0 E
# A '1' used against affinity becomes 0: it can freeze nothing of hers.
!rule_violation "gives 0 Charges" freeze ina 1 kitteh:1
