# The whole Detail Of Play (nin-gonost.txt § Detail Of Play): three turns (Galwen, Orc, Galwen) and two orcs.
# Sir Galwen's card is the book's; the orcs are built from the fragments the example prints (cards.yaml).
# The book never prints the warrior's RES, only that Galwen's 11 is "higher than the poor orc's Resistance":
# this table's warrior card is read as RES 10. Alignments are not printed: Galwen Good, the orcs Evil.
new nin-gonost "Detail Of Play"
recruit knights galwen --card alignment=good
recruit orcs orc-warrior --card alignment=evil,res=10
recruit orcs orc-archer --card alignment=evil
# Fewer miniatures: the knights choose, and Galwen goes first.
start-battle knights
expect board player "knights"
# Setup: Galwen is Wounded (4 Manna of 5); the archer has an arrow nocked and a saved AP.
adjust figures.galwen.manna_lost 1 --reason "Detail Of Play setup: Galwen is Wounded, 4 Manna remaining"
adjust figures.orc-archer.nocked true --reason "Detail Of Play setup: an arrow nocked"
adjust figures.orc-archer.saved_ap 1 --reason "Detail Of Play setup: a saved AP"
expect board figures.galwen.manna 4
# -- Sir Galwen's Turn. First AP: Walk 1. Second AP: Walk 1, free 1/4 turn.
walk galwen 1
walk galwen 1
rotate galwen left
expect board figures.galwen.facing "west"
# Third AP: "Galwen must walk, being he just made his free 1/4 turn".
!rule_violation "free rotation" run galwen 3
walk galwen 1
expect board figures.galwen.ap_left 1
# The Orc player interrupts with the Saved AP: Red die 4, Line Of Sight -3, shield -1, close +1 = die 1.
!rule_violation "Saved AP" walk orc-warrior 1
shoot orc-archer galwen 0 --modifier los=3,shield,close
expect roll die 1
expect roll power 8
expect board figures.orc-archer.saved_ap 0
expect board figures.orc-archer.conditions []
!rule_violation "must be resolved first" walk galwen 1
# Galwen dodges on DEX (Accuracy die 4): a 2 brings the shot to 6, higher than his CON 4: a wound.
dodge galwen 2
expect roll die 4
expect roll result "wound"
expect roll steps.3 "Power 8 - 2 (dodge) = 6"
expect board figures.galwen.manna 3
# Fourth AP: a running Charge on the warrior, both Normal: Galwen purple (die 3), the orc red (die 4).
charge galwen orc-warrior run 8 7
expect roll dice.galwen.die 3
expect roll dice.orc-warrior.die 4
expect roll power 11
expect roll steps.4 "Power = 1 (difference) + 8 (Fight bonus) + 2 (Charge at Run) = 11"
expect roll result "killed"
expect board figures.orc-warrior.defeated true
expect board figures.galwen.speed "stop"
expect board figures.galwen.ap_left 0
expect board active null
end-player-turn knights
# -- Orc's Turn. First AP: Walk 2. Second AP: Walk 1, free 1/4 turn. Third AP: nock an arrow.
walk orc-archer 2
!rule_violation "is defeated and lies face up" walk orc-warrior 1
walk orc-archer 1
rotate orc-archer right
nock-arrow orc-archer
# Fourth AP: Fire: Red die 4, +1 close range = gold (die 5); a 2 and no Fate: Power 10. No dodge from behind.
shoot orc-archer galwen 2 --modifier close
expect roll die 5
expect roll power 10
take-hit galwen
expect roll steps.1 "10 does not exceed RES 14; 10 > CON 4: Sir Galwen loses 1 Manna"
expect board figures.galwen.manna 2
expect board figures.orc-archer.ap_left 0
end-player-turn orcs
# -- Galwen's Turn. First AP: Outraged, Sir Galwen turns around.
u-turn galwen
expect board figures.galwen.facing "east"
# Second AP: a Charge at Walk: -1 die, +1 damage; the orc Cautious (die 3 + 1 = red 4). 9 against 6 and Fate: a Perfect Block.
charge galwen orc-archer walk 9 6 --defender-mode cautious --defender-fate
expect roll dice.galwen.die 4
expect roll dice.orc-archer.die 4
expect roll result "blocked"
expect board figures.galwen.engaged ["orc-archer"]
# Third AP: Galwen fights Normally (die 5), the orc Cautious (die 4): 7 and Fate against 7: a Counter Strike.
attack galwen orc-archer 7 7 --attacker-fate --defender-mode cautious
expect roll dice.galwen.die 5
expect roll result "counter-strike"
!rule_violation "Counter Strike" walk galwen 1
# The Counter Strike: Galwen +1 to dark green (die 6), the orc red again. 11 against 6: Power 5 + 8 = 13 > RES 8.
counter-strike 11 6
expect roll dice.galwen.die 6
expect roll dice.orc-archer.die 4
expect roll power 13
expect roll steps.5 "13 > RES 8: Orc archer is killed"
expect board figures.orc-archer.defeated true
expect board figures.galwen.ap_left 1
expect board figures.galwen.manna 2
