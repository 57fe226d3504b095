# Doors (nemesis.txt, the Door paragraphs after § Malfunction Marker; § Technical Corridors): one Door token
# per corridor, never in the Technical Corridors; an Intruder told to move through a Closed Door destroys it
# instead and stays; a destroyed Door stays destroyed except through the Mechanic's Plasma Torch.
new nemesis "Doors"
start-game soldier mechanic
close-door c10
expect board corridors.c10.door "closed"
!rule_violation "only an open Door" close-door c10
!rule_violation "Technical Corridors" close-door technical
!rule_violation "Technical Corridors" close-door room-3:4
!rule_violation "Technical Corridors" move soldier technical
!rule_violation "Closed Door" move soldier room-5
place-intruder adult room-5
# room-5's exit 2 is c10: the Adult smashes the Closed Door and stays.
move-intruder adult-1 2
expect board corridors.c10.door "destroyed"
expect board intruders.adult-1.room "room-5"
!rule_violation "destroyed" close-door c10
!rule_violation "only the Mechanic" repair-door soldier c10
# Now the way is open: the Adult comes through.
move-intruder adult-1 hibernatorium
expect board intruders.adult-1.room "hibernatorium"
repair-door mechanic c10
expect board corridors.c10.door "closed"
open-door c10
expect board corridors.c10.door "open"
