; HP's Prepare configures HP BASIC for a 16K 2100A (teleprinter 11, photoreader 10, punch 12)
; and punches it. SIMH 4: hp2100 prepare.do SOFTWARE-DIR CONFIGURED-TAPE
set cpu 2100
set cpu 16K
attach ptr %1/basic/prepare.abs
boot ptr
attach ptr %1/basic/hpbasic.abs
boot ptr
detach ptr
attach ptp -n %2
deposit S 11
expect "PHOTO READER I/O ADDRESS?" send "10\r"; continue
expect "PUNCH I/O ADDRESS?" send "12\r"; continue
expect "SYSTEM DUMP I/O ADDRESS?" send "12\r"; continue
expect "CORE SIZE?" send "16\r"; continue
go 2
detach ptp
exit
