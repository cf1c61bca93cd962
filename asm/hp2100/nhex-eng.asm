* ---------------------------------------------------------------
* NHEX ENGINE
* ---------------------------------------------------------------
*
* SETS OF CELLS ARE 4 WORDS: CELL C = (V-1)*8+(U-1) IS BIT C AND 15
* OF WORD C/16.  SETS OF BLOCKS ARE 5 WORDS (68 BLOCKS): BLOCK X IS
* BIT X AND 15 OF WORD X/16; A RELATION IS 5 WORDS PER BLOCK.
*
* BLOCKS (PAPER 3(1)): 0 TOP, 1 BOTTOM, 2 LEFT, 3 RIGHT; A STONE ON
* AN EDGE'S ROW BELONGS TO THAT EDGE'S BLOCK, AND TWO EDGES JOINED
* BY A CHAIN SHARE ONE.  OTHER BLOCKS ARE NUMBERED FROM 4 IN THE
* ORDER OF THEIR FIRST CELL.
*
* ONE-MOVE CONNECTIONS (KC*, PAPER 2(2)): EVERY PLACEMENT OF THE
* PATTERN TABLE IS LAID AT EVERY STONE P, TOWARDS EVERY OTHER STONE
* Q OF THE SAME SIDE IN ANOTHER BLOCK (BY THE OFFSET Q-P) AND
* TOWARDS THE SIDE'S EDGES (BY THE ROW OF P); IT FITS WHEN ALL ITS
* CELLS ARE ON THE BOARD AND EMPTY.  EQUAL (A,B,D) ARE MERGED AND
* THEIR KEYS UNITED (M).  CONNECTION RECORD (LREC WORDS, IN LNK):
*   NEXT IN THE HASH CHAIN OF THE PAIR, A*256+B (A<B), D (4), M (4).
* THE HASH CHAINS (HH, 128 HEADS) ARE KEYED BY THE PAIR ALONE, SO A
* NEW RECORD MEETS EVERY EARLIER ONE OF ITS PAIR: WITH A DISJOINT
* CARRIER THE PAIR IS FULLY CONNECTABLE (KC).  FULL CONNECTIONS OF
* THE THREE-SET TERM GO STRAIGHT TO THE RELATION CONN0.
*
*
* ANAL: BLOCKS, CONNECTIONS, RULES AND CLASSES OF THE POSITION IN MB
ANAL  NOP
      JSB .BLCK,I
      JSB .LNKS,I
      JSB .COMS,I
      JSB .THRB,I
      JSB .CLSS,I
      JMP ANAL,I
*
* ANAJ: WHAT THE JOIN TEST NEEDS: BLOCKS, CONNECTIONS, CLASSES
ANAJ  NOP
      JSB .BLCK,I
      JSB .LNKS,I
      JSB .COMS,I
      JMP ANAJ,I
*
* LOADB: MB FROM POS; NSTN = NUMBER OF STONES
LOADB NOP
      LDA KM64
      STA LBCNT
      LDA .POS
      STA LBP
      LDA .CM
      STA LBQ
      CLA
      STA NSTN
LB1   LDA LBP,I
      SZA
      ISZ NSTN
      LDB LBQ,I
      STA 1,I
      ISZ LBP
      ISZ LBQ
      ISZ LBCNT
      JMP LB1
      JMP LOADB,I
*
* BLOCK: THE BLOCKS (BLKT), THEIR SIDES (BSIDE), THE EDGES' BLOCKS
* (EBLK) AND THE STONE LISTS S1 (NHEX) AND S2 (THE OPPONENT)
BLOCK NOP
      LDA KM64           NO CELL HAS A BLOCK YET
      STA BKCNT
      LDA .CM
      STA BKP
BK1   LDB BKP,I
      ADB BOFF
      CCA
      STA 1,I
      ISZ BKP
      ISZ BKCNT
      JMP BK1
      LDA K4
      STA NB
      LDB .BSID
      LDA K1
      STA 1,I
      INB
      STA 1,I
      INB
      CCA
      STA 1,I
      INB
      STA 1,I
      CLA
      STA BKE
*                        EDGE BKE
BK2   LDA BKE
      ADA KM2
      CCB
      SSA
      LDB K1
      STB BKK            ITS SIDE
      LDA BKE
      STA BKID
      ALS,ALS
      ALS
      ADA .ECEL
      STA BKEP           ITS 8 CELLS
      STA BKP
      LDA KM8
      STA BKCNT
BK3   LDB BKP,I          A STONE OF THE SIDE ALREADY IN A BLOCK?
      LDA 1,I
      CPA BKK
      RSS
      JMP BK4
      ADB BOFF
      LDA 1,I
      SSA
      JMP BK4
      STA BKID           THE EDGE JOINS THAT BLOCK
      JMP BK5
BK4   ISZ BKP
      ISZ BKCNT
      JMP BK3
BK5   LDA BKID
      LDB BKE
      ADB .EBLK
      STA 1,I
      CLA                THE OTHER STONES ON THE ROW SEED THE FLOOD
      STA FSP
      LDA BKEP
      STA BKP
      LDA KM8
      STA BKCNT
BK6   LDB BKP,I
      LDA 1,I
      CPA BKK
      RSS
      JMP BK7
      STB BKX
      ADB BOFF
      LDA 1,I
      SSA,RSS
      JMP BK7
      LDA BKID
      STA 1,I
      LDA BKX
      JSB PUSH
BK7   ISZ BKP
      ISZ BKCNT
      JMP BK6
      LDA BKID
      JSB .FLOD,I
      ISZ BKE
      LDA BKE
      CPA K4
      RSS
      JMP BK2
*                        THE STONES IN CELL ORDER
      CLA
      STA NS1
      STA NS2
      LDA .S1
      STA S1P
      LDA .S2
      STA S2P
      LDA .CM
      STA BKP
      LDA KM64
      STA BKCNT
BK8   LDB BKP,I
      LDA 1,I
      SZA,RSS
      JMP BK10
      STA BKK
      SSA
      JMP BK8B
      STB S1P,I
      ISZ S1P
      ISZ NS1
      JMP BK9
BK8B  STB S2P,I
      ISZ S2P
      ISZ NS2
BK9   STB BKX
      ADB BOFF
      LDA 1,I
      SSA,RSS
      JMP BK10           ALREADY IN A BLOCK
      LDA NB             A NEW BLOCK
      STA 1,I
      LDB NB
      ADB .BSID
      LDA BKK
      STA 1,I
      CLA
      STA FSP
      LDA BKX
      JSB PUSH
      LDA NB
      JSB .FLOD,I
      ISZ NB
BK10  ISZ BKP
      ISZ BKCNT
      JMP BK8
      JMP BLOCK,I
