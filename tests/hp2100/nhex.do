; NHEX booted from its tape as an operator boots it, and one move played by the script: the
; Basic Binary Loader reads roms/nhex.abs from the photoreader and the program runs from 2; the
; script types the session number, moves first at 0404, and ends at NHEX's next question
; (end of input).
; Usage (from the repository's root): retro hp2100 script tests/hp2100/nhex.do
attach ptr roms/nhex.abs
boot ptr
expect "SEYO" send "12\r"
expect "WATASHI=99" send "00\r"
expect "ANATA NO TE WA?" send "0404\r"
set runlimit 60 seconds
run 2
