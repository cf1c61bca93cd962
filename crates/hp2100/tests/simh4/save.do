; save and restore after a tape was read and taken out (issue item 12). %1: scratch.
echo === a tape read, detached, then save and restore
set env T=%1/two.abs
set env S=%1/state.sav
attach -q -n ptp %T%
deposit 100 062120
deposit 101 102612
deposit 102 103712
deposit 103 102312
deposit 104 024103
deposit 105 102077
deposit 120 000101
go 100
deposit 120 000102
go 100
detach ptp
attach -q ptr %T%
deposit 100 103710
deposit 101 102310
deposit 102 024101
deposit 103 102510
deposit 104 103710
deposit 105 102310
deposit 106 024105
deposit 107 102510
deposit 110 102077
go 100
examine A
detach ptr
save %S%
deposit A 0
restore %S%
echo %STATUS%
examine A,P
exit
