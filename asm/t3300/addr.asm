* addr.asm -- addressing: indexing, multi-level indirection with indexing
* at every level, subroutines (jsr / jmp*), index-register loads and
* stores, and tix / isz loops. Halts 07777 when every check passes,
* otherwise with the number of the first check that failed (in octal).
+ix1+   equ.  0100000       ; X field = 1 in an indirect word
+ix2+   equ.  0200000       ; X field = 2
+ind+   equ.  0400000       ; I bit
        org.  01000
+go+    lxi   3,1
        lda   +tab+,1       ; tab(3)
        ske   +k33+
        hlt   1
* 2: one level of indirection
        lda*  +ptr+         ; ptr holds tab+2
        ske   +k22+
        hlt   2
* 3: index, then two levels, the second indexed by X2
        lxi   1,1
        lxi   2,2
        lda*  +ptrs+,1      ; M[ptrs+1] = *p2,2 -> M[p2+2] = tab+4
        ske   +k44+
        hlt   3
* 4: a subroutine returns through its entry word
        jsr   +sub+
        ske   +k99+
        hlt   4
* 5: nested subroutines
        cla
        jsr   +outer+
        ske   +k2+
        hlt   5
* 6: save and restore an index register
        lxi   01234,3
        stx   +save+,3
        lxi   0,3
        ldx   +save+,3
        txa   ,3
        ske   +k1234+
        hlt   6
        ldx*  +psave+,2     ; through a pointer
        txa   ,2
        ske   +k1234+
        hlt   6
* 7: tix loop sums tab(1..5) walking downward
        cla
        lxi   5,1
+sum+   add   +tab+,1
        tix   +sum+,1
        ske   +k165+        ; 11+22+33+44+55
        hlt   7
* 8: a pointer walk: X1 holds an address (lxi +label+)
        lxi   +tab++1,1
        lda   2,1           ; M[tab+1+2] = tab(3)
        ske   +k33+
        hlt   8
        hlt   07777
* subroutines
+sub+   fix.  0             ; return address
        lai   99
        jmp*  +sub+
+outer+ fix.  0
        jsr   +inner+
        jsr   +inner+
        jmp*  +outer+
+inner+ fix.  0
        ina
        jmp*  +inner+
* data
+tab+   fix.  0, 11, 22, 33, 44, 55
+ptr+   fix.  +tab++2
+ptrs+  fix.  0, +p2+++ind+++ix2+
+p2+    fix.  0, 0, +tab++4
+save+  fix.  0
+psave+ fix.  +save+
+k2+    fix.  2
+k22+   fix.  22
+k33+   fix.  33
+k44+   fix.  44
+k99+   fix.  99
+k165+  fix.  165
+k1234+ oct.  1234
        end.  +go+
