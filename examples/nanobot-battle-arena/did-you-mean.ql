# A mistyped scientist (by name or Strain) is refused with the closest one playing (issue 31, item 6).
new nanobot-battle-arena "NanoBot Battle Arena: Did you mean"
start-match basic
choose-strain Bo vex
choose-strain Ada storm
reveal-first-player relic echidna storm
set-up-arena 0,0,W,vex 1,0,N,vex 2,0,E,vex 0,-1,S,storm
!rule_violation "no single scientist 'Adda' (did you mean 'Ada'?)" place-tile Adda 1,-1 S
!rule_violation "no single scientist 'stom' (did you mean 'storm'?)" place-tile stom 1,-1 S
place-tile ada 1,-1 S
