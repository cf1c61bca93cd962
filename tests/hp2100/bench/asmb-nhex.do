; HP's Extended Assembler on paper tape assembling NHEX (tests/hp2100/bench/README.md): the
; SIO drivers and the assembler booted through the Basic Binary Loader, the teleprinter at 11,
; the reader at 12 and the punch at 13 (the time base generator taken out); NHEX's source
; (nhex-tape.asm's control statement ASMB,A,B,N and the files it names) read twice, pass 1
; then pass 2, which punches the absolute tape. It runs unchanged on Open SIMH 4's hp2100 and
; on `retro hp2100 script`.
;   %1  the folder of HP's software (with tools/)
;   %2  a scratch folder with NHEX's source tape nhex-src.txt (suite.sh makes it); the
;       punched tape is written to %2/nhex.abs
if "%2"=="" echo usage: do asmb-nhex.do HP-SOFTWARE-FOLDER SCRATCH-FOLDER; exit 1
if not exist "%2/nhex-src.txt" echo asmb-nhex.do: no %2/nhex-src.txt; exit 1
set cpu 2100
set cpu 16K
set tbg disabled
set ptp sc=13
set ptr sc=12
attach -q ptr %1/tools/sio-16k-tty11-ptr12-ptp13.abs
boot ptr
attach -q ptr %1/tools/extasmb.abs
boot ptr
attach -n -q ptp %2/nhex.abs
attach -q ptr %2/nhex-src.txt
deposit S 0
; Pass 1 halts at the end of the tape; pass 2 reads it again, punches and halts.
go 100
attach -q ptr %2/nhex-src.txt
go
detach ptp
exit
