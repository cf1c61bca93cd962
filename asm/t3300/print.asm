* print.asm -- decimal output on the console typewriter: computes
* 82 x 28 (the paper's 82 (R,B) pairs times 28 neutral placements) with
* mul, and prints "82 X 28 = 2296" and CR LF, each digit found by div.
        org.  01000
+go+    lda   +k82+
        jsr   +pdec+
        lxi   +mx+,1
        jsr   +ptxt+
        lda   +k28+
        jsr   +pdec+
        lxi   +meq+,1
        jsr   +ptxt+
        lda   +k82+
        mul   +k28+         ; A:Q <- 82 * 28
        tqa
        jsr   +pdec+
        lai   015           ; CR
        tyo
        lai   012           ; LF
        tyo
        hlt   07777
* pdec: print A (0 or more) in decimal
+pdec+  fix.  0
        lxi   0,2           ; X2 <- digits so far
        taq
+pd1+   cla                 ; A:Q = 0:number
        div   +k10+         ; Q <- number/10, A <- last digit
        aai   '0'
        axi   1,2
        sta   +dbuf+,2
        tqa
        jnz   +pd1+
+pd2+   lda   +dbuf+,2      ; most significant digit first
        tyo
        tix   +pd2+,2
        jmp*  +pdec+
* ptxt: print the text at X1 (three characters a word) up to a zero word
+ptxt+  fix.  0
+pt1+   lda   0,1
        jaz*  +ptxt+
        sta   +tw+
        lsr   16
        tyo
        lda   +tw+
        lsr   8
        tyo
        lda   +tw+
        tyo
        axi   1,1
        jmp   +pt1+
+mx+    txt.  ' X '
        fix.  0
+meq+   txt.  ' = '
        fix.  0
+k10+   fix.  10
+k28+   fix.  28
+k82+   fix.  82
+tw+    bss.  1
+dbuf+  bss.  9
        end.  +go+
