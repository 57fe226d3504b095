# Blink into a competing space (nanobot-battle-arena.txt § Blink: "Tiles can be blinked into a competing space";
# § Competing for a Space: "the first player able to take the space can do so (even with Blink or Grow Reaction
# Cards)"). Cell 2,0 is touched by the Base Edges of Gus's Ghost tile at 1,0 and of Bo's Vex tile at 3,0: a plain
# placement there is refused to both (§ NanoBot Tiles: "other players cannot place a tile adjacent to that Base
# Edge"), but Gus may Blink a tile into it.
new nanobot-battle-arena "Competing blink"
start-match basic
choose-strain Gus ghost
choose-strain Bo vex
reveal-first-player ghost
set-up-arena 1,0,E,ghost 3,0,W,vex 5,0,E,ghost
!rule_violation "only its owner plays off it" place-tile gus 2,0 E
place-tile gus 1,1 E
blink gus 1 5,0>2,0
expect board grid.2,0 {"strain": "ghost", "facing": "E", "petrified": false}
expect score scientists.ghost.chain 2
