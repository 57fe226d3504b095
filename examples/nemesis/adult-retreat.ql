# Adult retreat (nemesis.txt, after § Noise Roll's Intruder movement): placing an Adult with eight Adult
# models on the board, every Adult not in Combat retreats (model removed, token back in the bag), then the
# Adult is placed in the Room of the Encounter.
new nemesis "Adult retreat"
start-game soldier
place-intruder adult hibernatorium
place-intruder adult room-1
place-intruder adult room-2
place-intruder adult room-3
place-intruder adult room-4
place-intruder adult room-5
place-intruder adult room-6
place-intruder adult room-7
expect board intruders.adult-1.in_combat true
expect board intruders.adult-8.room "room-7"
# The Soldier is in Combat with adult-1, so an event's Noise roll passes them by; an Event card then tells the
# players to place a Noise marker in c8, which has one: an Encounter for the Soldier, whose effect placed it
# (nemesis.txt § Technical Corridors).
place-noise-marker c8
call-noise-rolls --cause "an Event card"
expect board owed []
!rule_violation "owes no event Noise roll" noise-roll soldier 2 --event
!rule_violation "name the Character" place-noise-marker c8
place-noise-marker c8 --character soldier
expect board characters.soldier.pending "encounter"
encounter soldier adult --removed c8
expect board intruders.adult-1.room "hibernatorium"
expect board intruders.adult-9.room "hibernatorium"
expect board rooms.room-7.intruders []
expect board rooms.hibernatorium.intruders ["adult-1", "adult-9"]
