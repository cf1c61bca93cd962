; DOS-M, as tests/hp2100/dosm-gen.do generated it, booted from its disc by HP's disc
; bootstrap (bootstrap.abs, read after the SIO drivers; S = 22, the disc's data channel, start
; at 2; it halts, HLT 77, and RUN with S = 0 reads the system from the disc), the date set,
; a job begun, the system listed, the user disc labelled, a job run and ended. It runs
; unchanged on Open SIMH 4's hp2100 and on `retro hp2100 script`.
;   %1  the folder of HP's software (with dos-m/tapes/)
;   %2  the scratch folder that holds the generated image dosm.dsk (it is written to)
if "%2"=="" echo usage: do dosm-boot.do HP-SOFTWARE-FOLDER SCRATCH-FOLDER; exit 1
if not exist "%2/dosm.dsk" echo dosm-boot.do: no %2/dosm.dsk (run dosm-gen.do first); exit 1
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
send ":LIST,X,1\r\n"
go until "@"
; The user disc labelled, a new job (DOS-M ends the first) without the disc's complaint, its end.
send ":IN,SYS01\r\n"
go until "@"
send ":JOB\r\n"
go until "@"
send ":EJOB\r\n"
go until "@"
detach dpc0
exit
