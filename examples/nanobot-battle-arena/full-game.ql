# A whole Basic match (15 tiles each), from setup to the Cache that empties (nanobot-battle-arena.txt § Game
# Setup, § 15 Tile Game Phases, § Reaction Card Explanations, § The End Game), with an undo, an undo refused
# past a reveal, and a mis-typed reveal corrected.
new nanobot-battle-arena "NanoBot Battle Arena: Full game"
start-match basic
choose-strain Ada echidna
# Bo draws his Strain at random: a reveal.
choose-strain Bo vex --drawn
# Mis-typed: the table revealed a Storm card before the Vex one (corrected below).
reveal-first-player vex
expect board first "vex"
expect board deck 83
# Turn 1, Bo. The first tile goes in the center, in any orientation; a change of mind is undone freely.
place-tile bo 0,0 N
undo
place-tile bo 0,0 E
discard bo
draw bo
!sealed undo
# Turn 2, Ada: a tile, then Grow (Echidna's own card: '1' + 1 = 2 extra tiles).
place-tile ada 0,1 E
grow ada 1 1,1,E 2,1,E
expect score scientists.echidna.chain 3
draw ada
# Turn 3, Bo: his chain of 2, then a Pivot breaks Ada's chain at 1,1.
place-tile bo 1,0 E
pivot bo 1 1,1,N
expect score scientists.echidna.chain 2
draw bo
# Turn 4, Ada plays off her own Base Edge at 1,2, then Grows three more ('2' + 1).
place-tile ada 1,2 E
grow ada 2 2,2,E 3,2,E 4,2,S
expect score scientists.echidna.chain 6
expect board scientists.echidna.cache 8
draw ada
# Turn 5, Bo burns the Base Edge end of Ada's chain (to the Scrapyard).
place-tile bo 2,0 E
burn bo 1 4,2
expect board scrapyard {"echidna": 1}
expect score scientists.echidna.chain 5
draw bo
# The reveal at setup is corrected: two cards were revealed, the first one a Storm card.
correct v11 'revealed=["storm", "vex"]' --reason "a Storm card came up before the Vex card"
expect board revealed ["storm", "vex"]
expect board discard 7
# Turn 6, Ada rebuilds and grows down the east side.
place-tile ada 4,2 S
grow ada 3 4,1,S 4,0,S 4,-1,W
expect score scientists.echidna.chain 9
draw ada
# Turn 7, Bo: a fourth tile; his Freeze takes two of Ada's cards face down.
place-tile bo 3,0 E
freeze bo 2 ada:2
expect board scientists.echidna.hand 4
expect board scientists.echidna.frozen 2
draw bo
# Turn 8, Ada: her last four tiles. The Grow empties her Cache: the game ends at once, mid-phase.
place-tile ada 3,-1 W
!rule_violation "the Cache is empty" grow ada 3 2,-1,W 1,-1,W 0,-1,W -1,-1,W
grow ada 3 2,-1,W 1,-1,W 0,-1,W
expect board stage "over"
expect board scientists.echidna.cache 0
expect score final true
expect score scientists.echidna.chain 13
expect score scientists.vex.chain 4
expect score scientists.vex.cells ["0,0", "1,0", "2,0", "3,0"]
expect board result {"winners": ["echidna"], "tie": false, "by": "chain"}
!rule_violation "no match is under way" place-tile bo 5,0 E
expect standings standings.0 {"name": "Ada", "played": 1, "won": 1, "tied": 0, "lost": 0, "best_chain": 13}
expect standings head_to_head.Ada {"Bo": 1}
