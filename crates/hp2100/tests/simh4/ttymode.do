; The console terminal's character mode at power on: SIMH's uc, a lower-case character
; printed upper case without a `set tty`.
set cpu 2100
echo === a lower-case character printed at power on
deposit 100 62001
deposit 101 102611
deposit 102 62002
deposit 103 102611
deposit 104 103711
deposit 105 102311
deposit 106 24105
deposit 107 102077
deposit 1 120000
deposit 2 141
go 100
examine TTY BUF
exit
