* ---------------------------------------------------------------
* NHEX START-UP: THE MAILBOX AND THE EXPANSION OF THE PATTERN TABLE
* ---------------------------------------------------------------
*
* THE BOARD IS KEPT IN A MAILBOX OF 24 ROWS OF 32 WORDS (MB): CELL
* (U,V) IS WORD 32*(V+7)+U+7, SO A NEIGHBOUR IS A FIXED OFFSET AWAY
* (NBOF) AND EVERY PATTERN CELL WITHIN 7 ROWS AND COLUMNS OF A BOARD
* CELL IS INSIDE THE MAILBOX.  WORDS OFF THE BOARD HOLD 2, EMPTY
* CELLS 0, STONES 1 (NHEX) AND -1 (THE OPPONENT).
*
* THE GENERATED TABLE (PTAB) HOLDS ONE REPRESENTATIVE PER CLASS OF
* PATTERNS.  INIT LAYS EACH ONE OUT IN EVERY ORIENTATION THE ENGINE
* USES, AS MAILBOX OFFSETS FROM THE ANCHOR STONE P:
*   CELL-CELL: THE 6 ROTATIONS (A,B) -> (A-B,A), CHAINED BY THE
*     OFFSET OF Q FROM P (DTAB, -7..7 IN EACH COORDINATE);
*   CELL-EDGE: THE 4 EDGES (ETURN), CHAINED BY EDGE AND ROW OF P
*     (ETAB, 8 ROWS PER EDGE).
* A PLACEMENT WITH A CELL MORE THAN 7 ROWS OR COLUMNS FROM P CAN
* NEVER LIE ON THE 8X8 BOARD AND IS LEFT OUT.
* PLACEMENT RECORD: NEXT, N CELLS, N KEYS, FULL (0/1), THE OFFSET OF
* THE CELL FARTHEST FROM P (TESTED FIRST: FAR CELLS ARE THE ONES
* MOST OFTEN OFF THE BOARD), N OFFSETS (KEYS FIRST).
*
INIT  NOP
*                        THE MAILBOX: ALL OFF THE BOARD
      LDA .MB
      STA INA1
      LDA KM24
      STA INCNT
IN1   LDA K2
      LDB KM32
      STB INV
IN2   STA INA1,I
      ISZ INA1
      ISZ INV
      JMP IN2
      ISZ INCNT
      JMP IN1
*                        CM, THE PER-CELL TABLES, EMPTY CELLS
      CLA
      STA INC
      LDA .CM
      STA INA2
IN3   LDA INC            U-1 = C AND 7, V-1 = C/8
      AND K7
      STA INU
      LDA INC
      ARS,ARS
      ARS
      ALF                32*(V-1)
      ALS
      ADA INU
      ADA .MB
      ADA K264
      STA INA2,I         CM(C) = X
      STA INA1
      CLB
      STB INA1,I         EMPTY
      LDB INC
      LDA INA1
      ADA IOFF
      STB 0,I            CELL NUMBER
      LDA INC
      ARS,ARS
      ARS,ARS
      ADA .LD
      LDB INA1
      ADB WOFF
      STA 1,I            ADDRESS OF ITS WORD IN LD
      LDA INC
      AND K15
      ADA .MASK
      LDA 0,I
      LDB INA1
      ADB MOFF
      STA 1,I            ITS BIT
      ISZ INA2
      ISZ INC
      LDA INC
      CPA K64
      RSS
      JMP IN3
*                        THE CELLS NEXT TO EACH EDGE, K = 1..8
      CLA
      STA INK
IN4   LDA INK            TOP (K,1): C = K-1
      STA INC
      LDB .ECEL
      JSB INEC
      LDA INK            BOTTOM (K,8): C = 56+K-1
      ADA K56
      STA INC
      LDB .ECEL
      ADB K8
      JSB INEC
      LDA INK            LEFT (1,K): C = 8(K-1)
      ALS,ALS
      ALS
      STA INC
      LDB .ECEL
      ADB K16
      JSB INEC
      LDA INK            RIGHT (8,K): C = 8(K-1)+7
      ALS,ALS
      ALS
      ADA K7
      STA INC
      LDB .ECEL
      ADB K24
      JSB INEC
      ISZ INK
      LDA INK
      CPA K8
      RSS
      JMP IN4