*
* PUSH: A ON THE FLOOD STACK
PUSH  NOP
      LDB FSP
      ADB .FSTK
      STA 1,I
      ISZ FSP
      JMP PUSH,I
*
* FLOOD: GIVE BLOCK A TO EVERY STONE REACHED FROM THE STACK
FLOOD NOP
      STA FLID
FL1   LDA FSP
      SZA,RSS
      JMP FLOOD,I
      ADA KM1
      STA FSP
      ADA .FSTK
      LDA 0,I
      STA FLX
      LDA 0,I
      STA FLS
      LDA KM6
      STA FLCNT
      LDA .NBOF
      STA FLDP
FL2   LDA FLDP,I
      ADA FLX
      STA FLY
      LDA 0,I
      CPA FLS
      RSS
      JMP FL3
      LDB FLY
      ADB BOFF
      LDA 1,I
      SSA,RSS
      JMP FL3
      LDA FLID
      STA 1,I
      LDA FLY
      JSB PUSH
FL3   ISZ FLDP
      ISZ FLCNT
      JMP FL2
      JMP FL1
*
* LINKS: THE ONE-MOVE CONNECTIONS OF BOTH SIDES
LINKS NOP
      LDA NHU            EMPTY THE HASH CHAINS USED LAST TIME
      SZA,RSS
      JMP LK1
      CMA,INA
      STA LKN
      LDA .HUSD
      STA LKLST
      CLB
LK0   LDA LKLST,I
      STB 0,I
      ISZ LKLST
      ISZ LKN
      JMP LK0
      STB NHU
LK1   CLA
      STA NL
      STA NCL
      LDA .LNK
      STA LFREE
      LDA NB             CLEAR ONE AND CONN0 FOR NB BLOCKS
      ALS,ALS
      ADA NB
      CMA,INA
      STA LKN
      LDA .ONE
      LDB LKN
      JSB .CLR,I
      LDA .CON0
      LDB LKN
      JSB .CLR,I
      LDA .S1
      STA LKLST
      LDA NS1
      STA LKN
      CLA
      STA LKE
      JSB .SIDE,I
      LDA .S2
      STA LKLST
      LDA NS2
      STA LKN
      LDA K2
      STA LKE
      JSB .SIDE,I
      JMP LINKS,I
*
      IFN
      ORG 4000B          PAGE 2
      XIF
*
* SIDE: LAY THE PATTERNS AT EVERY STONE OF LIST LKLST (LKN STONES),
* WHOSE EDGES ARE LKE AND LKE+1
SIDE  NOP
      LDA LKN
      SZA,RSS
      JMP SIDE,I
      CMA,INA
      STA SICNT
      LDA LKLST
      STA SIP
SI1   LDA SIP,I          P
      STA SP
      STA LAYP
      ADA BOFF
      LDA 0,I
      STA SBP
      LDA SP
      CMA,INA
      ADA .DTC
      STA SDTP           DTAB(Q-P) = (SDTP+Q),I
      LDA LKLST
      STA SJP
      LDA LKN
      CMA,INA
      STA SJCNT
SJ1   LDA SJP,I
      ADA SDTP
      LDA 0,I
      SZA
      JMP SJ3
SJ2   ISZ SJP
      ISZ SJCNT
      JMP SJ1
      JMP SE0
SJ3   STA SPLC           PLACEMENTS FOR THIS OFFSET
      LDB SJP,I
      ADB BOFF
      LDB 1,I
      CPB SBP
      JMP SJ2            THE SAME BLOCK
      STB SBQ
SJ4   LDA SPLC           ITS FIRST AND FARTHEST CELLS EMPTY?
      ADA K5
      LDA 0,I
      ADA LAYP
      LDA 0,I
      SZA
      JMP SJ4N
      LDA SPLC
      ADA K4
      LDA 0,I
      ADA LAYP
      LDA 0,I
      SZA
      JMP SJ4N
      LDA SPLC
      JSB .LAY,I
      SZA
      JSB .RCRD,I
SJ4N  LDA SPLC,I
      STA SPLC
      SZA
      JMP SJ4
      JMP SJ2
*                        THE SIDE'S TWO EDGES
SE0   LDA LKE
      STA SEE
      LDA KM2
      STA SECNT
SE1   LDA SEE
      ADA .EBLK
      LDA 0,I
      CPA SBP
      JMP SE3            P IS IN THE EDGE'S BLOCK
      STA SBQ
      LDA SP             THE ROW OF P FROM THE EDGE, LESS 1
      ADA IOFF
      LDA 0,I
      STA SEC
      LDA SEE
      AND K2
      SZA
      JMP SE4
      LDA SEC            TOP, BOTTOM: V-1
      ARS,ARS
      ARS
      JMP SE5
SE4   LDA SEC            LEFT, RIGHT: U-1
      AND K7
SE5   LDB SEE
      SLB,RSS
      JMP SE6
      CMA,INA            BOTTOM, RIGHT: 8-V OR 8-U
      ADA K7
SE6   STA SEC
      LDA SEE
      ALS,ALS
      ALS
      ADA SEC
      ADA .ETAB
      LDA 0,I
      SZA,RSS
      JMP SE3
      STA SPLC
SE2   LDA SPLC           ITS FIRST AND FARTHEST CELLS EMPTY?
      ADA K5
      LDA 0,I
      ADA LAYP
      LDA 0,I
      SZA
      JMP SE2N
      LDA SPLC
      ADA K4
      LDA 0,I
      ADA LAYP
      LDA 0,I
      SZA
      JMP SE2N
      LDA SPLC
      JSB .LAY,I
      SZA
      JSB .RCRD,I
SE2N  LDA SPLC,I
      STA SPLC
      SZA
      JMP SE2
SE3   ISZ SEE
      ISZ SECNT
      JMP SE1
      ISZ SIP
      ISZ SICNT
      JMP SI1
      JMP SIDE,I
*
* LAY: PLACEMENT A AT ANCHOR LAYP.  A = 1 IF EVERY CELL IS ON THE
* BOARD AND EMPTY, WITH THE CARRIER IN LD, THE KEYS IN LM AND LYFUL
* SET; A = 0 IF NOT.
LAY   NOP
      STA LYPL
      INA
      LDB 0,I
      CMB,INB
      STB LYCNT
      STB LYC2
      INA
      LDB 0,I
      STB LYNK
      INA
      LDB 0,I
      STB LYFUL
      ADA K2
      STA LYOFF
      STA LYP
LY1   LDA LYP,I
      ADA LAYP
      LDA 0,I
      SZA
      JMP LYF
      ISZ LYP
      ISZ LYCNT
      JMP LY1
      CLA                ALL EMPTY: D AND M
      STA LD
      STA LD+1
      STA LD+2
      STA LD+3
      STA LM
      STA LM+1
      STA LM+2
      STA LM+3
      LDA LYOFF
      STA LYP
      LDA LYNK
      CMA,INA
      STA LYKC
