# The Scenario generator (tamashii.txt § Scenario generator (competitive mode), § Counting Victory Points):
# Short game (Time 5), Time down by 1 after each Quest phase, the game ends when it reaches 0.
new tamashii "Competitive"
# Each player must start on a different District tile, the Shelter (1) or a Damaged District (2, 3) (Game Setup 3):
# not the Seekers' Hideout (5).
!rule_violation start-scenario-generator short red blue --enemy-deck 1:2xP,2:all --trace-top 10 --start-tiles 1,1
!rule_violation "Shelter or Damaged District" start-scenario-generator short red blue --enemy-deck 1:2xP,2:all --trace-top 10 --start-tiles 1,5
start-scenario-generator short red blue --enemy-deck 1:2xP,2:all --trace-top 10 --start-tiles 1,2
expect board time 5
expect board corrupted_pool null
# Setup 3c (with the 'Solo/Pvp' Starting Augment) and 5 apply; for 3d (Learning Protocols) the rulebook "recommends
# skipping this step": a recommendation, not a rule. red takes one (its history line says the recommendation), blue
# does not, and nobody owes it.
expect board phase "setup"
choose-class red reaper "Solo/Pvp" "Reaper 2"
choose-learning-protocol red Bodyguard
expect history actions.3.events.0.text "red took the Learning Protocol Bodyguard (tamashii.txt § Scenario generator (competitive mode), Game Setup: we recommend skipping setup step 3 d), as Learning Protocols may interfere with the final scoring and make the game unbalanced)"
!rule_violation choose-learning-protocol red Bodyguard
choose-class blue brawler "Solo/Pvp" "Brawler 2"
set-up-body-market Soldier Scout Tank
expect board phase "planning"
gain-exp red 4
upgrade red unlock
upgrade red max-integrity
expect board boards.red.limiter 6
expect board boards.red.integrity 6
gain red shield 5
gain red memory 4
gain-data red open
gain-augment red faction "Atomic power cable" --memory 2
equip red "Atomic power cable"
expect board boards.red.assets.memory 2
gain-data red corrupted corrupted
take-goal-card red G03 3
# A Goal card is taken once (the next one is turned face up: a reveal, so it seals).
!rule_violation take-goal-card blue G03 3
!sealed undo
gain blue reroll 2
take-goal-card blue G07 2
gain-data blue corrupted
# red: 7 Assets = 2, 1 Unlocked Data slot, 1 Open Data, max Integrity 6 = 1, 1 Faction Augment, Goal 3,
# 2 Corrupted Data = -2: 7 VP. blue: 2 Assets = 0, Goal 2, 1 Corrupted Data = -1: 1 VP.
# Mid-game the Goal VP stay hidden ("The VP from this card is hidden and will be counted at the end").
expect score boards.red.total 4
expect score boards.red.goals null
expect score boards.red.goal_cards 1
expect score boards.red.assets 2
expect score boards.red.corrupted_data -2
expect score boards.blue.total -1
expect score final false
!rule_violation draw-victory-card A06
!rule_violation set-time 3
# A turn: Refill (step 2), then each player's Move & Trace; nobody has an Enemy, so the Combat phase
# passes by itself.
refill-launcher red red blue
refill-launcher blue blue green
end-phase
stay red --stationary 1
end-phase
stay blue --stationary 2
end-phase
expect board phase "quest"
end-phase
expect board time 4
expect board first_player "blue"
adjust play.time 1 --reason "skip to the last turn"
trace-roll blue rare
trace-roll red blank
refill-launcher blue
refill-launcher red
end-phase
stay blue
end-phase
stay red
end-phase
expect board phase "quest"
end-phase
expect board play null
expect score final true
expect score winners ["red"]
expect score boards.red.total 7
