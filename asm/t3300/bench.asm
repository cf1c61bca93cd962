* bench.asm -- the loop of `retro t3300 bench`: the inner loop of a
* bitboard search (load a placement mask by index, test it against the
* occupied cells, count the ones that fit), repeated +passes+ times.
* Halts 07777; +cnt+ then holds 24 x passes (mod 2^24).
        org.  01000
+go+    ldx   +passes+,2
+pass+  lxi   48,1
+lp+    lda   +pl+-1,1
        skt   +occ+
        jmp   +nx+
        isz   +cnt+
        nop
+nx+    tix   +lp+,1
        tix   +pass+,2
        hlt   07777
+passes+ fix. 1000
+cnt+   fix.  0
+occ+   oct.  164000
+pl+    oct.  164000,161000,107000,144200,142100,104300,72000,70400
        oct.  43400,62100,61040,42140,42300,27000,31040,30420
        oct.  21060,21140,13400,10460,7200,7040,4340,6210
        oct.  6104,4214,3500,3420,2160,3104,3042,2106
        oct.  2114,1340,1442,1421,1043,1046,560,423
        oct.  350,342,216,164,161,107,56,27
        end.  +go+