LY2   LDA LYP,I
      ADA LAYP
      STA LYX
      ADA WOFF
      LDB 0,I            THE CELL'S WORD OF D
      LDA LYX
      ADA MOFF
      LDA 0,I            ITS BIT
      STA LYMK
      IOR 1,I
      STA 1,I
      LDA LYKC
      SZA,RSS
      JMP LY3
      ISZ LYKC
      NOP
      ADB K4             A KEY: ALSO IN M (LM = LD+4)
      LDA LYMK
      IOR 1,I
      STA 1,I
LY3   ISZ LYP
      ISZ LYC2
      JMP LY2
      CLA,INA
      JMP LAY,I
LYF   CLA
      JMP LAY,I
*
* RECRD: RECORD THE PATTERN JUST LAID BETWEEN BLOCKS SBP AND SBQ
RECRD NOP
      LDA SBP
      STA RCA
      LDB SBQ
      STB RCB
      CMA,INA
      ADA RCB
      SSA,RSS
      JMP RC1
      LDA SBQ            A < B
      STA RCA
      LDA SBP
      STA RCB
RC1   LDA LYFUL
      SZA
      JMP RCFUL
      LDA RCA
      ALF,ALF
      IOR RCB
      STA RCAB
      LDA RCA            HASH OF THE PAIR
      ALF
      ADA RCB
      AND K127
      ADA .HH
      STA RCH
      CLA
      STA RCKC
      LDA RCH,I
RC2   SZA,RSS
      JMP RC5
      STA RCY
      INA
      LDB 0,I
      CPB RCAB
      JMP RC3
RC2N  LDA RCY,I
      JMP RC2
*                        THE SAME PAIR: THE SAME CARRIER?
RC3   LDA RCY
      ADA K2
      STA RCT
      LDA RCT,I
      CPA LD
      RSS
      JMP RC4
      ISZ RCT
      LDA RCT,I
      CPA LD+1
      RSS
      JMP RC4
      ISZ RCT
      LDA RCT,I
      CPA LD+2
      RSS
      JMP RC4
      ISZ RCT
      LDA RCT,I
      CPA LD+3
      RSS
      JMP RC4
      ISZ RCT            YES: UNITE THE KEYS
      LDA RCT,I
      IOR LM
      STA RCT,I
      ISZ RCT
      LDA RCT,I
      IOR LM+1
      STA RCT,I
      ISZ RCT
      LDA RCT,I
      IOR LM+2
      STA RCT,I
      ISZ RCT
      LDA RCT,I
      IOR LM+3
      STA RCT,I
      JMP RECRD,I
*                        ANOTHER CARRIER: DISJOINT?
RC4   LDA RCKC
      SZA
      JMP RC2N
      LDA RCY
      ADA K2
      STA RCT
      LDA RCT,I
      AND LD
      SZA
      JMP RC2N
      ISZ RCT
      LDA RCT,I
      AND LD+1
      SZA
      JMP RC2N
      ISZ RCT
      LDA RCT,I
      AND LD+2
      SZA
      JMP RC2N
      ISZ RCT
      LDA RCT,I
      AND LD+3
      SZA
      JMP RC2N
      LDA K1
      STA RCKC
      JMP RC2N
*                        A NEW RECORD
RC5   LDA NL
      CPA KNLMX
      JMP RCOVF
      LDA RCH,I
      SZA
      JMP RC6
      LDA NHU            A CHAIN IN USE
      ADA .HUSD
      LDB RCH
      STB 0,I
      ISZ NHU
      CLA
RC6   LDB LFREE
      STA 1,I
      STB RCH,I
      INB
      LDA RCAB
      STA 1,I
      INB
      LDA LD
      STA 1,I
      INB
      LDA LD+1
      STA 1,I
      INB
      LDA LD+2
      STA 1,I
      INB
      LDA LD+3
      STA 1,I
      INB
      LDA LM
      STA 1,I
      INB
      LDA LM+1
      STA 1,I
      INB
      LDA LM+2
      STA 1,I
      INB
      LDA LM+3
      STA 1,I
      INB
      STB LFREE
      ISZ NL
      LDA RCB            A -> B: ONE + 5A + B/16, BIT B AND 15
      LDB RCA
      JSB RCBIT
      LDA RCA            B -> A
      LDB RCB
      JSB RCBIT
      LDA RCKC
      SZA,RSS
      JMP RECRD,I
RCFUL LDA RCA
      LDB RCB
      JSB .CONN,I
      JMP RECRD,I
RCOVF ISZ NOVF
      NOP
      JMP RECRD,I
*
* RCBIT: SET BIT A IN ROW B OF ONE
RCBIT NOP
      STA RCT
      ARS,ARS
      ARS,ARS
      ADA .ONE
      STA RCW
      LDA 1
      ALS,ALS
      ADA 1
      ADA RCW
      STA RCW
      LDA RCT
      AND K15
      ADA .MASK
      LDA 0,I
      IOR RCW,I
      STA RCW,I
      JMP RCBIT,I
*
* CONN: A <-> B IN THE DIRECT RELATION CONN0
CONN  NOP
      STA CNA
      STB CNB
      LDA .CON0
      STA BTBAS
      LDA CNA
      LDB CNB
      JSB .BITA,I
      STA CNT2
      AND 1,I
      SZA
      JMP CONN,I
      LDA CNT2
      IOR 1,I
      STA 1,I
      LDA CNB
      LDB CNA
      JSB .BITA,I
      IOR 1,I
      STA 1,I
      ISZ NCL
      JMP CONN,I
*
* BITA: A = ROW, B = COLUMN OF THE RELATION AT BTBAS: B = ADDRESS OF
* THE WORD, A = THE BIT
BITA  NOP
      STB BTC
      STA BTR
      ALS,ALS
      ADA BTR
      ADA BTBAS
      STA BTW
      LDA BTC
      ARS,ARS
      ARS,ARS
      ADA BTW
      STA BTW
      LDA BTC
      AND K15
      ADA .MASK
      LDA 0,I
      LDB BTW
      JMP BITA,I
*
* TST5: A = 5-WORD SET, B = MEMBER: A = NONZERO IF B IS IN THE SET
TST5  NOP
      STA T5S
      LDA 1
      ARS,ARS
      ARS,ARS
      ADA T5S
      STA T5S
      LDA 1
      AND K15
      ADA .MASK
      LDA 0,I
      AND T5S,I
      JMP TST5,I
