# "Looping chain of 6" (nanobot-battle-arena.txt § Looping Chains: a loop cannot lose tiles from its
# beginning or end, i.e. to Burn; it scores all its tiles).
# RECONSTRUCTION (the rulebook shows a caption only): six Vex tiles feeding into each other.
#
#   y=1   V↓ V← V←
#   y=0   V→ V→ V↑
new nanobot-battle-arena "Loop"
start-match basic
choose-strain Bo vex
choose-strain Ina inferno
reveal-first-player inferno
set-up-arena 0,0,E,vex 1,0,E,vex 2,0,N,vex 2,1,W,vex 1,1,W,vex 0,1,S,vex 0,-1,S,vex 4,0,E,inferno
expect score scientists.vex.chain 6
place-tile ina 5,0 E
# Burn is Inferno's own card ('1' + 1 = 2 Charges): the loop's tiles have no beginning or end ...
!rule_violation "not at the beginning or end of a chain" burn ina 1 0,0
# ... but the lone tile 0,-1 below it is a chain of 1: both its beginning and its end.
burn ina 1 0,-1
expect board scrapyard {"vex": 1}
draw ina
# A tail running into the loop scores the tail plus the whole loop.
place-tile bo -1,0 E
expect score scientists.vex.chain 7
expect score scientists.vex.cells ["-1,0", "0,0", "1,0", "2,0", "2,1", "1,1", "0,1"]
