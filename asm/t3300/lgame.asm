* lgame.asm -- the L-game classifier of M. Sato, "Lゲームの計算機による
* 分類" (University of Tokyo, TOSBAC-3300), sections 3, 7, 8 and 9, for
* the T3300-R (TOSBAC-3300 reconstruction, not the historical
* instruction set: see docs/t3300.md).
*
* It classifies the 2296 elements of M (the l-types 0..2295, section 7)
* into B_i, F_i and U by the repeated extension of section 8 and prints
* on the typewriter, per level i, the sizes of Bbar_i and Fbar_i, then
* B, F, U and the l-types of B_0 in octal (the paper's +bo+). It then
* punches the result table on paper tape for LGM (lgm.asm), one frame
* per l-type, and halts 07777.
*
* The image holds only the paper's +form+ and +fred+ (appendix); +pl+,
* +mt+, +ti+, the symmetry codes and the neutral-move table +nbr+ are
* derived at the start, and every class is computed.
*
* Structure (docs/lgame.md, "The classifier on the T3300-R"):
*   +init+  +nbini+   tables
*   +xnext+           one extension per round, counted in +ext+; its
*                     level is +lev+ = (ext-1)/2
*   +xbeg+  +phps+    phi over f (section 8): phi(y) = 1 if some y' in
*                     f(y) is in C, 2 if all are in G, else 0
*           +chps+    chi~ over g: for each unclassified x, every L
*                     move (+chx+), the l-type of the position reached
*                     (+mtol+) and its phi
*           (+chh+    with +mode+ = 1: chi~ from h directly, for
*                     comparison: no phi, 13 positions per L move)
*   +xend+            counts; a line per level after the F extension
*   +xdone+           totals, +bo+, tape, halt
*
* The result table +res+ has one word per l-type: chi in bits 1-0
* (2 = B, 1 = F, 0 = U) and the level in bits 7-2.
*
* Notes:
* 1. The extensions are synchronous (each reads only the previous
*    classification): phi is computed from chi for all of M first, and
*    chi~ reads only phi, so +res+ can be updated in place. (With h
*    directly, chi~ reads chi itself, so the new classes wait in +phi+
*    until the pass is over.)
* 2. An element already in C or G keeps its class (C and G only grow,
*    section 8), so chi~ is computed only for the unclassified ones.
* 3. f keeps both L pieces where they are, so the 13 placings f leads
*    to from an element of M are elements of M with the same (R,B) pair:
*    they differ only in the rank of N, and +nbr+ lists them by rank.
        org.  01000
+lgame+ jsr   +init+
        jsr   +nbini+
        jsr   +ptxt+
        fix.  +mtitle+
        jsr   +ptxt+
        fix.  +mhead+
        cla
        sta   +ext+
        lxi   0,1           ; clear the result table (for a restart)
+cl1+   cla
        sta   +res+,1
        axi   1,1
        txa   ,1
        ske   +kn+
        jmp   +cl1+
        lxi   64,1
+cl2+   cla
        sta   +bbar+-1,1
        sta   +fbar+-1,1
        tix   +cl2+,1
*
* one extension
+xnext+ lda   +ext+
        ina
        sta   +ext+
        dca
        lsr   1
        sta   +lev+         ; B_lev at extension 2 lev + 1, F_lev at 2 lev + 2
        lsl   2
        sta   +wb+
        ora   +k1+
        sta   +wf+          ; a new element of G: 1 + 4 lev
        lda   +wb+
        ora   +k2+
        sta   +wb+          ; a new element of C: 2 + 4 lev
+xbeg+  lda   +mode+
        jnz   +xb1+
        lda   +dres+        ; new classes straight into +res+ (note 1)
        sta   +dst+
        jsr   +phps+
        jsr   +chps+
        jmp   +xend+
+xb1+   lda   +dphi+        ; h directly: new classes into +phi+, then
        sta   +dst+         ; into +res+ when the pass is over
        jsr   +clph+
        jsr   +chps+
        jsr   +merge+
+xend+  ldx   +lev+,1
        lda   +bbar+,1
        add   +nb+
        sta   +bbar+,1
        lda   +fbar+,1
        add   +nf+
        sta   +fbar+,1
        lda   +nb+
        add   +nf+
        jaz   +xdone+       ; nothing new: the classification is complete
        lda   +ext+
        and   +k1+
        jnz   +xnext+       ; the F extension of this level comes next
        jsr   +plev+
        lda   +ext+
        ske   +kmaxx+
        jmp   +xnext+
*
* the end: a level still to print, totals, B_0, the tape
+xdone+ lda   +ext+
        and   +k1+
        jnz   +xd1+
        ldx   +lev+,1
        lda   +bbar+,1
        jaz   +xd1+
        jsr   +plev+
+xd1+   cla
        sta   +tb+
        sta   +tf+
        sta   +tu+
        sta   +nbo+
        lxi   0,1
+xd2+   lda   +res+,1
        and   +k3+
        ske   +k2+
        jmp   +xd3+
        isz   +tb+          ; B
        nop
        lda   +res+,1
        ske   +k2+
        jmp   +xd5+
        lda   +nbo+         ; B_0: into +bo+
        tax   ,2
        ske   +k32+
        jmp   +xd21+
        jmp   +xd5+
+xd21+  txa   ,1
        sta   +bo+,2
        isz   +nbo+
        jmp   +xd5+
+xd3+   ske   +k1+
        jmp   +xd4+
        isz   +tf+          ; F
        jmp   +xd5+
+xd4+   isz   +tu+          ; U
        nop
+xd5+   axi   1,1
        txa   ,1
        ske   +kn+
        jmp   +xd2+
        cla
        sta   +pwd+
        jsr   +ptxt+
        fix.  +mb+
        lda   +tb+
        jsr   +pdec+
        jsr   +ptxt+
        fix.  +mf+
        lda   +tf+
        jsr   +pdec+
        jsr   +ptxt+
        fix.  +mu+
        lda   +tu+
        jsr   +pdec+
        jsr   +crlf+
        jsr   +ptxt+
        fix.  +mbo+
        lxi   0,1           ; +bo+, eight to a line
        lxi   0,2
+xd6+   txa   ,1
        ske   +nbo+
        jmp   +xd7+
        jmp   +xd8+
+xd7+   lda   +bo+,1
        jsr   +poct+
        axi   1,1
        axi   1,2
        txa   ,2
        ske   +k8+
        jmp   +xd71+
        jsr   +crlf+
        lxi   0,2
        jmp   +xd6+
+xd71+  lai   ' '
        tyo
        jmp   +xd6+
+xd8+   txa   ,2
        jaz   +xd9+
        jsr   +crlf+
+xd9+   lxi   0,1           ; the result table on paper tape
+xd10+  lda   +res+,1
        ppt
        axi   1,1
        txa   ,1
        ske   +kn+
        jmp   +xd10+
        hlt   07777
*
* plev: print the line of level +lev+:  i, |Bbar_i|, |Fbar_i|
+plev+  fix.  0
        lai   2
        sta   +pwd+
        lda   +lev+
        jsr   +pdec+
        lai   6
        sta   +pwd+
        ldx   +lev+,1
        lda   +bbar+,1
        jsr   +pdec+
        ldx   +lev+,1
        lda   +fbar+,1
        jsr   +pdec+
        jsr   +crlf+
        jmp*  +plev+
*
* phps: phi for every l-type x, from the classification in +res+.
* The placings f leads to from x are x - r + nbr(13 r + k), k = 0..12,
* where r = x mod 28 is the rank of x's neutrals (note 3).
+phps+  fix.  0
        lxi   0,1           ; X1 <- x
        cla
        sta   +base+        ; x - r
        sta   +r13+         ; 13 r
+ph1+   ldx   +r13+,2       ; X2 <- x's list in +nbr+
        lai   -13
        sta   +cnt+
        lai   2
        sta   +phv+         ; 2 while every placing is in G
+ph2+   lda   +nbr+,2
        add   +base+
        tax   ,3
        lda   +res+,3
        and   +k3+          ; chi of the placing
        ske   +k2+
        jmp   +ph3+
        lai   1             ; one in C: phi = 1
        sta   +phv+
        jmp   +ph5+
+ph3+   ske   +k1+
        jmp   +ph4+
        jmp   +ph45+
+ph4+   cla                 ; one not in G
        sta   +phv+
+ph45+  axi   1,2
        isz   +cnt+
        jmp   +ph2+
+ph5+   lda   +phv+
        sta   +phi+,1
        axi   1,1
        lda   +r13+
        aai   13
        sta   +r13+
        ske   +k364+
        jmp   +ph6+
        cla                 ; the next (R,B) pair
        sta   +r13+
        lda   +base+
        aai   28
        sta   +base+
+ph6+   txa   ,1
        ske   +kn+
        jmp   +ph1+
        jmp*  +phps+
*
* chps: chi~ for every unclassified l-type, counting the new elements
* of C in +nb+ and of G in +nf+. The l-types are taken in order:
* x = 28 j + tri(q) + p for R = fred(i), B = mt(j) with
* ti(i) <= j < ti(i+1), and the neutrals on the free cells p < q.
+chps+  fix.  0
        cla
        sta   +cx+
        sta   +nb+
        sta   +nf+
        sta   +ci+
+ch1+   ldx   +ci+,1        ; R = fred(i)
        lda   +fred+,1
        sta   +cr+
        lda   +ti+,1
        sta   +cj+
        lda   +ti++1,1
        sta   +cje+
+ch2+   ldx   +cj+,1        ; B = mt(j)
        lda   +mt+,1
        sta   +cb+
        ora   +cr+
        xor   +k177777+
        sta   +cfr+         ; the free cells, listed in ascending bit value
        lxi   0,2
        lxi   16,3
        lai   1
+ch3+   skb   +cfr+
        jmp   +ch4+
        sta   +fc+,2
        axi   1,2
+ch4+   lsl   1
        tix   +ch3+,3
        lai   1
        sta   +cq+
+ch5+   cla
        sta   +cp+
+ch6+   ldx   +cp+,1        ; N = fc(p) + fc(q)
        lda   +fc+,1
        ldx   +cq+,1
        ora   +fc+,1
        sta   +cn+
        ldx   +cx+,3
        lda   +res+,3
        and   +k3+
        jnz   +ch9+         ; classified already (note 2)
        lda   +mode+
        jnz   +ch65+
        jsr   +chx+         ; through phi
        jmp   +ch66+
+ch65+  jsr   +chh+         ; through h directly
+ch66+  jaz   +ch9+
        ldx   +cx+,3
        ske   +k2+
        jmp   +ch7+
        lda   +wb+          ; into C
        sta*  +dst+
        isz   +nb+
        jmp   +ch9+
+ch7+   lda   +wf+          ; into G
        sta*  +dst+
        isz   +nf+
        nop
+ch9+   lda   +cx+
        ina
        sta   +cx+
        lda   +cp+
        ina
        sta   +cp+
        ske   +cq+
        jmp   +ch6+
        lda   +cq+
        ina
        sta   +cq+
        ske   +k8+
        jmp   +ch5+
        lda   +cj+
        ina
        sta   +cj+
        ske   +cje+
        jmp   +ch2+
        lda   +ci+
        ina
        sta   +ci+
        ske   +k6+
        jmp   +ch1+
        jmp*  +chps+
*
* chx: chi~ of x = (+cr+, +cb+, +cn+), red to move: 1 if some L move
* leads to a y with phi(y) = 1, 2 if every one leads to phi(y) = 2
* (so also when red has no L move: B_0), else 0.
+chx+   fix.  0
        lda   +cb+
        ora   +cn+
        sta   +cbk+         ; cells red's L cannot take
        lda   +cb+          ; after the move blue is to move
        sta   +am+
        lda   +cn+
        sta   +an+
        lai   1
        sta   +call+        ; 1 while every move so far gives phi = 2
        lxi   48,2
+cx1+   lda   +pl+-1,2
        ske   +cr+          ; the L must change its place
        skt   +cbk+         ; and must not cover blue or a neutral
        jmp   +cx3+
        sta   +ao+          ; red's L on its new place
        jsr   +mtol+
        tax   ,3
        lda   +phi+,3
        ske   +k1+
        jmp   +cx2+
        jmp*  +chx+         ; A = 1
+cx2+   ske   +k2+
        jmp   +cx25+
        jmp   +cx3+
+cx25+  cla                 ; a move to phi 0: not all lost
        sta   +call+
+cx3+   tix   +cx1+,2
        lda   +call+
        jaz*  +chx+         ; 0
        lai   2
        jmp*  +chx+
*
* clph, merge: clear +phi+; copy the classes found in it into +res+
+clph+  fix.  0
        lxi   0,1
+cp1+   cla
        sta   +phi+,1
        axi   1,1
        txa   ,1
        ske   +kn+
        jmp   +cp1+
        jmp*  +clph+
+merge+ fix.  0
        lxi   0,1
+mg1+   lda   +phi+,1
        jaz   +mg2+
        sta   +res+,1
+mg2+   axi   1,1
        txa   ,1
        ske   +kn+
        jmp   +mg1+
        jmp*  +merge+
*
* chh: chi~ of x computed from h directly (the "algorithm as it stands"
* of section 8, used when +mode+ is not 0): every L move, each followed
* by the 13 placings of f, and chi of each position reached. 1 if one
* is in C; 2 if all are in G; else 0.
+chh+   fix.  0
        lda   +cb+
        ora   +cn+
        sta   +cbk+
        lda   +cb+
        sta   +am+
        lai   1
        sta   +call+
        lxi   48,2
+hh1+   lda   +pl+-1,2
        ske   +cr+
        skt   +cbk+
        jmp   +hh9+
        sta   +ao+
        ora   +cbk+
        xor   +k177777+
        sta   +hemp+        ; the six empty cells after the L move
        lda   +cn+
        sta   +an+
        jsr   +hchi+        ; no neutral moved
        lda   +kc0+
        sta   +hf+
+hh2+   lda   +hf+          ; each neutral
        skb   +cn+
        jmp   +hh5+
        lda   +kc0+
        sta   +ht+
+hh3+   lda   +ht+          ; to each empty cell
        skb   +hemp+
        jmp   +hh4+
        lda   +cn+
        anc   +hf+
        ora   +ht+
        sta   +an+
        jsr   +hchi+
+hh4+   lda   +ht+
        lsr   1
        sta   +ht+
        jnz   +hh3+
+hh5+   lda   +hf+
        lsr   1
        sta   +hf+
        jnz   +hh2+
+hh9+   tix   +hh1+,2
        lda   +call+
        jaz*  +chh+
        lai   2
        jmp*  +chh+
* hchi: chi of the position +am+ +ao+ +an+; in C: chh returns 1
+hchi+  fix.  0
        jsr   +mtol+
        tax   ,3
        lda   +res+,3
        and   +k3+
        ske   +k2+
        jmp   +hc1+
        lai   1
        jmp*  +chh+
+hc1+   ske   +k1+
        jmp   +hc2+
        jmp*  +hchi+
+hc2+   cla
        sta   +call+
        jmp*  +hchi+
*
* nbini: +nbr+. For each rank r = tri(q) + p of a pair of neutrals on
* the free cells p < q (numbered 0..7 in ascending bit value): r itself,
* then for each other free cell x the ranks of (x, q) and (p, x), the
* placings reached by moving one neutral to x.
+nbini+ fix.  0
        lxi   0,3           ; X3 <- the next word of +nbr+
        lai   1
        sta   +nq+
+nb1+   cla
        sta   +np+
+nb2+   ldx   +nq+,1
        lda   +tri+,1
        add   +np+
        sta   +nbr+,3       ; no neutral moved
        axi   1,3
        cla
        sta   +nx+
+nb3+   lda   +nx+
        ske   +np+
        jmp   +nb4+
        jmp   +nb6+         ; x = p
+nb4+   ske   +nq+
        jmp   +nb5+
        jmp   +nb6+         ; x = q
+nb5+   lda   +nq+          ; the neutral on p moves to x
        sta   +rb+
        lda   +nx+
        jsr   +rnk+
        sta   +nbr+,3
        axi   1,3
        lda   +np+          ; the neutral on q moves to x
        sta   +rb+
        lda   +nx+
        jsr   +rnk+
        sta   +nbr+,3
        axi   1,3
+nb6+   lda   +nx+
        ina
        sta   +nx+
        ske   +k8+
        jmp   +nb3+
        lda   +np+
        ina
        sta   +np+
        ske   +nq+
        jmp   +nb2+
        lda   +nq+
        ina
        sta   +nq+
        ske   +k8+
        jmp   +nb1+
        jmp*  +nbini+
*
* rnk: the rank of the pair of free cells A and +rb+ (A != +rb+)
+rnk+   fix.  0
        skg   +rb+          ; skip when A is the higher
        jmp   +rk1+
        tax   ,1
        lda   +tri+,1
        add   +rb+
        jmp*  +rnk+
+rk1+   sta   +rt+
        ldx   +rb+,1
        lda   +tri+,1
        add   +rt+
        jmp*  +rnk+
*
* texts
+mtitle+ txt. 'L-GAME CLASSIFICATION (M. SATO), T3300-R%@'
+mhead+  txt. ' I  BBAR  FBAR%@'
+mb+     txt. 'B @'
+mf+     txt. '  F @'
+mu+     txt. '  U @'
+mbo+    txt. 'B0 (L-TYPES IN OCTAL)%@'
*
* words of the classifier
+mode+  fix.  0             ; 0: phi over f, then g (section 8); 1: h directly
+dst+   bss.  1             ; where chps puts a new class: (+res+ or +phi+),3
+dres+  oct.  +res++300000  ; +res+ indexed by X3 (X field 3)
+dphi+  oct.  +phi++300000
+ext+   bss.  1             ; extensions so far
+lev+   bss.  1             ; the level they are computing
+wb+    bss.  1
+wf+    bss.  1
+nb+    bss.  1             ; new elements of C in this extension
+nf+    bss.  1             ; new elements of G
+tb+    bss.  1
+tf+    bss.  1
+tu+    bss.  1
+nbo+   bss.  1
+base+  bss.  1
+r13+   bss.  1
+cnt+   bss.  1
+phv+   bss.  1
+cx+    bss.  1
+ci+    bss.  1
+cj+    bss.  1
+cje+   bss.  1
+cq+    bss.  1
+cp+    bss.  1
+cr+    bss.  1
+cb+    bss.  1
+cn+    bss.  1
+cfr+   bss.  1
+cbk+   bss.  1
+call+  bss.  1
+nq+    bss.  1
+np+    bss.  1
+nx+    bss.  1
+rb+    bss.  1
+rt+    bss.  1
+fc+    bss.  8             ; the free cells of the current pair
+hemp+  bss.  1
+hf+    bss.  1
+ht+    bss.  1
+kc0+   oct.  100000        ; the bit of cell 0
+kn+    fix.  2296          ; |M| = 82 x 28
+k32+   fix.  32
+k364+  fix.  364
+kmaxx+ fix.  120
+bbar+  bss.  64            ; |Bbar_i|
+fbar+  bss.  64            ; |Fbar_i|
+bo+    bss.  32            ; B_0, l-types (the paper's +bo+)
+nbr+   bss.  364           ; 13 placings for each of the 28 ranks
+phi+   bss.  2296          ; phi by l-type
+res+   bss.  2296          ; the result table
* ---- deck begin: the translation routines, shared with lgm.asm ----
* (section 10: LGM uses the classification program's subroutines as
* they are; this deck is kept identical in lgame.asm and lgm.asm, and
* a test checks that it is.)
*
* init: the tables derived from +form+ and +fred+ (section 7):
*   +pl+    the 48 L placements, the non-zero words of +form+ in order;
*   +mt+    the 82 blue masks that fit beside each fred(i) in turn, and
*   +ti+    where fred(i)'s run of +mt+ starts (ti(6) = 82);
*   +tri+   tri(q) = q(q-1)/2, for ranking a pair of neutrals;
*   +symc+  for each orientation O, the code of the board symmetry
*           (see +map+) that turns an L of orientation O into P0.
+init+  fix.  0
        lxi   0,1           ; X1 <- p
        lxi   0,2           ; X2 <- placements found
+in1+   lda   +form+,1
        jaz   +in2+
        sta   +pl+,2
        axi   1,2
+in2+   axi   1,1
        txa   ,1
        ske   +k96+
        jmp   +in1+
        lxi   0,3           ; X3 <- pairs found
        lxi   0,1           ; X1 <- i
+in3+   txa   ,3
        sta   +ti+,1        ; ti(i) <- pairs so far
        lxi   0,2           ; X2 <- p
+in4+   lda   +form+,2
        jaz   +in5+         ; no placement at p
        skt   +fred+,1      ; skip when it leaves fred(i) free
        jmp   +in5+
        sta   +mt+,3        ; mt(X3) <- form(p)
        axi   1,3
+in5+   axi   1,2
        txa   ,2
        ske   +k96+
        jmp   +in4+
        axi   1,1
        txa   ,1
        ske   +k6+
        jmp   +in3+
        txa   ,3
        sta   +ti++6        ; ti(6) <- all pairs (82)
        cla
        sta   +tri+
        lxi   0,1           ; X1 <- q
+in6+   txa   ,1
        add   +tri+,1
        sta   +tri++1,1     ; tri(q+1) <- tri(q) + q
        axi   1,1
        txa   ,1
        ske   +k7+
        jmp   +in6+
        lxi   0,1           ; X1 <- orientation O
+in7+   txa   ,1
        tax   ,2            ; X2 <- p = 8l + O, from l = 0 on
+in8+   lda   +form+,2
        jnz   +in9+
        axi   8,2
        jmp   +in8+
+in9+   sta   +sm+          ; a placement of orientation O
        cla
        sta   +sc+
+in10+  lda   +sm+
        jsr   +map+
        lxi   6,2
+in11+  ske   +fred+-1,2    ; skip when the image is a fred entry (P0)
        jmp   +in12+
        jmp   +in13+
+in12+  tix   +in11+,2
        lda   +sc+
        ina
        sta   +sc+
        ske   +k8+
        jmp   +in10+
        hlt   1             ; no symmetry turns O into P0: the tables are wrong
+in13+  lda   +sc+
        sta   +symc+,1
        axi   1,1
        txa   ,1
        ske   +k8+
        jmp   +in7+
        jmp*  +init+
*
* map: the image of the mask in A under the board symmetry of code +sc+:
*   code bit 1: mirror the columns (H), bit 2: mirror the rows (V),
*   bit 4: transpose, cell (i,j) to (j,i) (T); applied as H, V, T.
*   Cell k = 4i + j is bit 15-k, so a row is an octal-aligned nibble.
+map+   fix.  0
        sta   +mw+
        lda   +sc+
        and   +k1+
        jaz   +map2+
        lda   +mw+          ; H: reverse the four bits of each row
        lsr   1
        and   +k5555+
        sta   +mt1+
        lda   +mw+
        and   +k5555+
        lsl   1
        ora   +mt1+
        sta   +mw+
        lsr   2
        and   +k3333+
        sta   +mt1+
        lda   +mw+
        and   +k3333+
        lsl   2
        ora   +mt1+
        sta   +mw+
+map2+  lda   +sc+
        and   +k2+
        jaz   +map3+
        lda   +mw+          ; V: reverse the order of the rows
        lsr   8
        and   +k377+
        sta   +mt1+
        lda   +mw+
        and   +k377+
        lsl   8
        ora   +mt1+
        sta   +mw+
        lsr   4
        and   +k7417+
        sta   +mt1+
        lda   +mw+
        and   +k7417+
        lsl   4
        ora   +mt1+
        sta   +mw+
+map3+  lda   +sc+
        and   +k4+
        jaz   +map4+
        lda   +mw+          ; T: exchange cells 4i+j and 4j+i, by three
        lsr   3             ; swaps of bits 3, 6 and 9 places apart
        xor   +mw+
        and   +kt3+
        sta   +mt1+
        lsl   3
        ora   +mt1+
        xor   +mw+
        sta   +mw+
        lsr   6
        xor   +mw+
        and   +kt6+
        sta   +mt1+
        lsl   6
        ora   +mt1+
        xor   +mw+
        sta   +mw+
        lsr   9
        xor   +mw+
        and   +kt9+
        sta   +mt1+
        lsl   9
        ora   +mt1+
        xor   +mw+
        sta   +mw+
+map4+  lda   +mw+
        jmp*  +map+
*
* mtol: M-type to l-type (section 7). The side to move has its L on
* +am+, the other side's L is on +ao+, the neutrals on +an+ (masks, any
* orientation, either colour to move). Returns in A the l-type of the
* position's class: the symmetry that turns the mover's L into P0 is
* found from l(B) and O(B) through +form+, applied to all three masks
* (+gm+ +go+ +gn+); then m(A) = j with mt(j) = +go+ in the run of the
* fred entry +gm+, and the l-type is 28j + the rank of +gn+ among the
* 28 placings of the neutrals on the eight free cells (ascending N).
+mtol+  fix.  0
        stx   +mtx1+,1
        stx   +mtx2+,2
        lda   +am+
        clq
        nrm   ,1            ; X1 <- 8 + l(B): bit 15-l moves up to bit 23
        txa   ,1
        aai   -8
        lsl   3
        tax   ,1            ; X1 <- 8 l(B), the row of +form+ for l(B)
        lda   +am+
+look+  ske   +form+,1      ; the +form+ look-up: skip when form(p) = B
        jmp   +mtl1+
        jmp   +mtl2+
+mtl1+  axi   1,1
        jmp   +look+
+mtl2+  txa   ,1            ; p(B) = 8 l(B) + O(B)
        and   +k7+
        tax   ,1
        lda   +symc+,1
        sta   +sc+          ; the symmetry for O(B)
        lda   +am+
        jsr   +map+
        sta   +gm+
        lda   +ao+
        jsr   +map+
        sta   +go+
        lda   +an+
        jsr   +map+
        sta   +gn+
        lxi   0,1           ; i: fred(i) = +gm+
        lda   +gm+
+mtl3+  ske   +fred+,1
        jmp   +mtl4+
        jmp   +mtl5+
+mtl4+  axi   1,1
        jmp   +mtl3+
+mtl5+  lda   +ti+,1        ; j: mt(j) = +go+, from ti(i) on
        tax   ,2
        lda   +go+
+mtl6+  ske   +mt+,2
        jmp   +mtl7+
        jmp   +mtl8+
+mtl7+  axi   1,2
        jmp   +mtl6+
+mtl8+  txa   ,2
        lsl   2
        sta   +mtj+         ; 4j
        lsl   3
        sub   +mtj+
        sta   +mtj+         ; 28j
        lda   +gm+
        ora   +go+
        xor   +k177777+
        sta   +mfr+         ; the eight free cells
        lda   +gn+
        nga
        and   +gn+
        sta   +mlo+         ; the neutral with the lower bit
        xor   +gn+          ; the one with the higher bit
        dca
        and   +mfr+         ; free cells below it
        jsr   +pop+         ; q
        tax   ,1
        lda   +tri+,1
        add   +mtj+
        sta   +mtj+         ; 28j + tri(q)
        lda   +mlo+
        dca
        and   +mfr+
        jsr   +pop+         ; p
        add   +mtj+         ; l-type = 28j + tri(q) + p
        ldx   +mtx1+,1
        ldx   +mtx2+,2
        jmp*  +mtol+
*
* pop: the number of one bits in the 16-bit A
+pop+   fix.  0
        sta   +pw+
        lsr   1
        and   +k5555+
        sta   +pt+
        lda   +pw+
        sub   +pt+
        sta   +pw+
        lsr   2
        and   +k3333+
        sta   +pt+
        lda   +pw+
        and   +k3333+
        add   +pt+
        sta   +pw+
        lsr   4
        add   +pw+
        and   +k7417+
        sta   +pw+
        lsr   8
        add   +pw+
        and   +k37+
        jmp*  +pop+
*
* ptxt: print the text whose address follows the call:
*         jsr   +ptxt+
*         fix.  +text+
* three characters a word (txt.); '%' prints CR LF and '@' ends it.
+ptxt+  fix.  0
        stx   +ptx3+,3
        ldx*  +ptxt+,3      ; X3 <- the text's address
        lda   +ptxt+
        ina
        sta   +ptxt+        ; return past the argument
+pt1+   lda   0,3
        sta   +ptw+
        lsr   16
        jsr   +pt9+
        lda   +ptw+
        lsr   8
        jsr   +pt9+
        lda   +ptw+
        jsr   +pt9+
        axi   1,3
        jmp   +pt1+
+pt9+   fix.  0             ; one character, in A<7:0>
        and   +k377+
        ske   +kat+
        jmp   +pt10+
        ldx   +ptx3+,3      ; '@': leave ptxt
        jmp*  +ptxt+
+pt10+  ske   +kpct+
        jmp   +pt11+
        jsr   +crlf+        ; '%'
        jmp*  +pt9+
+pt11+  tyo
        jmp*  +pt9+
*
* crlf: carriage return, line feed
+crlf+  fix.  0
        lai   015
        tyo
        lai   012
        tyo
        jmp*  +crlf+
*
* pdec: print A (0 or more) in decimal, right-aligned in +pwd+ columns
+pdec+  fix.  0
        stx   +pdx2+,2
        lxi   0,2           ; X2 <- digits
        taq
+pd1+   cla
        div   +k10+         ; Q <- Q/10, A <- the last digit
        aai   '0'
        axi   1,2
        sta   +dbuf+,2
        tqa
        jnz   +pd1+
        txa   ,2
        sta   +pdn+
        lda   +pwd+
        sub   +pdn+         ; blanks to print
+pd2+   jam   +pd3+
        jaz   +pd3+
        sta   +pdn+
        lai   ' '
        tyo
        lda   +pdn+
        dca
        jmp   +pd2+
+pd3+   lda   +dbuf+,2      ; most significant digit first
        tyo
        tix   +pd3+,2
        ldx   +pdx2+,2
        jmp*  +pdec+
*
* poct: print A (0 or more) in octal
+poct+  fix.  0
        stx   +pdx2+,2
        lxi   0,2
+po1+   sta   +pdn+
        and   +k7+
        aai   '0'
        axi   1,2
        sta   +dbuf+,2
        lda   +pdn+
        lsr   3
        jnz   +po1+
+po2+   lda   +dbuf+,2
        tyo
        tix   +po2+,2
        ldx   +pdx2+,2
        jmp*  +poct+
*
* the paper's tables (appendix, section 11), as printed
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
* tables derived by +init+
+pl+    bss.  48
+mt+    bss.  82
+ti+    bss.  7
+tri+   bss.  8
+symc+  bss.  8
* working words of the deck
+am+    bss.  1             ; mtol: the mover's L
+ao+    bss.  1             ;       the other L
+an+    bss.  1             ;       the neutrals
+gm+    bss.  1             ;       the same, turned to P0
+go+    bss.  1
+gn+    bss.  1
+sc+    bss.  1             ; map: the symmetry code
+sm+    bss.  1
+mw+    bss.  1
+mt1+   bss.  1
+mtj+   bss.  1
+mfr+   bss.  1
+mlo+   bss.  1
+mtx1+  bss.  1
+mtx2+  bss.  1
+pw+    bss.  1
+pt+    bss.  1
+ptw+   bss.  1
+ptx3+  bss.  1
+pwd+   bss.  1             ; pdec: the width
+pdn+   bss.  1
+pdx2+  bss.  1
+dbuf+  bss.  10
* constants
+k1+    fix.  1
+k2+    fix.  2
+k3+    fix.  3
+k4+    fix.  4
+k6+    fix.  6
+k7+    fix.  7
+k8+    fix.  8
+k10+   fix.  10
+k28+   fix.  28
+k96+   fix.  96
+k37+   oct.  37
+k377+  oct.  377
+k7417+ oct.  7417
+k3333+ oct.  31463
+k5555+ oct.  52525
+kt3+   oct.  4102          ; cells 4, 9, 14: their transposes are 3 bits up
+kt6+   oct.  204           ; cells 8, 13: 6 bits up
+kt9+   oct.  10            ; cell 12: 9 bits up
+k177777+ oct. 177777
+kat+   fix.  '@'
+kpct+  fix.  '%'
* ---- deck end ----
        end.  +lgame+
