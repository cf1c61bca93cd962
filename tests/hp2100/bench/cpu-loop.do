; The CPU alone (tests/hp2100/bench/README.md): the loop of `retro hp2100 bench`, LDA, ADA,
; STA, ISZ, JMP, turned 65 536 times for each of 500 turns of an outer ISZ, then a halt:
; 164 million instructions. It runs unchanged on Open SIMH 4's hp2100 and on
; `retro hp2100 script`.
set cpu 2100
set cpu 16K
; 100: LDA 200, ADA 201, STA 202, ISZ 203, JMP 100, ISZ 204, JMP 100, HLT 77
deposit 100 062200
deposit 101 042201
deposit 102 072202
deposit 103 034203
deposit 104 024100
deposit 105 034204
deposit 106 024100
deposit 107 102077
deposit 200 1
deposit 201 3
; -500
deposit 204 177014
go 100
exit
