# What the rules forbid, each refused with its code and its section (nin-gonost.txt).
new nin-gonost "Nîn-Gonost: Refusals"
set-point-limit 200
# § Choosing Sides: Good and Evil don't mix; Named characters are Unique; the point limit.
recruit knights galwen --card alignment=good
!rule_violation "Good and Evil don't mix" recruit knights orc-warrior --card alignment=evil,value=20
!rule_violation "Named character, Unique" recruit knights galwen --card alignment=good
# A value the figure needs at once (alignment, ACTIONS, VALUE under a limit) is bad input at recruit (issue 26, item 12).
!invalid_input "does not print VALUE" recruit orcs orc-warrior --card alignment=evil
!invalid_input "does not print ALIGNMENT" recruit orcs orc-warrior --card value=20
!rule_violation "over the 200 agreed" recruit orcs orc-warrior --card alignment=evil,value=201
!rule_violation "prints value" recruit orcs galwen --card value=40,alignment=evil
!invalid_input "no card" recruit orcs goblin-king
recruit orcs orc-warrior --card alignment=evil,value=20,res=10,con=4,manna=2,wil=3,per=3
recruit orcs orc-archer --card alignment=evil,value=25,wil=3
expect board warbands.orcs.points 45
# § Turn Sequence: the side with fewer miniatures (the knights) chooses; no random draw is needed.
!rule_violation "no random draw" start-battle knights --chooser orcs
start-battle knights
place-object cellar wooden-door
expect board objects.cellar.res 15
# § Speeds: no Stop to Run without a Walk first.
!rule_violation "Stop to Run" run galwen 3
!rule_violation "over Sir Galwen's Walk speed 1" walk galwen 2
walk galwen 1
# § Saved AP: the other side acts only with a Saved AP; § Choosing Sides: no recruiting once the battle is on.
!rule_violation "battle has started" recruit knights galwen
!rule_violation "Saved AP" walk orc-warrior 1
run galwen 3
# A runner must move (or roll a Perilous stop) with its next AP.
!rule_violation "is running" nock-arrow galwen
walk galwen 1
# § Action AP costs: Open Door is 2 AP and Galwen has 1 left.
!rule_violation "costs 2 AP; Sir Galwen has 1 left" open-door galwen cellar
# § Morale Boost: only below Normal.
!rule_violation "only for Morale lower than Normal" morale-boost galwen 3
# § The Dice: a step below the ?+? die (PER 2, Cover x4 = step -2).
!rule_violation "below the ?+? die" search galwen 2 --target orc-archer --modifier cover=4
# § ? Dice: the ? die shows ? or a broken arrow; a second Fate star only on the ?+? die.
!rule_violation "shows ? or a broken arrow" search galwen 2 --target orc-archer --modifier cover=2
!rule_violation "second Fate star" search galwen 2 --target orc-archer --second-fate --fate
!invalid_input "a face is" search galwen seven --target orc-archer
!invalid_input "unknown modifier" search galwen 2 --target orc-archer --modifier uphill
# On the ?+? die (PER 2, Cover x3): ? with one Fate star is a failure, with two a success counted as 0.
search galwen ? --target orc-archer --modifier cover=3 --fate --second-fate
expect roll die -1
expect roll outcome "success"
expect roll number 0
expect board figures.galwen.ap_left 0
expect board active null
# § Recover: only at 0 Manna; § Concentrating: not when engaged, at most WIL a turn.
end-player-turn knights
!rule_violation "only characters with 0 Manna" recover orc-warrior 3
!rule_violation "at most WIL 3" concentrate orc-archer 4
concentrate orc-archer 3
# § Turn Sequence: one character completes its turn before another of its side starts.
!rule_violation "has not finished its turn" walk orc-warrior 1
!rule_violation "has no arrow nocked" shoot orc-archer galwen 3
end-turn orc-archer
!rule_violation "has completed its turn" walk orc-archer 1
!rule_violation "is not taking its turn" end-turn orc-archer
# § Intimidate: the range is the lower of the two PERs (3 and Galwen's 2).
!rule_violation "lower of the two PERs (2)" intimidate orc-warrior 1 --target galwen --distance 3
intimidate orc-warrior 1 --target galwen --distance 2 --trained
expect board figures.galwen.morale "intimidated"
# § Morale: Intimidated fights only Cautious or Defensive.
!rule_violation "only fight Cautious or Defensive" charge orc-warrior galwen walk 3 4
charge orc-warrior galwen walk 3 4 --defender-mode cautious
expect roll dice.galwen.die 6
expect board figures.galwen.engaged ["orc-warrior"]
# § Fighting: an engaged character must fight.
!rule_violation "must fight" walk orc-warrior 1
!rule_violation "no Counter Strike is due" counter-strike 3 4
