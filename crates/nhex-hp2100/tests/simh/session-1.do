; NHEX session 1 (tests/nhex/golden/session-1.txt's typed lines) on Open SIMH's hp2100.
; Usage: hp2100 session-1.do roms/nhex.abs
set cpu 2100
set cpu 16k
attach ptr %1
boot ptr
expect "2-KETA NO KAZU O KEY-IN SEYO" send "77\r"; continue
expect "SENTE WA? ANATA=00 WATASHI=99" send "00\r"; continue
expect "ANATA NO TE WA?" send "065\r"; continue
expect "MOICHIDO TADASHIKU KEY-IN SEYO" send "0900\r"; continue
expect "MOICHIDO TADASHIKU KEY-IN SEYO" send "0504\r"; continue
expect "ANATA NO TE WA?" send "0504\r"; continue
expect "MOICHIDO TADASHIKU KEY-IN SEYO" send "0405\r"; continue
expect "ANATA NO TE WA?" send "0304\r"; continue
expect "ANATA NO TE WA?" send "0202\r"; continue
expect "ANATA NO TE WA?" send "0606\r"; continue
expect "ANATA NO TE WA?" send "0302\r"; continue
expect "ANATA NO TE WA?" send "0401\r"; continue
expect "ANATA NO TE WA?" send "0501\r"; continue
expect "ANATA NO TE WA?" send "0204\r"; continue
expect "ANATA NO TE WA?" send "0206\r"; continue
expect "ANATA NO TE WA?" send "0407\r"; continue
expect "ANATA NO TE WA?" send "0406\r"; continue
expect "ANATA NO TE WA?" send "0605\r"; continue
expect "ANATA NO TE WA?" send "0608\r"; continue
expect "ANATA NO TE WA?" send "0708\r"; continue
expect "ANATA NO TE WA?" send "0808\r"; continue
expect "MOICHIDO SURU=00 SHINAI=99" send "00\r"; continue
expect "SENTE WA? ANATA=00 WATASHI=99" send "99\r"; continue
expect "ANATA NO TE WA?" send "0303\r"; continue
expect "ANATA NO TE WA?" send "0503\r"; continue
expect "ANATA NO TE WA?" send "0301\r"; continue
expect "ANATA NO TE WA?" send "0406\r"; continue
expect "ANATA NO TE WA?" send "0302\r"; continue
expect "ANATA NO TE WA?" send "0304\r"; continue
expect "ANATA NO TE WA?" send "0205\r"; continue
expect "ANATA NO TE WA?" send "0206\r"; continue
expect "ANATA NO TE WA?" send "0401\r"; continue
expect "ANATA NO TE WA?" send "0502\r"; continue
expect "ANATA NO TE WA?" send "0605\r"; continue
expect "ANATA NO TE WA?" send "0505\r"; continue
expect "ANATA NO TE WA?" send "0404\r"; continue
expect "ANATA NO TE WA?" send "0706\r"; continue
expect "ANATA NO TE WA?" send "0707\r"; continue
expect "MOICHIDO SURU=00 SHINAI=99" send "99\r"; continue
go 2
exit