*
* OR5: THE 5-WORD SET AT ORP INTO THE SET AT ORQ
OR5   NOP
      LDA ORP,I
      IOR ORQ,I
      STA ORQ,I
      ISZ ORP
      ISZ ORQ
      LDA ORP,I
      IOR ORQ,I
      STA ORQ,I
      ISZ ORP
      ISZ ORQ
      LDA ORP,I
      IOR ORQ,I
      STA ORQ,I
      ISZ ORP
      ISZ ORQ
      LDA ORP,I
      IOR ORQ,I
      STA ORQ,I
      ISZ ORP
      ISZ ORQ
      LDA ORP,I
      IOR ORQ,I
      STA ORQ,I
      JMP OR5,I
*
* ROW5: A = THE 5-WORD ROW A OF THE RELATION AT B
ROW5  NOP
      STA R5T
      ALS,ALS
      ADA R5T
      ADA 1
      JMP ROW5,I
*
* THREE: THE THREE-BLOCK RULE I): A <-> BB AND BB -> C GIVE A -> C,
* ONE PASS OVER THE DIRECT RELATIONS (ONE0, CONN0)
THREE NOP
      LDA NCL
      SZA,RSS
      JMP THREE,I
      LDA NB             ONE0 = ONE
      ALS,ALS
      ADA NB
      CMA,INA
      STA TBCNT
      LDA .ONE
      STA ORP
      LDA .ONE0
      STA ORQ
TB0   LDA ORP,I
      STA ORQ,I
      ISZ ORP
      ISZ ORQ
      ISZ TBCNT
      JMP TB0
      CLA
      STA TBA
*                        EVERY A, EVERY BB IN CONN0(A)
TB1   LDA TBA
      LDB .CON0
      JSB .ROW5,I
      STA TBRW
      LDA KM5
      STA TBK
      CLA
      STA TBWB
TB2   LDA TBWB
      STA TBB
      LDA TBRW,I
      STA TBW
TB3   LDA TBW
      SZA,RSS
      JMP TB5
      CLE,ERA
      STA TBW
      SEZ,RSS
      JMP TB4
      JSB TBAPP          A <-> BB
TB4   ISZ TBB
      JMP TB3
TB5   LDA TBWB           NEXT WORD
      ADA K16
      STA TBWB
      ISZ TBRW
      ISZ TBK
      JMP TB2
      ISZ TBA
      LDA TBA
      CPA NB
      RSS
      JMP TB1
      JMP THREE,I
*                        APPLY THE RULE TO A = TBA, BB = TBB
TBAPP NOP
      LDA TBB            ONE(A) = ONE(A) OR ONE0(BB), LESS A
      LDB .ONE0
      JSB .ROW5,I
      STA ORP
      STA TBO
      LDA TBA
      LDB .ONE
      JSB .ROW5,I
      STA ORQ
      JSB .OR5,I
      LDA .ONE
      STA BTBAS
      LDA TBA
      LDB TBA
      JSB .BITA,I
      STA TBAM           THE BIT OF A
      CMA
      AND 1,I
      STA 1,I
      LDA TBA            ONE + THE WORD OF A
      ARS,ARS
      ARS,ARS
      ADA .ONE
      STA TBAW
      CLA                EVERY C IN ONE0(BB), C NOT A: C -> A
      STA TBCB
      LDA KM5
      STA TBK2
TBP1  LDA TBCB
      STA TBC
      LDA TBO,I
      STA TBW2
TBP2  LDA TBW2
      SZA,RSS
      JMP TBP4
      CLE,ERA
      STA TBW2
      SEZ,RSS
      JMP TBP3
      LDA TBC
      CPA TBA
      JMP TBP3
      ALS,ALS
      ADA TBC
      ADA TBAW
      STA TBT
      LDA TBT,I
      IOR TBAM
      STA TBT,I
TBP3  ISZ TBC
      JMP TBP2
TBP4  LDA TBCB
      ADA K16
      STA TBCB
      ISZ TBO
      ISZ TBK2
      JMP TBP1
      JMP TBAPP,I
*
* COMPS: TAMURA'S RULE: THE CLASSES OF THE DIRECT FULL RELATION
* CONN0 (ITS TRANSITIVE CLOSURE), COMP(X) = A REPRESENTATIVE
COMPS NOP
      CLA
      STA CPX
CP1   LDA CPX
      LDB CPX
      ADB .PAR
      STA 1,I
      ISZ CPX
      LDA CPX
      CPA NB
      RSS
      JMP CP1
      LDA NCL
      SZA,RSS
      JMP CP7
      CLA
      STA CPX
CP2   LDA CPX
      LDB .CON0
      JSB .ROW5,I
      STA CPRW
      LDA KM5
      STA CPCNT
      CLA
      STA CPKB
CP3   LDA CPKB
      STA CPK
      LDA CPRW,I
      STA CPW
CP4   LDA CPW
      SZA,RSS
      JMP CP6
      CLE,ERA
      STA CPW
      SEZ,RSS
      JMP CP5
      LDA CPX            UNITE THE CLASSES OF X AND K
      JSB .FIND,I
      STA CPRA
      LDA CPK
      JSB .FIND,I
      CPA CPRA
      JMP CP5
      LDB CPRA
      ADB .PAR
      STA 1,I
CP5   ISZ CPK
      JMP CP4
CP6   LDA CPKB
      ADA K16
      STA CPKB
      ISZ CPRW
      ISZ CPCNT
      JMP CP3
      ISZ CPX
      LDA CPX
      CPA NB
      RSS
      JMP CP2
CP7   CLA                COMP(X) = THE ROOT OF X
      STA CPX
CP8   LDA CPX
      JSB .FIND,I
      LDB CPX
      ADB .COMP
      STA 1,I
      ISZ CPX
      LDA CPX
      CPA NB
      RSS
      JMP CP8
      JMP COMPS,I
*
* FIND: THE ROOT OF A
FIND  NOP
FD1   STA FDX
      ADA .PAR
      LDA 0,I
      CPA FDX
      JMP FIND,I
      JMP FD1
*
* JOIN: A = 1 IF THE EDGES OF SIDE A ARE IN ONE CLASS, ELSE 0
JOIN  NOP
      SSA
      JMP JN1
      LDA EBLK
      LDB EBLK+1
      JMP JN2
JN1   LDA EBLK+2
      LDB EBLK+3
JN2   CPA 1
      JMP JN3
      ADA .COMP
      LDA 0,I
      ADB .COMP
      LDB 1,I
      CPA 1
      JMP JN3
      CLA
      JMP JOIN,I
JN3   CLA,INA
      JMP JOIN,I
*
* CLASS: THE SETS O, L, I OF EACH EDGE (PAPER 3(5)) AS DISTANCES:
* DIST(E,X) = 0 (O), 1 (L), 2 (I) OR 3
*   O: THE CLASS OF THE EDGE'S BLOCK;
*   L: THE BLOCKS ONE MOVE FROM O, WITH THEIR CLASSES, LESS O;
*   I: THE BLOCKS ONE MOVE FROM L, LESS O AND L.
CLASS NOP
      CLA
      STA CLEV
      LDA .DIST
      STA CLDR
