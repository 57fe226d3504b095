# Weapons are state (nin-gonost.txt § Components In Nîn-Gonost, § Manipulate Object, § Picking Up Weapons,
# § Advanced Combat Options § Thrown Items, § Ranged Attack, § Combat Options: Disarm).
# Sir Galwen's +8 "is actually his 5 STR plus the 3 listed for his longsword"; with the dagger "(8 -3 +1), for a +6";
# unarmed "he would fight at -4 from his listed damage bonus of 8 ... both of which mean 4".
new nin-gonost "Weapons in hand"
recruit knights galwen --card alignment=good
recruit orcs orc-warrior --card alignment=evil,res=10,con=4,fight_bonus=5,manna=2,str=3,dex=3,wgt=6,per=3
recruit orcs orc-archer --card alignment=evil,con=3,manna=2,dex=3
start-battle knights
expect board figures.galwen.in_hand "longsword"
expect board figures.galwen.weapons {"longsword": "hand", "dagger": "sheathed"}
expect board figures.galwen.fight.bonus 8
# One weapon in hand: the sword is sheathed before the dagger is drawn (1 AP each).
!rule_violation "sheathe it first" draw galwen dagger
sheathe galwen
expect board figures.galwen.fight.bonus 4
draw galwen dagger
expect board figures.galwen.fight.bonus 6
# The dagger thrown lands in the target's space, hit or miss; it cannot be thrown again before it is picked up.
throw galwen orc-warrior 2 --distance 3
expect roll steps.3 "Power = 2 (accuracy) + 1 (thrown item's bonus) = 3"
take-hit orc-warrior
expect board figures.galwen.weapons.dagger "lying in orc-warrior's space"
expect board figures.galwen.in_hand null
!rule_violation "holds no weapon to throw" throw galwen orc-warrior 2 --distance 3
!rule_violation "lying in orc-warrior's space" throw galwen orc-warrior 2 --weapon dagger --distance 3
!rule_violation "does not list a battle-axe" pick-up-weapon galwen --weapon battle-axe
pick-up-weapon galwen --weapon dagger
expect board figures.galwen.in_hand "dagger"
expect board figures.galwen.ap_left 0
end-player-turn knights
# The archer's bow breaks on a Critical Failure: 4 AP to repair before it nocks again.
nock-arrow orc-archer
shoot orc-archer galwen broken --fate
expect board figures.orc-archer.weapons.bow "broken"
!rule_violation "repair it (repair-bow, 4 AP)" nock-arrow orc-archer
repair-bow orc-archer --ap 2
# A Disarm knocks the dagger from Galwen's hand: lost, and he fights unarmed at +4.
attack orc-warrior galwen 9 5 --option disarm
expect roll result "disarmed"
expect board figures.galwen.weapons.dagger "lost"
expect board figures.galwen.fight.bonus_terms [["Fight bonus", 8], ["without the longsword", -3], ["Unarmed", -1]]
end-turn orc-warrior
end-player-turn orcs
# Issue 26's reproduction: after the Disarm, 7 against 5 is 2 + 4 = Power 6, not 10.
attack galwen orc-warrior 7 5
expect roll power 6
expect roll steps.4 "Power = 2 (difference) + 8 (Fight bonus) - 3 (without the longsword) - 1 (Unarmed) = 6"
expect roll result "wound"
attack galwen orc-warrior 6 5 --option disengage
pick-up-weapon galwen --weapon dagger
expect board figures.galwen.fight.bonus 6
end-turn galwen
end-player-turn knights
repair-bow orc-archer --ap 2
expect board figures.orc-archer.in_hand "bow"
nock-arrow orc-archer
expect board figures.orc-archer.conditions ["nocked"]
end-player-turn orcs
sheathe galwen
draw galwen longsword
expect board figures.galwen.fight.bonus 8
