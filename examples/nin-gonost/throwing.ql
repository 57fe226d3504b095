# Thrown Items (nin-gonost.txt § Advanced Combat Options): "He has a STR of 5, has no range modifier. He may
# throw the dagger 8 spaces ... at his usual Range skill for +1 damage bonus", and Throwing Non-Weapons:
# "10 (his STR) - 6 (Squire's WGT for being a non-weapon) + 3 (for a Throw) = 7 squares".
# The range is STR + Throw Modifier + 3 (the Core Rule line "STR-WGT+1" matches neither example).
new nin-gonost "Throwing"
recruit knights galwen --card alignment=good
recruit orcs orc --card alignment=evil,con=4,ap=4
recruit orcs half-troll --card alignment=evil,ap=4
start-battle knights
# Sheath the sword, draw the dagger, throw it.
manipulate galwen --detail "sheath the longsword"
manipulate galwen --detail "draw the dagger"
expect board figures.galwen.in_hand "dagger"
expect board figures.galwen.fight.bonus 6
!rule_violation "range = STR 5 + 0 (Throw Modifier) + 3 = 8" throw galwen orc 1 --weapon dagger --distance 9
# "usual Range skill": no Throw Modifier for the dagger; 8 away is over 3 x PER 2, so Long Range -1 applies
# (Questlog computes it from the distance: a typed Close Range is refused).
!rule_violation "Questlog computes Long Range -1" throw galwen orc 1 --weapon dagger --distance 8 --modifier close
throw galwen orc 1 --weapon dagger --distance 8
expect roll die 1
expect roll modifiers [["Long Range", -1]]
expect roll steps.0 "range = STR 5 + 0 (Throw Modifier) + 3 = 8; the target is 8 away"
expect roll steps.3 "Power = 1 (accuracy) + 1 (thrown item's bonus) = 2"
expect board figures.galwen.weapons.dagger "lying in orc's space"
!rule_violation "lying in orc's space" throw galwen orc 1 --weapon dagger --distance 8
take-hit orc
expect roll result "unharmed"
manipulate galwen --detail "redraw the longsword"
expect board figures.galwen.ap_left 0
end-player-turn knights
# The Half-Troll (STR 10) hurls the Squire (WGT 6): range 7, at -6 to the die and +6 damage.
!rule_violation "range = STR 10 - 6 (Throw Modifier) + 3 = 7" throw half-troll galwen 1 --object-weight 6 --damage-bonus 6 --distance 8
# At 7 the range is fine; the book prints no Range die for the Half-Troll, so the roll waits for the card.
!rule_violation "RANGE_DIE is not printed" throw half-troll galwen 1 --object-weight 6 --damage-bonus 6 --distance 7
