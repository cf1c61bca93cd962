; BEASTI (BEASTIPT.txt) read by PTAPE: a seed typed, the beasts placed by RND, a few moves until eaten.
; SIMH 4: hp2100 beasti.do CONFIGURED-TAPE SOFTWARE-DIR
set cpu 2100
set cpu 16K
attach ptr %1
boot ptr
detach ptr
expect "READY\r\n"
go 100
attach ptr %2/basic/programs/BEASTIPT.txt
send "PTAPE\r"
expect "READY\r\n"
continue
send "RUN\r"
expect "?"
continue
send "17\r"
expect "?"
continue
send "6\r"
expect "?"
continue
send "6\r"
expect "?"
continue
send "2\r"
expect "?"
continue
send "8\r"
expect "READY\r\n"
continue
exit
