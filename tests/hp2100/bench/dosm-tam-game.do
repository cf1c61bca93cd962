; A whole game of NHEX as DOS-M program TAM (tests/hp2100/bench/README.md): DOS-M, with TAM
; stored on its disc by dosm-tam.do, booted; :RUN,TAM; key 77 and NHEX first, as in Tokai game 1
; of 1975-03-08 (tests/nhex/tokai-1975-game1.txt); the opponent types Tokai's moves as logged
; while their cells are free (NHEX here answers otherwise than in 1975: its fourth move took
; 0406, Tokai's seventh), else the first free cell of row 4 (0104); NHEX wins at its ninth
; move, and the operator answers 99. It runs unchanged on Open SIMH 4's hp2100 and on
; `retro hp2100 script`.
;   %1  the folder of HP's software (with dos-m/tapes/)
;   %2  the scratch folder that holds dosm.dsk with TAM (dosm-gen.do, then dosm-tam.do)
if "%2"=="" echo usage: do dosm-tam-game.do HP-SOFTWARE-FOLDER SCRATCH-FOLDER; exit 1
if not exist "%2/dosm.dsk" echo dosm-tam-game.do: no %2/dosm.dsk (run dosm-gen.do and dosm-tam.do first); exit 1
set cpu 2100
set cpu 16K
set dma1 enabled
set dma2 enabled
set tbg enabled
set tbg sc=17
set ptr sc=13
set ptp sc=20
set dpc 12557A
set dpc sc=22
attach -e -q dpc0 %2/dosm.dsk
; HP's disc bootstrap after the SIO drivers: S = 22 (the disc's data channel), start at 2,
; it halts; RUN with S = 0 reads the system from the disc.
attach -q ptr %1/dos-m/tapes/sio16k11.abs
boot ptr
attach -q ptr %1/dos-m/tapes/bootstrap.abs
boot ptr
deposit S 22
go 2
deposit S 0
go until "@"
send ":DATE,10JULY1971\r\n"
go until "@"
send ":JOB\r\n"
go until "@"
send ":RUN,TAM\r\n"
go until "SEYO"
send after=200000 "77\r\n"
go until "WATASHI=99"
send after=200000 "99\r\n"
go until "WA?"
send after=200000 "0404\r\n"
go until "WA?"
send after=200000 "0606\r\n"
go until "WA?"
send after=200000 "0202\r\n"
go until "WA?"
send after=200000 "0504\r\n"
go until "WA?"
send after=200000 "0706\r\n"
go until "WA?"
send after=200000 "0305\r\n"
go until "WA?"
send after=200000 "0104\r\n"
go until "WA?"
send after=200000 "0205\r\n"
go until "SHINAI=99"
send after=200000 "99\r\n"
go until "@"
send ":EJOB\r\n"
go until "@"
detach dpc0
exit
