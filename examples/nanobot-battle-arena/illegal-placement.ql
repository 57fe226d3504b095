# "Illegal Tile Placement (chain of 3)" (nanobot-battle-arena.txt § Placing in a Legal Location, § NanoBot Tiles:
# "The Base Edge can only be played off of by the tile's owner").
# RECONSTRUCTION (the rulebook shows a caption only): Bo's Vex chain of 3 runs east, its Base Edge end at 2,0
# touching the empty cell 3,0. Ada's Storm tile at 3,1 has its Base Edge on 3,0 too.
#
#   y=1    ·  ·  S↑ S↓       (3,1: Storm, Base Edge south, on 3,0)
#   y=0   V→ V→ V→  ·        (3,0: touched by a Vex and a Storm Base Edge)
new nanobot-battle-arena "Illegal placement"
start-match basic
choose-strain Bo vex
choose-strain Ada storm
reveal-first-player storm
set-up-arena 0,0,E,vex 1,0,E,vex 2,0,E,vex 2,1,N,storm 3,1,S,storm
expect score scientists.vex.chain 3
# Ada may not play next to the Base Edge of Bo's tile ...
!rule_violation "only its owner plays off it" place-tile ada 3,0 E
# ... nor diagonally, nor away from every tile.
!rule_violation "touches no tile orthogonally" place-tile ada 4,-1 E
place-tile ada 1,1 N
discard ada
draw ada
# Literal reading: 3,0 is touched by two players' Base Edges, so it is closed to both, Bo included.
!rule_violation "storm tile: only its owner plays off it" place-tile bo 3,0 E
place-tile bo 0,-1 W
expect score scientists.vex.chain 3
expect board scientists.vex.cache 11
