; boot ptr at 16K, 32K and 8K: NHEX's tape from roms/. The Basic Binary Loader ends the tape
; with HLT 77 15 words into its 64, A = B = 0.
set cpu 2100
echo === booted at 32K
set cpu 32K
attach -q ptr ../../../../roms/nhex.abs
boot ptr
examine P,A,B
echo === what it loaded
examine 2-5
echo === at 8K
deposit 2-5 0
set -f cpu 8K
attach -q ptr ../../../../roms/nhex.abs
boot ptr
examine P,A,B
examine 2-5
echo === at 16K
deposit 2-5 0
set cpu 16K
attach -q ptr ../../../../roms/nhex.abs
boot ptr
examine P,A,B
examine 2-5
exit
