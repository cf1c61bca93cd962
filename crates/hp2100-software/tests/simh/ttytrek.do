; TTY TREK 3 (TTYTRKPT.txt) read by PTAPE: a seed typed, the galaxy drawn by RND, scans and a report.
; SIMH 4: hp2100 ttytrek.do CONFIGURED-TAPE SOFTWARE-DIR
set cpu 2100
set cpu 16K
attach ptr %1
boot ptr
detach ptr
expect "READY\r\n"
go 100
attach ptr %2/basic/programs/TTYTRKPT.txt
send "PTAPE\r"
expect "READY\r\n"
continue
send "RUN\r"
expect "?"
continue
send "5\r"
expect "?"
continue
send "3\r"
expect "?"
continue
send "5\r"
expect "?"
continue
send "6\r"
expect "?"
continue
send "7\r"
expect "?"
continue
exit
