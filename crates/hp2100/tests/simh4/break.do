; Breakpoints: counts, actions, types, set break (issue item 10).
set cpu 2100
deposit 100 002004
deposit 101 002004
deposit 102 002004
deposit 103 024100
echo === a count
break 101[3]
show break
go 100
examine A
echo === actions after a breakpoint
break 102; examine A; echo in the action
nobreak 101
go
echo after the run
echo === types and set break
set nobreak 102
break -e 103
show break
set break 100
show break
nobreak all
show break
echo === lists with counts and actions shown
break 102; examine A; echo x
break 105[2]
break -e 110[4]; echo y
break 120-121
show break
exit
