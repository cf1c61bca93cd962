; GOMOKU (GOMOKUPT.txt, 1972, 9x9 board) read by PTAPE: no instructions, four moves.
; SIMH 4: hp2100 gomoku.do CONFIGURED-TAPE SOFTWARE-DIR
set cpu 2100
set cpu 16K
attach ptr %1
boot ptr
detach ptr
expect "READY\r\n"
go 100
attach ptr %2/basic/programs/GOMOKUPT.txt
send "PTAPE\r"
expect "READY\r\n"
continue
send "RUN\r"
expect "?"
continue
send "0\r"
expect "?"
continue
send "55\r"
expect "?"
continue
send "54\r"
expect "?"
continue
send "53\r"
expect "?"
continue
send "66\r"
expect "?"
continue
exit
