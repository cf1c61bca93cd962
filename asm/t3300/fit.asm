* fit.asm -- the illustrative program of spec section 4.8, completed:
* count the L placements that fit into the empty squares of a board,
* and check the count against the paper's +ti+ table (24 blue L
* placements fit beside the red L at fred(0) = 164000).
* Halts 07777 when the count is right, 1 when it is not.
        org.  01000
+fit+   lxi   48,1          ; X1 <- 48 placements
        cla
        sta   +cnt+
+lp+    lda   +pl+-1,1      ; A <- placement mask (walk the table downward)
        skt   +occ+         ; skip if it does not touch any occupied cell
        jmp   +nx+
        lda   +cnt+
        ina
        sta   +cnt+
+nx+    tix   +lp+,1        ; X1 <- X1-1, loop while non-zero
        lda   +ti++1        ; the paper: ti(1) - ti(0) pairs with fred(0)
        sub   +ti+
        ske   +cnt+
        hlt   1
        hlt   07777
+occ+   oct.  164000        ; occupied cells (16-bit board, bit 2^(15-k))
+cnt+   fix.  0
+ti+    fix.  0, 24, 42, 52, 58, 71, 82
* the 48 placements: the non-zero entries of the paper's +form+ table
+pl+    oct.  164000,161000,107000,144200,142100,104300,72000,70400
        oct.  43400,62100,61040,42140,42300,27000,31040,30420
        oct.  21060,21140,13400,10460,7200,7040,4340,6210
        oct.  6104,4214,3500,3420,2160,3104,3042,2106
        oct.  2114,1340,1442,1421,1043,1046,560,423
        oct.  350,342,216,164,161,107,56,27
        end.  +fit+