CL1   LDA CLEV           CT = COMP(EBLK(E))
      ADA .EBLK
      LDA 0,I
      ADA .COMP
      LDA 0,I
      STA CLCT
      LDA .TSET
      LDB KM5
      JSB .CLR,I
*                        O, AND THE BLOCKS ONE MOVE FROM O
      CLA
      STA CLX
CL2   LDA CLX
      ADA .COMP
      LDA 0,I
      CLB
      CPA CLCT
      JMP CL2A
      LDB K3
      JMP CL2B
CL2A  LDA CLX
      LDB .ONE
      JSB .ROW5,I
      STA ORP
      LDA .TSET
      STA ORQ
      JSB .OR5,I
      CLB
CL2B  LDA CLX
      ADA CLDR
      STB 0,I
      ISZ CLX
      LDA CLX
      CPA NB
      RSS
      JMP CL2
*                        THEIR CLASSES
      LDA .CMRK
      LDB NB
      CMB,INB
      JSB .CLR,I
      CLA
      STA CLX
CL3   LDA .TSET
      LDB CLX
      JSB .TST5,I
      SZA,RSS
      JMP CL3A
      LDA CLX
      ADA .COMP
      LDA 0,I
      ADA .CMRK
      LDB K1
      STB 0,I
CL3A  ISZ CLX
      LDA CLX
      CPA NB
      RSS
      JMP CL3
*                        L = THOSE CLASSES LESS O
      CLA
      STA CLX
CL4   LDA CLX
      ADA CLDR
      LDB 0,I
      SZB,RSS
      JMP CL4A
      STA CLP
      LDA CLX
      ADA .COMP
      LDA 0,I
      ADA .CMRK
      LDA 0,I
      SZA,RSS
      JMP CL4A
      LDB K1
      STB CLP,I
CL4A  ISZ CLX
      LDA CLX
      CPA NB
      RSS
      JMP CL4
*                        I = ONE MOVE FROM L, LESS O AND L
      LDA .TSET
      LDB KM5
      JSB .CLR,I
      CLA
      STA CLX
CL5   LDA CLX
      ADA CLDR
      LDA 0,I
      CPA K1
      RSS
      JMP CL5A
      LDA CLX
      LDB .ONE
      JSB .ROW5,I
      STA ORP
      LDA .TSET
      STA ORQ
      JSB .OR5,I
CL5A  ISZ CLX
      LDA CLX
      CPA NB
      RSS
      JMP CL5
      CLA
      STA CLX
CL6   LDA CLX
      ADA CLDR
      STA CLP
      LDA CLP,I
      CPA K3
      RSS
      JMP CL6A
      LDA .TSET
      LDB CLX
      JSB .TST5,I
      SZA,RSS
      JMP CL6A
      LDA K2
      STA CLP,I
CL6A  ISZ CLX
      LDA CLX
      CPA NB
      RSS
      JMP CL6
*                        NEXT EDGE
      LDA CLDR
      ADA K68
      STA CLDR
      ISZ CLEV
      LDA CLEV
      CPA K4
      RSS
      JMP CL1
      JMP CLASS,I
*
* CAT: THE CATEGORY (1-5) OF THE PAIR OF BLOCKS EVA, EVB OF SIDE
* EVS, OR 0 (NONE): 1 + D(A) + D(B) FROM ONE EDGE TO THE OTHER, THE
* SMALLER OF THE TWO ORDERS (CHOICE DISTANCESUM)
CAT   NOP
      LDA .DIST
      LDB EVS
      SSB
      ADA K136
      STA CTR1           DIST ROW OF THE SIDE'S FIRST EDGE
      ADA K68
      STA CTR2           AND OF ITS SECOND
      LDA EVA
      LDB EVB
      JSB CAT1
      STA CTC1
      LDA EVB
      LDB EVA
      JSB CAT1
      LDB CTC1
      SZB,RSS
      JMP CAT,I          ONLY THE SECOND (OR NONE)
      SZA,RSS
      JMP CTB            ONLY THE FIRST
      STA CTC2           THE SMALLER
      CMA,INA
      ADA 1
      SSA
      JMP CTB
      LDA CTC2
      JMP CAT,I
CTB   LDA 1
      JMP CAT,I
*                        A FROM THE FIRST EDGE, B FROM THE SECOND
CAT1  NOP
      ADA CTR1
      LDA 0,I
      STA CTD1
      ADB CTR2
      LDB 1,I
      LDA CTD1
      ADA KM3
      SSA,RSS
      JMP CT0
      LDA 1
      ADA KM3
      SSA,RSS
      JMP CT0
      LDA CTD1
      ADA 1
      INA
      STA CTD1
      ADA KM6
      SSA,RSS
      JMP CT0
      LDA CTD1
      JMP CAT1,I
CT0   CLA
      JMP CAT1,I
*
* EVAL: THE EVALUATION TABLE OF VIEW A (0 = L1, NHEX'S; 1 = L2, THE
* OPPONENT'S) IN LH/LL, PAPER 3(6)-(7): EVERY EMPTY CELL OF EVERY
* ONE-MOVE CONNECTION GETS THE VALUE OF ITS PAIR'S CATEGORY (KEY,
* OWN OR INTRUSION), THEN THE CENTRE BONUS.
EVAL  NOP
      STA EVW
      LDA .LL
      LDB KM128
      JSB .CLR,I
      LDA NL
      SZA,RSS
      JMP EV9
      CMA,INA
      STA EVCNT
      LDA .LNK
      STA EVP
EV1   LDA EVP
      INA
      LDA 0,I
      STA EVB
      ALF,ALF
      AND K377
      STA EVA
      LDA EVB
      AND K377
      STA EVB
      LDA EVA
      ADA .BSID
      LDA 0,I
      STA EVS
      JSB .CAT,I
      SZA,RSS
      JMP EV8            NO CATEGORY
      ADA KM1
      STA EVK
      ADA .VKEY
      LDA 0,I
      STA EVKEY
      LDA EVS            OWN VALUE FOR NHEX'S PAIRS IN L1 AND THE
      SSA                OPPONENT'S IN L2, INTRUSION OTHERWISE
      JMP EV2
      LDA EVW
      SZA
      JMP EV3I
      JMP EV3O
EV2   LDA EVW
      SZA
      JMP EV3O
EV3I  LDA EVK
      ADA .VINT
      JMP EV3
EV3O  LDA EVK
      ADA .VOWN
EV3   LDA 0,I
      STA EVOWN
      LDA EVP
      ADA K2
      STA EVDP           D, THEN M 4 WORDS LATER
      CLA
      STA EVWB
      LDA KM4
      STA EVWC
EV4   LDA EVWB
      STA EVC
      LDA EVDP,I
      STA EVDW
      LDA EVDP
      ADA K4
      LDA 0,I
      STA EVMW
