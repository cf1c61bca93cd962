* mtlist.asm -- the (R,B) pairs of the paper's section 7, built as the
* paper describes: for each red placement fred(i) in storage order, every
* blue placement form(p), p = 0..95 in index order, that is not 0 and does
* not overlap it is stored at the next +cmt+ slot; cti(i) records where
* the run of fred(i) starts. The paper found 82 pairs with
*   +ti+ fix. 0, 24, 42, 52, 58, 71, 82
* Checks the run starts against the paper and the 82 blue masks against
* the [mt] list of tests/lgame/lgame-reference.txt (an independent
* recomputation of the paper, see docs/lgame.md), copied below as +emt+.
* Halts 07777 when all agree, 1 for a wrong run start, 2 for a wrong mask.
        org.  01000
+go+    lxi   0,3           ; X3 <- pairs found so far
        lxi   0,1           ; X1 <- i, the red placement
+red+   txa   ,3
        sta   +cti+,1       ; cti(i) <- pairs so far
        lxi   0,2           ; X2 <- p, the blue placement index
+blue+  lda   +form+,2
        jaz   +next+        ; form(p) = 0: no such placement
        skt   +fred+,1      ; skip when it leaves fred(i) free
        jmp   +next+
        sta   +cmt+,3       ; a new pair: mt(X3) <- form(p)
        axi   1,3
+next+  axi   1,2
        txa   ,2
        ske   +d96+
        jmp   +blue+
        axi   1,1
        txa   ,1
        ske   +d6+
        jmp   +red+
        txa   ,3
        sta   +cti++6       ; cti(6) <- all pairs
* compare with the paper and the reference
        lxi   7,1
+ck1+   lda   +cti+-1,1
        ske   +ti+-1,1
        hlt   1
        tix   +ck1+,1
        lxi   82,1
+ck2+   lda   +cmt+-1,1
        ske   +emt+-1,1
        hlt   2
        tix   +ck2+,1
        hlt   07777
+d96+   fix.  96
+d6+    fix.  6
+ti+    fix.  0, 24, 42, 52, 58, 71, 82
+cti+   bss.  7
+cmt+   bss.  82
* the paper's tables (appendix, section 11)
+form+      oct.164000,161000,107000,0,144200,142100,104300,0
             oct.72000,70400,43400,0,62100,61040,42140,42300
             oct.0,0,0,27000,31040,30420,21060,21140
             oct.0,0,0,13400,0,0,0,10460
             oct.7200,7040,4340,0,6210,6104,4214,0
             oct.3500,3420,2160,0,3104,3042,2106,2114
             oct.0,0,0,1340,1442,1421,1043,1046
             oct.0,0,0,560,0,0,0,423
             oct.350,342,216,0,0,0,0,0
             oct.164,161,107,0,0,0,0,0
             oct.0,0,0,56,0,0,0,0
             oct.0,0,0,27,0,0,0,0
+fred+      oct.164000,72000,7200,3500,350,164
* the 82 blue masks of the reference list, in order
+emt+   oct.  13400,10460,3500,3420,2160,3104,3042,2106
        oct.  2114,1340,1442,1421,1043,1046,560,423
        oct.  350,342,216,164,161,107,56,27
        oct.  104300,4340,4214,1340,1442,1421,1043,1046
        oct.  560,423,350,342,216,164,161,107
        oct.  56,27,70400,30420,10460,560,423,164
        oct.  161,107,56,27,164000,144200,4214,216
        oct.  56,27,164000,161000,107000,72000,70400,43400
        oct.  27000,30420,13400,3420,1421,423,27,164000
        oct.  161000,107000,144200,72000,70400,43400,27000,13400
        oct.  7200,6210
        end.  +go+
