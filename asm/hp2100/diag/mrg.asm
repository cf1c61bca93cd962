* MEMORY REFERENCE GROUP SELF-CHECK FOR THE HP 2100A
*
* EXERCISES AND, XOR, IOR, JSB, JMP, ISZ, ADA, ADB, CPA, CPB,
* LDA, LDB, STA, STB: DIRECT, INDIRECT (ALSO THROUGH A AND B AND
* OVER TWO LEVELS), BASE PAGE AND CURRENT PAGE, AND LITERALS;
* E AND O AS THE ADDS SET THEM.
*
* HALTS 102077 WHEN EVERY CHECK PASSES.  ANY OTHER HALT IS A
* FAILURE: THE HALT CODE NAMES THE CHECK (SEE THE LISTING).
*
      ORG 100B
START CLA,CLE
      CLO
*                        LDA, CPA
      LDA K5
      CPA K5             EQUAL: NO SKIP
      RSS
      HLT 1
      CPA K6             DIFFERENT: SKIP
      HLT 2
*                        LDB, CPB
      LDB K6
      CPB K6
      RSS
      HLT 3
      CPB K5
      HLT 4
*                        STA, STB
      LDA K5
      STA TMP
      CLA
      LDA TMP
      CPA K5
      RSS
      HLT 5
      LDB K6
      STB TMP
      CLB
      LDB TMP
      CPB K6
      RSS
      HLT 6
*                        AND, XOR, IOR
      LDA PAT1
      AND PAT2
      CPA ANDR
      RSS
      HLT 7
      LDA PAT1
      XOR PAT2
      CPA XORR
      RSS
      HLT 10B
      LDA PAT1
      IOR PAT2
      CPA IORR
      RSS
      HLT 11B
*                        ADA: NO CARRY, NO OVERFLOW
      LDA K5
      ADA K6
      CPA K11
      RSS
      HLT 12B
      SEZ
      HLT 13B
      SOC
      HLT 14B
*                        ADA: SIGNED OVERFLOW SETS O, NOT E
      LDA MAXP
      ADA K1
      CPA MINN
      RSS
      HLT 15B
      SOS
      HLT 16B
      SEZ
      HLT 17B
*                        ADA: CARRY SETS E, NOT O
      CLO
      LDA M1
      ADA K1
      SZA
      HLT 20B
      SEZ,RSS
      HLT 21B
      SOC
      HLT 22B
*                        AN ADD WITHOUT CARRY LEAVES E SET
      ADA K1
      SEZ,RSS
      HLT 23B
*                        ADB
      CLE
      LDB M1
      ADB K1
      SZB
      HLT 24B
      SEZ,RSS
      HLT 25B
*                        ISZ: NO SKIP, THEN SKIP ON ZERO
      LDA M2
      STA TMP
      ISZ TMP
      JMP *+2
      HLT 26B
      ISZ TMP
      HLT 27B
      LDA TMP
      SZA
      HLT 30B
*                        ISZ A (ADDRESS 0 IS THE A REGISTER)
      LDA M1
      ISZ A
      HLT 31B
      SZA
      HLT 32B
*                        JSB WITH A SKIP RETURN
      JSB SUB
R1    HLT 33B
      LDA SUB
      CPA R1P1
      RSS
      HLT 34B
*                        JMP INDIRECT
      JMP JP,I
      HLT 35B
T1    LDA IND1,I         TWO LEVELS OF INDIRECTION
      CPA K5
      RSS
      HLT 36B
*                        INDIRECT THROUGH B AND THROUGH A
      LDB K5AD
      LDA B,I
      CPA K5
      RSS
      HLT 37B
      LDA K5AD
      LDB A,I
      CPB K5
      RSS
      HLT 40B
*                        STA INDIRECT
      LDA K6
      STA TPTR,I
      LDB TMP
      CPB K6
      RSS
      HLT 41B
*                        A LITERAL
      LDA =D1234
      CPA K1234
      RSS
      HLT 44B
*                        CURRENT-PAGE REFERENCES ON PAGE 1
      JMP P1AD,I
BACK  LDA TMP
      CPA K7
      RSS
      HLT 45B
      HLT 77B            ALL CHECKS PASSED
      JMP START
*
SUB   NOP
      ISZ SUB            SKIP RETURN
      JMP SUB,I
*
K1    DEC 1
K5    DEC 5
K6    DEC 6
K7    DEC 7
K11   DEC 11
K1234 DEC 1234
M1    DEC -1
M2    DEC -2
MAXP  OCT 077777
MINN  OCT 100000
PAT1  OCT 125252
PAT2  OCT 070707
ANDR  OCT 020202
XORR  OCT 155555
IORR  OCT 175757
TMP   NOP
R1P1  DEF R1+1
JP    DEF T1
IND1  DEF IND2,I
IND2  DEF K5
K5AD  DEF K5
TPTR  DEF TMP
P1AD  DEF PAGE1
BKAD  DEF BACK
*
      ORG 2000B
PAGE1 LDA LOCAL          CURRENT PAGE
      CPA LOCAL+1
      RSS
      HLT 42B
      ADA K1             BASE PAGE FROM PAGE 1: 6 + 1
      STA TMP
      LDB LOCAL
      CPB K6
      RSS
      HLT 43B
      JMP BKAD,I
LOCAL DEC 6
      DEC 6
      END START
