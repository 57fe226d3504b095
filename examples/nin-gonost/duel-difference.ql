# The Duel Dice Difference (nin-gonost.txt § The Dice, The Duel Dice Difference): "An orc rolls a 5 and
# Sir Galwen rolls a 7 ... a difference of 2 (7-5=2) ... he would add his Damage Bonus of 8, striking the orc
# for a total power of 10". The orc here is the archer of the Detail Of Play (RES 8, Fight die 3).
new nin-gonost "Duel Dice Difference"
recruit knights galwen --card alignment=good
recruit orcs orc-archer --card alignment=evil
start-battle knights
attack galwen orc-archer 7 5
expect roll winner "galwen"
expect roll difference 2
expect roll power 10
expect roll steps.3 "Sir Galwen wins: 7 - 5 = 2"
expect roll steps.4 "Power = 2 (difference) + 8 (Fight bonus) = 10"
# Galwen's Fight 5 and the archer's 3 on equal AP 4: no Higher Action Point modifier.
expect roll dice.galwen.die 5
expect roll dice.orc-archer.die 3
# Power 10 EXCEEDS the archer's RES 8: killed.
expect roll result "killed"
expect board figures.orc-archer.defeated true
expect board victor "knights"
