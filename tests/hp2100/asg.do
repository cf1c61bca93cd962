; HP 24316-16001 alter-skip instruction group diagnostic (DSN 101001).
; Pass: HLT 77 at P 00633.   Usage: retro hp2100 script asg.do TAPE-FOLDER
do configure.do %1 24316-16001_DSN101001_ALTER_SKIP_INSTRUCTION_GROUP.abin 101001
go 100
assert T == 102077
assert P == 633
echo ASG diagnostic passed
