# A mistyped Scenario, Body or Augment is refused with the closest name (issue 31, item 6). Card names and
# Memory costs are assumed, as in body-market-and-break.ql.
new tamashii "Tamashii: Did you mean"
!rule_violation "there is no Scenario 'prolog' (did you mean 'Prologue'?)" start-scenario prolog red --mode coop
start-scenario prologue red --mode coop
draw-scenario-lost-card A07
start-scenario geohunt red --mode coop --trace-top 10
choose-class red reaper "Kinetic battery" "Reaper 2"
choose-learning-protocol red Bodyguard
set-up-body-market Soldier Scout
refill-launcher red red red blue blue
end-phase
move red 5 --entry 1
!rule_violation "Soldeir is not in the Body Market (did you mean 'Soldier'?)" inhabit red Soldeir red red
inhabit red Soldier red red
refill-body-market Tank
gain-augment red faction "Atomic power cable" --memory 0 --breaks
end-phase
end-phase
trace-roll red blank
!rule_violation "red has no Augment 'Atomic powr cable' (did you mean 'Atomic power cable'?)" equip red "Atomic powr cable"
equip red "Atomic power cable"
refill-launcher red green yellow
end-phase
stay red --stationary 1
!rule_violation "is not equipped (did you mean 'Atomic power cable'?)" launch-augment red "Atomic power cabl" blue blue
launch-augment red "Atomic power cable" blue blue
expect board broken_augments ["Atomic power cable"]
