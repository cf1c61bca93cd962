; A session with the BASIC that basic-prepare.do punched: boot it, start at 100, type a
; program and run it, then read a program of the period (LUNAR LANDER, 1973) from the
; photoreader with PTAPE and play one landing. It runs unchanged on Open SIMH 4's hp2100
; and on `retro hp2100 script`.
;   %1  the folder of HP's software (with basic/programs/LANDERPT.txt)
;   %2  the scratch folder that holds basic16k.abs (from basic-prepare.do)
if "%2"=="" echo usage: do basic-session.do HP-SOFTWARE-FOLDER SCRATCH-FOLDER; exit 1
if not exist "%2/basic16k.abs" echo basic-session.do: no %2/basic16k.abs (run basic-prepare.do first); exit 1
set cpu 2100
set cpu 16K
attach -q ptr %2/basic16k.abs
boot ptr
go 100 until "READY"
call line "10 PRINT SQR(2), 2^10, INT(-3.5)"
call line "20 END"
send "RUN\r"
go until "READY"
send "SCRATCH\r"
go until "READY"
attach -q ptr %1/basic/programs/LANDERPT.txt
send "PTAPE\r"
go until "READY"
send "RUN\r"
; The moon, the standard start, then ten burns of 5 units: a steady fall to the surface.
go until "2)EARTH        ?"
send "1\r"
go until "3)NEW   ?"
send "1\r"
call burn 5
call burn 5
call burn 5
call burn 5
call burn 5
call burn 5
call burn 5
call burn 5
call burn 5
call burn 5
go until "2)EARTH        ?"
exit

; A line of the program typed, then its echo's line feed.
:line
send "%1\r"
go until "\n"
return

; One second of the landing: the program asks how much fuel to burn.
:burn
go until "?"
send "%1\r"
return
