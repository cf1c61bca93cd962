#!/bin/sh
# Record Open SIMH 4's output for each do-file here (see README.md):
#   crates/hp2100/tests/simh4/record.sh /path/to/simh/BIN/hp2100 [NAME...]
set -e
simh=$1; shift
cd "$(dirname "$0")"
names=${*:-$(ls *.do | grep -v -- '-inner\.do$' | sed 's/\.do$//')}
scratch=$(mktemp -d)
for n in $names; do
    "$simh" "$n.do" "$scratch" a2 a3 </dev/null | tail -n +7 | tr -d '\r' \
        | sed 's|^/.*/\([^/]*\.do-[0-9]*> \)|\1|' > "$n.simh4.txt"
done
rm -rf "$scratch"
