; HP 24391-16001 general purpose register diagnostic (DSN 143300) on a 12566B microcircuit
; interface with the 1251-0332 test connector at select code 45 (SIMH's MC1 in diagnostic
; mode). Pass: HLT 77 at P 02117.   Usage: retro hp2100 script gpr.do TAPE-FOLDER
set mc1 enabled
set mc1 sc=45
set mc1 diagnostic
do configure.do %1 24391-16001_DSN143300_GENERAL_PURPOSE_REGISTER.abin 143300
deposit S 000045
go 100
; HLT 74: the options in S (none).
assert T == 102074
assert P == 2461
deposit S 0
reset
go
; H024 PRESS PRESET (EXT&INT),RUN
assert T == 102024
assert P == 3311
reset
go
; H025 BASIC I-O COMPLETED, PASS 000001
assert T == 102077
assert P == 2117
echo GPR diagnostic passed
