; The protected loader area and SIMH's loader commands: set cpu loaderenable|loaderdisable,
; load ptr (the Basic Binary Loader installed, not run), the loader's halts where HP's
; stand, and the loader in compare mode (S bit 15). NHEX's tape from roms/.
set cpu 2100
set cpu 16K
set runlimit 50000000
echo === loader enable
show cpu
set cpu loaderenable
show cpu
deposit 37700 1234
examine 37700
set cpu loaderdisable
show cpu
examine 37700
set cpu loaderenable
examine 37700
set cpu loaderdisable
echo === load ptr
load ptr
show cpu
examine P
examine -m 37715,37740,37747,37751
echo === the loaded loader runs
attach -q ptr ../../../../roms/nhex.abs
go
examine P,A,B
show cpu
echo === compare mode
deposit 3 1
load ptr
deposit S 100000
attach -q ptr ../../../../roms/nhex.abs
go
examine P,A
examine 3
echo === errors
load ptp
load ptr 12
load tty
exit
