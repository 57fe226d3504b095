# A whole Encounter of 4 Rounds with every part of the Encounter rules: content pack figures, Skills and a
# Nanosync, Skill Tokens, exchanging Skills, Items (drawn, traded, used, Start Items, the Nanophoenix),
# Sidekick and a Program, a Door's Hacking Profile, Hacked with the Hacked Profile, Bleeding with the
# Bleeding Defense Profile, Paralyzed, the Reinforcement Table and Spawn Points, Enemy Initiative and
# target selection, a Boss with Boss Cards and a Damage Index, the end and its rewards.
# The rulebook prints no Encounter: its rules below (Reinforcement Table, profiles, conditions), the
# Boss "Overseer", Life Points and Action Costs the content pack leaves unknown are assumed figures,
# given in the actions as a group would read them off their cards.
new nanolith "Full Encounter"
seat Mia ashitaka cora
seat Tom vaa-lith ada
check-content
start-encounter "Encounter X: The Overseer"
expect board content_packs.0.pack "nanolith-core"
set-encounter-rules --bosses overseer:8 --reinforcements auto:overseer:1,extra:bio-mutant:2,extra:security-droid:3 --bleeding-defense close-combat:3:0 --hacked-dice 2 --hacked-attack hacking --victory "Eliminate the Overseer" --game-over "Two characters Unconscious"
set-spawn-pool bio-mutant:1-4 security-droid:1-3 overseer:1
arrange-enemy-cards security-droid bio-mutant
place-enemy bio-mutant 1 --life 3
place-enemy security-droid 1 --life 4
choose-skills ashitaka provoke oath
choose-skills ada medkit "Sik Gas Injection"
take-card ada Nanophoenix --type start
take-card cora "Cool-Down Lv. 1"
expect board characters.ada.start_items {"nanophoenix": "ready"}

# Round 1 -------------------------------------------------------------------------------------------
start-round
roll-action-dice ashitaka 3 3 5 2 6
roll-action-dice vaa-lith 2 4 3 5 6
roll-action-dice cora 2 2 4 4 6
roll-action-dice ada 4 5 3 1 6
expect board characters.ada.stress 1
give-initiative cora
# Cora: Sidekick comes in, downloads the Security Droid's Laser, hacks the Door, picks up an Item.
perform-skill cora "Go get 'em!" 4 4 --life 5
download-program laser 5 1 --dice 2,2
expect board sidekick.programs ["laser"]
expect board characters.cora.stress 1
spend-dice cora 6 --purpose "hack the Door"
hack cora door 2 6 --force 1
expect board profiles.door.damage 2
pick-up-item cora MedKit-Stim
expect board characters.cora.items ["medkit-stim"]
end-activation cora
# Ashitaka performs Provoke; Ada boosts it with her last die but one... no: with her 1, out of turn.
perform-skill ashitaka provoke 3 3 --cost 3 --combination double --nanosync ada:1
expect board characters.ashitaka.skill_tokens 4
spend-dice ashitaka 6 --purpose Neo-Katana
attack ashitaka bio-mutant-1 4 6 --kind close-combat --defense 4
expect board enemies.bio-mutant-1.damage 2
end-activation ashitaka
spend-dice vaa-lith 6 --purpose Canopus
attack vaa-lith security-droid-1 5 6 3 --defense 5 --kind ranged
end-activation vaa-lith
perform-skill ada "Sik Gas Injection" 6 --cost 4 --target vaa-lith
give-effect bio-mutant-1 paralyzed
end-activation ada
# Spawn Phase: the table's Auto-Reinforcement (the Overseer) and Extra Reinforcements for 1 RT: none.
expect board reinforcement_pool 1
!rule_violation spawn --tokens-spent 0
spawn overseer:1 --tokens-spent 0 --spawn-rolls 3
expect board characters.cora.stress 2
expect board enemies.overseer-1.cube_placed false
expect board enemies.overseer-1.class "boss"
# Enemy Action Phase: Enemy Cards top to bottom (Security Droid first), standees by number.
!rule_violation activate-enemy bio-mutant-1
provoke security-droid-1
activate-enemy overseer-1 --target ashitaka --candidates ashitaka:3,cora:4
enemy-attack overseer-1 ashitaka 2 3 --defense 5
activate-enemy security-droid-1 --target ashitaka --candidates ashitaka:6,cora:2
!rule_violation select-target security-droid-1 cora --candidates ashitaka:6,cora:2
enemy-attack security-droid-1 ashitaka 6 6 2 --defense 5
expect board characters.ashitaka.damage 2
activate-enemy bio-mutant-1
expect board enemies.bio-mutant-1.paralyzed false
expect board next_enemy null

