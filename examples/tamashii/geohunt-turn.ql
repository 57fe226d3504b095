# Two Geohunt turns for red and blue, command by command (tamashii.txt § Turn order). Each phase ends
# when its obligations are met: `view turn` names them. A phase with nothing to do passes by itself.
new tamashii "Geohunt turns"
start-scenario prologue red blue
draw-victory-card A06
start-scenario geohunt red blue --trace-top 10
# Setup 3c, 3d and 5 are choices: turn 1 begins once they are made.
choose-class red reaper "Kinetic battery" "Reaper 2"
choose-class blue whisperer "Whisperer 1" "Whisperer 2"
choose-learning-protocol red Bodyguard
choose-learning-protocol blue Scavenger
set-up-body-market Soldier Scout Tank
expect turn phase "planning"
# Turn 1, Planning: no Trace Roll on the first turn; each player refills (step 2), may program (step 3).
refill-launcher red red red blue yellow
refill-launcher blue blue blue green red
program red 2 --pro 3
end-phase
# Action, in order from the First Player: Move & Trace is owed, the rest is optional.
expect turn next "red: move / stay / explore (Move & Trace: you are obliged to increase your Trace)"
move red 5 --entry 1
launch-basic-pattern red shield red red
end-phase
stay blue --stationary 2
end-phase
# Nobody has an attached Enemy: the Combat phase passed by itself.
expect turn phase "quest"
end-phase
# Turn 2: blue holds the First Player token. Trace Rolls (Trace 2 and 1), blue's hit attaches 1 Enemy.
expect turn order ["blue", "red"]
trace-roll blue basic rare
trace-roll red blank
draw-enemies blue Catcher:8
refill-launcher blue yellow
refill-launcher red green
end-phase
stay blue
end-phase
stay red --stationary 1
end-phase
# Combat: blue fights its Catcher (red, with none, skips it); the Enemy Frame moves the die off the card.
attack-roll blue 1 basic basic basic
activate-frame blue "Walker 1" 0 --damage 2
activate-enemy-frame blue 1
end-phase
expect turn phase "quest"
# Geohunt keeps Time at 0 (its win and loss are other conditions): nothing to reduce (tamashii.txt § Time track).
expect board time 0
!rule_violation "Time is already 0" reduce-time
end-phase
expect board turn 3
