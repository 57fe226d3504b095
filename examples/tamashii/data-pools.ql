# The neutral pools of Data tokens (tamashii.txt § Bag building & Data tokens mechanics: "When the neutral pool of
# a particular Data token is depleted, it is impossible to gain that token"), counted from § List of all
# Components: "128 Basic Data tokens (4 types)" (32 of each type, a reading), "16 Open Data tokens".
new tamashii "Data pools"
start-scenario prologue red blue
# red's Bag: 3 of each Basic type and 1 more red (its Core Data type); blue's: 3 of each and 1 more blue.
expect board boards.red.data.bag.red 4
gain-data red open open open open open open open open open open
gain-data blue open open open open open open
expect board boards.red.data.dump.open 10
# All 16 Open Data tokens are on the Player Boards: a 17th cannot be gained.
!rule_violation "the box has 16, the Player Boards hold 16, so 0 can be gained, not 1" gain-data red open
# 32 red tokens: 4 in red's Bag, 3 in blue's, so 25 are left.
!rule_violation "so 25 can be gained, not 26" gain-data blue red red red red red red red red red red red red red red red red red red red red red red red red red red
gain-data blue red red red red red red red red red red red red red red red red red red red red red red red red red
!rule_violation gain-data red core
expect board boards.blue.data.dump.red 25
