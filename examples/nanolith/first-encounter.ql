# Questlog's main job, end to end: a group logs the first two Rounds of a Nanolith Encounter at the
# table. Every number checked below follows from nanolith.txt (§ Status Phase, § Stress Factors,
# § Manipulating the Action Dice, § Attacks, § Armor, § Spawn Phase, § Rolling the Dice & Determining
# Damage). Enemy figures are not printed in the rulebook: the group reads them off the Enemy Cards
# (assumed here: Bio-Mutant Life 3, Close Combat Defense 4; Security Droid Life 4, Ranged Defense 5;
# Cora's Ranged Defense Value 5, read off her Character Card).
new nanolith "Tuesday group"
seat Mia ashitaka cora
seat Tom vaa-lith ada
!invalid_input seat Ana ash ashitaka
!invalid_input start-encounter ""
start-encounter "Encounter 1: Neo-Eden Underground"
set-spawn-pool bio-mutant:1-4 security-droid:1-2
place-enemy bio-mutant 1 --life 3
place-enemy security-droid 1 --life 4

# Round 1, Status Phase: no Reinforcement Tokens in Round 1; every 1 rolled is 1 Stress.
start-round
roll-action-dice ashitaka 2 4 5 2 6
roll-action-dice vaa-lith 1 4 6 3 5
roll-action-dice cora 1 1 4 5 6
roll-action-dice ada 3 3 5 2 6
expect board reinforcement_pool 0
expect board characters.cora.stress 2
expect board characters.vaa-lith.stress 1
give-initiative ashitaka

# Ashitaka raises both 2s for Oath (a Double of 3s): 2 Stress, then spends the pair.
manipulate-die ashitaka 2 up
manipulate-die ashitaka 2 up
expect board characters.ashitaka.dice.available [3, 4, 5, 3, 6]
expect board characters.ashitaka.stress 2
!rule_violation manipulate-die ashitaka 3 up --die 1
spend-dice ashitaka 3 3 --combination double --cost 3 --purpose Oath
# A mistaken move, taken back before anything random happens:
spend-dice ashitaka 6 --purpose "move 6 spaces"
undo
expect board characters.ashitaka.dice.available [4, 5, 6]
spend-dice ashitaka 4 --purpose "move 4 spaces"
spend-dice ashitaka 6 --purpose "Neo-Katana"
# Ashitaka's Combat Value is at most 3 dice (BCV 1 + Neo-Katana WCV 1 + Start Upgrade 1, § 3. Determining Combat Value): 12 is a typo.
!rule_violation attack ashitaka bio-mutant-1 2 5 7 1 2 3 4 5 6 7 8 2 --defense 4 --kind close-combat
attack ashitaka bio-mutant-1 2 5 7 --defense 4 --kind close-combat
expect board enemies.bio-mutant-1.damage 2
# The attack roll sealed everything before it.
!sealed undo
end-activation ashitaka

# Vaa-Lith pays Canopus (cost 5) with a 3 and a 4 (§ Spending Action Dice: the surplus is lost).
spend-dice vaa-lith 3 4 --cost 5 --purpose Canopus
# While Vaa-Lith activates, nobody else may (§ Basic Rules for Sequence of Activation).
!rule_violation spend-dice cora 4
!invalid_input spend-dice vaa-lith 7
!rule_violation spend-dice vaa-lith 3
attack vaa-lith security-droid-1 1 5 8 --defense 5 --kind ranged
expect board characters.vaa-lith.stress 2
expect board enemies.security-droid-1.damage 2
end-activation vaa-lith
spend-dice cora 4 5 6 --purpose "move and interact"
expect board characters.cora.dice.available [1, 1]
end-activation cora
# Ada places her last die: 1 Reinforcement Token (§ Spawn Phase, Extra Reinforcements).
spend-dice ada 3 3 5 2 6 --purpose "heal and move"
expect board reinforcement_pool 1
end-activation ada

# Spawn Phase: nothing bought with the 1 Token, so it becomes Stress for the Initiative holder.
expect board phase "spawn"
spawn --tokens-spent 0
expect board reinforcement_pool 0
expect board characters.ashitaka.stress 3
enemy-attack security-droid-1 cora 5 6 2 --defense 5
expect board characters.cora.damage 2

# Round 2, Status Phase: 1 Reinforcement Token, Stress back 2.
start-round
expect board round 2
expect board reinforcement_pool 1
expect board characters.ashitaka.stress 1
expect board characters.cora.stress 0
roll-action-dice ashitaka 6 6 2 3 4
roll-action-dice vaa-lith 5 5 4 2 1
roll-action-dice cora 3 4 4 6 2
roll-action-dice ada 2 2 5 6 1
give-initiative vaa-lith
expect board characters.vaa-lith.stress 1
