; A breakpoint on the instruction a run starts at: the run stops there before executing it,
; unless the last stop was that breakpoint (cont, step go on; go ADDR stops again); an
; arrival there counts toward [N].
set cpu 2100
set runlimit 100000
deposit 100 2000
deposit 101 2000
deposit 102 102077
deposit 103 2000
deposit 104 102076
break 100
echo === a run that starts on a breakpoint
go 100
echo status %STATUS%
echo === cont goes on
cont
echo === again after a halt
go 100
echo === step
step
echo === run
run 100
go 100
echo === step at a breakpoint not yet taken
nobreak all
break 103
deposit P 103
step
step
echo === count
nobreak all
break 100[2]
go 100
go 100
go 100
go 100
examine P
echo === go to a breakpoint just taken
nobreak all
break 100
break 103
go 100
go 103
go 103
go 100
exit
