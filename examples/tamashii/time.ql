# The Player number icon (tamashii.txt § Scenario setup, Important icon): "Set Time to 6 - P" in a
# 2-player game puts the Universal marker on space 4 of the Time track.
new tamashii "Time"
start-scenario prologue red blue
expect board time 0
set-time 6-P
expect board time 4
reduce-time
expect board time 3
reduce-time 5
expect board time 0
set-time 2xP
expect board time 4
!rule_violation set-time 1-P
!invalid_input set-time "6 - players"
# The Time track has slots 0..15 (the rulebook prints no top; its highest setting is 9): 99 is a typo.
!rule_violation set-time 99
!rule_violation set-time 8xP
expect board time 4
# Time at 0 is the track's last space (tamashii.txt § Time track): reducing it further is refused.
reduce-time 9
expect board time 0
!rule_violation "Time is already 0" reduce-time
