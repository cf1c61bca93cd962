* lgm.asm -- LGM, the L-game playing program of M. Sato, "Lゲームの計算機
* による分類" (University of Tokyo, TOSBAC-3300), section 10, for the
* T3300-R (TOSBAC-3300 reconstruction, not the historical instruction
* set: see docs/t3300.md).
*
* A person or the computer plays each side, over the console
* typewriter. The board is printed after every move in the Λ form of
* section 7 (four rows of r b n o, with row and column numbers). The
* computer plays from the classification: it reads the result table
* that lgame.asm punched (one frame per l-type: chi in bits 1-0, the
* level in bits 7-2) and, for each of its moves, looks up the class of
* every position it can move to (+mtol+ gives the l-type):
*   from F_i it moves into B_i (the fastest win),
*   from U into U (never into a loss),
*   from B_i into F_(i-1) (the longest resistance);
* the first such move in the order of the placements (+form+ order),
* then no neutral move, then each neutral (in cell order) to each empty
* cell (in cell order). A position that has occurred before (the same
* board, the same side to move) is announced as a loop (section 9); if
* the computer plays both sides, the game ends there.
*
* A person's move: the four cells of the L's new place, each as row and
* column digits 1-4, in any order; then, optionally, the cell of the
* neutral to move and the empty cell it goes to. Blanks, commas, '-'
* and '/' may separate them: 21 31 41 42 11-14. Words: HELP, BOARD,
* QUIT. A line that is not a legal move is answered, naming it, and
* the prompt is repeated.
*
* Structure (docs/lgame.md, "LGM on the T3300-R"): +init+ (the
* deck's tables), +rdtp+ (the tape), +newg+ (who plays, the start),
* +turn+ (one move: +hasmv+, +best+ or +human+ with +getl+ +pmv+
* +vmv+, then +domv+ +pbrd+ +lpck+), +gend+. The question being asked
* is in +qq+ (1 red's player, 2 blue's, 3 the start, 4 a move, 5 a new
* game).
        org.  01000
+lgm+   jsr   +init+
        lda   +kc0+         ; +cbt+: the bit of each cell
        lxi   0,1
+cb1+   sta   +cbt+,1
        lsr   1
        axi   1,1
        jnz   +cb1+
        jsr   +ptxt+
        fix.  +mtitle+
        jsr   +rdtp+
*
* a new game: who plays each side, and the start
+newg+  lai   1
        sta   +qq+
        jsr   +ptxt+
        fix.  +mqred+
        jsr   +askhc+
        sta   +hc+
        lai   2
        sta   +qq+
        jsr   +ptxt+
        fix.  +mqblu+
        jsr   +askhc+
        sta   +hc++1
+ng1+   lai   3
        sta   +qq+
        jsr   +ptxt+
        fix.  +mqst+
        jsr   +getl+
        jsr   +pstart+
        jnz   +ng1+         ; not a board: asked again
        cla
        sta   +pm+          ; red moves first
        sta   +ply+
        sta   +hn+
        jsr   +pbrd+
        jsr   +lpck+        ; the start into the history
*
* one move
+turn+  jsr   +sides+
        jsr   +hasmv+
        jnz   +tn1+
        lda   +pm+          ; no L move: the side to move has lost
        jsr   +pcol+
        jsr   +ptxt+
        fix.  +mnomv+
        lda   +pm+
        xor   +k1+
        jsr   +pcol+
        jsr   +ptxt+
        fix.  +mwins+
        cla
        sta   +pwd+
        lda   +ply+
        jsr   +pdec+
        jsr   +ptxt+
        fix.  +mmoves+
        lda   +pm+
        jnz   +tn0+
        lai   2             ; red cannot move: blue won
        sta   +gres+
        jmp   +gend+
+tn0+   lai   1
        sta   +gres+
        jmp   +gend+
+tn1+   ldx   +pm+,1
        lda   +hc+,1
        jaz   +human+
* the computer's move
        jsr   +best+
        jsr   +pmno+
        jsr   +ptxt+
        fix.  +mcomp+
        jsr   +pmov+
        jsr   +crlf+
        jmp   +play+
* a person's move
+human+ lai   4
        sta   +qq+
        jsr   +pmno+
        jsr   +ptxt+
        fix.  +mcolon+
        jsr   +getl+
        lda   +lovf+
        jaz   +hu1+
        jsr   +ptxt+
        fix.  +mlong+
        jmp   +human+
+hu1+   lda   +tlen+
        jaz   +human+       ; an empty line: ask again
        lai   +wmove+
        jsr   +word+
        jaz   +hu4+
        ske   +k1+
        jmp   +hu2+
        jsr   +ptxt+        ; HELP
        fix.  +mhelp1+
        jsr   +ptxt+
        fix.  +mhelp2+
        jsr   +ptxt+
        fix.  +mhelp3+
        jsr   +ptxt+
        fix.  +mhelp4+
        jsr   +ptxt+
        fix.  +mhelp5+
        jsr   +ptxt+
        fix.  +mhelp6+
        jmp   +human+
+hu2+   ske   +k2+
        jmp   +hu3+
        jsr   +pbrd+        ; BOARD
        jmp   +human+
+hu3+   jsr   +ptxt+        ; QUIT
        fix.  +mquit+
        lai   4
        sta   +gres+
        jmp   +gend+
+hu4+   jsr   +pmv+         ; the notation
        jnz   +human+
        jsr   +vmv+         ; the rules
        jnz   +human+
* make the move, print the board, look for a loop
+play+  jsr   +domv+
        jsr   +pbrd+
        jsr   +lpck+
        jaz   +turn+
        ske   +k2+
        jmp   +pl1+
        jsr   +ptxt+        ; the history is full
        fix.  +mtoolg+
        lai   5
        sta   +gres+
        jmp   +gend+
+pl1+   lda   +hc+          ; a loop: the end if the computer plays both
        and   +hc++1
        jaz   +turn+
        jsr   +ptxt+
        fix.  +mdrawn+
        lai   3
        sta   +gres+
*
* the end of a game
+gend+  lai   5
        sta   +qq+
        jsr   +ptxt+
        fix.  +mnew+
        jsr   +getl+
        lai   +wyn+
        jsr   +word+
        ske   +k1+
        jmp   +ge1+
        jmp   +newg+
+ge1+   ske   +k2+
        jmp   +ge2+
        jsr   +ptxt+
        fix.  +mbye+
        hlt   07777
+ge2+   jsr   +ptxt+
        fix.  +myn+
        jmp   +gend+
*
* rdtp: read the classification tape into +res+ (2296 frames)
+rdtp+  fix.  0
        lxi   0,1
+rt1+   rpt
        jov   +rt9+         ; the tape ended early
        sta   +res+,1
        and   +k3+
        ske   +k3+
        jmp   +rt2+
        jmp   +rt9+         ; chi = 3 is no class
+rt2+   axi   1,1
        txa   ,1
        ske   +kn+
        jmp   +rt1+
        jsr   +ptxt+
        fix.  +mtape+
        jmp*  +rdtp+
+rt9+   jsr   +ptxt+
        fix.  +mnotp+
        hlt   1
*
* askhc: read H (a person) or C (the computer) into A (0 or 1),
* repeating the question in +qq+ until one is typed
+askhc+ fix.  0
+ah1+   jsr   +getl+
        lai   +whc+
        jsr   +word+
        jaz   +ah2+
        dca
        jmp*  +askhc+
+ah2+   jsr   +ptxt+
        fix.  +mhc+
        lda   +qq+
        ske   +k1+
        jmp   +ah3+
        jsr   +ptxt+
        fix.  +mqred+
        jmp   +ah1+
+ah3+   jsr   +ptxt+
        fix.  +mqblu+
        jmp   +ah1+
*
* pstart: the start position from the line: empty for the paper's
* (section 4), or 16 letters R B N O (blanks and '/' ignored), row by
* row. A = 0 when it is a position; else the reason is printed.
+pstart+ fix. 0
        lda   +tlen+
        jnz   +ps1+
        lda   +sr+          ; the paper's: nbbo/orbo/orbo/orrn
        sta   +pr+
        lda   +sb+
        sta   +pb+
        lda   +sn+
        sta   +pn+
        cla
        jmp*  +pstart+
+ps1+   cla
        sta   +pr+
        sta   +pb+
        sta   +pn+
        lda   +kc0+
        sta   +cbit+        ; the next cell's bit
        ldx   +tb0+,1
+ps2+   txa   ,1
        ske   +tend+
        jmp   +ps3+
        jmp   +ps8+
+ps3+   lda   +lb+,1
        axi   1,1
        ske   +kbl+
        jmp   +ps31+
        jmp   +ps2+
+ps31+  ske   +ksl+
        jmp   +ps4+
        jmp   +ps2+
+ps4+   sta   +ch+
        lda   +cbit+
        jaz   +ps9+         ; more than 16 letters
        lda   +ch+
        ske   +kr+
        jmp   +ps5+
        lda   +pr+
        ora   +cbit+
        sta   +pr+
        jmp   +ps7+
+ps5+   ske   +kb+
        jmp   +ps6+
        lda   +pb+
        ora   +cbit+
        sta   +pb+
        jmp   +ps7+
+ps6+   ske   +kno+
        jmp   +ps61+
        lda   +pn+
        ora   +cbit+
        sta   +pn+
        jmp   +ps7+
+ps61+  ske   +ko+
        jmp   +ps62+
        jmp   +ps7+
+ps62+  ske   +kdot+
        jmp   +ps9+
+ps7+   lda   +cbit+
        lsr   1
        sta   +cbit+
        jmp   +ps2+
+ps8+   lda   +cbit+
        jnz   +ps9+         ; fewer than 16 letters
        lda   +pr+
        jsr   +isl+
        jnz   +ps10+
        lda   +pb+
        jsr   +isl+
        jnz   +ps11+
        lda   +pn+
        jsr   +pop+
        ske   +k2+
        jmp   +ps12+
        cla
        jmp*  +pstart+
+ps9+   lai   +mrows+
        jmp   +ps13+
+ps10+  lai   +mredl+
        jmp   +ps13+
+ps11+  lai   +mblul+
        jmp   +ps13+
+ps12+  lai   +mtwon+
+ps13+  sta   +ptmp+
        jsr   +echo+
        lda   +ptmp+
        jsr   +ptxv+
        lai   1
        jmp*  +pstart+
*
* isl: A = 0 when the mask in A is one of the 48 L placements
+isl+   fix.  0
        lxi   48,3
+is1+   ske   +pl+-1,3
        jmp   +is2+
        cla
        jmp*  +isl+
+is2+   tix   +is1+,3
        lai   1
        jmp*  +isl+
*
* sides: +ml+ the L of the side to move, +ol+ the other L
+sides+ fix.  0
        lda   +pm+
        jnz   +sd1+
        lda   +pr+
        sta   +ml+
        lda   +pb+
        sta   +ol+
        jmp*  +sides+
+sd1+   lda   +pb+
        sta   +ml+
        lda   +pr+
        sta   +ol+
        jmp*  +sides+
*
* hasmv: A != 0 when the side to move has an L move (g is not empty)
+hasmv+ fix.  0
        lda   +ol+
        ora   +pn+
        sta   +blk+
        lxi   48,3
+hm1+   lda   +pl+-1,3
        ske   +ml+
        skt   +blk+
        jmp   +hm2+
        jmp*  +hasmv+
+hm2+   tix   +hm1+,3
        cla
        jmp*  +hasmv+
*
* best: the computer's move into +mvl+ +mvf+ +mvt+: of all moves, the
* first with the smallest key of the position reached (the other side
* to move there): B_i gives i, U 64, F_i 191 - i.
+best+  fix.  0
        lai   0777
        sta   +bkey+
        lda   +ol+
        sta   +am+          ; after the move the other side is to move
        ora   +pn+
        sta   +blk+
        lxi   0,1           ; X1 <- k, the placement
+bs1+   lda   +pl+,1
        ske   +ml+
        skt   +blk+
        jmp   +bs9+
        sta   +ao+          ; an L move
        cla
        sta   +cf+
        sta   +ct+
        lda   +pn+
        sta   +an+
        jsr   +try+         ; no neutral moved
        lda   +ao+
        ora   +blk+
        xor   +k177777+
        sta   +emp+         ; the six empty cells
        lda   +kc0+
        sta   +cf+
+bs2+   lda   +cf+          ; each neutral, in cell order
        skb   +pn+
        jmp   +bs5+
        lda   +kc0+
        sta   +ct+
+bs3+   lda   +ct+          ; to each empty cell, in cell order
        skb   +emp+
        jmp   +bs4+
        lda   +pn+
        anc   +cf+
        ora   +ct+
        sta   +an+
        jsr   +try+
+bs4+   lda   +ct+
        lsr   1
        sta   +ct+
        jnz   +bs3+
+bs5+   lda   +cf+
        lsr   1
        sta   +cf+
        jnz   +bs2+
+bs9+   axi   1,1
        txa   ,1
        ske   +k48+
        jmp   +bs1+
        jmp*  +best+
*
* try: the key of the position +am+ +ao+ +an+; keep the move if better
+try+   fix.  0
        jsr   +mtol+
        tax   ,3
        lda   +res+,3       ; its class
        sta   +tw+
        and   +k3+
        ske   +k2+
        jmp   +tr1+
        lda   +tw+          ; B_i: i
        lsr   2
        jmp   +tr3+
+tr1+   ske   +k1+
        jmp   +tr2+
        lda   +tw+          ; F_i: 191 - i
        lsr   2
        nga
        aai   191
        jmp   +tr3+
+tr2+   lai   64            ; U
+tr3+   sta   +tkey+
        lda   +bkey+
        skg   +tkey+        ; skip when it is better than the best so far
        jmp*  +try+
        lda   +tkey+
        sta   +bkey+
        lda   +ao+
        sta   +mvl+
        lda   +cf+
        sta   +mvf+
        lda   +ct+
        sta   +mvt+
        jmp*  +try+
*
* domv: make the move +mvl+ +mvf+ +mvt+ for the side to move
+domv+  fix.  0
        lda   +pm+
        jnz   +dm1+
        lda   +mvl+
        sta   +pr+
        jmp   +dm2+
+dm1+   lda   +mvl+
        sta   +pb+
+dm2+   lda   +pn+
        anc   +mvf+
        ora   +mvt+
        sta   +pn+
        lda   +pm+
        xor   +k1+
        sta   +pm+
        lda   +ply+
        ina
        sta   +ply+
        jmp*  +domv+
*
* lpck: look for the position in the history and add it. A = 0: new,
* 1: a loop (announced), 2: the history is full.
+lpck+  fix.  0
        lda   +pm+
        lsl   16
        ora   +pr+
        sta   +hw+          ; red's L and the side to move
        lxi   0,1           ; X1 <- the history entry (3 words each)
        lxi   0,2           ; X2 <- its move number
+lp1+   txa   ,2
        ske   +hn+
        jmp   +lp2+
        jmp   +lp5+         ; not found
+lp2+   lda   +hw+
        ske   +hist+,1
        jmp   +lp4+
        lda   +pb+
        ske   +hist++1,1
        jmp   +lp4+
        lda   +pn+
        ske   +hist++2,1
        jmp   +lp4+
        jsr   +ptxt+        ; found: a loop
        fix.  +mloop+
        txa   ,2
        jnz   +lp3+
        jsr   +ptxt+
        fix.  +mlpst+
        jmp   +lp6+
+lp3+   jsr   +ptxt+
        fix.  +mlpaf+
        cla
        sta   +pwd+
        txa   ,2
        jsr   +pdec+
        jsr   +ptxt+
        fix.  +mstop+
        jmp   +lp6+
+lp4+   axi   3,1
        axi   1,2
        jmp   +lp1+
+lp5+   jsr   +lpadd+
        jaz*  +lpck+        ; new
        lai   2
        jmp*  +lpck+
+lp6+   jsr   +lpadd+
        jaz   +lp7+
        lai   2
        jmp*  +lpck+
+lp7+   lai   1
        jmp*  +lpck+
* lpadd: the position into the history; A = 0, or 1 when it is full
+lpadd+ fix.  0
        lda   +hn+
        ske   +khmax+
        jmp   +la1+
        lai   1
        jmp*  +lpadd+
+la1+   lsl   1
        add   +hn+
        tax   ,1            ; 3 hn
        lda   +hw+
        sta   +hist+,1
        lda   +pb+
        sta   +hist++1,1
        lda   +pn+
        sta   +hist++2,1
        lda   +hn+
        ina
        sta   +hn+
        cla
        jmp*  +lpadd+
*
* getl: read a line into +lb+ (one character a word, lower case made
* upper case; RUBOUT takes back the last character; at most 60 kept,
* +lovf+ set if more came). The typewriter prints the keys; after
* RETURN a line feed is given. Then +tb0+ .. +tend+ are the line
* without its leading and trailing blanks, +tlen+ its length.
+getl+  fix.  0
        cla
        sta   +lovf+
        lxi   0,1           ; X1 <- characters kept
+gl1+   tyi
        and   +k177+
        ske   +kcr+
        jmp   +gl2+
        jmp   +gl6+
+gl2+   ske   +krub+
        jmp   +gl3+
        txa   ,1            ; RUBOUT
        jaz   +gl1+
        axi   -1,1
        jmp   +gl1+
+gl3+   skg   +k37+         ; other control characters are dropped
        jmp   +gl1+
        skg   +k140+
        jmp   +gl4+
        skg   +k172+
        aai   -32           ; a-z to A-Z
+gl4+   sta   +ch+
        txa   ,1
        ske   +k60+
        jmp   +gl5+
        lai   1             ; full
        sta   +lovf+
        jmp   +gl1+
+gl5+   lda   +ch+
        sta   +lb+,1
        axi   1,1
        jmp   +gl1+
+gl6+   lai   012
        tyo
        txa   ,1
        sta   +tend+
        lxi   0,2
+gl7+   txa   ,2            ; leading blanks
        ske   +tend+
        jmp   +gl8+
        jmp   +gl9+
+gl8+   lda   +lb+,2
        ske   +kbl+
        jmp   +gl9+
        axi   1,2
        jmp   +gl7+
+gl9+   stx   +tb0+,2
+gl10+  lda   +tend+        ; trailing blanks
        ske   +tb0+
        jmp   +gl11+
        jmp   +gl12+
+gl11+  tax   ,1
        lda   +lb+-1,1
        ske   +kbl+
        jmp   +gl12+
        lda   +tend+
        dca
        sta   +tend+
        jmp   +gl10+
+gl12+  lda   +tend+
        sub   +tb0+
        sta   +tlen+
        jmp*  +getl+
*
* word: match the line against the table at A: entries of two words
* (six characters, blank-padded) and a code, ending with 0. A = the
* code, or 0 when the line is none of the words.
+word+  fix.  0
        sta   +wp+
        lda   +tlen+
        skg   +k6+          ; skip when longer than six characters
        jmp   +wd1+
        jmp   +wd9+
+wd1+   cla
        sta   +wi+
        jsr   +pk3+
        sta   +w1+
        jsr   +pk3+
        sta   +w2+
        ldx   +wp+,3
+wd2+   lda   0,3
        jaz   +wd9+         ; the end of the table
        ske   +w1+
        jmp   +wd3+
        lda   1,3
        ske   +w2+
        jmp   +wd3+
        lda   2,3           ; the code
        jmp*  +word+
+wd3+   axi   3,3
        jmp   +wd2+
+wd9+   cla
        jmp*  +word+
* pk3: three characters of the line from +wi+ on, packed as txt. does
+pk3+   fix.  0
        cla
        sta   +pkw+
        lai   -3
        sta   +pkc+
+pk1+   lda   +pkw+
        lsl   8
        sta   +pkw+
        lda   +wi+
        jsr   +tchr+
        ora   +pkw+
        sta   +pkw+
        lda   +wi+
        ina
        sta   +wi+
        isz   +pkc+
        jmp   +pk1+
        lda   +pkw+
        jmp*  +pk3+
* tchr: character A of the trimmed line, a blank beyond its end
+tchr+  fix.  0
        sta   +tci+
        lda   +tlen+
        skg   +tci+         ; skip when the line is longer than A
        jmp   +tc1+
        lda   +tci+
        add   +tb0+
        tax   ,3
        lda   +lb+,3
        jmp*  +tchr+
+tc1+   lai   ' '
        jmp*  +tchr+
*
* pmv: the trimmed line as a move: +mvl+ the L's new place, +mvf+ and
* +mvt+ the neutral's cell and where it goes (0 when none moves).
* A = 0 when it is a move; else the reason is printed.
+pmv+   fix.  0
        cla
        sta   +nd+          ; digits
        ldx   +tb0+,1
+pm1+   txa   ,1
        ske   +tend+
        jmp   +pm2+
        jmp   +pm5+
+pm2+   lda   +lb+,1
        axi   1,1
        skg   +k57+         ; digits are 060-071
        jmp   +pm3+
        skg   +k71+
        jmp   +pm4+
        jmp   +pm8+
+pm3+   ske   +kbl+         ; the separators: blank , - /
        jmp   +pm31+
        jmp   +pm1+
+pm31+  ske   +kcom+
        jmp   +pm32+
        jmp   +pm1+
+pm32+  ske   +kmin+
        jmp   +pm33+
        jmp   +pm1+
+pm33+  ske   +ksl+
        jmp   +pm8+
        jmp   +pm1+
+pm4+   aai   -060
        sta   +ch+
        lda   +nd+
        skg   +k11+         ; only twelve are kept
        jmp   +pm41+
        jmp   +pm42+
+pm41+  tax   ,2
        lda   +ch+
        sta   +dg+,2
+pm42+  lda   +nd+
        ina
        sta   +nd+
        jmp   +pm1+
+pm8+   sta   +ch+          ; not a digit, a separator or a word
        jsr   +echo+
        lda   +ch+
        tyo
        jsr   +ptxt+
        fix.  +mbadch+
        lai   1
        jmp*  +pmv+
+pm5+   lda   +nd+
        ske   +k8+
        jmp   +pm51+
        jmp   +pm6+
+pm51+  ske   +k12+
        jmp   +pm52+
        jmp   +pm6+
+pm52+  jsr   +echo+
        cla
        sta   +pwd+
        lda   +nd+
        jsr   +pdec+
        jsr   +ptxt+
        fix.  +mdig+
        lai   1
        jmp*  +pmv+
+pm6+   lxi   0,2           ; every pair of digits a cell
+pm61+  jsr   +cellb+
        jnz   +pm62+
        jsr   +echo+
        lda   +dg+,2
        aai   '0'
        tyo
        lda   +dg++1,2
        aai   '0'
        tyo
        jsr   +ptxt+
        fix.  +mnotc+
        lai   1
        jmp*  +pmv+
+pm62+  axi   2,2
        txa   ,2
        ske   +nd+
        jmp   +pm61+
        cla
        sta   +mvl+
        sta   +mvf+
        sta   +mvt+
        lxi   0,2
+pm7+   jsr   +cellb+
        sta   +cbit+
        txa   ,2
        skg   +k7+          ; digits 8 and after: the neutral
        jmp   +pm72+
        ske   +k8+
        jmp   +pm74+
        lda   +cbit+
        sta   +mvf+
        jmp   +pm75+
+pm74+  lda   +cbit+
        sta   +mvt+
        jmp   +pm75+
+pm72+  lda   +cbit+
        skt   +mvl+         ; skip when not given before
        jmp   +pm73+
        ora   +mvl+
        sta   +mvl+
        jmp   +pm75+
+pm73+  jsr   +echo+
        jsr   +ptxt+
        fix.  +mcell+
        lda   +cbit+
        jsr   +pcell+
        jsr   +ptxt+
        fix.  +mtwice+
        lai   1
        jmp*  +pmv+
+pm75+  axi   2,2
        txa   ,2
        ske   +nd+
        jmp   +pm7+
        lda   +mvl+
        jsr   +isl+
        jaz   +pm9+
        jsr   +echo+
        jsr   +ptxt+
        fix.  +mcells+
        lda   +mvl+
        jsr   +pcls+
        jsr   +ptxt+
        fix.  +mnotl+
        lai   1
        jmp*  +pmv+
+pm9+   cla
        jmp*  +pmv+
*
* cellb: the bit of the cell whose row and column digits are dg(X2)
* and dg(X2+1); 0 when they are not 1-4
+cellb+ fix.  0
        lda   +dg+,2
        aai   -1
        skg   +k3+
        skg   +kneg+
        jmp   +cb9+
        lsl   2
        sta   +ck+
        lda   +dg++1,2
        aai   -1
        skg   +k3+
        skg   +kneg+
        jmp   +cb9+
        add   +ck+
        tax   ,3
        lda   +cbt+,3
        jmp*  +cellb+
+cb9+   cla
        jmp*  +cellb+
*
* vmv: the move against the rules (section 2), in the order of the
* native reference: A = 0 when it is legal, else the reason is printed
+vmv+   fix.  0
        lda   +mvl+
        ske   +ml+
        jmp   +vm1+
        jsr   +echo+
        jsr   +ptxt+
        fix.  +msame+
        lai   1
        jmp*  +vmv+
+vm1+   lda   +ol+
        ora   +pn+
        and   +mvl+
        jaz   +vm3+
        clq                 ; the first cell covered
        nrm   ,3
        txa   ,3
        aai   -8
        tax   ,3
        lda   +cbt+,3
        sta   +cbit+
        jsr   +echo+
        jsr   +ptxt+
        fix.  +mcover+
        lda   +cbit+
        jsr   +pcell+
        lda   +cbit+
        skb   +ol+
        jmp   +vm2+
        jsr   +ptxt+
        fix.  +mcomma+
        lda   +pm+
        xor   +k1+
        jsr   +pcol+
        jsr   +ptxt+
        fix.  +mlsl+
        lai   1
        jmp*  +vmv+
+vm2+   jsr   +ptxt+
        fix.  +mcovn+
        lai   1
        jmp*  +vmv+
+vm3+   lda   +mvf+
        jaz   +vm9+         ; no neutral moves
        ske   +mvt+
        jmp   +vm4+
        jsr   +echo+
        jsr   +ptxt+
        fix.  +msamec+
        lai   1
        jmp*  +vmv+
+vm4+   skb   +pn+          ; skip when a neutral is there
        jmp   +vm5+
        lda   +mvl+
        ora   +ol+
        ora   +pn+
        and   +mvt+
        jaz   +vm9+
        jsr   +echo+
        jsr   +ptxt+
        fix.  +mcell2+
        lda   +mvt+
        jsr   +pcell+
        jsr   +ptxt+
        fix.  +mnemp+
        lai   1
        jmp*  +vmv+
+vm5+   jsr   +echo+
        jsr   +ptxt+
        fix.  +mnon+
        lda   +mvf+
        jsr   +pcell+
        jsr   +ptxt+
        fix.  +mstop+
        lai   1
        jmp*  +vmv+
+vm9+   cla
        jmp*  +vmv+
*
* echo: the trimmed line in quotes, then ': '
+echo+  fix.  0
        lai   047
        tyo
        ldx   +tb0+,3
+ec1+   txa   ,3
        ske   +tend+
        jmp   +ec2+
        jmp   +ec3+
+ec2+   lda   +lb+,3
        tyo
        axi   1,3
        jmp   +ec1+
+ec3+   lai   047
        tyo
        lai   ':'
        tyo
        lai   ' '
        tyo
        jmp*  +echo+
*
* pbrd: the board in the Λ form (section 7), numbered for the notation
+pbrd+  fix.  0
        jsr   +ptxt+
        fix.  +mbhead+
        lda   +kc0+
        sta   +cbit+
        lai   '1'
        sta   +brow+
+pb1+   lai   ' '
        tyo
        tyo
        lda   +brow+
        tyo
        lai   -4
        sta   +bcnt+
+pb2+   lai   ' '
        tyo
        lda   +cbit+
        skb   +pr+
        jmp   +pb3+
        lai   'r'
        jmp   +pb6+
+pb3+   skb   +pb+
        jmp   +pb4+
        lai   'b'
        jmp   +pb6+
+pb4+   skb   +pn+
        jmp   +pb5+
        lai   'n'
        jmp   +pb6+
+pb5+   lai   'o'
+pb6+   tyo
        lda   +cbit+
        lsr   1
        sta   +cbit+
        isz   +bcnt+
        jmp   +pb2+
        jsr   +crlf+
        lda   +brow+
        ina
        sta   +brow+
        ske   +krow5+
        jmp   +pb1+
        jsr   +crlf+
        jmp*  +pbrd+
*
* pmno: "MOVE n, RED" for the move to come
+pmno+  fix.  0
        jsr   +ptxt+
        fix.  +mmove+
        cla
        sta   +pwd+
        lda   +ply+
        ina
        jsr   +pdec+
        jsr   +ptxt+
        fix.  +mcomma+
        lda   +pm+
        jsr   +pcol+
        jmp*  +pmno+
*
* pcol: RED (A = 0) or BLUE (A = 1)
+pcol+  fix.  0
        jnz   +pco1+
        jsr   +ptxt+
        fix.  +mred+
        jmp*  +pcol+
+pco1+  jsr   +ptxt+
        fix.  +mblue+
        jmp*  +pcol+
*
* pmov: the move +mvl+ +mvf+ +mvt+ in the notation
+pmov+  fix.  0
        lda   +mvl+
        jsr   +pcls+
        lda   +mvf+
        jaz*  +pmov+
        lai   ' '
        tyo
        lda   +mvf+
        jsr   +pcell+
        lai   '-'
        tyo
        lda   +mvt+
        jsr   +pcell+
        jmp*  +pmov+
*
* pcls: the cells of the mask A in cell order, separated by blanks
+pcls+  fix.  0
        sta   +pcm+
        lda   +kc0+
        sta   +pcb+
        cla
        sta   +pcn+
+pcl1+  lda   +pcb+
        skb   +pcm+
        jmp   +pcl3+
        lda   +pcn+
        jaz   +pcl2+
        lai   ' '
        tyo
+pcl2+  lda   +pcb+
        jsr   +pcell+
        isz   +pcn+
        nop
+pcl3+  lda   +pcb+
        lsr   1
        sta   +pcb+
        jnz   +pcl1+
        jmp*  +pcls+
*
* pcell: the name of the cell whose bit is A: row and column digits
+pcell+ fix.  0
        clq
        nrm   ,3            ; X3 <- 8 + k
        txa   ,3
        aai   -8
        sta   +ck+
        lsr   2
        aai   '1'
        tyo
        lda   +ck+
        and   +k3+
        aai   '1'
        tyo
        jmp*  +pcell+
*
* ptxv: print the text at address A
+ptxv+  fix.  0
        sta   +pv1+
        jsr   +ptxt+
+pv1+   fix.  0
        jmp*  +ptxv+
*
* texts
+mtitle+ txt. 'LGM, THE L-GAME PLAYER (M. SATO), T3300-R%@'
+mtape+  txt. 'THE CLASSIFICATION OF 2296 POSITIONS IS READ FROM TAPE.%%@'
+mnotp+  txt. 'NO CLASSIFICATION TAPE FROM LGAME IN THE READER.%@'
+mqred+  txt. 'RED: A PERSON OR THE COMPUTER (H OR C)? @'
+mqblu+  txt. 'BLUE: A PERSON OR THE COMPUTER (H OR C)? @'
+mhc+    txt. 'PLEASE TYPE H OR C.%@'
+mqst+   txt. 'START (RETURN: THE PAPER''S, OR 4 ROWS OF R B N O)? @'
+mrows+  txt. 'NOT 4 ROWS OF 4 LETTERS R, B, N, O.%@'
+mredl+  txt. 'THE R CELLS DO NOT FORM AN L.%@'
+mblul+  txt. 'THE B CELLS DO NOT FORM AN L.%@'
+mtwon+  txt. 'THERE MUST BE TWO N.%@'
+mnomv+  txt. ' HAS NO MOVE: @'
+mwins+  txt. ' WINS AFTER @'
+mmoves+ txt. ' MOVES.%@'
+mcomp+  txt. ' (COMPUTER): @'
+mcolon+ txt. ': @'
+mlong+  txt. 'LINE TOO LONG (AT MOST 60 CHARACTERS).%@'
+mhelp1+ txt. 'A MOVE IS THE FOUR CELLS OF YOUR L''S NEW PLACE, EACH WRITTEN AS ROW%@'
+mhelp2+ txt. 'AND COLUMN (1 TO 4, AS NUMBERED AROUND THE BOARD), THEN, IF YOU%@'
+mhelp3+ txt. 'WISH, THE CELL OF ONE NEUTRAL (N) AND THE EMPTY CELL IT MOVES TO.%@'
+mhelp4+ txt. 'EXAMPLES:%    21 31 41 42          THE L ONLY%@'
+mhelp5+ txt. '    21 31 41 42 11-14    THE L, THEN THE NEUTRAL ON 11 TO 14%@'
+mhelp6+ txt. 'WORDS: HELP, BOARD (PRINT THE BOARD AGAIN), QUIT.%@'
+mquit+  txt. 'GAME ABANDONED.%@'
+mtoolg+ txt. 'THE GAME IS TOO LONG TO GO ON (400 POSITIONS).%@'
+mdrawn+ txt. 'THE COMPUTER PLAYS BOTH SIDES: DRAWN BY THE LOOP.%@'
+mnew+   txt. '%NEW GAME (Y OR N)? @'
+mbye+   txt. 'END OF LGM.%@'
+myn+    txt. 'PLEASE TYPE Y OR N.%@'
+mloop+  txt. 'LOOP: THIS POSITION WAS REACHED BEFORE, @'
+mlpst+  txt. 'AT THE START.%@'
+mlpaf+  txt. 'AFTER MOVE @'
+mstop+  txt. '.%@'
+mred+   txt. 'RED@'
+mblue+  txt. 'BLUE@'
+mmove+  txt. 'MOVE @'
+mcomma+ txt. ', @'
+mbhead+ txt. '%    1 2 3 4%@'
+mbadch+ txt. ' IS NOT A DIGIT, A SEPARATOR OR A WORD (TYPE HELP).%@'
+mdig+   txt. ' DIGITS: A MOVE HAS 8, OR 12 WITH A NEUTRAL (TYPE HELP).%@'
+mnotc+  txt. ' IS NOT A CELL (ROW AND COLUMN 1 TO 4).%@'
+mcell+  txt. 'CELL @'
+mtwice+ txt. ' IS GIVEN TWICE.%@'
+mcells+ txt. 'CELLS @'
+mnotl+  txt. ' DO NOT FORM AN L.%@'
+msame+  txt. 'ILLEGAL MOVE: THE L IS ALREADY THERE.%@'
+mcover+ txt. 'ILLEGAL MOVE: THE L WOULD COVER CELL @'
+mlsl+   txt. '''S L.%@'
+mcovn+  txt. ', A NEUTRAL.%@'
+msamec+ txt. 'ILLEGAL MOVE: THE NEUTRAL MUST GO TO ANOTHER CELL.%@'
+mcell2+ txt. 'ILLEGAL MOVE: CELL @'
+mnemp+  txt. ' IS NOT EMPTY.%@'
+mnon+   txt. 'ILLEGAL MOVE: NO NEUTRAL ON CELL @'
* words: two words of six characters and the code
+wmove+ txt.  'HELP  '
        fix.  1
        txt.  'H     '
        fix.  1
        txt.  '?     '
        fix.  1
        txt.  'BOARD '
        fix.  2
        txt.  'B     '
        fix.  2
        txt.  'QUIT  '
        fix.  3
        txt.  'Q     '
        fix.  3
        fix.  0
+whc+   txt.  'H     '
        fix.  1
        txt.  'HUMAN '
        fix.  1
        txt.  'C     '
        fix.  2
        fix.  0
+wyn+   txt.  'Y     '
        fix.  1
        txt.  'YES   '
        fix.  1
        txt.  'N     '
        fix.  2
        txt.  'NO    '
        fix.  2
        fix.  0
*
* the position and the game
+pr+    bss.  1             ; red's L
+pb+    bss.  1             ; blue's L
+pn+    bss.  1             ; the neutrals
+pm+    bss.  1             ; the side to move: 0 red, 1 blue
+ply+   bss.  1             ; moves made
+hc+    bss.  2             ; who plays red, blue: 0 a person, 1 the computer
+qq+    bss.  1             ; the question asked (see the head)
+gres+  bss.  1             ; how the game ended: 1 red won, 2 blue won,
*                             3 a loop (computer against computer),
*                             4 abandoned, 5 too long
+ml+    bss.  1             ; the L of the side to move
+ol+    bss.  1             ; the other L
+mvl+   bss.  1             ; a move: the L's new place,
+mvf+   bss.  1             ;   the neutral's cell (0: none moves)
+mvt+   bss.  1             ;   and where it goes
+blk+   bss.  1
+emp+   bss.  1
+cf+    bss.  1
+ct+    bss.  1
+bkey+  bss.  1
+tkey+  bss.  1
+tw+    bss.  1
+hw+    bss.  1
+hn+    bss.  1             ; positions in the history
+lovf+  bss.  1
+tb0+   bss.  1             ; the trimmed line: +lb+(tb0) .. +lb+(tend-1)
+tend+  bss.  1
+tlen+  bss.  1
+ch+    bss.  1
+cbit+  bss.  1
+ptmp+  bss.  1
+wp+    bss.  1
+wi+    bss.  1
+w1+    bss.  1
+w2+    bss.  1
+pkw+   bss.  1
+pkc+   bss.  1
+tci+   bss.  1
+nd+    bss.  1
+ck+    bss.  1
+brow+  bss.  1
+bcnt+  bss.  1
+pcm+   bss.  1
+pcb+   bss.  1
+pcn+   bss.  1
+dg+    bss.  12            ; the digits of a move
+lb+    bss.  64            ; the line typed
+cbt+   bss.  16            ; the bit of cell k
+sr+    oct.  2106          ; the start of section 4: nbbo/orbo/orbo/orrn
+sb+    oct.  61040
+sn+    oct.  100001
+kn+    fix.  2296
+k11+   fix.  11
+k12+   fix.  12
+k48+   fix.  48
+k57+   oct.  57
+k71+   oct.  71
+k140+  oct.  140
+k172+  oct.  172
+k177+  oct.  177
+kcr+   oct.  15
+krub+  oct.  177
+kbl+   fix.  ' '
+kcom+  fix.  ','
+kmin+  fix.  '-'
+ksl+   fix.  '/'
+kdot+  fix.  '.'
+kr+    fix.  'R'
+kb+    fix.  'B'
+kno+   fix.  'N'
+ko+    fix.  'O'
+krow5+ fix.  '5'
+k60+   fix.  60
+kc0+   oct.  100000        ; the bit of cell 0
+kneg+  fix.  -1
+khmax+ fix.  400
+hist+  bss.  1200          ; the history: red's L + 2^16 mover, blue's L, N
+res+   bss.  2296          ; the classification, from the tape
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
        end.  +lgm+
