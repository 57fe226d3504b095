# A mistyped room, corridor or Intruder is refused with the closest name on the board (issue 31, item 6).
new nemesis "Nemesis: Did you mean"
start-game soldier mechanic
!invalid_input "the ship has no room 'hibernatorum' (did you mean 'Hibernatorium'?)" place-intruder adult hibernatorum
!invalid_input "no corridor 'c1O' (did you mean 'c1'?)" close-door c1O
place-intruder adult room-5
!rule_violation "no Intruder 'adlt-1' (did you mean 'adult-1'?)" move-intruder adlt-1 2
expect board intruders.adult-1.room "room-5"