# Round 2 -------------------------------------------------------------------------------------------
start-round
expect board reinforcement_pool 1
expect board characters.ashitaka.skill_tokens 0
roll-action-dice ashitaka 4 4 5 2 6
roll-action-dice vaa-lith 2 4 3 5 6
roll-action-dice cora 3 3 4 5 6
roll-action-dice ada 2 2 5 3 6
give-initiative vaa-lith
# Vaa-Lith uses Ada's Skill Token for +1 Combat Die on Canopus.
spend-dice vaa-lith 6 --purpose Canopus
use-skill-token vaa-lith sik-gas-injection
attack vaa-lith bio-mutant-1 4 5 7 --kind ranged --defense 4
expect board spawn_pool.bio-mutant [1, 2, 3, 4]
end-activation vaa-lith
# Cora trades the Item to Ada and uses the Laser through Sidekick.
spend-dice cora 3 --purpose move
trade-item cora ada MedKit-Stim
use-program laser 5 --cost 4
end-activation cora
# Ada swaps MedKit for BSS Weapons Training (1 RT), then uses the Item Card she was given.
exchange-skill ada --deactivate medkit --activate "BSS Weapons Training"
expect board reinforcement_pool 2
use-item ada MedKit-Stim --dice 5 --cost 4
expect board characters.ada.items []
end-activation ada
end-activation ashitaka
# Spawn Phase: 2 RT buy one Bio-Mutant (the top Extra Reinforcement); a Boss Card is drawn.
draw-boss-card overseer "Crushing Advance"
spawn --spawn-rolls 5
expect board enemies.bio-mutant-1.spawn_point 5
expect board reinforcement_pool 0
!rule_violation activate-enemy security-droid-1
resolve-boss-card overseer
activate-enemy security-droid-1 --target cora --candidates cora:3,ashitaka:5,vaa-lith:4
enemy-attack security-droid-1 cora 1 6 5 --defense 5 --effect hacked --effect-count 2
expect board characters.cora.effects.hacked 2
expect board reinforcement_pool 1
activate-enemy bio-mutant-1 --target ada
enemy-attack bio-mutant-1 ada 4 4 2 --defense 5 --effect bleeding

# Round 3 -------------------------------------------------------------------------------------------
start-round
roll-action-dice ashitaka 4 4 5 2 6
roll-action-dice vaa-lith 2 4 3 5 6
roll-action-dice cora 3 3 4 5 6
roll-action-dice ada 2 2 5 3 6
give-initiative cora
# Hacked: Cora can only try to remove the tokens. She fails, one goes, the Hacked Profile attacks.
!rule_violation perform-skill cora go-get-em 3 3
remove-hacked cora 3 3 5
expect board characters.cora.effects.hacked 1
expect board pending_hacked_attack "cora"
hacked-profile-attack ashitaka 6 2 --defense 5
expect board characters.ashitaka.damage 3
remove-hacked cora 4 7 2
expect board characters.cora.effects.hacked 0
spend-dice cora 6 --purpose "hack the Door"
hack cora door 5 5
expect board profiles.door.damage 4
end-activation cora
# The Overseer's Damage Index cube goes on (a Special Rule says when): it can be wounded from now on.
place-damage-cube overseer-1
spend-dice ashitaka 6 --purpose Neo-Katana
attack ashitaka overseer-1 6 7 --kind close-combat --defense 5
expect board enemies.overseer-1.damage 2
end-activation ashitaka
end-activation vaa-lith
end-activation ada
draw-boss-card overseer "Sweeping Strike"
spawn --spawn-rolls 2
resolve-boss-card overseer
!rule_violation resolve-boss-card overseer
# The Boss Card's Profile is the Overseer's activation (its attack type is not known: Defense given).
enemy-attack overseer-1 ada 6 7 --defense 5
activate-enemy security-droid-1 --target ada
enemy-attack security-droid-1 ada 6 7 8 --defense 5
activate-enemy bio-mutant-1 --target ada
# Ada is Bleeding: the Bleeding Defense Profile (Close Combat 3) replaces her card's.
!rule_violation enemy-attack bio-mutant-1 ada 3 4 5 --defense 5
enemy-attack bio-mutant-1 ada 3 4 5
expect board characters.ada.damage 8
activate-enemy bio-mutant-2 --target ada
enemy-attack bio-mutant-2 ada 5 6 7
expect board characters.ada.unconscious true

# Round 4 -------------------------------------------------------------------------------------------
start-round
roll-action-dice ashitaka 4 4 5 2 6
roll-action-dice vaa-lith 2 4 3 5 6
roll-action-dice cora 3 3 4 5 6
give-initiative ashitaka
!rule_violation trade-item ada ashitaka Nanophoenix
spend-dice ashitaka 5 --purpose move
trade-item ada ashitaka Nanophoenix
use-item ashitaka Nanophoenix --target ada
expect board characters.ada.unconscious false
expect board characters.ashitaka.start_items {"nanophoenix": "used"}
spend-dice ashitaka 6 --purpose Neo-Katana
attack ashitaka overseer-1 6 7 8 --kind close-combat --defense 5
expect board enemies.overseer-1.damage 5
end-activation ashitaka
roll-action-dice ada 4 4 5 6 6
spend-dice vaa-lith 6 --purpose Canopus
attack vaa-lith overseer-1 5 6 8 --kind ranged --defense 5
expect board spawn_pool.overseer [1]
end-encounter --outcome victory
expect board sidekick.programs []
gain-rewards --nanofragments vaa-lith:2,cora:1 --quest-items "Q7 Overseer Key" --nanosync-tokens ada:1 --high-frequency-nanopotential 1
expect board rewards.0.nanofragments {"vaa-lith": 2, "cora": 1}
expect board last_encounter.outcome "victory"
