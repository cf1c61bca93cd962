; HP BASIC at the teletype: a program typed, run with INPUT and RND, listed, an error,
; SCRATCH. SIMH 4: hp2100 commands.do CONFIGURED-TAPE SOFTWARE-DIR
set cpu 2100
set cpu 16K
attach ptr %1
boot ptr
detach ptr
expect "READY\r\n"
go 100
send "10 PRINT SQR(2), 2^10, INT(-3.5)\r"
expect "\n"
continue
send "20 INPUT X\r"
expect "\n"
continue
send "30 FOR I=1 TO 5\r"
expect "\n"
continue
send "40 PRINT I, X*I, RND(0), INT(10*RND(0))\r"
expect "\n"
continue
send "50 NEXT I\r"
expect "\n"
continue
send "60 END\r"
expect "\n"
continue
send "RUN\r"
expect "?"
continue
send "21\r"
expect "READY\r\n"
continue
send "RUN\r"
expect "?"
continue
send "-3.25\r"
expect "READY\r\n"
continue
send "LIST\r"
expect "READY\r\n"
continue
send "70 PRINT (\r"
expect "ERROR 32 IN LINE  70\r\n\n"
continue
send "LIST\r"
expect "READY\r\n"
continue
send "SCRATCH\r"
expect "READY\r\n"
continue
send "LIST\r"
expect "READY\r\n"
continue
exit
