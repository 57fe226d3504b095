# The Lightweight turn order (nanobot-battle-arena.txt § Reaction Card Phase, the example; § Game Phases by
# Division): "Capt'n Kitteh will first discard one of her cards, play two tiles, play two Reaction Cards from
# her hand, and then draw back up to six cards." Phases must be played in order.
new nanobot-battle-arena "Lightweight turn"
start-match lightweight
choose-strain "Capt'n Kitteh" relic
choose-strain Bo vex
reveal-first-player relic
expect board phase "Phase 1: Play 1 Reaction Card"
# The first tile of an empty Battle Arena goes in the center; but first, Phase 1 is a Reaction Card.
!rule_violation "phases must be played in order" place-tile kitteh 0,0 N
# A discard counts as this phase's play (and no extra card follows it).
discard kitteh
expect board phase "Phase 2: Play 2 NanoBot Tiles"
!rule_violation "the tile goes in the center" place-tile kitteh 1,0 N
place-tile kitteh 0,0 N
place-tile kitteh 0,1 E
expect board phase "Phase 3: Play 2 Reaction Cards"
!rule_violation "phases must be played in order" place-tile kitteh 1,1 E
# Two Reaction Cards: a Petrify (Relic's own card, '1' + 1 = 2 Charges; Charges are a maximum, one is used)
# and a Pivot. Literal reading of § NanoBot Tiles: Pivot bears the Vex Strain Icon, so even Kitteh's own
# petrified tile is out of its reach.
petrify kitteh 1 0,0
expect board grid.0,0.petrified true
!rule_violation "petrified" pivot kitteh 2 0,0,W
pivot kitteh 2 0,1,N
expect board phase "Phase 4: Draw 3 Reaction Cards"
expect board scientists.relic.hand 3
draw kitteh
expect board scientists.relic.hand 6
expect board deck 80
expect board active "vex"
expect board turn 2
# Bo's Pivot cannot turn the petrified tiles (protected from other Strains' cards except Relic's).
!rule_violation "petrified" pivot bo 1 0,0,S
