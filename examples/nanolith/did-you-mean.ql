# A mistyped enemy, target or Skill is refused with the closest name (issue 31, item 6).
new nanolith "Nanolith: Did you mean"
start-encounter "Enemy Activations"
set-spawn-pool bio-mutant:1-2 security-droid:1-2
place-enemy security-droid 1 --life 4
place-enemy bio-mutant 1 --life 3
!invalid_input "no enemy 'securty-droid-1' (did you mean 'security-droid-1'?)" select-target securty-droid-1 cora
!invalid_input "called 'ashitak' (did you mean 'ashitaka'?)" take-damage ashitak 2
!invalid_input "no Skill 'Go get Thm!' (did you mean \"Go get 'em!\"?)" perform-skill cora "Go get Thm!" 4 4
select-target security-droid-1 cora
