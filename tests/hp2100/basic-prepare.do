; HP's Prepare program (20392-60002) configures paper-tape HP BASIC (20392-60001) for a
; 2100A with 16K words, the teleprinter on select code 11, the photoreader on 10 and the
; punch on 12, and punches the configured BASIC: the operator's dialogue of
; ../shared/hp2100-software/README.md. It runs unchanged on Open SIMH 4's hp2100 and on
; `retro hp2100 script`.
;   %1  the folder of HP's software (with basic/prepare.abs and basic/hpbasic.abs)
;   %2  a scratch folder: the configured BASIC is punched to %2/basic16k.abs
if "%2"=="" echo usage: do basic-prepare.do HP-SOFTWARE-FOLDER SCRATCH-FOLDER; exit 1
if not exist "%1/basic/prepare.abs" echo basic-prepare.do: no %1/basic/prepare.abs; exit 1
set cpu 2100
set cpu 16K
; Prepare, then BASIC itself, through the Basic Binary Loader.
attach -q ptr %1/basic/prepare.abs
boot ptr
attach -q ptr %1/basic/hpbasic.abs
boot ptr
; A blank tape on the punch; S: the teleprinter's select code (a 12531 card: bit 15 clear).
attach -n -q ptp %2/basic16k.abs
deposit S 11
go 2 until "PHOTO READER I/O ADDRESS?"
send "10\r"
go until "PUNCH I/O ADDRESS?"
send "12\r"
; The last two answers as expect rules with actions.
expect "SYSTEM DUMP I/O ADDRESS?" send "12\r"; go
expect "CORE SIZE?" send "16\r"; go
go
; Prepare has punched the configured BASIC and halted (HLT 77).
detach ptp
exit
