; Where `go until` stops (issue item 13): at the instruction boundary after the event in which
; the teleprinter printed the text's last character, as SIMH stops, not a character later.
; The program prints READY, one character at a time, waiting on SFS 11 / JMP *-1; A holds the
; character last given to the teleprinter. Where in the wait loop P then is depends on when the
; character is done (this 2100A's teleprinter at its real speed, SIMH's fast), so P is not shown.
set cpu 2100
set cpu 16K
deposit 100 060140
deposit 101 102611
deposit 102 060141
deposit 103 102611
deposit 104 103711
deposit 105 102311
deposit 106 024105
deposit 107 060142
deposit 110 102611
deposit 111 103711
deposit 112 102311
deposit 113 024112
deposit 114 060143
deposit 115 102611
deposit 116 103711
deposit 117 102311
deposit 120 024117
deposit 121 060144
deposit 122 102611
deposit 123 103711
deposit 124 102311
deposit 125 024124
deposit 126 102077
deposit 140 120000
deposit 141 000122
deposit 142 000105
deposit 143 000101
deposit 144 000104
echo === go until stops after the character's event
go 100 until "REA"
examine A
go
examine A
exit
