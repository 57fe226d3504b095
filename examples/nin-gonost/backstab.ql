# Striking from the rear (nin-gonost.txt § Fighting: Backstab, Playsheet § Defending a Backstab; § Ranged Attacks:
# evasive actions only "IF the firer was in their front Sight Arc"). --position is where the attacker stands
# relative to the defender's facing; left out, the typed modifiers stand as before.
new nin-gonost "Backstab"
recruit knights galwen --card alignment=good
recruit orcs orc-warrior --card alignment=evil,res=10,con=4,fight_bonus=5,manna=2,per=3
recruit orcs orc-archer --card alignment=evil,con=3,per=3
start-battle orcs
!rule_violation "makes a PER roll first" attack orc-warrior galwen 5 5 --position rear
# Failure: +1 for the attacker, -1 for Galwen, who does not get to choose a combat option.
!rule_violation "does not get to choose a combat option" attack orc-warrior galwen 5 5 --position rear --backstab-face broken --defender-mode cautious
attack orc-warrior galwen 5 5 --position rear --backstab-face broken
expect roll dice.orc-warrior.die 5
expect roll dice.galwen.die 4
# A typed rear modifier must match what the position gives.
!rule_violation "rear-strike is none" attack orc-warrior galwen 5 5 --position front --attacker-modifier rear-strike=1
end-turn orc-warrior
# The Detail Of Play's shot to the back: "Sir Galwen will get no chance to dodge from a shot to his back".
nock-arrow orc-archer
shoot orc-archer galwen 2 --position rear --distance 3
expect roll die 4
expect roll modifiers [["Close Range", 1], ["Target engaged in combat", -1]]
!rule_violation "front Sight Arc" dodge galwen 1
take-hit galwen
expect roll power 10
expect board figures.galwen.manna 4
