# Bodies come from the Body Market, and a broken Augment is gone for the rest of the Scenario.
# tamashii.txt § Body cards ("7. Cost: The Pattern you must launch in order to inhabit this Body from the Body
# Market"), § Breaking Augments ("This Augment will not appear again during the same game"), § Most important
# keywords and phrases ("Break: only on Faction Augments"). Card names and Memory costs are assumed.
new tamashii "Market and Break"
start-scenario prologue red --mode coop
draw-scenario-lost-card A07
start-scenario geohunt red --mode coop --trace-top 10
choose-class red reaper "Kinetic battery" "Reaper 2"
choose-learning-protocol red Bodyguard
set-up-body-market Soldier Scout
refill-launcher red red red blue blue
end-phase
move red 5 --entry 1
# The Tank is still in the Body deck: only the Soldier and the Scout, face up, can be inhabited.
!rule_violation "Tank is not in the Body Market (face up: Soldier, Scout)" inhabit red Tank red red
inhabit red Soldier red red
expect board body_market ["Scout"]
refill-body-market Tank
# A Class Augment never has the Break keyword.
!rule_violation "Break: only on Faction Augments" gain-augment red class "Reaper 5" --breaks
gain-augment red faction "Atomic power cable" --memory 0 --breaks
end-phase
expect board phase "quest"
end-phase
trace-roll red blank
equip red "Atomic power cable"
refill-launcher red green yellow
end-phase
stay red --stationary 1
launch-augment red "Atomic power cable" blue blue
expect board broken_augments ["Atomic power cable"]
# Broken: removed from the game, it may not be gained again in this Scenario.
!rule_violation "may not be gained or used again during the same game" gain-augment red faction "Atomic power cable"
