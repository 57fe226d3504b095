# Conditions applied, not only listed (nin-gonost.txt § Combat Options, § Attacking Objects or Unconscious Characters,
# § Spot Weakness, § Transcend, § Recover, § Hitting Obstacles, § Free Rotate, § Manna Skills).
new nin-gonost "Conditions applied"
recruit knights galwen --card alignment=good
recruit knights squire --card alignment=good,ap=4,con=3,manna=3,fight_die=3,fight_bonus=2,str=3,per=2
recruit orcs orc-warrior --card alignment=evil,res=10,con=4,fight_bonus=5,manna=2,str=3,dex=3,wgt=6,per=3
recruit orcs orc-archer --card alignment=evil,con=3,manna=2,dex=3,wil=3
start-battle orcs
# Grab: Fight Die -2, POWER > CON: the knight is "held and may not fight or move until free".
attack orc-warrior galwen 9 2 --option grab
expect roll dice.orc-warrior.die 2
expect roll result "held"
end-turn orc-warrior
# A held target may not Dodge ("not being grabbed"); it takes the hit.
nock-arrow orc-archer
shoot orc-archer galwen 2
!rule_violation "not being grabbed" dodge galwen 1
take-hit galwen
expect board figures.galwen.manna 4
end-player-turn orcs
!rule_violation "held and may not fight or move until free" attack galwen orc-warrior 5 3
!rule_violation "held and may not fight or move" walk galwen 1
break-hold galwen orc-warrior 3 6
expect roll result "still held"
break-hold galwen orc-warrior 7 2
expect board figures.galwen.conditions []
# Knock Out: the unconscious orc "is assumed to roll a 0 and not Fate"; no combat option against it.
attack galwen orc-warrior 5 4 --option knock-out
expect board figures.orc-warrior.conditions ["prone", "knocked_out"]
!rule_violation "assumed to roll a 0" attack galwen orc-warrior 4 3
!rule_violation "may not choose a combat option" attack galwen orc-warrior 4 0 --option knock-out
attack galwen orc-warrior 4 0
expect roll power 12
expect roll result "killed"
end-player-turn knights
# Transcend, Success: 1 Manna and +1 STR or RUN until the archer's next turn; twice brings it to 0 Manna (Fatigued).
transcend orc-archer 0 --trained --boost str
expect board figures.orc-archer.conditions ["transcend_str"]
expect board figures.orc-archer.manna 1
end-player-turn orcs
# Galwen's Transcend Success: Run 3 + 1, so he may run 4 (WIL 6, untrained -2: die 4).
transcend galwen 1 --boost run
expect roll die 4
walk galwen 1
run galwen 4
walk galwen 1
end-player-turn knights
!rule_violation "--boost str or --boost run" transcend orc-archer 0 --trained
transcend orc-archer 0 --trained --boost run
expect board figures.orc-archer.manna 0
expect board figures.orc-archer.conditions ["transcend_run", "fatigued"]
end-player-turn orcs
end-player-turn knights
# Recover, Perfect Success: "1 Manna Point and one AP to use this turn" (CON 3, Fatigued -2: die 1).
recover orc-archer 0 --fate
expect roll die 1
expect board figures.orc-archer.manna 1
expect board figures.orc-archer.ap_left 1
expect board active "orc-archer"
nock-arrow orc-archer
expect board active null
end-player-turn orcs
# Spot Weakness: range PER, once per target per turn; the archer's RES 8 is 7 against the squire's strikes.
!rule_violation "the opponent must be Squire's PER 2 or lower distance" spot-weakness squire ? --target orc-archer --fate --distance 9
spot-weakness squire ? --target orc-archer --fate --distance 2
expect board figures.squire.weakness {"orc-archer": 1}
!rule_violation "once per target per turn" spot-weakness squire ? --target orc-archer --fate --distance 2
attack squire orc-archer 9 3
expect roll power 8
expect roll steps.2 "Orc archer's RES 8 -1 (Spot Weakness by Squire) = 7 against Squire"
expect roll result "killed"
