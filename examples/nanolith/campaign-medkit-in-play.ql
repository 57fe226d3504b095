# Campaign Mode feeding an Encounter (nanolith.txt § Lowering Skill Costs, § Skill Cards): once MedKit's
# cost sticker lowers its Double from two 2s to two 1s, Ada may pay MedKit with two 1s at the table.
new nanolith "MedKit at the table"
obtain-skill ada medkit --start --combination double --cost 2,2 --numbers heal=3,effect-tokens=1 --range 6
gain-nanofragments ada 1 --reason "reward"
enter-lobby "Neo-Eden Underground" --disk --exit-icon
lower-skill-cost ada medkit
start-encounter "E1"
start-round
roll-action-dice ashitaka 3 4 5 3 6
roll-action-dice vaa-lith 2 4 3 5 2
roll-action-dice cora 2 3 4 5 6
roll-action-dice ada 1 1 3 2 6
give-initiative ada
perform-skill ada medkit 1 1
expect board characters.ada.dice.available [3, 2, 6]
!rule_violation perform-skill ada medkit 3 2
