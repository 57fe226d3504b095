# Melding (nanobot-battle-arena.txt § Melding Reaction Card Charges): "If a Surge '2' and a Surge '3' are
# played together, a player can attack up to five tiles in a direct line of sight." Capt'n Kitteh plays Vex
# (not Storm) and attacks Ina, who plays Inferno (not Storm): affinity changes nothing, so 2 + 3 = 5.
# Reading: a tile's line of sight runs out through its Base Edge (the text never says which way the Path
# Arrows point). Surged tiles return to their owner's Cache.
#
#   y=0   V→ I↑ I↑ I↑ I↑ I↑ I↑
new nanobot-battle-arena "Surge meld"
start-match lightweight
choose-strain "Capt'n Kitteh" vex
choose-strain Ina inferno
reveal-first-player vex
set-up-arena 0,0,E,vex 1,0,N,inferno 2,0,N,inferno 3,0,N,inferno 4,0,N,inferno 5,0,N,inferno 6,0,N,inferno
expect board scientists.inferno.cache 24
# Phase 1 plays one card: nothing to meld with.
!rule_violation "one play left" surge kitteh 2+3 0,0:5
discard kitteh
place-tile kitteh 0,1 N
place-tile kitteh 0,2 N
# Phase 3: two Surge cards played together; six tiles would be one too many.
!rule_violation "gives 5 Charges" surge kitteh 2+3 0,0:6
surge kitteh 2+3 0,0:5
expect board scientists.inferno.cache 29
expect board grid.6,0 {"strain": "inferno", "facing": "N", "petrified": false}
expect board scientists.inferno.chain 1
expect board phase "Phase 4: Draw 3 Reaction Cards"
