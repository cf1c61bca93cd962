; A select-code conflict is accepted by SET and found when the machine is to run: go, run,
; step and cont report it and do not run; moved apart, the machine runs.
set cpu 2100
set runlimit 100000
deposit 100 102077
echo === set accepts it
set ptr sc=13
show ptr sc
show tbg sc
echo === go, run, step and cont do not run
go 100
echo status %STATUS%
run 100
step
cont
examine P
echo === three cards
set ptp sc=13
go 100
echo === apart again
set ptr sc=10
set ptp sc=12
go 100
exit
