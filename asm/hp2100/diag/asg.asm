* ALTER/SKIP GROUP SELF-CHECK FOR THE HP 2100A
*
* EXERCISES CLA CMA CCA CLB CMB CCB CLE CME CCE SEZ SSA SSB SLA
* SLB INA INB SZA SZB RSS AND THEIR COMBINATIONS, IN THE ORDER
* THE MACHINE APPLIES THEM (DOCS/HP2100A.MD SECTION 1.5).
*
* HALTS 102077 WHEN EVERY CHECK PASSES; ANY OTHER HALT CODE NAMES
* THE FAILED CHECK.
*
      ORG 100B
START CLO
*                        CLA, CMA, CCA
      LDA K5
      CLA
      SZA
      HLT 1
      CMA                0 -> 177777
      CPA M1
      RSS
      HLT 2
      CLA
      CCA
      CPA M1
      RSS
      HLT 3
*                        CLB, CMB, CCB
      LDB K5
      CLB
      SZB
      HLT 4
      CMB
      CPB M1
      RSS
      HLT 5
      CLB
      CCB
      CPB M1
      RSS
      HLT 6
*                        E: CCE, CLE, CME, SEZ
      CCE
      SEZ,RSS            SKIP IF E = 1
      HLT 7
      CLE
      SEZ                SKIP IF E = 0
      HLT 10B
      CME
      SEZ,RSS
      HLT 11B
      CME
      SEZ
      HLT 12B
*                        SEZ TESTS E BEFORE CLE CHANGES IT
      CCE
      SEZ,CLE            E = 1: NO SKIP, THEN E = 0
      RSS
      HLT 13B
      SEZ
      HLT 14B
*                        SSA, SLA
      LDA K5
      SSA                POSITIVE: SKIP
      HLT 15B
      SLA                ODD: NO SKIP
      RSS
      HLT 16B
      LDA MINN
      SSA,RSS            NEGATIVE: SKIP
      HLT 17B
      SLA                EVEN: SKIP
      HLT 20B
*                        SSB, SLB
      LDB MINN
      SSB
      RSS
      HLT 21B
      SLB,RSS            EVEN: NO SKIP
      RSS
      HLT 22B
*                        INA: WRAP TO 0 SETS E, THEN SZA SEES 0
      CLE
      CCA
      INA,SZA
      HLT 23B
      SEZ,RSS
      HLT 24B
*                        INA: 077777 -> 100000 SETS O
      CLO
      LDA MAXP
      INA
      SOS
      HLT 25B
      CPA MINN
      RSS
      HLT 26B
*                        INB
      CLE
      LDB K5
      INB
      CPB K6
      RSS
      HLT 27B
      SEZ
      HLT 30B
*                        CMA,INA NEGATES
      LDA K5
      CMA,INA
      CPA M5
      RSS
      HLT 31B
*                        SSA IS TESTED BEFORE INA
      LDA M1
      INA,SSA            A WAS NEGATIVE: NO SKIP
      RSS
      HLT 32B
*                        RSS ALONE ALWAYS SKIPS
      RSS
      HLT 33B
*                        SZA,RSS SKIPS IF A IS NOT 0
      LDA K5
      SZA,RSS
      HLT 34B
*                        CMA,INA,SZA,RSS WITH A = 0: NO SKIP
      CLA
      CMA,INA,SZA,RSS
      RSS
      HLT 35B
      SZA
      HLT 36B
*                        SSA,SLA,RSS SKIPS ONLY IF BOTH BITS ARE 1
      LDA =B100001
      SSA,SLA,RSS
      HLT 37B
      LDA MINN
      SSA,SLA,RSS
      RSS
      HLT 40B
      LDA K5
      SSA,SLA,RSS
      RSS
      HLT 41B
*                        CLA,CCE,INA: CLEAR, SET E, ADD ONE
      CLE
      LDA K5
      CLA,CCE,INA
      CPA K1
      RSS
      HLT 42B
      SEZ,RSS
      HLT 43B
      HLT 77B            ALL CHECKS PASSED
      JMP START
*
K1    DEC 1
K5    DEC 5
K6    DEC 6
M1    DEC -1
M5    DEC -5
MAXP  OCT 077777
MINN  OCT 100000
      END START