*                        EMPTY CHAINS
      LDA .HH
      LDB KM128
      JSB .CLR,I
      CLA
      STA NHU
      LDA .DTAB
      LDB KM463
      JSB .CLR,I
      LDA .ETAB
      LDB KM32
      JSB .CLR,I
      LDA .PLA
      STA PLAE
*                        EVERY RECORD OF THE PATTERN TABLE
      LDA .PTAB
      STA INREC
IN5   LDA INREC,I
      SZA,RSS
      JMP IN9            THE ZERO WORD ENDS THE TABLE
      STA INHD
      CLB
      SSA
      INB
      STB INFUL          BIT 15: FULL CONNECTION
      RAL
      CLB
      SSA
      INB
      STB INEDG          BIT 14: CELL-EDGE
      LDA INHD
      ALF,ALF
      AND K77
      STA INND           BITS 13-8: CELLS
      LDA INHD
      AND K377
      STA INNM           BITS 7-0: KEYS
      LDA INREC
      INA
      LDB 0,I
      STB INW2
      INA
      STA INBP           THE OFFSET BYTES
      LDA INEDG
      SZA
      JMP IN7
*                        CELL-CELL: 6 ROTATIONS
      LDA INW2           Q-P: SIGNED BYTES
      ALF,ALF
      AND K377
      JSB SXB
      STA INQA
      LDA INW2
      AND K377
      JSB SXB
      STA INQB
      CLA
      STA INROT
IN6   LDA INQA
      STA ROA
      LDA INQB
      STA ROB
      LDA INROT
      JSB .ROT,I
      JSB INFAR
      JMP IN6N           Q TOO FAR: NEVER ON THE BOARD
      LDA ROB            THE DELTA IN THE MAILBOX
      ALS,ALS            32*B (SIGNED)
      ALS,ALS
      ALS
      ADA ROA
      STA INQ
      CLA
      STA INSH           NO ROW SHIFT
      LDA INROT
      STA INK
      JSB INPL           LAY OUT THE CELLS
      JMP IN6N           A CELL TOO FAR
      LDA INQ            CHAIN IT UNDER DTAB(DELTA)
      ADA .DTC
      STA INA1
      LDB INA1,I
      STB INLST,I
      LDB INLST
      STB INA1,I
IN6N  ISZ INROT
      LDA INROT
      CPA K6
      RSS
      JMP IN6
      JMP IN8
*                        CELL-EDGE: ROW R OF P, 4 EDGES
IN7   LDA INW2
      ADA KM1
      STA INSH           B SHIFT: -(R-1)
      CMA,INA
      STA INSH
      LDA INW2
      SZA,RSS
      JMP IN8            ROW 0: NEVER A STONE'S ROW
      ADA KM9
      SSA,RSS
      JMP IN8            ROW 9 OR MORE
      CLA
      STA INE
IN7A  LDA INE
      ADA .ETRN
      LDA 0,I
      STA INK            THE EDGE'S TURN
      JSB INPL
      JMP IN7N
      LDA INE            CHAIN UNDER ETAB(8*E+R-1)
      ALS,ALS
      ALS
      ADA INW2
      ADA KM1
      ADA .ETAB
      STA INA1
      LDB INA1,I
      STB INLST,I
      LDB INLST
      STB INA1,I
IN7N  ISZ INE
      LDA INE
      CPA K4
      RSS
      JMP IN7A
*                        NEXT RECORD: 2 + (N+1)/2 WORDS
IN8   LDA INND
      INA
      ARS
      ADA K2
      ADA INREC
      STA INREC
      JMP IN5
IN9   LDA K1
      STA INITD
      JMP INIT,I
*
* INEC: ECELL(B) = CM(INC)
INEC  NOP
      LDA INC
      ADA .CM
      LDA 0,I
      ADB INK
      STA 1,I
      JMP INEC,I
*
* SXB: SIGN-EXTEND THE BYTE IN A
SXB   NOP
      LDB 0
      ADB KM128
      SSB,RSS
      ADA KM256
      JMP SXB,I
