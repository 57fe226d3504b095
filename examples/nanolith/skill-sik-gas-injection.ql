# nanolith.txt § Skill Tokens — Ada performs "Sik Gas Injection" and gives its Skill Token to Vaa-Lith, who
# uses it in his activation for +1 Combat Die on his next attack (the token is then discarded).
# The Skill's Action Cost is not printed: the group reads 4 off the card here (given with --cost).
new nanolith "Sik Gas"
start-encounter "Skill Tokens"
set-spawn-pool security-droid:1-2
place-enemy security-droid 1 --life 4
start-round
roll-action-dice ashitaka 3 4 5 3 6
roll-action-dice vaa-lith 2 4 3 5 6
roll-action-dice cora 2 3 4 5 6
roll-action-dice ada 4 5 3 2 6
give-initiative ada
# Without its cost in a content pack, the players give it.
!invalid_input perform-skill ada "Sik Gas Injection" 4 --target vaa-lith
perform-skill ada "Sik Gas Injection" 4 --cost 4 --target vaa-lith
expect board characters.vaa-lith.skill_tokens 1
expect board characters.vaa-lith.skill_token_sources {"sik-gas-injection": 1}
expect board characters.ada.skill_tokens 0
end-activation ada
spend-dice vaa-lith 6 --purpose Canopus
use-skill-token vaa-lith "Sik Gas Injection"
attack vaa-lith security-droid-1 5 6 2 --defense 5 --kind ranged
expect board characters.vaa-lith.skill_tokens 0
expect board enemies.security-droid-1.damage 2
!rule_violation use-skill-token vaa-lith sik-gas-injection
