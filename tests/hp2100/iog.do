; HP 24318-16001 I/O instruction group diagnostic (DSN 141203; the tape's file name says
; 141103, the program and SIMH say 141203), run against a 12566B microcircuit interface with
; the 1251-0332 test connector at select code 45, as SIMH's MC1 in diagnostic mode.
; Pass: HLT 77 at P 02127.   Usage: retro hp2100 script iog.do TAPE-FOLDER
set mc1 enabled
set mc1 sc=45
set mc1 diagnostic
do configure.do %1 24318-16001_DSN141103_I_O_INSTR_GROUP_I_O_CHANNEL_EXTENDER.abin 141203
deposit S 000045
go 100
; HLT 74: the options in S (none).
assert T == 102074
assert P == 1200
deposit S 0
reset
go
; H033: the switch register read back, first 125252, then 052525.
assert T == 102033
deposit S 125252
go
assert T == 102033
deposit S 052525
go
; H024 PRESS PRESET (EXT&INT),RUN
assert T == 102024
reset
go
assert T == 102077
assert P == 2127
echo I/O group diagnostic passed