EV5   LDA EVDW
      SZA,RSS
      JMP EV7
      CLE,ERA
      STA EVDW
      SEZ,RSS
      JMP EV6
      LDA EVMW
      LDB EVOWN
      SLA
      LDB EVKEY
      JSB .ADDL,I
EV6   LDA EVMW
      RAR
      STA EVMW
      ISZ EVC
      JMP EV5
EV7   LDA EVWB           NEXT WORD
      ADA K16
      STA EVWB
      ISZ EVDP
      ISZ EVWC
      JMP EV4
EV8   LDA EVP
      ADA KLREC
      STA EVP
      ISZ EVCNT
      JMP EV1
EV9   JSB .CNTR,I
      JMP EVAL,I
      IFN
      ORG 6000B          PAGE 3
      XIF
*
* TOP: THE A EMPTY CELLS WITH THE LARGEST VALUES, BEST FIRST, TIES
* IN CELL ORDER: TPN CELLS IN TC, VALUES IN TH/TL
TOP   NOP
      STA TOPK
      CLA
      STA TPN
      STA TPC
TP1   LDA TPC
      ADA .CM
      LDA 0,I
      LDA 0,I
      SZA
      JMP TP9            OCCUPIED
      LDA TPC
      ADA .LH
      LDA 0,I
      STA TPH
      LDA TPC
      ADA .LL
      LDA 0,I
      STA TPL
      CLA                THE FIRST SLOT IT BEATS
      STA TPPOS
TP2   LDA TPPOS
      CPA TPN
      JMP TP4
      ADA .TH
      LDA 0,I
      CMA,INA
      ADA TPH
      SZA
      JMP TP3
      LDA TPPOS
      ADA .TL
      LDA 0,I
      CMA,INA
      ADA TPL
TP3   SZA,RSS
      JMP TP3N           EQUAL: NOT GREATER
      SSA,RSS
      JMP TP4            GREATER
TP3N  ISZ TPPOS
      JMP TP2
TP4   LDA TPPOS          A PLACE IN THE FIRST TOPK?
      CMA,INA
      ADA TOPK
      SZA,RSS
      JMP TP9
      SSA
      JMP TP9
      LDA TPN            MOVE SLOTS DOWN: I = MIN(TPN, TOPK-1)
      LDB TOPK
      ADB KM1
      CMB,INB
      ADB 0
      SSB,RSS
      LDA TOPK
      SSB,RSS
      ADA KM1
      STA TPI
TP5   LDA TPI
      CPA TPPOS
      JMP TP6
      ADA KM1
      STA TPI
      ADA .TC
      LDB 0,I
      INA
      STB 0,I
      LDA TPI
      ADA .TH
      LDB 0,I
      INA
      STB 0,I
      LDA TPI
      ADA .TL
      LDB 0,I
      INA
      STB 0,I
      JMP TP5
TP6   LDA TPPOS
      ADA .TC
      LDB TPC
      STB 0,I
      LDA TPPOS
      ADA .TH
      LDB TPH
      STB 0,I
      LDA TPPOS
      ADA .TL
      LDB TPL
      STB 0,I
      LDA TPN
      CPA TOPK
      RSS
      ISZ TPN
TP9   ISZ TPC
      LDA TPC
      CPA K64
      RSS
      JMP TP1
      JMP TOP,I
*
* CHOOS: NHEX'S MOVE FOR POS (PAPER 3(8)): THE FIXED FIRST MOVE
* (4,5) ON THE EMPTY BOARD; OTHERWISE THE THREE BEST CELLS OF L1,
* EACH TRIED BY THE BAR-TYPE LOOK-AHEAD, THE BEST SCORE WINNING
* (TIES TO THE EARLIER CANDIDATE).
CHOOS NOP
      JSB .LODB,I
      CLA
      STA NSCR
      LDA NSTN
      SZA
      JMP CH1
      LDA K35            CELL (4,5)
      STA RMOV
      STA CAND
      LDA K1
      STA NCAN
      CLA
      STA CVHI
      STA CVLO
      JMP CHOOS,I
CH1   JSB .ANAL,I
      CLA
      JSB .EVAL,I
      LDA KCAND
      JSB .TOP,I
      LDA TPN
      STA NCAN
      SZA
      JMP CH2
      CCA                NO EMPTY CELL
      STA RMOV
      JMP CHOOS,I
CH2   CLA                KEEP THE CANDIDATES
      STA CHI
CH2A  LDA CHI
      ADA .TC
      LDB 0,I
      LDA CHI
      ADA .CAND
      STB 0,I
      LDA CHI
      ADA .TH
      LDB 0,I
      LDA CHI
      ADA .CVHI
      STB 0,I
      LDA CHI
      ADA .TL
      LDB 0,I
      LDA CHI
      ADA .CVLO
      STB 0,I
      ISZ CHI
      LDA CHI
      CPA NCAN
      RSS
      JMP CH2A
      CLA
      STA CHI
CH3   LDA CHI
      ADA .CAND
      LDA 0,I
      JSB .LINE,I
      LDB CHI
      ADB .SCOR
      STA 1,I
      ISZ CHI
      LDA CHI
      CPA NCAN
      RSS
      JMP CH3
      LDA NCAN
      STA NSCR
      CLA                THE FIRST BEST SCORE
      STA CHPK
      LDA SCOR
      STA CHBST
      LDA K1
      STA CHI
CH4   LDA CHI
      CPA NCAN
      JMP CH5
      ADA .SCOR
      LDA 0,I
      STA CHT
      CMA,INA
      ADA CHBST          BEST - SCORE < 0: BETTER
      SSA,RSS
      JMP CH4N
      LDA CHT
      STA CHBST
      LDA CHI
      STA CHPK
CH4N  ISZ CHI
      JMP CH4
CH5   LDA CHPK
      ADA .CAND
      LDA 0,I
      STA RMOV
      JMP CHOOS,I
*
* LINE: THE SCORE OF THE BAR-TYPE LINE STARTING WITH NHEX AT CELL A:
* THE OPPONENT PLAYS ITS BEST CELL OF L2 AND NHEX ITS BEST OF L1 IN
* TURN, KPLY (8) PLIES, UNTIL ONE SIDE'S EDGES ARE IN ONE CLASS.
* NHEX JOINED AFTER K PLIES: 1000-K; THE OPPONENT: -1000+K; OPEN: 0.
LINE  NOP
      STA LNC
      CLA
      STA NUNDO
      LDA LNC
      LDB K1
      JSB PLAY
      CLA
      STA LNPLY
