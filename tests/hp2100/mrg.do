; HP 24315-16001 memory reference instruction group diagnostic (DSN 101100).
; Pass: HLT 77 at P 03353.   Usage: retro hp2100 script mrg.do TAPE-FOLDER
do configure.do %1 24315-16001_DSN101100_MEMORY_REFERENCE_INSTRUCTION_GROUP.abin 101100
go 100
assert T == 102077
assert P == 3353
echo MRG diagnostic passed
show time
