# "Tile facing the wrong way (chain of 9)" (nanobot-battle-arena.txt § Making a Chain of NanoBots).
# RECONSTRUCTION: the rulebook gives the diagram's caption, not its layout. This layout is ours:
# nine Vex tiles zigzag from 0,0 to 2,2 (each Base Edge touching the next tile's Standard Edge); the tenth,
# at 3,2, faces the wrong way: its Base Edge touches the Base Edge of 2,2, so it counts apart (a chain of 1).
#
#   y=2   V→ V→ V→ V←        (x = 0..3; the arrow points to the tile's Base Edge)
#   y=1   V↑ V← V←
#   y=0   V→ V→ V↑
new nanobot-battle-arena "Chain of 9"
start-match basic
choose-strain Bo vex
choose-strain Ada storm
reveal-first-player vex
set-up-arena 0,0,E,vex 1,0,E,vex 2,0,N,vex 2,1,W,vex 1,1,W,vex 0,1,N,vex 0,2,E,vex 1,2,E,vex 2,2,E,vex 3,2,W,vex -1,0,W,storm
expect score scientists.vex.chain 9
expect score scientists.vex.cells ["0,0", "1,0", "2,0", "2,1", "1,1", "0,1", "0,2", "1,2", "2,2"]
expect score scientists.storm.chain 1
# Bo plays a tile off the chain's first tile (a new chain of 1: 0,-1 faces away, south) ...
place-tile bo 0,-1 S
expect score scientists.vex.chain 9
# ... then Pivots the wrong-way tile (Pivot is Vex's own card: '1' gives 2 Charges; one is used).
pivot bo 1 3,2,E
expect board scientists.vex.cache 4
expect score scientists.vex.chain 10
expect score scientists.vex.cells ["0,0", "1,0", "2,0", "2,1", "1,1", "0,1", "0,2", "1,2", "2,2", "3,2"]
