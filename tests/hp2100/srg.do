; HP 24317-16001 shift-rotate instruction group diagnostic (DSN 101002).
; Pass: HLT 77 at P 01726.   Usage: retro hp2100 script srg.do TAPE-FOLDER
do configure.do %1 24317-16001_DSN101002_SHIFT_ROTATE_INSTRUCTION_GROUP.abin 101002
go 100
assert T == 102077
assert P == 1726
echo SRG diagnostic passed
