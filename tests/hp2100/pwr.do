; HP 24321-16001 power fail / auto restart diagnostic (DSN 101206): the program fills core
; with a pattern, puts its handler in trap cell 4 and checks core for ever; the operator
; switches the power off and on. After each power cycle it prints "H4 THERE HAVE BEEN n TESTS
; OF THE POWER FAIL CIRCUITRY" and halts HLT 77 at P 00532 with n in A; RUN goes on. A failure
; prints E1-E7 instead (E3 SHUTDOWN ROUTINE DID NOT COMPLETE, E5 POWER FAIL ROUTINE NOT
; ENTERED, E2 CHANGED CORE ...).
; Usage: retro hp2100 script pwr.do TAPE-FOLDER
do configure.do %1 24321-16001_DSN101206_POWER_FAIL_AUTO_RESTART.abin 101206
deposit S 0
reset
; "H0 2100 SERIES PWR FAIL DIAGNOSTIC", then the core check runs on.
step 5000000
power down
power up
step 5000000
assert T == 102077
assert P == 532
assert A == 1
; RUN: the core check goes on; then a second power cycle.
step 1000000
power cycle
step 5000000
assert T == 102077
assert P == 532
assert A == 2
echo power fail diagnostic passed two power cycles
