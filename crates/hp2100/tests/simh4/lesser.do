; SIMH 4's lesser commands: evaluate, assign, deassign, show names, ie, id, !
set cpu 2100
echo === evaluate
evaluate 5
evaluate 177777
evaluate CLA
evaluate LDA 100
evaluate -a A
evaluate -m 2400
evaluate DLD 1234
evaluate -m DLD 1234
evaluate -d 65535
evaluate -d 177777
evaluate 1+2
evaluate
echo === assign
assign ptr rdr
e rdr buf
d rdr buf 123
e ptr buf
assign tty con
echo === names
show names
echo === assign errors
assign
assign ptr
assign foo bar
assign ptr tty
deassign
deassign foo
deassign rdr
deassign ptr
show names
echo === ie and id
d 100 5
ie 100
id 100
e 100
echo === host command
! echo hi
echo %STATUS%
! exit 3
echo %STATUS%
echo === queue
show queue
echo === modifiers of a device
show ptp modifiers
