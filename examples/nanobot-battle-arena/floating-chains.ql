# "Floating chains of 1 and 4" (nanobot-battle-arena.txt § Floating NanoBot Tiles, § Reaction Card
# Explanations, Blink).
# RECONSTRUCTION (the rulebook shows a caption only): Bo's Vex chain of 6 runs east from 0,0. Cy (Ghost)
# Blinks its second tile away: 0,0 is left floating (a chain of 1) and 2,0..5,0 make a chain of 4.
#
#   before:  y=0   V→ V→ V→ V→ V→ V→        after:  y=1    ·  ·  V→  ·  ·  ·
#                                                    y=0   V→  ·  V→ V→ V→ V→
new nanobot-battle-arena "Floating tiles"
start-match basic
choose-strain Bo vex
choose-strain Cy ghost
reveal-first-player ghost
set-up-arena 0,0,E,vex 1,0,E,vex 2,0,E,vex 3,0,E,vex 4,0,E,vex 5,0,E,vex
expect score scientists.vex.chain 6
place-tile cy 3,-1 S
# Blink keeps the orientation; the destination must be a new Legal Location for Cy and empty (no swaps).
!rule_violation "already holds" blink cy 1 1,0>2,0
!rule_violation "not a new location" blink cy 1 1,0>1,0
blink cy 1 1,0>2,1
expect board grid.2,1 {"strain": "vex", "facing": "E", "petrified": false}
expect score scientists.vex.chain 4
expect score scientists.vex.cells ["2,0", "3,0", "4,0", "5,0"]
draw cy
# Tiles can be placed next to a floating tile: Bo joins 0,1 to the floating 0,0 (a chain of 2 there).
place-tile bo 0,1 S
expect score scientists.vex.chain 4
expect board scientists.vex.chain 4
