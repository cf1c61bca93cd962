; TIES timesharing GOLF (GOLFPT.txt) read by PTAPE and played a few strokes; RND drawn.
; SIMH 4: hp2100 golf.do CONFIGURED-TAPE SOFTWARE-DIR
set cpu 2100
set cpu 16K
attach ptr %1
boot ptr
detach ptr
expect "READY\r\n"
go 100
attach ptr %2/basic/programs/GOLFPT.txt
send "PTAPE\r"
expect "READY\r\n"
continue
send "RUN\r"
expect "?"
continue
send "8\r"
expect "?"
continue
send "3\r"
expect "?"
continue
send "1\r"
expect "?"
continue
send "1\r"
expect "?"
continue
send "5\r"
expect "?"
continue
send "10\r"
expect "?"
continue
send "13\r"
expect "?"
continue
send "3\r"
expect "?"
continue
send "9\r"
expect "?"
continue
send "13\r"
expect "?"
continue
send "13\r"
expect "?"
continue
send "13\r"
expect "?"
continue
send "13\r"
expect "?"
continue
exit
