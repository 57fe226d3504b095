# nanolith.txt § Special Rule: Force Success — Cora hacks a Door (Defense 5, Force Success 2) with her BCV
# of 2 Combat Dice: a 2 and a 6. The 6 is 1 Damage; she forces the 2 for 2 self-Damage: 2 Damage to the Door.
# The Door's Action Cost is not printed: Cora spends a 4 for it here.
new nanolith "Door"
start-encounter "Hacking Profiles"
start-round
roll-action-dice ashitaka 3 4 5 3 6
roll-action-dice vaa-lith 2 4 3 5 2
roll-action-dice cora 2 3 4 5 6
roll-action-dice ada 4 5 3 2 6
give-initiative cora
# The Profile's Action Cost comes first.
!rule_violation hack cora door 2 6 --force 1
spend-dice cora 4 --purpose "hack the Door"
# Each unsuccessful die can be forced once: only the 2 failed.
!rule_violation hack cora door 2 6 --force 2
hack cora door 2 6 --force 1
expect board profiles.door.damage 2
expect board characters.cora.damage 2
