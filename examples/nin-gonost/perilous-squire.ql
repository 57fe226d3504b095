# Example of Perilous Movement and Hitting Obstacles (nin-gonost.txt § Perilous Movement): "A squire has a
# movement of 3/6 (Walk 3, run 6) ... With a DEX of 5, he rolls accuracy die #5 ... he rolls the broken arrow!
# ... He makes another DEX check and passes, rolling a 1 ... hits the wall, unharmed. Had he failed his
# Obstacle Roll, he would have to add his Assumed Speed (6) to his WGT (6) ... 12, which is greater than his
# RES of 6". The squire's card gives Walk/Run, DEX, WGT and RES; AP and alignment are this table's (4, Good).
new nin-gonost "Perilous squire"
recruit squires squire --card alignment=good,ap=4
recruit orcs orc --card alignment=evil,ap=4
start-battle squires --chooser squires
# Stop to Run is refused: a Walk first (§ Speeds).
!rule_violation "Stop to Run" run squire 6
walk squire 3
run squire 6
expect board figures.squire.speed "run"
expect board figures.squire.assumed_speed 6
# A runner may not simply stop or turn: that is a Perilous Movement.
!rule_violation "Perilous Movement" rotate squire left
perilous-movement squire turn-left broken
expect roll die 5
expect roll outcome "failure"
expect board figures.squire.facing "north"
expect board figures.squire.speed "run"
hit-obstacle squire 1
expect roll outcome "success"
expect board figures.squire.speed "stop"
expect board figures.squire.manna_lost 0
end-turn squire
end-player-turn squires
end-player-turn orcs
# The same charge again, and this time the Obstacle Roll fails: WGT 6 + Assumed Speed 6 = 12 > RES 6.
walk squire 3
run squire 6
perilous-movement squire stop broken
expect roll die 5
# A second Perilous attempt this turn is one die lower (#4); it fails, then the obstacle roll fails.
perilous-movement squire stop broken
expect roll die 4
hit-obstacle squire broken
expect roll steps.2 "WGT 6 + Assumed Speed 6 = 12 > RES 6: 1 Manna"
expect board figures.squire.manna_lost 1
expect board figures.squire.conditions ["prone"]
expect board figures.squire.speed "stop"
