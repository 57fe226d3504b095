# A Tamashii box picked up from its paper Progress sheet: four Scenarios ticked (examples/tamashii/paper-sheet.yaml),
# then play goes on as if those Scenarios had been played in Questlog (tamashii.txt § Ending the game & using the
# PROGRESS sheet, § Before your first game, § Locked vs Unlocked components). Run from the repository root.
new tamashii "Paper box" --from-sheet examples/tamashii/paper-sheet.yaml
expect progress scenarios.prologue.endings {"A06": true}
expect progress scenarios.x-6039.endings {"P08": false, "P09": true, "P10": false}
expect progress scenarios.geohunt.endings.E09 true
expect progress scenarios.old-fashioned.endings.U08 true
expect progress prologue_played true
expect unlocks unlocked ["E12", "P03", "U02"]
expect unlocks locked ["S05", "T07"]
# The paper sheet starts a campaign: a second one is refused once something is recorded.
!rule_violation start-from-paper --progress '{"prologue": ["A06"]}'
# The Ascend still needs a tick next to every other Scenario; Geohunt may be played again.
!rule_violation start-scenario the-ascend red blue
start-scenario geohunt red blue --trace-top 10
expect progress playing "geohunt"
