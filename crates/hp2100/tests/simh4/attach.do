; Numbers, switches and attach (issue items 4 and 5). %1 is a scratch folder.
echo === send takes K and M
send after=200k "AB\r"
send after=2M,delay=1k "CD"
show send
nosend
show send
echo === expect rules
expect "READY" echo seen
expect [2] "HI" send "X"
show expect
noexpect
echo === a missing tape is made and attached
set env T=%1/missing.abs
if exist "%T%" echo it is there before
attach -q ptr %T%
if exist "%T%" echo now it is there
echo %STATUS%
detach ptr
echo === switches after the device
set env D=%1/disk.dsk
attach -q dpc -n %D%
echo %STATUS%
if exist "%D%" echo the disc image is there
detach dpc
exit