*
* SXN: SIGN-EXTEND THE 4-BIT NUMBER IN A
SXN   NOP
      LDB 0
      ADB KM8
      SSB,RSS
      ADA KM16
      JMP SXN,I
*
* INFAR: RETURN TO P+1 IF ROA OR ROB IS OUTSIDE -7..7, ELSE P+2
INFAR NOP
      LDA ROA
      JSB INF1
      JMP INFAR,I
      LDA ROB
      JSB INF1
      JMP INFAR,I
      ISZ INFAR
      JMP INFAR,I
INF1  NOP
      SSA
      CMA,INA
      ADA KM8
      SSA
      ISZ INF1
      JMP INF1,I
*
* INPL: LAY OUT THE CURRENT RECORD'S CELLS AT PLAE, EACH (A,B+INSH)
* TURNED INK TIMES.  RETURNS TO P+1 IF A CELL IS TOO FAR (NOTHING
* KEPT), TO P+2 WITH INLST = THE NEW RECORD (NOT YET CHAINED).
INPL  NOP
      LDA PLAE           ROOM FOR 5 + N WORDS?
      ADA K5
      ADA INND
      CMA,INA
      ADA .PLAX
      SSA
      HLT 10B            THE EXPANSION AREA IS FULL
      LDA PLAE
      STA INLST
      ADA K1
      LDB INND
      STB 0,I
      INA
      LDB INNM
      STB 0,I
      INA
      LDB INFUL
      STB 0,I
      INA
      INA
      STA INA2           WHERE THE OFFSETS GO
      CLA
      STA INI
      CCA
      STA INFD           THE FARTHEST SO FAR
INP1  LDA INI
      CPA INND
      JMP INP3
      ARS                BYTE INI: WORD INI/2, HIGH BYTE IF EVEN
      ADA INBP
      LDA 0,I
      LDB INI
      SLB,RSS
      ALF,ALF
      AND K377
      STA INBY
      ALF,ALF            0 = HIGH 4 BITS
      ALF
      AND K15
      JSB SXN
      STA ROA
      LDA INBY
      AND K15
      JSB SXN
      ADA INSH
      STA ROB
      LDA INK
      JSB .ROT,I
      JSB INFAR
      JMP INPL,I         TOO FAR: NOTHING KEPT
      LDA ROB
      ALS,ALS            32*B (SIGNED)
      ALS,ALS
      ALS
      ADA ROA
      STA INA2,I
      LDA ROA            HEX DISTANCE MAX(|A|,|B|,|A-B|)
      JSB ABS
      STA INDS
      LDA ROB
      JSB ABS
      JSB INMAX
      LDA ROB
      CMA,INA
      ADA ROA
      JSB ABS
      JSB INMAX
      LDA INFD           FARTHER THAN THE FARTHEST SO FAR?
      CMA,INA
      ADA INDS
      SSA
      JMP INP2
      SZA,RSS
      JMP INP2
      LDA INDS
      STA INFD
      LDA INA2,I
      STA INFO
INP2  ISZ INA2
      ISZ INI
      JMP INP1
INP3  LDA INLST          THE CELL TO TEST FIRST
      ADA K4
      LDB INFO
      STB 0,I
      LDA INA2
      STA PLAE
      ISZ INPL
      JMP INPL,I
*
* ABS: |A|
ABS   NOP
      SSA
      CMA,INA
      JMP ABS,I
*
* INMAX: INDS = MAX(INDS, A)
INMAX NOP
      CMA,INA
      ADA INDS
      SSA,RSS
      JMP INMAX,I
      CMA,INA
      ADA INDS
      STA INDS
      JMP INMAX,I
*
* ROT: TURN (ROA,ROB) BY A TIMES 60 DEGREES: (A,B) -> (A-B,A)
ROT   NOP
      CMA,INA
      STA ROK
      SZA,RSS
      JMP ROT,I
ROT1  LDA ROB
      CMA,INA
      ADA ROA
      LDB ROA
      STB ROB
      STA ROA
      ISZ ROK
      JMP ROT1
      JMP ROT,I
