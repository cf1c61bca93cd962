; Load HP's diagnostic configurator (24296-60001) with the Basic Binary Loader, then let it
; load one diagnostic tape and halt, as docs/hp2100a.md section 6 describes.
;   %1  folder of HP's diagnostic tapes
;   %2  the diagnostic's tape file
;   %3  its DSN
set cpu 16K
set runlimit 600 seconds
attach ptr %1/24296-60001_DSN000200_DIAGNOSTIC_CONFIGURATOR.abin
boot ptr
assert T == 102077
; Console teleprinter on select code 11; the configurator asks three questions.
attach ptr %1/%2
deposit S 000011
reset
expect "LINE PRINTER (NO.,SC)" send "NONE\r"
expect "DIAG. INPUT DEVICE (NO.,SC)" send "2748,10\r"
expect "DSN(,SEQ.DIAG.EXECUT.)" send "%3\r"
go 100
; The configurator has loaded the diagnostic: HLT 77 at 37237 with the DSN in A.
assert T == 102077
assert P == 37237
deposit S 0
reset
