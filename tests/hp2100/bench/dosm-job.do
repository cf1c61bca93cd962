; An assembly job under DOS-M (tests/hp2100/bench/README.md): DOS-M, as dosm-gen.do generated
; it, booted from its disc; the disc labelled; HP's sample program (dos-m/samples/Sample.ASMB.txt,
; NAM HELLO, which prints a line through EXEC) stored from the photoreader, assembled with its
; listing on the teleprinter, loaded and run; the job ended. It runs unchanged on Open SIMH 4's
; hp2100 and on `retro hp2100 script`.
;   %1  the folder of HP's software (with dos-m/tapes/ and dos-m/samples/)
;   %2  the scratch folder that holds the generated image dosm.dsk (it is written to)
if "%2"=="" echo usage: do dosm-job.do HP-SOFTWARE-FOLDER SCRATCH-FOLDER; exit 1
if not exist "%2/dosm.dsk" echo dosm-job.do: no %2/dosm.dsk (run dosm-gen.do first); exit 1
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
send ":IN,SYS01\r\n"
go until "@"
send ":JOB\r\n"
go until "@"
attach -q ptr %1/dos-m/samples/Sample.ASMB.txt
send ":STORE,S,SOURC,5\r\n"
go until "DONE?"
send after=200000 "YES\r\n"
go until "@"
send ":JFILE,SOURC\r\n"
go until "@"
send ":PROG,ASMB,2,6,4,56,99\r\n"
go until "@"
send ":PROG,LOADR\r\n"
go until "@"
send ":RUN,HELLO\r\n"
go until "@"
send ":EJOB\r\n"
go until "@"
detach dpc0
exit
