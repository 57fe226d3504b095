# nanolith.txt § Nanosync Skills — Ashitaka performs "Provoke"; Ada, shown on its Nanosync, has ended her
# activation but still has one die, a 1. She places it: her last die puts 1 Reinforcement Token in the pool,
# and Provoke gives Ashitaka 4 Skill Tokens instead of 3.
# Provoke's Action Cost is not printed: the group reads a double of 3 off the card (given with --cost).
new nanolith "Provoke"
start-encounter "Nanosync Skills"
start-round
roll-action-dice ashitaka 3 4 5 3 6
roll-action-dice vaa-lith 2 4 3 5 2
roll-action-dice cora 2 3 4 5 6
roll-action-dice ada 4 5 3 1 6
give-initiative ada
spend-dice ada 4 5 3 6 --purpose "move and heal"
end-activation ada
expect board characters.ada.dice.available [1]
expect board reinforcement_pool 0
# Only the character shown on the Nanosync may boost it.
!rule_violation perform-skill ashitaka provoke 3 3 --cost 3 --combination double --nanosync cora:2
perform-skill ashitaka provoke 3 3 --cost 3 --combination double --nanosync ada:1
expect board characters.ashitaka.skill_tokens 4
expect board characters.ashitaka.skill_token_sources {"provoke": 4}
expect board characters.ada.dice.available []
expect board reinforcement_pool 1
# "This Skill may be activated only once per Character Action Phase."
!rule_violation perform-skill ashitaka provoke 5 6 --cost 3 --combination double
end-activation ashitaka
end-activation vaa-lith
end-activation cora
spawn --tokens-spent 0
# "Discard all Skill Tokens at the start of the Status Phase."
start-round
expect board characters.ashitaka.skill_tokens 0
