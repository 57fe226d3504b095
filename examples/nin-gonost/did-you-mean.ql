# A mistyped card, warband, figure, object or door is refused with the closest name (issue 31, item 6).
new nin-gonost "Nîn-Gonost: Did you mean"
set-point-limit 200
recruit knights galwen --card alignment=good
!invalid_input "no card 'orc-warior' (did you mean 'orc-warrior'?)" recruit orcs orc-warior
recruit orcs orc-warrior --card alignment=evil,value=20,res=10,con=4,manna=2,wil=3,per=3
!invalid_input "no warband 'knigths' (did you mean 'knights'?)" start-battle knigths
start-battle knights
!invalid_input "no object 'wooden-dor' (did you mean 'wooden-door'?)" place-object cellar wooden-dor
place-object cellar wooden-door
!invalid_input "no figure 'galwn' (did you mean 'galwen'?)" open-door galwn cellar
!invalid_input "no door 'celar' (did you mean 'cellar'?)" open-door galwen celar
