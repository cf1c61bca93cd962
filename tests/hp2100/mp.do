; HP 12892-16001 memory protect / parity error diagnostic (DSN 102305) for the 2100 and 21MX,
; without its parity test (test 10 needs parity hardware: docs/hp2100.md). MC1 at select code
; 45 is the interrupt source (any card whose flag STF sets will do).
; Pass: "H314 PRESS HALT,PRESET AND RUN WITHIN 30 SECONDS", then PASS 000001, HLT 77 at
; P 02134. A failure prints "TEST nn" and "Ennn ..." and halts (HLT nn).
; Usage: retro hp2100 script mp.do TAPE-FOLDER
set mc1 enabled
do configure.do %1 12892-16001_DSN102305_MEM_PROT_PARITY_ERROR_2100_21MX.abin 102305
deposit S 140045
go 100
; HLT 74: the program options. S bit 9: print the title, then HLT 75 for the test selection.
assert T == 102074
assert P == 2444
deposit S 001000
reset
go
assert T == 102075
assert P == 2026
; Tests 0-9 and 11-13 in A (bit n = test n): bit 10, the parity test, clear.
deposit A 035777
deposit S 0
reset
; The tests run silently; then "H314 PRESS HALT,PRESET AND RUN WITHIN 30 SECONDS" and the
; program waits for the operator, counting with the overflow register set (P 03121-03122):
; HALT (a step that ends inside that wait, after the message's 5 s at 10 characters a second),
; PRESET (which clears the overflow register the wait watches) and RUN.
step 20000000
reset
go
assert T == 102077
assert P == 2134
echo MP diagnostic passed
