; The console and the teleprinter's settings: show console, set console log=FILE|nolog,
; set tty 7b|8b|uc|7p and fast|realtime, and the cards' data registers (TTY, PTR, PTP BUF).
; %1 is a scratch folder.
set cpu 2100
echo === show console
show console
echo === a log
set console log=%1/console.log
echo into the log
set console nolog
if exist "%1/console.log" echo the log is there
set console nolog
echo === character modes
set tty 7b
set tty uc
set tty 7p
set tty 8b
set tty realtime
set tty fast
echo === buffers
examine TTY BUF
examine PTR BUF
examine PTP BUF
deposit PTP BUF 123
examine PTP BUF
deposit TTY BUF 101
examine TTY BUF
echo === a character printed upper case
set tty uc
deposit TTY BUF 0
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
