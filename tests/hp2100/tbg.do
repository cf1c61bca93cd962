; HP 12539-16001 time base generator diagnostic (DSN 103301) on a 12539C at select code 13
; with jumper W2 in position B (the diagnostic times rates 4-7 as 1 ms to 1 s).
; Pass: "H030 TEST 01 IN PROGRESS" ... 12, PASS 000001, HLT 77 at P 02127.
; Usage: retro hp2100 script tbg.do TAPE-FOLDER
set tbg enabled
set tbg sc=13
set tbg w2b
do configure.do %1 12539-16001_DSN103301_TIME_BASE_GENERATOR.abin 103301
deposit S 100013
go 100
; HLT 74: the options in S (none).
assert T == 102074
assert P == 2436
deposit S 0
reset
go
; "TBG DIAGNOSTIC, DSN = 103301", H024 PRESS PRESET (EXT&INT),RUN
assert T == 102024
assert P == 3265
reset
go
assert T == 102077
assert P == 2127
echo TBG diagnostic passed
