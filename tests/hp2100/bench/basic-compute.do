; HP BASIC at work (tests/hp2100/bench/README.md): the BASIC that basic-prepare.do punched,
; booted, and a program that computes for a while: sums of square roots and sines over
; 2 000 numbers, and the primes below 1 000 by trial division. It runs unchanged on Open
; SIMH 4's hp2100 and on `retro hp2100 script`.
;   %1  the scratch folder that holds basic16k.abs (from basic-prepare.do)
if "%1"=="" echo usage: do basic-compute.do SCRATCH-FOLDER; exit 1
if not exist "%1/basic16k.abs" echo basic-compute.do: no %1/basic16k.abs (run basic-prepare.do first); exit 1
set cpu 2100
set cpu 16K
attach -q ptr %1/basic16k.abs
boot ptr
go 100 until "READY"
call line "10 LET S=0"
call line "20 FOR I=1 TO 2000"
call line "30 LET S=S+SQR(I)*SIN(I)"
call line "40 NEXT I"
call line "50 PRINT S"
call line "60 LET C=0"
call line "70 FOR N=3 TO 999 STEP 2"
call line "80 FOR D=3 TO SQR(N) STEP 2"
call line "90 IF N-INT(N/D)*D=0 THEN 120"
call line "100 NEXT D"
call line "110 LET C=C+1"
call line "120 NEXT N"
call line "130 PRINT C+1"
call line "140 END"
send "RUN\r"
go until "READY"
exit

; A line of the program typed, then its echo's line feed.
:line
send "%1\r"
go until "\n"
return
