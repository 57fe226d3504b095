# "Two competing chains of 3" (nanobot-battle-arena.txt § Competing for a Space: "the first player able to
# take the space can do so (even with Blink or Grow Reaction Cards)").
# RECONSTRUCTION (the rulebook shows a caption only): Bo's Vex chain runs east and Ada's Storm chain runs
# south; both Base Edge ends touch the empty cell 3,0.
#
#   y=3    ·  ·  ·  S↓
#   y=2    ·  ·  ·  S↓
#   y=1    ·  ·  ·  S↓
#   y=0   V→ V→ V→  ·
# Literal reading of § NanoBot Tiles: a cell touched by two players' Base Edges is closed to both, so neither
# may take 3,0 until one of those Base Edges turns away. A Lightweight turn: one card, two tiles, two cards.
new nanobot-battle-arena "Competing for a space"
start-match lightweight
choose-strain Bo vex
choose-strain Ada storm
reveal-first-player vex
set-up-arena 0,0,E,vex 1,0,E,vex 2,0,E,vex 3,3,S,storm 3,2,S,storm 3,1,S,storm
expect score scientists.vex.chain 3
expect score scientists.storm.chain 3
expect score leaders ["vex", "storm"]
# Bo Pivots the head of Ada's chain to face east (Vex's own card: '1' + 1 = 2 Charges, one used); Ada's
# chain keeps its 3 tiles (3,2's Base Edge still touches a Standard Edge of 3,1).
pivot bo 1 3,1,E
expect board phase "Phase 2: Play 2 NanoBot Tiles"
expect score scientists.storm.chain 3
# Now Bo is the first able to take the space.
place-tile bo 3,0 E
place-tile bo 0,1 N
expect score scientists.vex.chain 4
expect score scientists.vex.cells ["0,0", "1,0", "2,0", "3,0"]
expect score leaders ["vex"]
