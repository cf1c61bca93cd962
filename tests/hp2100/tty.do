; HP 12531-16001 teleprinter diagnostic (DSN 104003): its basic I/O section, which exercises
; the 12531C interface (flag, control, data paths, interrupts) and ends by printing
; "H025 BI-O COMP". The sections after it want an operator at the ASR-33 (its punch and
; reader), which this machine does not have.
; Usage: retro hp2100 script tty.do TAPE-FOLDER
do configure.do %1 12531-16001_DSN104003_TELEPRINTER.abin 104003
go 100
; HLT 73: the select code of the teleprinter in S.  HLT 74: the options in S (none).
assert T == 102073
deposit S 000011
go
assert T == 102074
deposit S 0
go
; H024: PRESET (external and internal), then RUN.
assert T == 102024
reset
go
; After "H025 BI-O COMP" the diagnostic asks for the ASR-33's punch (H030).
assert T == 102030
echo TTY basic I/O section passed
