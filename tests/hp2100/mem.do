; HP 24323-16001 core memory diagnostic for the 2100 (DSN 102200).
; Pass: HLT 77 at P 00360 (the program prints nothing).
; Usage: retro hp2100 script mem.do TAPE-FOLDER
do configure.do %1 24323-16001_DSN102200_CORE_MEMORY_2100_16_15_14.abin 102200
go 100
assert T == 102077
assert P == 360
echo core memory diagnostic passed
