; HP 24319-16001 extended arithmetic unit diagnostic (DSN 101004).
; Prints "2100 SERIES EAU DIAGNOSTIC" and "END OF PASS 1"; pass: HLT 77 at P 02614.
; Usage: retro hp2100 script eau.do TAPE-FOLDER
do configure.do %1 24319-16001_DSN101004_EAU_INSTRUCTION_GROUP.abin 101004
go 100
assert T == 102077
assert P == 2614
echo EAU diagnostic passed
