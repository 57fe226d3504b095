# Items across Encounters: a Save Point recovers every used Start Item (nanolith.txt § Save Points: "recover
# all Start Items (by flipping the card)"); the City Phase returns every Item Card but Start Items (§ City
# Phase, step 2: "Return all of the characters' Item Cards (except for Start Items) to the Item Deck"); Start
# Items given between Encounters lie on their holder's board at the next one (§ Start Items).
# The Nano-Heal's Action Cost is not printed: 3 is assumed.
new nanolith "Items"
give-start-items ada nano-heal
start-encounter E
expect board characters.ada.start_items {"nano-heal-lv-1": "ready"}
set-spawn-pool bio-mutant:1
place-enemy bio-mutant 1 --life 3
start-round
roll-action-dice ashitaka 3 4 5 3 6
roll-action-dice vaa-lith 2 4 3 5 2
roll-action-dice cora 2 2 4 5 6
roll-action-dice ada 4 5 3 2 6
give-initiative ada
use-item ada "Nano-Heal Lv. 1" --dice 5 --cost 3
expect board characters.ada.start_items {"nano-heal-lv-1": "used"}
pick-up-item ada Stim-1
pick-up-item ada Stim-2
pick-up-item ada Stim-3
expect board characters.ada.items ["stim-1", "stim-2", "stim-3"]
end-encounter --outcome victory
reach-save-point S
expect board characters.ada.start_items {"nano-heal-lv-1": "ready"}
enter-lobby L --disk --exit-icon
start-city-phase
# Ada holds 3 Item Cards: all of them go back.
!rule_violation return-item-cards 1
return-item-cards 3 --nanofragment-to ada
expect board characters.ada.items []
start-encounter E2
expect board characters.ada.items []
expect board characters.ada.start_items {"nano-heal-lv-1": "ready"}
