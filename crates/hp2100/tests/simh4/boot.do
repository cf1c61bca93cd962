; boot ptr at other sizes than 16K (issue item 7): NHEX's tape from roms/.
set cpu 2100
echo === booted at 32K
set cpu 32K
attach -q ptr ../../../../roms/nhex.abs
boot ptr
echo === what it loaded
examine 2-5
echo === at 8K
deposit 2-5 0
set -f cpu 8K
attach -q ptr ../../../../roms/nhex.abs
boot ptr
examine 2-5
exit
