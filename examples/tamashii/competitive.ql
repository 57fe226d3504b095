# The Scenario generator (tamashii.txt § Scenario generator (competitive mode), § Counting Victory Points):
# Short game (Time 5), Time down by 1 after each Quest phase, the game ends when it reaches 0.
new tamashii "Competitive"
start-scenario-generator short red blue --enemy-deck 1:2xP,2:all
expect board time 5
expect board corrupted_pool null
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
gain blue reroll 2
take-goal-card blue G07 2
gain-data blue corrupted
# red: 7 Assets = 2, 1 Unlocked Data slot, 1 Open Data, max Integrity 6 = 1, 1 Faction Augment, Goal 3,
# 2 Corrupted Data = -2: 7 VP. blue: 2 Assets = 0, Goal 2, 1 Corrupted Data = -1: 1 VP.
expect score boards.red.total 7
expect score boards.red.assets 2
expect score boards.red.corrupted_data -2
expect score boards.blue.total 1
expect score final false
!rule_violation draw-victory-card A06
!rule_violation set-time 3
end-phase
end-phase
end-phase
end-phase
end-phase
expect board phase "quest"
end-phase
expect board time 4
expect board first_player "blue"
adjust play.time 1 --reason "skip to the last turn"
end-phase
end-phase
end-phase
end-phase
end-phase
end-phase
expect board play null
expect score final true
expect score winners ["red"]
expect score boards.red.total 7
