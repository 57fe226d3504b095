# The Active Skills chosen at an Encounter's start are the campaign's Active Skills too
# (nanolith.txt § Exchanging Skill Cards: "At the start of an Encounter, each character can choose up to
# 3 Skill Cards"): the unlocks sheet and the board agree.
new nanolith "Active Skills"
obtain-skill ash tornado --start --combination double --cost 2,2
obtain-skill ash oath --start --combination double --cost 3,3
start-encounter "Encounter 1"
choose-skills ash tornado
expect unlocks skills.ashitaka.active ["tornado"]
expect unlocks skills.ashitaka.conscious ["oath", "tornado"]
