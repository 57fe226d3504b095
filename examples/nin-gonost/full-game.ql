# A whole Nîn-Gonost battle, setup to the end: Sir Galwen against an orc warrior and an orc archer, within
# 200 points (nin-gonost.txt § Choosing Sides). The book prints only some orc values: the rest are read off
# this table's cards when recruiting (after the card: the stars' colour, then NAME=VALUE), never taken from the book.
new nin-gonost "Nîn-Gonost: Full game"
set-point-limit 200
!invalid_input "recruit knights galwen blue|purple|green" recruit knights galwen
recruit knights galwen blue
recruit orcs orc-warrior purple value=20 res=10 con=3 manna=2 fight_bonus=5 walk=2 run=5
recruit orcs orc-archer evil --card value=25,con=3,manna=2,walk=2,run=5,dex=3
expect board warbands.knights.points 55
expect board warbands.orcs.points 45
start-battle knights
# -- Turn 1, the knights: Galwen walks, thinks better of a second step and takes it back (undo).
walk galwen 1
walk galwen 1
undo
expect board figures.galwen.ap_left 3
walk galwen 1
run galwen 3
# Galwen stops from the Run: a Perilous Movement (DEX die 4), and a success.
perilous-movement galwen stop 2
expect board figures.galwen.speed "stop"
# A roll seals: nothing before it can be undone.
!sealed undo
end-turn galwen --save
expect board figures.galwen.saved_ap 1
end-player-turn knights
# -- Turn 2, the orcs: the archer nocks and shoots; the crosshair was typed 7 but the die showed 1.
nock-arrow orc-archer
shoot orc-archer galwen 7 --modifier close
expect roll die 5
expect roll power 15
take-hit galwen
expect board figures.galwen.defeated true
correct v40 face=1 --reason "the crosshair showed 1, not 7"
expect roll power 9
expect board figures.galwen.defeated false
expect board figures.galwen.manna 4
end-turn orc-archer --save
# Galwen spends his Saved AP between the orcs' actions.
walk galwen 1
expect board figures.galwen.saved_ap 0
walk orc-warrior 2
charge orc-warrior galwen walk 6 4 --mode all-out
expect roll dice.orc-warrior.die 2
expect roll dice.galwen.die 5
expect roll steps.4 "Power = 2 (difference) + 5 (Fight bonus) + 2 (All Out) + 1 (Charge at Walk) = 10"
expect roll result "wound"
expect board figures.galwen.manna 3
attack orc-warrior galwen 5 9
expect roll winner "galwen"
expect roll result "killed"
expect board figures.orc-warrior.defeated true
end-player-turn orcs
# -- Turn 3, the knights: the archer's Saved AP is spent dodging nothing: Galwen charges it.
expect board figures.orc-archer.saved_ap 1
walk galwen 1
charge galwen orc-archer walk 7 2
expect roll dice.galwen.die 4
expect roll power 14
expect roll result "killed"
expect board victor "knights"
expect board figures.galwen.ap_left 2
# -- The orcs have no figure standing: the knights hold the field (§ Choosing Sides), and the battle ends.
end-battle
!rule_violation "the battle is over" walk galwen 1
