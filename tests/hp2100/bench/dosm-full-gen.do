; The benchmark's DOS-M (tests/hp2100/bench/README.md): dosm-gen.do with the larger module
; set of ../shared/hp2100-software/README.md: FORTRAN, the file manager and XREF added to the
; assembler and the loader.
; HP's DOS-M system generator (24225-60001 Rev F) generates DOS-M for a 2100A with 16K words
; (the EAU is standard on the 2100), the time base generator on select code 17, the
; teleprinter on 11, the photoreader on 13, the punch on 20 and a 12557A interface with a
; 2870 disc on 22/23, from HP's relocatable tapes: the operator's dialogue of
; ../shared/hp2100-software/README.md (dos-m/). It runs unchanged on Open SIMH 4's hp2100 and
; on `retro hp2100 script`.
;   %1  the folder of HP's software (with dos-m/tapes/)
;   %2  a scratch folder: the generated system is written to the new disc image %2/dosm.dsk
; The SIO drivers (sio16k11.abs: teleprinter 11, reader 13, punch 20) end a line at LF: each
; answer is sent as CR LF, as typed on the ASR-33.
if "%2"=="" echo usage: do dosm-full-gen.do HP-SOFTWARE-FOLDER SCRATCH-FOLDER; exit 1
if not exist "%1/dos-m/tapes/dsgen.abs" echo dosm-full-gen.do: no %1/dos-m/tapes/dsgen.abs; exit 1
set cpu 2100
set cpu 16K
; The disc transfers by DMA; DOS-M's clock is the time base generator.
set dma1 enabled
set dma2 enabled
set tbg enabled
set tbg sc=17
set ptr sc=13
set ptp sc=20
set dpc 12557A
set dpc sc=22
attach -n -q dpc0 %2/dosm.dsk
; The SIO drivers, then the generator, through the Basic Binary Loader.
attach -q ptr %1/dos-m/tapes/sio16k11.abs
boot ptr
attach -q ptr %1/dos-m/tapes/dsgen.abs
boot ptr
; The first pass (S bit 15 set) initializes the disc and halts (HLT 7).
deposit S 100000
go 100 until "SYS GEN CODE?"
send "0102\r\n"
go until "SYS DISC CHNL?"
send "22\r\n"
go until "SECTORS/TRACK?"
send "12\r\n"
go until "USER DISC SUBCHNL?"
send "0\r\n"
go
; The second pass (S = 0): the whole dialogue.
deposit S 0
go until "SYS GEN CODE?"
send "0102\r\n"
go until "SYS DISC CHNL?"
send "22\r\n"
go until "SECTORS/TRACK?"
send "12\r\n"
go until "SYS DISC SIZE?"
send "200\r\n"
go until "# DRIVES?"
send "1\r\n"
go until "FIRST SYSTEM TRACK?"
send "0\r\n"
go until "FIRST SYSTEM SECTOR?"
send "3\r\n"
go until "SYS DISC SUBCHNL?"
send "0\r\n"
go until "USER DISC SUBCHNL?"
send "0\r\n"
go until "TIME BASE GEN CHNL?"
send "17\r\n"
go until "IS 2114?"
send "NO\r\n"
go until "LWA MEM?"
send "37677\r\n"
go until "ALLOW :SS?"
send "YES\r\n"
go until "PRGM INPT?"
send "PT\r\n"
go until "LIBR INPT?"
send "PT\r\n"
go until "PRAM INPT?"
send "TY\r\n"
; The generator halts (HLT 77) for each tape; RUN reads it and prints *EOT at its end.
go
call module %1 24225-02_DISCM
call module %1 24225-03_EX1
call module %1 24225-03_EX2
call module %1 24225-03_EX3
call module %1 24225-03_EX4
call module %1 24225-03_EX5
call module %1 24225-03_EX6
call module %1 24225-03_EX7
call module %1 24225-03_EX8
call module %1 24225-03_EX9
call module %1 24225-03_EX10
call module %1 24225-03_EX11
call module %1 24225-03_EX12
call module %1 24225-03_EX13
call module %1 24225-03_EX14
call module %1 24225-03_EX15
call module %1 24225-03_EX16
call module %1 24225-03_EX17
call module %1 24225-03_EX18
call module %1 24225-03_EX19
call module %1 24225-03_EX20
call module %1 24225-03_EX_CN
call module %1 24225-03_EX_ADDR
call module %1 24225-03_EX_SRCH
call module %1 24225-03_EX_LBL
call module %1 24225-03_EX_DUMRX
call module %1 24225-04_JOBPR
call module %1 dos/20985-01_DVR00
call module %1 dos/20987-01_DVR01
call module %1 dos/20989-01_DVR02
call module %1 24156-01_DVR31
call module %1 24155-01_LOADR
call module %1 24158-01_ASMB
call module %1 24158-02_AS_DG_D
call module %1 24158-03_AS_SG_1
call module %1 24158-04_AS_SG_2
call module %1 24158-05_AS_SG_3
call module %1 24158-06_AS_SG_4
call module %1 24158-07_AS_SG_5
call module %1 24159-01_FTN
call module %1 24159-02_FTN
call module %1 24159-03_FTN
call module %1 24159-04_FTN
call module %1 24159-05_FTN
call module %1 24227-01_EFMG
call module %1 24227-02_EFMG
call module %1 dos/24223-01_XREF
; S bit 0 ends the program input. The generator lists FORTRAN's and the file manager's
; externals that no module defines (their libraries are not generated here) and goes on.
deposit S 1
go until "ENTER PROG PARAMETERS"
send "/E\r\n"
go until "# SYSTEM LINKS?"
send "400\r\n"
go until "# USER LINKS?"
send "400\r\n"
; The tables take a line an entry; the lines are typed slowly, the generator reading each.
go until "* EQUIPMENT TABLE ENTRY"
send delay=20000 "11,DVR00,R\r\n13,DVR01\r\n20,DVR02\r\n22,DVR31,R,D\r\n/E\r\n"
go until " 1 = EQT #?"
send "1\r\n"
go until " 2 = EQT #?"
send "4\r\n"
go until " 3 = EQT #?"
send "4\r\n"
go until " 4 = EQT #?"
send "3\r\n"
go until " 5 = EQT #?"
send "2\r\n"
go until " 6 = EQT #?"
send "1\r\n"
go until " 7 = EQT #?"
send "0\r\n"
go until " 8 = EQT #?"
send "/E\r\n"
go until "* INTERRUPT TABLE"
send delay=20000 "11,1\r\n13,2\r\n20,3\r\n23,4\r\n/E\r\n"
go until "FWA USER?"
; With this module set the system ends at 12463 (LWA SYS): user programs get 12500-37677.
send "12500\r\n"
go until "*SYSTEM STORED ON DISC"
; The generator halts (HLT 77) with the system on the disc.
go
detach dpc0
exit

; The relocatable tape %1/dos-m/tapes/%2.rel, read at the generator's halt.
:module
attach -q ptr %1/dos-m/tapes/%2.rel
go
return
