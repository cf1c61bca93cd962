* SHIFT/ROTATE GROUP SELF-CHECK FOR THE HP 2100A
*
* EXERCISES ALS ARS RAL RAR ALR ERA ELA ALF AND THE B FORMS, THE
* ORDER SHIFT, CLE, SLX TEST, SHIFT, AND THE DISABLED ERX/ELX
* FIELDS THAT STILL SET E (DOCS/HP2100A.MD SECTION 1.4).
*
* HALTS 102077 WHEN EVERY CHECK PASSES; ANY OTHER HALT CODE NAMES
* THE FAILED CHECK.
*
      ORG 100B
START CLE
*                        ALS KEEPS THE SIGN, LOSES BIT 14
      LDA =B140001
      ALS
      CPA =B100002
      RSS
      HLT 1
*                        ARS COPIES THE SIGN
      ARS
      CPA =B140001
      RSS
      HLT 2
*                        RAL, RAR
      LDA =B100001
      RAL
      CPA K3
      RSS
      HLT 3
      RAR
      CPA =B100001
      RSS
      HLT 4
*                        ALR CLEARS THE SIGN AFTER THE SHIFT
      LDA =B040001
      ALR
      CPA K2
      RSS
      HLT 5
*                        ERA: E INTO BIT 15, BIT 0 INTO E
      CCE
      LDA K2
      ERA
      CPA =B100001
      RSS
      HLT 6
      SEZ
      HLT 7
*                        ELA: E INTO BIT 0, BIT 15 INTO E
      CCE
      LDA MINN
      ELA
      CPA K1
      RSS
      HLT 10B
      SEZ,RSS
      HLT 11B
*                        ALF, ALF,ALF
      LDA =B170000
      ALF
      CPA =B17
      RSS
      HLT 12B
      LDA =B011064
      ALF,ALF
      CPA =B032022
      RSS
      HLT 13B
*                        CLE,ERA: CLE COMES FIRST
      CCE
      LDA K3
      CLE,ERA
      CPA K1
      RSS
      HLT 14B
      SEZ,RSS
      HLT 15B
*                        SLA,RAR: TEST, THEN ROTATE
      LDA K2
      SLA,RAR
      HLT 16B
      CPA K1
      RSS
      HLT 17B
*                        RAR,SLA: ROTATE, THEN TEST
      LDA K3
      RAR,SLA
      RSS
      HLT 20B
      CPA =B100001
      RSS
      HLT 21B
*                        RAL,RAL
      LDA =B140000
      RAL,RAL
      CPA K3
      RSS
      HLT 22B
*                        DISABLED ELA FIELD STILL COPIES BIT 15 INTO E
      CLE
      LDA MINN
      OCT 000600
      SEZ,RSS
      HLT 23B
      CPA MINN
      RSS
      HLT 24B
*                        DISABLED ERA FIELD STILL COPIES BIT 0 INTO E
      CLE
      LDA K1
      OCT 000500
      SEZ,RSS
      HLT 25B
      CPA K1
      RSS
      HLT 26B
*                        B FORMS
      LDB =B140001
      BLS
      CPB =B100002
      RSS
      HLT 27B
      BRS
      CPB =B140001
      RSS
      HLT 30B
      LDB =B100001
      RBL
      CPB K3
      RSS
      HLT 31B
      RBR
      CPB =B100001
      RSS
      HLT 32B
      LDB =B040001
      BLR
      CPB K2
      RSS
      HLT 33B
      CLE
      LDB K1
      ERB
      SEZ,RSS
      HLT 34B
      SZB
      HLT 35B
      ELB
      CPB K1
      RSS
      HLT 36B
      LDB =B170000
      BLF
      CPB =B17
      RSS
      HLT 37B
*                        SLB,RBR AND CLE ALONE
      LDB K2
      SLB,RBR
      HLT 40B
      CCE
      CLE
      SEZ
      HLT 41B
      HLT 77B            ALL CHECKS PASSED
      JMP START
*
K1    DEC 1
K2    DEC 2
K3    DEC 3
MINN  OCT 100000
      END START