LN1   JSB .ANAJ,I
      LDA K1
      JSB .JOIN,I
      SZA
      JMP LNWIN
      CCA
      JSB .JOIN,I
      SZA
      JMP LNLOS
      JSB .THRB,I        THE REST OF THE ANALYSIS
      JSB .CLSS,I
      LDA LNPLY          EVEN PLY: THE OPPONENT, L2
      AND K1
      XOR K1
      JSB .EVAL,I
      LDA K1
      JSB .TOP,I
      LDA TPN
      SZA,RSS
      JMP LNOPN          THE BOARD IS FULL
      LDA LNPLY
      AND K1
      CCB
      SZA
      LDB K1
      LDA TC
      JSB PLAY
      ISZ LNPLY
      LDA LNPLY
      CPA KPLY
      RSS
      JMP LN1
      JSB .ANAJ,I
      LDA K1
      JSB .JOIN,I
      SZA
      JMP LNWIN
      CCA
      JSB .JOIN,I
      SZA
      JMP LNLOS
LNOPN CLA
      JMP LNEND
LNWIN LDA LNPLY
      CMA,INA
      ADA KWIN
      JMP LNEND
LNLOS LDA KWIN
      CMA,INA
      ADA LNPLY
LNEND STA LNR
      LDA NUNDO          TAKE THE LINE'S STONES BACK
      SZA,RSS
      JMP LNE2
      CMA,INA
      STA LNCNT
      LDA .UNDO
      STA LNP
LNE1  LDA LNP,I
      CLB
      STB 0,I
      ISZ LNP
      ISZ LNCNT
      JMP LNE1
LNE2  LDA LNR
      JMP LINE,I
*
* PLAY: STONE OF SIDE B ON CELL A, REMEMBERED FOR LINE'S UNDO
PLAY  NOP
      ADA .CM
      LDA 0,I
      STB 0,I
      LDB NUNDO
      ADB .UNDO
      STA 1,I
      ISZ NUNDO
      JMP PLAY,I
*
* WIN: THE ANNOUNCEMENT TEST FOR SIDE WSID ON POS (CHOICE SIMPLE): A
* COMPLETED CHAIN, OR AN EDGE-TO-EDGE CHAIN OF BLOCKS JOINED BY
* BRIDGES (TWO ONE-CELL CONNECTIONS OF ONE PAIR OF BLOCKS, EDGES
* INCLUDED) WHOSE CARRIERS ARE PAIRWISE DISJOINT.  WRES = 1 OR 0.
WIN   NOP
      JSB .LODB,I
      JSB .BLCK,I
      JSB .LNKS,I
      LDA WSID
      STA WNS
      SSA
      JMP WN1
      LDA EBLK
      LDB EBLK+1
      JMP WN2
WN1   LDA EBLK+2
      LDB EBLK+3
WN2   STA WNFRM
      STB WNTO
      CPA 1
      JMP WNYES          A COMPLETED CHAIN
*                        THE SIDE'S ONE-CELL CONNECTIONS
      CLA
      STA NONES
      LDA NL
      SZA,RSS
      JMP WNNO
      CMA,INA
      STA WNCNT
      LDA .LNK
      STA WNP
WN3   LDA WNP
      INA
      LDA 0,I
      ALF,ALF
      AND K377
      ADA .BSID
      LDA 0,I
      CPA WNS
      RSS
      JMP WN5
      CLA                ONE CELL: ONE WORD NONZERO, ONE BIT
      STA WNNZ
      LDA WNP
      ADA K2
      STA WNT
      LDA KM4
      STA WNK
WN4   LDA WNT,I
      SZA,RSS
      JMP WN4N
      ISZ WNNZ
      ADA KM1
      AND WNT,I
      SZA
      JMP WN5            TWO BITS OR MORE
WN4N  ISZ WNT
      ISZ WNK
      JMP WN4
      LDA WNNZ
      CPA K1
      RSS
      JMP WN5
      LDA NONES          KEEP IT, SORTED BY PAIR
      STA WNI
WN4A  LDA WNI
      SZA,RSS
      JMP WN4C
      ADA KM1
      ADA .ONES
      LDB 0,I            THE ONE BEFORE
      INB
      LDB 1,I
      STB WNT
      LDB WNP
      INB
      LDB 1,I
      CMB,INB
      ADB WNT            ITS PAIR - OURS
      SSB
      JMP WN4C
      SZB,RSS
      JMP WN4C
      LDB 0,I            MOVE IT UP
      INA
      STB 0,I
      LDA WNI
      ADA KM1
      STA WNI
      JMP WN4A
WN4C  LDA WNI
      ADA .ONES
      LDB WNP
      STB 0,I
      ISZ NONES
WN5   LDA WNP
      ADA KLREC
      STA WNP
      ISZ WNCNT
      JMP WN3
      JSB .DFS,I
      SZA
      JMP WNYES
WNNO  CLA
      STA WRES
      JMP WIN,I
WNYES CLA,INA
      STA WRES
      JMP WIN,I
*
* DFS: IS THERE A PATH OF BRIDGES FROM WNFRM TO WNTO THROUGH
* DISTINCT BLOCKS WITH DISJOINT CARRIERS?  EVERY PATH IS TRIED (AN
* EXPLICIT STACK: DAT, DI, DJ, AND THE BRIDGE DBX/DBY THAT LED TO
* EACH FRAME).  A = 1 OR 0.
DFS   NOP
      LDA .SEEN
      LDB KM5
      JSB .CLR,I
      LDA .USED
      LDB KM4
      JSB .CLR,I
      LDA WNFRM
      JSB SETSN
      CLA
      STA DSP
      LDA WNFRM
      STA .DAT,I
      CLA
      STA .DI,I
      STA .DJ,I
DF1   LDA DSP            THE TOP FRAME
      ADA .DAT
      LDA 0,I
      STA DFAT
      CPA WNTO
      JMP DFYES
      LDA DSP
      ADA .DI
      LDA 0,I
      STA DFI
      LDA DSP
      ADA .DJ
      LDA 0,I
      STA DFJ
DF2   LDA DFI            NEXT I
      CPA NONES
      JMP DFPOP
      ADA .ONES
      LDA 0,I
      STA DFX
      INA
      LDA 0,I
      STA DFAB
      ALF,ALF
      AND K377
      CPA DFAT
      JMP DF3A
      LDA DFAB
      AND K377
      CPA DFAT
      JMP DF3B
DF2N  ISZ DFI
      CLA
      STA DFJ
      JMP DF2
DF3A  LDA DFAB           AT IS A: NEXT IS B
      AND K377
      JMP DF3C
DF3B  LDA DFAB           AT IS B: NEXT IS A
      ALF,ALF
      AND K377
DF3C  STA DFNX
      LDA .SEEN
      LDB DFNX
      JSB .TST5,I
      SZA
      JMP DF2N           NEXT ALREADY ON THE PATH
      LDA DFJ
      SZA
      JMP DF4
      LDA DFI
      INA
      STA DFJ
