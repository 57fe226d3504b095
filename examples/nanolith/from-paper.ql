# A Nanolith campaign picked up from paper at chapter 3 (examples/nanolith/paper-sheet.yaml): stickers, Divider
# Card, Start Item level, program and unlocks as on the sheet, then play goes on (nanolith.txt § Campaign,
# § Leveling Up with Nanofragments). Run from the repository root.
new nanolith "Paper run" --from-sheet examples/nanolith/paper-sheet.yaml
expect progress chapter "3"
expect progress won ["Encounter 1", "Encounter 2"]
expect stickers characters.cora.divider {"unconscious": 3, "conscious": 8, "code": "X2", "space": 6, "bonus_skill": "X2"}
expect unlocks start_items.medkit.level 2
expect unlocks skills.cora.bonus ["overclock"]
expect stickers characters.cora.skills.go-get-them.effective.cost [1, 1]
expect stickers characters.cora.skills.go-get-them.effective.numbers {"damage": 3}
expect stickers characters.cora.nanosync_tokens.held 1
expect stickers characters.vaa-lith.skills.sik-gas-injection.effective.range "any"
# A paper sheet starts a campaign; once one is recorded a second is refused.
!rule_violation start-from-paper --chapter 4
# Play on: the next Encounter's reward sticks 2 Nanofragments on Ada's Divider Card.
gain-nanofragments ada 2
expect stickers characters.ada.divider.unconscious 2
