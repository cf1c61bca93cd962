; deposit -m: one instruction typed in (issue item 11).
set cpu 2100
echo === instructions typed in
deposit -m 310 LDA 400
deposit -m 311 LDA 400,I
deposit -m 312 STC 10,C
deposit -m 313 MPY 200
deposit -m 315 CLA,INA
deposit -m 316 HLT 77
deposit -m 317 ASL 4
deposit -m 320 JMP 310
examine -m 310-320
examine 310-320
exit
