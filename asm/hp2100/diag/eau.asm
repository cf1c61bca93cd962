* EXTENDED ARITHMETIC UNIT SELF-CHECK FOR THE HP 2100A
*
* EXERCISES MPY, DIV, DLD, DST (DIRECT AND INDIRECT) AND THE 32-BIT
* SHIFTS ASL, ASR, LSL, LSR, RRL, RRR OF B:A (DOCS/HP2100A.MD
* SECTION 1.8).
*
* HALTS 102077 WHEN EVERY CHECK PASSES; ANY OTHER HALT CODE NAMES
* THE FAILED CHECK.
*
      ORG 100B
START CLO
*                        MPY: 5 * -3 = -15
      LDA K5
      MPY M3
      CPA M15
      RSS
      HLT 1
      CPB M1
      RSS
      HLT 2
      SOC
      HLT 3
*                        MPY: 200 * 300 = 60000 (B = 0)
      LDA K200
      MPY K300P,I
      CPA K60K
      RSS
      HLT 4
      SZB
      HLT 5
*                        DIV: 100 / 7 = 14 REMAINDER 2
      CLB
      LDA K100
      DIV K7
      CPA K14
      RSS
      HLT 6
      CPB K2
      RSS
      HLT 7
      SOC
      HLT 10B
*                        DIV: -100 / 7 = -14 REMAINDER -2
      LDA K100
      CMA,INA
      CCB
      DIV K7
      CPA M14
      RSS
      HLT 11B
      CPB M2
      RSS
      HLT 12B
*                        DIV OVERFLOW: 65536 / 1 SETS O
      CLO
      CLA
      LDB K1
      DIV K1
      SOS
      HLT 13B
      CLO
*                        DLD, DST
      DLD PAIR1
      CPA PAIR1
      RSS
      HLT 14B
      CPB PAIR1+1
      RSS
      HLT 15B
      DST P2AD,I
      LDA PAIR2
      CPA PAIR1
      RSS
      HLT 16B
      LDA PAIR2+1
      CPA PAIR1+1
      RSS
      HLT 17B
*                        ASL 16: B:A = 0:1 -> 1:0, O = 0
      CLB
      LDA K1
      ASL 16
      SZA
      HLT 20B
      CPB K1
      RSS
      HLT 21B
      SOC
      HLT 22B
*                        ASL 1 LOSING BIT 30 SETS O
      LDB =B040000
      CLA
      ASL 1
      SOS
      HLT 23B
      SZB
      HLT 24B
      CLO
*                        ASR 4 COPIES THE SIGN
      LDB MINN
      CLA
      ASR 4
      CPB =B174000
      RSS
      HLT 25B
      SZA
      HLT 26B
*                        LSL 4, LSR 1
      CLB
      LDA =B170000
      LSL 4
      CPB =B17
      RSS
      HLT 27B
      SZA
      HLT 30B
      LDB K1
      CLA
      LSR 1
      CPA MINN
      RSS
      HLT 31B
      SZB
      HLT 32B
*                        RRL 8, RRR 1
      LDB =B377
      LDA =B177400
      RRL 8
      CPB M1
      RSS
      HLT 33B
      SZA
      HLT 34B
      CLB
      LDA K1
      RRR 1
      CPB MINN
      RSS
      HLT 35B
      SZA
      HLT 36B
*                        NO EAU SHIFT TOUCHES E
      CCE
      LDA K1
      RRL 16
      SEZ,RSS
      HLT 37B
      HLT 77B            ALL CHECKS PASSED
      JMP START
*
K1    DEC 1
K2    DEC 2
K5    DEC 5
K7    DEC 7
K14   DEC 14
K100  DEC 100
K200  DEC 200
K300  DEC 300
K60K  OCT 165140
M1    DEC -1
M2    DEC -2
M3    DEC -3
M14   DEC -14
M15   DEC -15
MINN  OCT 100000
K300P DEF K300
PAIR1 OCT 123456,076543
PAIR2 BSS 2
P2AD  DEF PAIR2
      END START
