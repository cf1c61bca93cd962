; LUNAR LANDER (LANDERPT.txt) read by PTAPE: new (random) initial conditions on the moon, five burns, a crash.
; SIMH 4: hp2100 lander.do CONFIGURED-TAPE SOFTWARE-DIR
set cpu 2100
set cpu 16K
attach ptr %1
boot ptr
detach ptr
expect "READY\r\n"
go 100
attach ptr %2/basic/programs/LANDERPT.txt
send "PTAPE\r"
expect "READY\r\n"
continue
send "RUN\r"
expect "?"
continue
send "1\r"
expect "?"
continue
send "3\r"
expect "?"
continue
send "5\r"
expect "?"
continue
send "5\r"
expect "?"
continue
send "8\r"
expect "?"
continue
send "8\r"
expect "?"
continue
send "10\r"
expect "?"
continue
exit
