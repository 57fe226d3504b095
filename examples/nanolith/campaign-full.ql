# A whole stretch of a Nanolith campaign, as a group logs it between and around Encounters: two chapters, three
# Encounters (one lost), a Save Point before each, a City Phase, a Game Over resumed at a Save Point with the
# upgrades bought since rolled back, Lobbies, a Riddle, a Nanostory, a Defragmented Text and a Bonus Skill.
# Rules: nanolith.txt §§ Campaign .. Nanosync Tokens. Names, codes, pages and Shop prices are not printed in
# the rulebook: assumed here.
new nanolith "Neo-Eden campaign"
seat Mia ashitaka cora
seat Tom vaa-lith ada
session-date 2024-03-05
start-chapter 1
set-divider-card vaa-lith X2 3
obtain-skill ashitaka oath --start --combination double --cost 3,3
obtain-skill ashitaka provoke --start
obtain-skill vaa-lith falling-blade --start --combination straight --cost 3,4,5
obtain-skill cora go-get-them --start --combination double --cost 3,3
obtain-skill ada medkit --start --combination double --cost 2,2 --numbers heal=3,effect-tokens=1 --range 6
give-start-items ada nano-heal nanophoenix
give-start-items cora cool-down
choose-active-skills ada medkit
choose-active-skills ashitaka oath provoke

# Encounter 1, won.
start-encounter "Encounter 1: Neo-Eden Underground"
!rule_violation lower-skill-cost ada medkit
take-damage ashitaka 3
# Item Cards handed out during the Encounter (names assumed): returned in the City Phase below.
take-card ashitaka stim-1 --source "Storybook p. 9"
take-card ashitaka stim-2 --source "Storybook p. 9"
take-card vaa-lith scanner --source "Storybook p. 9"
take-card ada medpack --source "Storybook p. 9"
end-encounter --outcome victory
gain-nanofragments vaa-lith 2 --reason "Encounter 1 reward"
gain-nanofragments ada 3 --reason "Encounter 1 reward"
take-hidden-card Q1 cora --name "Hitome's Amulet" --quest-item --persistent --defragments D7 --lobby "Underground Station"
take-hidden-card Q2 ashitaka --name "Nano-Accumulator" --quest-item
reach-save-point "Underground Station"
expect board characters.ashitaka.damage 0

# The Lobby: a Defragmented Text, a Riddle, a Nanostory, levelling up at the Disk Icon.
enter-lobby "Underground Station" --disk --exit-icon --page 12
read-defragmented-text D7
!rule_violation read-defragmented-text D8
solve-riddle "The Turnstile"
read-nanostory "Rooftop Talk" --nanosync-tokens vaa-lith,ada
place-nanosync-token ada medkit
lower-skill-cost ada medkit
change-skill-number ada medkit heal up
obtain-skill vaa-lith vortex --reason "Storybook p. 14"
make-skill-conscious vaa-lith vortex
expect stickers characters.vaa-lith.divider {"unconscious": 0, "conscious": 2, "code": "X2", "space": 3, "bonus_skill": null}

# The City Phase: the Nano-Accumulator is discarded, Hitome's Amulet kept; 4 Item Cards give Vaa-Lith 1 Nanofragment.
start-city-phase
place-mission-token babel-tower --page 57 --reason "Hitome's Amulet"
!rule_violation return-item-cards 5 --nanofragment-to vaa-lith
return-item-cards 4 --nanofragment-to vaa-lith
choose-mission-token babel-tower

# Chapter 2: a Save Point, then a Shop.
session-date 2024-03-12
start-chapter 2
reach-save-point "Babel Tower Gate"
enter-shop "Naboo's Shop"
gain-high-frequency 1 --reason "Storybook p. 57"
buy-start-item ada nano-heal 2 --price 1
# Vaa-Lith's third spent sticker lands on X2: his Bonus Skill.
buy-weapon-upgrade vaa-lith nano-blade 1 serrated-edge --price 1 --boxes 2
expect stickers characters.vaa-lith.divider.bonus_skill "X2"
expect unlocks skills.vaa-lith.bonus ["bonus-x2"]

# Encounter 2, lost: Game Over. The group resumes at "Babel Tower Gate" and rolls back what it bought since.
start-encounter "Encounter 2: Babel Tower"
take-damage vaa-lith 10
end-encounter --outcome game-over
expect progress game_over_pending "Encounter 2: Babel Tower"
resume-at-save-point "Babel Tower Gate" --upgrades roll-back
expect board characters.vaa-lith.unconscious false
expect board characters.vaa-lith.damage 0
expect unlocks start_items.nano-heal.level 1
expect stickers characters.vaa-lith.divider {"unconscious": 1, "conscious": 2, "code": "X2", "space": 3, "bonus_skill": null}
expect stickers high_frequency {"unspent": 0, "spent": 0}
expect unlocks quest_items.persistent ["Q1"]
!rule_violation resume-at-save-point "Babel Tower Gate" --upgrades roll-back

# Encounter 2 again, won; then Encounter 3.
choose-active-skills vaa-lith falling-blade vortex
start-encounter "Encounter 2: Babel Tower"
end-encounter --outcome victory
gain-nanofragments cora 1 --reason "Encounter 2 reward"
save-program decoy
start-encounter "Encounter 3: The Spire"
end-encounter --outcome victory
expect progress won ["Encounter 1: Neo-Eden Underground", "Encounter 2: Babel Tower", "Encounter 3: The Spire"]
expect progress lost ["Encounter 2: Babel Tower"]
expect progress game_overs [{"encounter": "Encounter 2: Babel Tower", "save_point": "Babel Tower Gate", "upgrades": "roll-back", "date": "2024-03-12"}]
expect progress encounters.0 {"name": "Encounter 1: Neo-Eden Underground", "outcome": "victory", "date": "2024-03-05"}
expect progress save_points.1 {"name": "Babel Tower Gate", "date": "2024-03-12", "chapter": "2"}
expect progress lobbies ["Underground Station"]
expect progress nanostories ["Rooftop Talk"]
expect progress riddles [{"name": "The Turnstile", "chapter": "1", "hint": false}]
expect unlocks defragmented [{"text": "D7", "code": "Q1"}]
expect unlocks sidekick_programs ["decoy"]
expect stickers characters.ada.skills.medkit.effective {"combination": "double", "cost": [1, 1], "numbers": {"heal": 4, "effect-tokens": 1}, "range": 6}
expect stickers characters.ada.nanosync_tokens {"held": 0, "placed": ["medkit"]}
expect stickers characters.vaa-lith.nanosync_tokens.held 1
