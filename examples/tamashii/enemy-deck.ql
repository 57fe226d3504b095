# Enemy deck setup (tamashii.txt § Enemy deck setup): in a 3-player game "3 x P of LVL 1, 2 x P of LVL 2,
# all LVL 3" is 9 LVL 1 cards on top, 6 LVL 2 in the middle, all the Unlocked LVL 3 cards at the bottom.
new tamashii "Enemy deck"
start-scenario prologue red blue green
draw-scenario-lost-card A07
start-scenario x-6039 red blue green --enemy-deck 1:3xP,2:2xP,3:all --corrupted-data 4xP --first-card P01 --trace-top 10
expect board enemy_deck [{"level": 1, "cards": 9}, {"level": 2, "cards": 6}, {"level": 3, "cards": null}]
expect board corrupted_pool 12
expect board scenario_card "P01"
# Geohunt's sheet (2x P LVL 1, 3x P LVL 2, all LVL 3; Corrupted Data 4x P) with 2 players.
draw-scenario-lost-card P11
start-scenario geohunt red blue --trace-top 10
expect board enemy_deck [{"level": 1, "cards": 4}, {"level": 2, "cards": 6}, {"level": 3, "cards": null}]
expect board corrupted_pool 8
expect board scenario_card "E01"
# Drawing takes from the top: after the 4 LVL 1 cards come the LVL 2 ones.
# (Drawing Enemies no one owes needs the card or effect that attaches them: here Geohunt's E07.)
!rule_violation draw-enemies red Firecleaner Catcher "Scanning bot"
draw-enemies red Firecleaner Catcher "Scanning bot" --effect E07
draw-enemies blue Z.O.E. Hunter --effect E07
expect board enemy_deck [{"level": 2, "cards": 5}, {"level": 3, "cards": null}]
expect board boards.red.top_enemy "Firecleaner"
expect board boards.blue.enemies.1.name "Hunter"
# Each card carries the LVL of the deck segment it came from: the Hunter is the first LVL 2 card.
expect board boards.red.enemies.2.level 1
expect board boards.blue.enemies.0.level 1
expect board boards.blue.enemies.1.level 2
# A Scenario with no printed setup needs its figures from the sheet.
draw-scenario-lost-card E11
!invalid_input start-scenario darkness red blue
