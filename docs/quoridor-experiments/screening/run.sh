#!/usr/bin/env bash
# The screening of the dynamic threshold's unstated choices (docs/quoridor-experiments.md,
# protocol step 2): three cells, each reading changed one at a time from the base, 200 games a
# cell at 10 000 playouts, seed 1. Resumable: run it again to finish what a stop left.
#   usage: run.sh RETRO OUT_DIR POLICY [VARIANT...]
# CELLS (default: all three) chooses cells by their d, e.g. CELLS="d=0.08 d=0.16".
set -euo pipefail
retro=$1 out=$2 policy=$3
shift 3
variants=("$@")
[ ${#variants[@]} -gt 0 ] || variants=(base start=carry tie=loss tie=win opening=kind \
  cut=none formula=printed reversal=back)
mkdir -p "$out"
for v in "${variants[@]}"; do
  ucb="playouts=10000,policy=$policy"
  dt="" opening=legal
  case $v in
    base) ;;
    start=*|tie=*|reversal=*) dt=",$v" ;;
    cut=*|formula=*) ucb="$ucb,$v" ;;
    opening=*) opening=${v#opening=} ;;
  esac
  for cell in "d=0.005 ucb" "d=0.08 ucb" "d=0.16 ab2"; do
    set -- $cell
    [[ " ${CELLS:-d=0.005 d=0.08 d=0.16} " == *" $1 "* ]] || continue
    b=$2
    [ "$b" = ucb ] && b="ucb:$ucb"
    "$retro" quoridor match "ucb-dt:$1,n=10$dt,$ucb" "$b" --games 200 --seed 1 \
      --opening "$opening" --quiet --resume --results "$out/$v.$1.vs-$2.jsonl" |
      awk '/^records/ { skip = 1; next } skip && /^$/ { skip = 0; next } !skip' \
        >"$out/$v.$1.vs-$2.txt"
  done
done
# The floor of the d = 0.16 column: plain UCB against ab2 at the same budget.
"$retro" quoridor match "ucb:playouts=10000,policy=$policy" ab2 --games 200 --seed 1 --quiet \
  --resume --results "$out/plain-ucb.vs-ab2.jsonl" |
  awk '/^records/ { skip = 1; next } skip && /^$/ { skip = 0; next } !skip' \
    >"$out/plain-ucb.vs-ab2.txt"
