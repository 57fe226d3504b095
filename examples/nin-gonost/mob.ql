# A mob (nin-gonost.txt § Mobs): "Multiple Opponents (a mob) may choose to move to Engage a single opponent but not
# attack yet, holding remaining APs to the end of the turn ... IF characters that were part of the mob still have
# APs remaining, but the target is defeated, their held AP are lost - they may not choose another target to attack."
new nin-gonost "A mob"
recruit knights galwen --card alignment=good
recruit knights squire --card alignment=good,ap=4,con=3,manna=3,fight_die=3,fight_bonus=2
recruit orcs orc-warrior --card alignment=evil,res=10,con=4,fight_bonus=5,manna=2,walk=2,run=5
recruit orcs orc-warrior --card alignment=evil,res=10,con=4,fight_bonus=5,manna=2,walk=2,run=5
recruit orcs orc-warrior --card alignment=evil,res=10,con=4,fight_bonus=5,manna=2,walk=2,run=5
start-battle knights
end-player-turn knights
# Three orcs step up to Sir Galwen and hold their AP.
walk orc-warrior 1
end-turn orc-warrior --hold
walk orc-warrior-2 1
end-turn orc-warrior-2 --hold
walk orc-warrior-3 1
end-turn orc-warrior-3 --hold
expect board figures.orc-warrior-3.held_ap 3
# The first held attack names the mob's target: no member may choose another. The mob reaches him "at the same
# time": from its first attack Galwen is engaged to all three, at -2 ("Each character a character is engaged to
# beyond the first: -1"; "they may EACH attack using the Multiple Opponents modifier").
attack orc-warrior galwen 3 3
expect roll dice.galwen.die 3
expect roll steps.1 "Sir Galwen's Fight die 5 -2 (Each additional opponent x2) = Duel die #3 (purple)"
!rule_violation "may not choose another target" attack orc-warrior-2 squire 5 1
attack orc-warrior-2 galwen 10 2
expect roll dice.galwen.die 3
expect roll power 13
expect roll result "wound"
!rule_violation "extra-opponent is -2" attack orc-warrior-3 galwen 5 1 --defender-modifier extra-opponent=1
attack orc-warrior-3 galwen 14 2
expect roll dice.galwen.die 3
expect roll result "killed"
# The target is defeated: every member's held AP are lost.
expect board figures.orc-warrior.held_ap 0
expect board figures.orc-warrior-2.held_ap 0
expect board figures.orc-warrior-3.held_ap 0
!rule_violation "has completed its turn" attack orc-warrior-2 squire 5 1
end-player-turn orcs
expect board figures.squire.defeated false
