; The do-file language: flow, failures, variables (issue items 1-5).
echo === a refused command is reported and the file goes on
echo one
bogus
echo two %STATUS% %TSTATUS%
echo === arguments, shift and percent signs
echo args: %2 [%3]
shift
echo shifted: %2 [%3]
echo 100%% sure, %%1 stays
echo === variables and arithmetic
set env X=5
echo x=%X%
set env -a Y=3+4*2
echo y=%Y%
set env -a W=0x10|3
echo w=%W%
set env -a V=017+1
echo v=%V%
set env S=ABCDEFGHIJ
echo sub=%S:~0,5% tail=%S:~2% last=%S:~-3%
set env X
echo x=[%X%]
echo name=%SIM_NAME%
echo === if and else
if (A==0) echo A is zero; echo and a second action
if (A!=0) echo not this
else echo else runs
deposit A 5
if (A==5) echo A is five
if A==5 echo A is five again
if 1000&4==4 echo not this either
deposit 1000 1004
if 1000&4==4 echo bit 2 of 1000 is set
if not "x"=="y" echo strings differ
if -i "abc"=="ABC" echo folded
if "b">"a" echo b after a
echo === failures set the status
examine 100000
echo status=%STATUS% tstatus=%TSTATUS%
echo status=%STATUS% after a good command
ignore x
echo === on and set on
show on
on error echo ERROR HANDLER
on NXM echo NXM HANDLER
show on
bogus2
echo noon goes on
set on
show on
bogus3
echo after the handler
ignore
proceed
set noon
echo === goto and call
goto skip
echo skipped
:skip
call sub first "second word"
echo back from the call
exit
:sub
echo in sub %1 / %2
return
