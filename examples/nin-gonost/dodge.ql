# The Dodge Example (nin-gonost.txt § Skills, Dodge): "An archer shoots an orc, hitting with a Total Power
# of 9 ... With a DEX of 3, he rolls the purple Accuracy die. He gets a 2 and no Fate star." The Power
# becomes 9 - 2 = 7 (the rule: "Reduce the Power of the incoming attack by the number rolled"; the printed
# "8 minus the dodge of 2" is a misprint). 7 does not exceed RES 8; it is higher than his CON: one Manna.
# The book prints neither the orc's CON nor its Manna: this table's card is read as CON 4, Manna 3.
new nin-gonost "Dodge Example"
recruit archers orc-archer --card alignment=evil
recruit orcs orc --card alignment=evil,con=4,manna=3,ap=4
start-battle orcs --chooser orcs
end-player-turn orcs
nock-arrow orc-archer
# The archer's Red die 4 and a 1: Power 1 + 8 = 9, which would defeat the orc's RES 8.
shoot orc-archer orc 1
expect roll power 9
expect board pending.what "the hit on Orc (Dodge Example) (Power 9)"
dodge orc 2
expect roll die 3
expect roll die_name "Accuracy die #3 (purple)"
expect roll steps.3 "Power 9 - 2 (dodge) = 7"
expect roll steps.4 "7 does not exceed RES 8; 7 > CON 4: Orc (Dodge Example) loses 1 Manna"
expect roll result "wound"
expect board figures.orc.defeated false
expect board figures.orc.manna_lost 1
expect board figures.orc.manna 2
expect board pending null
