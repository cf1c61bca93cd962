; do -e: the nested file ends at its first failure; its status is the caller's.
echo === do -e
do -e engine-inner.do
echo back %STATUS% %TSTATUS%
do engine-inner.do
echo back again %STATUS%
echo === set on without actions returns
set on
echo before
bogus
echo not here
