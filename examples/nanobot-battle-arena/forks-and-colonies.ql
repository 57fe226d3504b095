# "Forked chains and colonies (chains of 3, 1, 2 and 4)" (nanobot-battle-arena.txt § Forked Chains and
# Colonies: "Only the longest colony or portion of a forked chain counts towards the final score").
# RECONSTRUCTION (the rulebook shows a caption only). Bo's Vex tiles:
#   - a forked chain: 0,0 -> 0,1 -> 1,1 -> 2,1, with a branch 1,0 whose Base Edge also touches 1,1
#     (two Base Edges into one tile: the longer arm plus the shared tile and the trunk: 4);
#   - a colony of 3: 5,0 -> 6,0 -> 7,0; a colony of 1 at 8,0, its Base Edge against 7,0's (two chains);
#   - a colony of 2: 5,3 -> 5,4.
#
#   y=4    ·  ·  ·  ·  ·  V↑  ·  ·  ·
#   y=3    ·  ·  ·  ·  ·  V↑  ·  ·  ·
#   y=1   V→ V→ V→  ·  ·  ·   ·  ·  ·
#   y=0   V↑ V↑  ·  ·  ·  V→ V→ V→ V←
new nanobot-battle-arena "Forks and colonies"
start-match basic
choose-strain Bo vex
choose-strain Ada storm
reveal-first-player storm
set-up-arena 0,0,N,vex 0,1,E,vex 1,1,E,vex 2,1,E,vex 1,0,N,vex 5,0,E,vex 6,0,E,vex 7,0,E,vex 8,0,W,vex 5,3,N,vex 5,4,N,vex
expect score scientists.vex.chain 4
expect score scientists.vex.cells ["0,0", "0,1", "1,1", "2,1"]
expect board scientists.vex.cache 4
