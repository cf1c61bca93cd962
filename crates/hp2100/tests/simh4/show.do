; Stop messages, show cpu, show break, show DEV sc (issue item 16), set forms (item 9).
echo === a programmed halt
set cpu 2100
deposit 100 102077
deposit 101 024100
go 100
echo %STATUS% %TSTATUS%
echo === a breakpoint
deposit 200 000000
deposit 201 000000
deposit 202 102077
break 201
go 200
echo %STATUS% %TSTATUS%
examine P
echo === step expired
step
echo %STATUS% %TSTATUS%
echo === show break
show break
break 300-302
show break
nobreak all
show break
echo === the run limit
set runlimit 1000
deposit 300 024300
go 300
echo %STATUS% %TSTATUS%
set norunlimit
echo === show cpu and set lists
set cpu 2100,16K
show cpu
set cpu idle
set cpu noidle
set throttle 50%
set nothrottle
show throttle
show ptr sc
show tty sc
echo === set -f cpu
set -f cpu 8K
show cpu
exit
