; NHEX as DOS-M program TAM: DOS-M, as tests/hp2100/dosm-gen.do generated it, booted from its
; disc; the disc labelled; NHEX's source (asm/hp2100/tam.asm and the files nhex.asm names,
; with CR LF line ends: `retro hex tam-source`) stored on the disc from the photoreader,
; assembled there by HP's assembler, loaded by HP's relocating loader and stored as program
; TAM; then, in a new job, `:RUN,TAM` and the opening of a game as in the 1975 logs. It runs
; unchanged on Open SIMH 4's hp2100 and on `retro hp2100 script`.
;   %1  the folder of HP's software (with dos-m/tapes/)
;   %2  the scratch folder that holds the generated image dosm.dsk (it is written to) and
;       NHEX's source tape tam.txt
if "%2"=="" echo usage: do dosm-tam.do HP-SOFTWARE-FOLDER SCRATCH-FOLDER; exit 1
if not exist "%2/dosm.dsk" echo dosm-tam.do: no %2/dosm.dsk (run dosm-gen.do first); exit 1
if not exist "%2/tam.txt" echo dosm-tam.do: no %2/tam.txt (retro hex tam-source -o %2/tam.txt); exit 1
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
; The source from the photoreader into source file NHEX (logical unit 5, the reader). DOS-M
; asks DONE? when the tape has run out; a key typed before it listens would be lost on SIMH.
attach -q ptr %2/tam.txt
send ":STORE,S,NHEX,5\r\n"
go until "DONE?"
send after=200000 "YES\r\n"
go until "@"
; HP's assembler reads the job file (logical unit 2), lists on the teleprinter (6: only the
; error lines, as the control statement asks for no listing) and leaves the binary for the
; loader; the loader's map; the program stored as TAM.
send ":JFILE,NHEX\r\n"
go until "@"
send ":PROG,ASMB,2,6,4,56,99\r\n"
go until "@"
send ":PROG,LOADR\r\n"
go until "@"
send ":STORE,P,TAM\r\n"
go until "@"
send ":EJOB\r\n"
go until "@"
; The session as it began in 1975.
send ":JOB\r\n"
go until "@"
send ":RUN,TAM\r\n"
go until "SEYO"
send after=200000 "77\r\n"
go until "WATASHI=99"
send after=200000 "00\r\n"
go until "WA?"
send after=200000 "065\r\n"
go until "SEYO"
send after=200000 "0504\r\n"
go until "WA?"
send after=200000 "0504\r\n"
go until "SEYO"
send after=200000 "0405\r\n"
go until "WA?"
send after=200000 "0304\r\n"
go until "WA?"
detach dpc0
exit