DF4   LDA DFJ            NEXT J OF THE SAME PAIR
      CPA NONES
      JMP DF2N
      ADA .ONES
      LDA 0,I
      STA DFY
      INA
      LDA 0,I
      CPA DFAB
      RSS
      JMP DF2N
      LDA DFX            CARRIERS FREE?
      JSB DFFRE
      JMP DF4N
      LDA DFY
      JSB DFFRE
      JMP DF4N
*                        FOUND: SAVE I, J+1 AND GO DOWN
      LDA DSP
      ADA .DI
      LDB DFI
      STB 0,I
      LDA DSP
      ADA .DJ
      LDB DFJ
      INB
      STB 0,I
      LDA DFX
      JSB DFUSE
      LDA DFY
      JSB DFUSE
      LDA DFNX
      JSB SETSN
      ISZ DSP
      LDA DSP
      ADA .DAT
      LDB DFNX
      STB 0,I
      LDA DSP
      ADA .DI
      CLB
      STB 0,I
      LDA DSP
      ADA .DJ
      STB 0,I
      LDA DSP
      ADA .DBX
      LDB DFX
      STB 0,I
      LDA DSP
      ADA .DBY
      LDB DFY
      STB 0,I
      JMP DF1
DF4N  ISZ DFJ
      JMP DF4
*                        NO MORE BRIDGES: BACK UP
DFPOP LDA DSP
      SZA,RSS
      JMP DFNO
      ADA .DBX
      LDA 0,I
      JSB DFREL
      LDA DSP
      ADA .DBY
      LDA 0,I
      JSB DFREL
      LDA DFAT           TAKE AT OFF THE PATH
      JSB CLRSN
      LDA DSP
      ADA KM1
      STA DSP
      JMP DF1
DFYES CLA,INA
      JMP DFS,I
DFNO  CLA
      JMP DFS,I
*
* SETSN, CLRSN: PUT BLOCK A ON THE PATH, TAKE IT OFF
SETSN NOP
      LDB .SEEN
      JSB SNBIT
      IOR 1,I
      STA 1,I
      JMP SETSN,I
CLRSN NOP
      LDB .SEEN
      JSB SNBIT
      CMA
      AND 1,I
      STA 1,I
      JMP CLRSN,I
SNBIT NOP
      STA SNX
      ARS,ARS
      ARS,ARS
      ADB 0
      LDA SNX
      AND K15
      ADA .MASK
      LDA 0,I
      JMP SNBIT,I
*
* DFFRE: P+2 IF THE CARRIER OF CONNECTION A MEETS NO USED CELL
DFFRE NOP
      ADA K2
      STA DFT
      LDA .USED
      STA DFU
      LDA KM4
      STA DFK
DFF1  LDA DFT,I
      AND DFU,I
      SZA
      JMP DFFRE,I
      ISZ DFT
      ISZ DFU
      ISZ DFK
      JMP DFF1
      ISZ DFFRE
      JMP DFFRE,I
*
* DFUSE, DFREL: MARK THE CARRIER OF CONNECTION A USED, FREE IT
DFUSE NOP
      ADA K2
      STA DFT
      LDA .USED
      STA DFU
      LDA KM4
      STA DFK
DFU1  LDA DFT,I
      IOR DFU,I
      STA DFU,I
      ISZ DFT
      ISZ DFU
      ISZ DFK
      JMP DFU1
      JMP DFUSE,I
DFREL NOP
      ADA K2
      STA DFT
      LDA .USED
      STA DFU
      LDA KM4
      STA DFK
DFR1  LDA DFT,I
      CMA
      AND DFU,I
      STA DFU,I
      ISZ DFT
      ISZ DFU
      ISZ DFK
      JMP DFR1
      JMP DFREL,I
*
* ADDL: ADD B TO THE VALUE OF CELL EVC (LH*32768+LL)
ADDL  NOP
      STB EVV
      LDA EVC
      ADA .LL
      STA EVAD
      LDA EVAD,I
      ADA EVV
      SSA,RSS
      JMP AD1
      AND K7777
      STA EVAD,I
      LDA EVAD
      ADA K64
      STA EVAD
      ISZ EVAD,I
      NOP
      JMP ADDL,I
AD1   STA EVAD,I
      JMP ADDL,I
*
* CENTR: THE CENTRE BONUS (CHOICE HEX1): AN EMPTY CELL WHOSE SIX
* NEIGHBOURS ARE ON THE BOARD AND EMPTY GETS CBONP, EACH NEIGHBOUR
* CBONR
CENTR NOP
      CLA
      STA CNC
CN1   LDA CNC
      ADA .CM
      LDA 0,I
      STA CNX
      LDA 0,I
      SZA
      JMP CN4
      LDA CNX            THE SIX NEIGHBOURS (NBOF)
      INA
      LDA 0,I
      SZA
      JMP CN4
      LDA CNX
      ADA K33
      LDA 0,I
      SZA
      JMP CN4
      LDA CNX
      ADA K32
      LDA 0,I
      SZA
      JMP CN4
      LDA CNX
      ADA KM1
      LDA 0,I
      SZA
      JMP CN4
      LDA CNX
      ADA KM33
      LDA 0,I
      SZA
      JMP CN4
      LDA CNX
      ADA KM32
      LDA 0,I
      SZA
      JMP CN4
      LDA CNC
      STA EVC
      LDB .CBP,I
      JSB .ADDL,I
      LDA KM6
      STA CNCNT
      LDA .NBOF
      STA CNDP
CN3   LDA CNDP,I
      ADA CNX
      ADA IOFF
      LDA 0,I
      STA EVC
      LDB .CBR,I
      JSB .ADDL,I
      ISZ CNDP
      ISZ CNCNT
      JMP CN3
CN4   ISZ CNC
      LDA CNC
      CPA K64
      RSS
      JMP CN1
      JMP CENTR,I
*
*
* THE MESSAGES (THE LOGS' SPELLING)
MHAJI DEC 16
      ASC 8,HEX O HAJIMEMASU
MKEY  DEC 28
      ASC 14,2-KETA NO KAZU O KEY-IN SEYO
MSENT DEC 29
      ASC 15,SENTE WA? ANATA=00 WATASHI=99
MWTE  DEC 14
      ASC 7,WATASHI NO TE
MANA  DEC 15
      ASC 8,ANATA NO TE WA?
MWKA  DEC 17
      ASC 9,WATASHI NO KACHI!
MAKA  DEC 15
      ASC 8,?ANATA NO KACHI
MSURU DEC 26
      ASC 13,MOICHIDO SURU=00 SHINAI=99
MTADA DEC 30
      ASC 15,MOICHIDO TADASHIKU KEY-IN SEYO
MSOKO DEC 27
      ASC 14,SOKO WA SUDENI UTARETE IMAS
