; examine -m of I/O, EAU and other words; examine -a and -c (issue items 15 and 16).
set cpu 2100
echo === I/O words with bit 11 set, EAU words with free bits
deposit 100 106040
deposit 101 106116
deposit 102 107233
deposit 103 100214
deposit 104 000200
deposit 105 004500
deposit 106 100577
deposit 107 000200
deposit 110 104177
deposit 111 000200
deposit 112 100000
deposit 113 101400
deposit 114 106201
deposit 115 107101
deposit 116 002400
deposit 117 000000
examine -m 100-117
echo === shift and alter-skip words
deposit 120 004000
deposit 121 000100
deposit 122 002000
deposit 123 006000
deposit 124 000123
deposit 125 000500
deposit 126 105000
deposit 127 026100
deposit 130 100060
deposit 131 101040
deposit 132 101240
examine -m 120-132
echo === characters
deposit 140 101102
deposit 141 000101
deposit 142 000015
deposit 143 000177
deposit 144 040502
deposit 145 000240
examine -a 140-145
examine -c 140-145
exit
