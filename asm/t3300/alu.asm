* alu.asm -- arithmetic, logic, shifts and skips checked by the machine
* itself. Halts 07777 when every check passes, otherwise with the number
* of the first check that failed (shown in octal: check 11 halts 00013).
        org.  01000
+go+    clo
* 1: add without overflow
        lda   +k5+
        add   +k7+
        ske   +k12+
        hlt   1
        jov   +f1+          ; OV must still be clear
        jmp   +c2+
+f1+    hlt   1
* 2: add overflows into the sign and sets OV
+c2+    lda   +max+
        add   +one+
        ske   +min+
        hlt   2
        jov   +c3+
        hlt   2
* 3: sub gives a negative result
+c3+    lda   +k5+
        sub   +k7+
        ske   +m2+
        hlt   3
        jam   +c4+
        hlt   3
* 4: mul gives a 48-bit product in A:Q
+c4+    lda   +mil+
        mul   +m3+          ; 1000000 * -3
        ske   +m1+          ; high half: all sign
        hlt   4
        tqa
        ske   +m3mil+       ; low half: -3000000 in 24 bits
        hlt   4
* 5: div: quotient to Q, remainder to A
        cla
        ldq   +n12345+
        div   +k10+
        ske   +k5+
        hlt   5
        tqa
        ske   +n1234+
        hlt   5
        jov   +f5+
        jmp   +c6+
+f5+    hlt   5
* 6: division by zero sets OV and leaves A and Q alone
+c6+    lda   +k7+
        ldq   +k5+
        div   +zero+
        jov   +c6b+
        hlt   6
+c6b+   ske   +k7+
        hlt   6
        tqa
        ske   +k5+
        hlt   6
* 7: immediates are sign-extended
        lai   -2
        ske   +m2+
        hlt   7
        aai   9
        ske   +k7+
        hlt   7
* 8: and, or, xor, and-not, complement
        lda   +fred+
        and   +row0+        ; 164000 and 170000
        ske   +k160k+
        hlt   8
        ora   +k7+
        xor   +k7+
        anc   +k40k+        ; 160000 and not 040000
        ske   +k120k+
        hlt   8
        cma
        cma
        ske   +k120k+
        hlt   8
* 9: shifting a mask moves the L a column (1) or a row (4)
        lda   +fred+
        lsr   1
        ske   +fred1+       ; 72000
        hlt   9
        lsr   4
        lsl   1
        ske   +fred2+       ; 7200
        hlt   9
        lai   -8
        asr   2
        ske   +m2+
        hlt   9
        lda   +min+
        rol   1
        ske   +one+
        hlt   9
        rol   24
        ske   +one+
        hlt   9
* 10: double shifts and normalise
        lda   +one+
        clq
        lrs   24            ; A:Q = 0:1
        jnz   +f10+
        lls   47            ; A:Q = 40000000:0
        ske   +min+
        hlt   10
        lda   +k164+
        clq
        nrm   ,2            ; highest bit of 164 is bit 6: 17 places
        ske   +k72m+
        hlt   10
        txa   ,2
        ske   +k17+
        hlt   10
        jmp   +c11+
+f10+   hlt   10
* 11: skips
+c11+   lai   -1
        skg   +one+         ; -1 > 1 is false: no skip
        jmp   +c11b+
        hlt   11
+c11b+  lai   2
        skg   +one+
        hlt   11
        lda   +fred+
        skt   +fred4+       ; 164000 and 350 = 0: skip
        hlt   11
        skb   +row0+        ; 164000 and 170000 /= 0: skip
        hlt   11
        skb   +fred4+       ; no common bit: no skip
        jmp   +c12+
        hlt   11
* 12: ina, dca, nga and the overflow of nga
+c12+   clo
        lai   -1
        ina
        jnz   +f12+
        dca
        ske   +m1+
        hlt   12
        nga
        ske   +one+
        hlt   12
        jov   +f12+
        lda   +min+
        nga
        jov   +c13+
+f12+   hlt   12
* 13: xaq, taq, and isz counting up to zero
+c13+   lda   +k5+
        ldq   +k7+
        xaq
        ske   +k7+
        hlt   13
        lai   -3
        sta   +cnt+
        lxi   0,1
+c13l+  axi   1,1
        isz   +cnt+
        jmp   +c13l+
        txa   ,1
        ske   +k3+
        hlt   13
        hlt   07777
* constants
+zero+  fix.  0
+one+   fix.  1
+k3+    fix.  3
+k5+    fix.  5
+k7+    fix.  7
+k10+   fix.  10
+k12+   fix.  12
+k17+   fix.  17
+m1+    fix.  -1
+m2+    fix.  -2
+m3+    fix.  -3
+max+   fix.  8388607
+min+   oct.  40000000
+mil+   fix.  1000000
+m3mil+ fix.  -3000000
+n12345+ fix. 12345
+n1234+ fix.  1234
+fred+  oct.  164000
+fred1+ oct.  72000
+fred2+ oct.  7200
+fred4+ oct.  350
+row0+  oct.  170000
+k160k+ oct.  160000
+k40k+  oct.  40000
+k120k+ oct.  120000
+k164+  oct.  164
+k72m+  oct.  72000000
+cnt+   bss.  1
        end.  +go+
