# Enemy-turn rules checked in play: a Paralyzed Boss skips its Boss Card's actions and a Paralyzed enemy does
# absolutely nothing (nanolith.txt § Paralysis and Boss Cards, § Paralyzed); a Skill Token is used in its
# holder's own Activation (§ Skill Tokens; § Basic Rules for Sequence of Activation); a Boss entering as an
# Auto-Reinforcement has its Boss Card drawn in that Spawn Phase (§ Use of Boss Cards); an Unconscious
# character is never a target (§ Unconscious). Life Points, costs and the Overseer are assumed figures.
new nanolith "Enemy turn"
start-encounter E
set-encounter-rules --bosses overseer:8 --reinforcements auto:overseer:1
set-spawn-pool bio-mutant:1-2 overseer:1
arrange-enemy-cards bio-mutant
place-enemy bio-mutant 1 --life 3
start-round
roll-action-dice ashitaka 3 4 5 3 6
roll-action-dice vaa-lith 2 4 3 5 2
roll-action-dice cora 2 2 4 5 6
roll-action-dice ada 4 5 3 2 6
give-initiative ada
perform-skill ada "Sik Gas Injection" 4 --cost 4 --target vaa-lith
give-effect bio-mutant-1 paralyzed
end-activation ada
spend-dice ashitaka 5
# Vaa-Lith's token waits for his own Activation: not while Ashitaka is activating.
!rule_violation use-skill-token vaa-lith sik-gas-injection
end-activation ashitaka
use-skill-token vaa-lith sik-gas-injection
expect board activating "vaa-lith"
expect board characters.vaa-lith.skill_token_sources {}
end-activation vaa-lith
end-activation cora
# Spawn Phase: the Overseer enters (the table's Auto-Reinforcement: no --tokens-spent needed), and its Boss
# Card is drawn in this Spawn Phase, right after it entered.
expect board phase "spawn"
spawn overseer:1 --spawn-rolls 3
expect board enemies.overseer-1.spawn_point 3
draw-boss-card overseer "Overseer 1"
give-effect overseer-1 paralyzed
resolve-boss-card overseer
expect board enemies.overseer-1.paralyzed false
!rule_violation enemy-attack overseer-1 ashitaka 6 7 8 --defense 5
activate-enemy bio-mutant-1
!rule_violation enemy-attack bio-mutant-1 ashitaka 6 6 --defense 5
expect board characters.ashitaka.damage 0

# An Unconscious character can never be targeted: the closest conscious one is.
new nanolith "Unconscious"
start-encounter E
set-spawn-pool bio-mutant:1
place-enemy bio-mutant 1 --life 3
start-round
roll-action-dice ashitaka 3 4 5 3 6
roll-action-dice vaa-lith 2 4 3 5 2
roll-action-dice cora 2 2 4 5 6
roll-action-dice ada 4 5 3 2 6
give-initiative ada
take-damage vaa-lith 10
expect board characters.vaa-lith.unconscious true
end-activation ada
end-activation ashitaka
end-activation cora
spawn --tokens-spent 0
!rule_violation activate-enemy bio-mutant-1 --target vaa-lith --candidates vaa-lith:1,cora:2
activate-enemy bio-mutant-1 --target cora --candidates vaa-lith:1,cora:2,ada:3
expect board targets {"bio-mutant-1": "cora"}
# An eliminated enemy stays on record, marked eliminated (its standee goes back to the Spawn Pool).
take-damage bio-mutant-1 3
expect board enemies {}
expect board eliminated.0 {"enemy": "bio-mutant-1", "type": "bio-mutant", "standee": 1, "round": 1, "damage": 3, "eliminated": true}
expect board spawn_pool {"bio-mutant": [1]}
