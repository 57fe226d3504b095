# "A Petrified Tile at the Base Edge end of a chain of 6" (nanobot-battle-arena.txt § NanoBot Tiles, the sample
# chain diagram; § Game Tips: petrified chain ends protect a chain from Burn).
# RECONSTRUCTION (the rulebook shows a caption only): Bo's Vex chain of 6 runs east; the tile at its Base
# Edge end, 5,0, is petrified (it keeps its orientation and still counts).
#
#   y=0   V→ V→ V→ V→ V→ [V→]
new nanobot-battle-arena "Petrified end"
start-match basic
choose-strain Bo vex
choose-strain Ina inferno
reveal-first-player inferno
set-up-arena 0,0,E,vex 1,0,E,vex 2,0,E,vex 3,0,E,vex 4,0,E,vex 5,0,E,vex,petrified 0,-1,S,inferno
expect score scientists.vex.chain 6
expect board grid.5,0.petrified true
place-tile ina 1,-1 S
# Other Strains' Reaction Cards (but Relic's) may not affect a petrified tile ...
!rule_violation "petrified" burn ina 1 5,0
# ... so Ina burns the unprotected end: the chain loses its first tile.
burn ina 1 0,0
expect score scientists.vex.chain 5
expect score scientists.vex.cells ["1,0", "2,0", "3,0", "4,0", "5,0"]
