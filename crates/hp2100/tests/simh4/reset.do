; reset, reset -p and reset DEV (issue item 8).
echo === reset keeps the registers and core
deposit A 5
deposit B 6
deposit P 100
deposit 100 1234
reset
examine A,B,P,100
echo === reset -p clears the registers, not core
deposit E 0
deposit O 1
reset -p
examine A,B,P,E,O,100
echo === reset of one device
reset tty
echo %STATUS%
reset -p ptr
echo %STATUS%
reset nosuch
echo %STATUS%
exit
