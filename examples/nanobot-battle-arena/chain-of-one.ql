# "Chain of 1" (nanobot-battle-arena.txt § Chains of 1 NanoBot Tile, § Making a Chain of NanoBots).
# RECONSTRUCTION (the rulebook shows a caption only): three Vex tiles side by side, none of whose Base Edges
# touches another Vex tile's Standard Edge: the first faces away (west), the second north, the third east.
#
#   y=0   V← V↑ V→
new nanobot-battle-arena "Chain of 1"
start-match basic
choose-strain Bo vex
choose-strain Ada storm
reveal-first-player relic echidna storm
expect board revealed ["relic", "echidna", "storm"]
expect board first "storm"
expect board discard 3
set-up-arena 0,0,W,vex 1,0,N,vex 2,0,E,vex 0,-1,S,storm
expect score scientists.vex.chain 1
# Ada's tile south of 1,0 faces away: it links nothing of Bo's.
place-tile ada 1,-1 S
discard ada
draw ada
# Bo plays off the Base Edge of 1,0 (a Standard Edge of the new tile touches it): a chain of 2.
place-tile bo 1,1 N
expect score scientists.vex.chain 2
expect score scientists.vex.cells ["1,0", "1,1"]
