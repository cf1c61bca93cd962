; A device's registers (issue item 11).
set cpu 2100
echo === the teleprinter's flip-flops
examine TTY CTL,FLG,FBF
deposit TTY FLG 0
examine TTY FLG
deposit TTY CTL 1
examine TTY CTL,FLG
examine PTR CTL,FLG,FBF
exit
