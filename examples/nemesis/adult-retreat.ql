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
place-noise-marker c8
noise-roll soldier 2 --event
expect board characters.soldier.pending "encounter"
encounter soldier adult --removed c8
expect board intruders.adult-1.room "hibernatorium"
expect board intruders.adult-9.room "hibernatorium"
expect board rooms.room-7.intruders []
expect board rooms.hibernatorium.intruders ["adult-1", "adult-9"]
