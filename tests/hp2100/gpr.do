; HP 24391-16001 general purpose register diagnostic (DSN 143300) on a register card with
; HP's 1251-0332 test connector, as SIMH's `set CARD diagnostic`:
;   %1  folder of HP's diagnostic tapes
;   %2  the card: MC1 (12566B, 16 bits, S = 000045), PTR or PTP (12597A, 8 bits: S bit 11
;       set, S = 004010 or 004012)
;   %3  the start options in S: the card's select code, and bit 11 for an 8-bit card
; Pass: H025 BASIC I-O COMPLETED, PASS 000001, HLT 77 at P 02117.
; Usage: retro hp2100 script gpr.do TAPE-FOLDER MC1 000045
set %2 enabled
do configure.do %1 24391-16001_DSN143300_GENERAL_PURPOSE_REGISTER.abin 143300
; The reader has done its work; the card gets its test connector.
detach ptr
set %2 diagnostic
deposit S %3
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
echo GPR diagnostic passed on %2
