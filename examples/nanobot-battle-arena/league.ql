# A league (a Questlog addition: the rulebook plays one game at a time): each match is a play of the one
# campaign; `standings` ranks the scientists over finished matches and counts who beat whom.
# Both matches are tracked from late in the game (set-up-arena records the tiles as found), to show the
# end and its ties (nanobot-battle-arena.txt § The End Game): the longest chain, then the fewest tiles in the
# Cache, then the most Charges on the cards in hand (Frozen cards excluded), else a tie.
new nanobot-battle-arena "Thursday league"
expect standings matches 0
# Match 1 (Basic): Ada and Bo both have a chain of 3; Bo's Cache holds one tile.
start-match basic
choose-strain Ada echidna
choose-strain Bo vex
choose-strain Cy ghost
reveal-first-player vex
!rule_violation "still under way" start-match basic
set-up-arena 0,0,E,echidna 1,0,E,echidna 2,0,E,echidna 0,2,E,vex 1,2,E,vex 2,2,E,vex 0,-5,N,vex 1,-5,N,vex 2,-5,N,vex 3,-5,N,vex 4,-5,N,vex 5,-5,N,vex 6,-5,N,vex 7,-5,N,vex 8,-5,N,vex 9,-5,N,vex 10,-5,N,vex 0,4,N,ghost
expect board scientists.vex.cache 1
# Bo's last tile ends the game at once: same chains, and Bo has fewer tiles in the Cache.
place-tile bo 11,-5 S
expect score final true
expect score leaders ["vex"]
expect board result {"winners": ["vex"], "tie": false, "by": "cache"}
# Match 2 (Lightweight): Cy empties the Cache; Ada and Bo tie on the chain (3) and the Cache (27).
start-match lightweight
choose-strain Ada echidna
choose-strain Bo vex
choose-strain Cy ghost
reveal-first-player ghost
set-up-arena 0,0,E,echidna 1,0,E,echidna 2,0,E,echidna 0,2,E,vex 1,2,E,vex 2,2,E,vex 0,-8,N,ghost 1,-8,N,ghost 2,-8,N,ghost 3,-8,N,ghost 4,-8,N,ghost 5,-8,N,ghost 6,-8,N,ghost 7,-8,N,ghost 8,-8,N,ghost 9,-8,N,ghost 10,-8,N,ghost 11,-8,N,ghost 12,-8,N,ghost 13,-8,N,ghost 14,-8,N,ghost 15,-8,N,ghost 16,-8,N,ghost 17,-8,N,ghost 18,-8,N,ghost 19,-8,N,ghost 20,-8,N,ghost 21,-8,N,ghost 22,-8,N,ghost 23,-8,N,ghost 24,-8,N,ghost 25,-8,N,ghost 26,-8,N,ghost 27,-8,N,ghost 28,-8,N,ghost
discard cy
place-tile cy 0,-7 N
expect board stage "counting"
expect score leaders ["echidna", "vex"]
!rule_violation "not tied for the win" count-charges cy 8
!rule_violation "carry 6..18 Charges" count-charges ada 5
!rule_violation "the game has ended" choose-strain Di storm
count-charges ada 9
!rule_violation "already counted" count-charges ada 10
count-charges bo 9
expect board result {"winners": ["echidna", "vex"], "tie": true, "by": "tie"}
expect standings matches 2
expect standings standings.0 {"name": "Bo", "played": 2, "won": 1, "tied": 1, "lost": 0, "best_chain": 3}
expect standings standings.1 {"name": "Ada", "played": 2, "won": 0, "tied": 1, "lost": 1, "best_chain": 3}
expect standings standings.2.lost 2
expect standings head_to_head {"Ada": {"Cy": 1}, "Bo": {"Ada": 1, "Cy": 2}, "Cy": {}}
