; HP 12597-16001 paper tape reader/punch diagnostic (DSN 146200): a 2748 reader on its
; 12597A-002 interface at select code 10 and a 2895 punch on its 12597A-005 at 12, in the
; order HP's operating procedure gives (shared notes hp2100-diagnostics.md section 4.3); where
; the operator would press HALT, a step of 2 million instructions.
;   %1  folder of HP's diagnostic tapes
;   %2  a folder for the tapes the punch makes (loop.punch, scratch.punch, s2.punch)
; Pass: PASS 000001, HLT 77 at P 02117, no Ennn line.
; Usage: retro hp2100 script ptrp.do TAPE-FOLDER SCRATCH-FOLDER
do configure.do %1 12597-16001_DSN146200_PAPER_TAPE_READER_PUNCH.abin 146200
detach ptr
; Start options: the reader's select code in bits 11-6, the punch's in bits 5-0.
deposit S 001012
go 100
; HLT 74: S bit 9 asks for the title and a test selection.
assert T == 102074
assert P == 2431
deposit S 001000
reset
go
assert T == 102075
assert P == 2026
; Test 07 first: punch the tape loop.
deposit A 000200
deposit S 0
reset
go
; H060 TO MAKE LOOP, PUNCH ON AND RUN
assert T == 102060
attach -n ptp %2/loop.punch
go
assert T == 102077
assert P == 2117
detach ptp
; Then tests 00-06, 11 and 12.
deposit S 001000
reset
go 2000
assert T == 102075
deposit A 003177
deposit S 0
reset
go
; H050 BI-O ON PUNCH, H024 PRESS PRESET (EXT&INT),RUN
assert T == 102024
assert P == 3260
reset
go
; H025 BI-O COMP, H055 BI-O ON READER, H024 PRESS PRESET (EXT&INT),RUN
assert T == 102024
reset
go
; H051 ... TURN PUNCH ON, PRESS RUN: test 02 punches all 256 characters
assert T == 102051
attach -n ptp %2/scratch.punch
go
; H052 ... PLACE IN READER, PRESS RUN: test 03 reads them back
assert T == 102052
detach ptp
attach -e ptr %2/scratch.punch
go
; H054 PLACE LOOP IN READER: tests 04 and 05 read the loop while S bit 0 is set
assert T == 102054
set ptr diagnostic
attach -e ptr %2/loop.punch
deposit S 1
step 2000000
deposit S 0
go
assert T == 102054
deposit S 1
step 2000000
deposit S 0
go
; H056 TURN PUNCH ON: test 06 punches and reads the same tape at once
assert T == 102056
set ptr reader
attach -n ptr %2/s2.punch
attach -e ptp %2/s2.punch
step 2000000
deposit S 1
step 2000000
deposit S 0
go
; H057 TO COMPLETE, TEAR TAPE, PRESS RUN
assert T == 102057
go
; H063 READER SPEED TEST: test 11 on the loop
assert T == 102063
set ptr diagnostic
attach -e ptr %2/loop.punch
go
; H066 TEST 11 COMPLETE, H100 PUNCH SPEED TEST
assert T == 106000
go
; H103 TEST 12 COMPLETE, PASS 000001
assert T == 102077
assert P == 2117
echo reader/punch diagnostic passed
