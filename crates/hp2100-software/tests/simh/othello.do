; OTHELLO (OTHPT.txt) read by PTAPE: level 1, two moves; the computer's ties are broken by RND.
; SIMH 4: hp2100 othello.do CONFIGURED-TAPE SOFTWARE-DIR
set cpu 2100
set cpu 16K
attach ptr %1
boot ptr
detach ptr
expect "READY\r\n"
go 100
attach ptr %2/basic/programs/OTHPT.txt
send "PTAPE\r"
expect "READY\r\n"
continue
send "RUN\r"
expect "?"
continue
send "1\r"
expect "?"
continue
send "34\r"
expect "?"
continue
send "63\r"
expect "?"
continue
exit
