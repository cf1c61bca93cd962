; HP 24322-16002 DMA / DCPC diagnostic for the 2100 and 21MX (DSN 101220) on both DMA
; channels, with a 12566B microcircuit interface and its 1251-0332 test connector at select
; code 45 as the device (SIMH's MC1 in diagnostic mode).
; Pass: "DMA-DCPC DIAGNOSTIC", H324 PRESS PRESET AND RUN (HLT 107024 at P 02312),
; PASS 000001, HLT 77 at P 01671.   Usage: retro hp2100 script dma.do TAPE-FOLDER
set dma1 enabled
set dma2 enabled
set mc1 enabled
set mc1 sc=45
set mc1 diagnostic
do configure.do %1 24322-16002_DSN101220_DIRECT_MEMORY_ACCESS_2100_21MX.abin 101220
deposit S 000045
go 100
; HLT 74: the options in S (none).
assert T == 102074
assert P == 1541
deposit S 0
reset
go
; H324 PRESS PRESET AND RUN
assert T == 107024
assert P == 2312
reset
go
assert T == 102077
assert P == 1671
echo DMA diagnostic passed
