# nanolith.txt § Upgraded Start Items, worked examples: "The players purchase a Start Item called "Cool-Down
# Lv. 2" in Naboo's Shop. Now they have to remove "Cool-Down Lv. 1" from the game." and "you cannot purchase
# "Nano-Heal Lv. 3" before purchasing "Nano-Heal Lv. 2"." Prices are the Shop's: assumed 1 and 2
# High-Frequency Nanopotential here.
new nanolith "Start Items"
give-start-items ada nano-heal cool-down nanophoenix
gain-high-frequency 3 --reason "Chapter 2 reward"

# Start Items are bought in Shops.
!rule_violation buy-start-item ada cool-down 2 --price 1
enter-shop "Naboo's Shop"
# Converting a Start Item "requires High-Frequency Nanopotential" (§ Start Items): not Nanofragments alone.
gain-nanofragments ada 5 --reason "Chapter 2 reward"
!rule_violation "requires High-Frequency Nanopotential" buy-start-item ada cool-down 2 --price 2 --currency nanofragments
buy-start-item ada cool-down 2 --price 1 --boxes 1
expect unlocks start_items.cool-down {"level": 2, "holder": "ada", "removed": [1]}
expect stickers high_frequency {"unspent": 2, "spent": 1}
expect unlocks shops {"Naboo's Shop": {"cool-down-lv-2": {"boxes": 1, "ticked": 1}}}
# A key with spaces is a double-quoted segment of the path.
expect unlocks shops."Naboo's Shop".cool-down-lv-2.ticked 1

# Lv. 3 needs Lv. 2 first.
!rule_violation buy-start-item ada nano-heal 3 --price 2
expect unlocks start_items.nano-heal.level 1
buy-start-item ada nano-heal 2 --price 2
expect unlocks start_items.nano-heal {"level": 2, "holder": "ada", "removed": [1]}
# No High-Frequency Nanopotential left for Lv. 3.
!rule_violation buy-start-item ada nano-heal 3 --price 1
expect stickers high_frequency {"unspent": 0, "spent": 3}

# In future Encounters only the higher levels are held; Cool-Down Lv. 1 can no longer be used or taken.
start-encounter "Encounter 2"
expect board characters.ada.start_items {"cool-down-lv-2": "ready", "nano-heal-lv-2": "ready", "nanophoenix-lv-1": "ready"}
!rule_violation "removed from the game" take-card ada "Cool-Down Lv. 1" --type start
