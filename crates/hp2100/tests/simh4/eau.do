; The EAU's codes with free bits and its undefined codes, one step each (issue item 14).
; 200: 3, 201: 4; A = 5, B = 0 before each; the word at 100, 200 after it, halts after.
set cpu 2100
deposit 200 000003
deposit 201 000004
call code 100200
call code 100201
call code 100210
call code 100217
call code 100220
call code 100237
call code 100000
call code 100060
call code 100300
call code 100400
call code 100401
call code 100577
call code 100777
call code 101000
call code 101060
call code 101140
call code 101200
call code 101377
call code 104000
call code 104177
call code 104200
call code 104377
call code 104400
call code 104401
call code 104777
call code 100020
call code 101020
call code 100040
call code 101040
call code 100100
call code 101100
exit
:code
echo === %1
deposit A 5
deposit B 0
deposit O 0
deposit 200 3
deposit 201 4
deposit 100 %1
deposit 101 200
deposit 102 102077
deposit 103 102077
deposit P 100
examine -m 100
step
examine A,B,O,P,200,201
return
