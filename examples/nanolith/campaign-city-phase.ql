# nanolith.txt § Neo-Eden and the City Phase, worked example: "In the first chapter of Nanolith, the group
# found the Nano-Accumulator and Hitome's Amulet. Hitome's Amulet features the Persistent Icon [...] The
# Nano-Accumulator [...] has to be discarded. [...] The players place the specified Mission Token on the City
# Map. Then the players discard all Item Cards (except for Start Items). As they discard 4 Item Cards, they
# obtain 1 Nanofragment. They decide to give this extra Nanofragment to Vaa-Lith. Now the players select one
# of the Mission Tokens stuck on the City Map [...] This ends the City Phase."
# The card codes (Q1, Q2), the 4 Item Cards' names and the Mission Token's name and page are not printed in the
# rulebook: assumed here. Only the Item Cards the characters hold are returned (step 2: "Return all of the
# characters' Item Cards (except for Start Items)"): not 3 when 2 are held, not 5 when 4 are.
new nanolith "City Phase example"
start-chapter 1
give-start-items ada nano-heal
start-encounter "Chapter 1"
take-card ashitaka stim-1 --source "Item Token"
take-card ashitaka stim-2 --source "Item Token"
take-card vaa-lith scanner --source "Item Token"
take-card ada medpack --source "Item Token"
end-encounter --outcome victory
take-hidden-card Q1 cora --name "Hitome's Amulet" --quest-item --persistent
take-hidden-card Q2 ashitaka --name "Nano-Accumulator" --quest-item
expect unlocks quest_items {"persistent": ["Q1"], "other": ["Q2"], "discarded": []}

# A Lobby without an Exit Icon cannot be exited (§ Exit Icon).
enter-lobby "Babel Tower Lobby" --disk
!rule_violation start-city-phase
enter-lobby "Underground Station" --disk --exit-icon

# Step 2 and 3 cannot come before step 1.
!rule_violation return-item-cards 4 --nanofragment-to vaa-lith
start-city-phase
expect unlocks quest_items {"persistent": ["Q1"], "other": [], "discarded": ["Q2"]}
expect unlocks hidden_cards.Q1.holder "cora"
expect progress city_phase {"step": 1, "returned": null}
# Hitome's Amulet's City Phase instructions: place the specified Mission Token.
place-mission-token hitomes-trail --page 42 --reason "Hitome's Amulet"
!rule_violation choose-mission-token hitomes-trail

# Step 2: 4 Item Cards returned (3 or more): 1 Nanofragment, given to Vaa-Lith. Ada's Start Item stays.
!rule_violation "they hold 4" return-item-cards 5 --nanofragment-to vaa-lith
!rule_violation return-item-cards 3 --nanofragment-to vaa-lith
return-item-cards 4 --nanofragment-to vaa-lith
expect board characters.ashitaka.items []
expect board characters.ada.start_items {"nano-heal-lv-1": "ready"}
expect stickers characters.vaa-lith.divider.unconscious 1
!rule_violation return-item-cards 4 --nanofragment-to vaa-lith

# Step 3: a Mission Token stuck on the City Map; this ends the City Phase.
!rule_violation choose-mission-token no-such-token
choose-mission-token hitomes-trail
expect progress city_phase null
expect progress city_phases 1
expect progress mission_tokens.chosen ["hitomes-trail"]
expect progress position.page "42"

# Fewer than 3 Item Cards returned give nobody a Nanofragment; 3 cannot be returned when only 2 are held.
start-encounter "Chapter 1, part 2"
take-card cora stim-3 --source "Item Token"
take-card cora stim-4 --source "Item Token"
end-encounter --outcome victory
start-city-phase
!rule_violation "they hold 2" return-item-cards 3 --nanofragment-to ada
!rule_violation return-item-cards 2 --nanofragment-to ada
return-item-cards 2
choose-mission-token hitomes-trail
expect stickers characters.ada.divider.unconscious 0
expect unlocks quest_items.persistent ["Q1"]
