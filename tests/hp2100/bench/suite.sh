#!/usr/bin/env bash
# The HP 2100A benchmark suite (tests/hp2100/bench/README.md): each workload's do-files run
# here (`retro hp2100 script`, release build) and, when Open SIMH 4's hp2100 is found, there
# too, as whole processes in alternating pairs, each run in a fresh scratch folder; the medians
# of wall and cpu time, SIMH's over ours, and our 2100A time per workload (measured once, with
# `show time` in place of each do-file's `exit`) with the host time per 2100A second.
#
#   tests/hp2100/bench/suite.sh [PAIRS]        (3 pairs after one warm-up run each)
#
# SIMH_HP2100 names Open SIMH 4's hp2100 (default: hp2100 on PATH, if it is SIMH 4: Debian's
# SIMH 3.8 has no send, expect or go until); HP2100_SOFTWARE_DIR HP's software (default
# ../shared/hp2100-software beside the checkout).
set -euo pipefail
cd "$(dirname "$0")/../../.."
pairs=${1:-3}
sw=${HP2100_SOFTWARE_DIR:-../shared/hp2100-software}
[ -d "$sw/dos-m" ] || { echo "suite: no HP software in $sw (set HP2100_SOFTWARE_DIR)"; exit 2; }
sw=$(cd "$sw" && pwd)
cargo build --release -q -p retro
retro=$PWD/target/release/retro
simh=${SIMH_HP2100:-$(command -v hp2100 || true)}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The version is asked with a do-file that exits: SIMH 3.8 reading an empty standard input
# prompts for ever, so the check must not wait on it (and is bounded besides).
printf 'exit\n' >"$work/version.do"
simh_version() { timeout 10 "$simh" "$work/version.do" </dev/null 2>&1 | tr -d '\r' | head -3; }
if [ -n "$simh" ] && ! simh_version | grep -q " V4\."; then
  echo "suite: $simh is not Open SIMH 4: ours only"
  simh=
fi
bench=tests/hp2100/bench
"$retro" hex tam-source -o "$work/tam.txt" >/dev/null
for f in nhex-tape nhex nhex-init nhex-eng nhex-tables nhex-data; do
  cat "asm/hp2100/$f.asm"
done | tr -d '\r' | sed 's/$/\r/' >"$work/nhex-src.txt"
head -c 100 /dev/zero >>"$work/nhex-src.txt"

# The workloads: a name, then do-files with their arguments, run in order in one scratch
# folder @D (@S is HP's software folder); each do-file is one process.
workloads=(
  "cpu-loop|$bench/cpu-loop.do"
  "basic|tests/hp2100/basic-prepare.do @S @D;$bench/basic-compute.do @D"
  "asmb-nhex|$bench/asmb-nhex.do @S @D"
  "dosm-job|tests/hp2100/dosm-gen.do @S @D;$bench/dosm-job.do @S @D"
  "dosm-tam|tests/hp2100/dosm-gen.do @S @D;tests/hp2100/dosm-tam.do @S @D;$bench/dosm-tam-game.do @S @D"
  "dosm-full|$bench/dosm-full-gen.do @S @D;$bench/dosm-job.do @S @D"
)
# SIMH loses the first characters of the equipment table's answer with the larger module set
# (README): that workload is ours alone.
ours_only="dosm-full"

# run SIM STEPS DIR: the workload's do-files, one process each; prints "wall cpu".
run() {
  local sim=$1 steps=$2 dir=$3 t0 t1 cpu=0 step
  rm -rf "$dir" && mkdir -p "$dir" && cp "$work/tam.txt" "$work/nhex-src.txt" "$dir/"
  t0=$(date +%s.%N)
  IFS=';' read -ra list <<<"$steps"
  for step in "${list[@]}"; do
    step=${step//@S/$sw}
    step=${step//@D/$dir}
    # shellcheck disable=SC2086
    /usr/bin/time -f "%U %S" -o "$dir/.time" $sim $step </dev/null >"$dir/.out" 2>&1 ||
      { echo "suite: $sim $step failed:" >&2; tail -5 "$dir/.out" >&2; exit 1; }
    cpu=$(awk -v c="$cpu" '{print c + $1 + $2}' "$dir/.time")
  done
  t1=$(date +%s.%N)
  awk -v a="$t0" -v b="$t1" -v c="$cpu" 'BEGIN {printf "%.3f %.3f\n", b - a, c}'
}

# The 2100A seconds of our run: each do-file again with `show time` for its `exit`.
emulated() {
  local steps=$1 dir=$2 total=0 step file rest
  rm -rf "$dir" && mkdir -p "$dir" && cp "$work/tam.txt" "$work/nhex-src.txt" "$dir/"
  IFS=';' read -ra list <<<"$steps"
  for step in "${list[@]}"; do
    step=${step//@S/$sw}
    step=${step//@D/$dir}
    file=${step%% *}
    rest=${step#"$file"}
    sed 's/^exit$/show time/' "$file" >"$dir/.timed.do"
    # shellcheck disable=SC2086
    "$retro" hp2100 script "$dir/.timed.do" $rest </dev/null >"$dir/.out" 2>&1
    total=$(grep -o '[0-9.]* s of 2100A time' "$dir/.out" | tail -1 |
      awk -v t="$total" '{print t + $1}')
  done
  echo "$total"
}

median() { sort -g | awk '{v[NR] = $1} END {print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }

echo "HP 2100A suite: $pairs pairs, $(date -u +%Y-%m-%d), $(nproc) cores; ours $(git rev-parse --short HEAD)"
[ -n "$simh" ] && echo "SIMH: $simh ($(simh_version | grep -o 'V4[^ ]*' | head -1))"
printf "%-10s %10s %10s %10s %10s %8s %12s %14s\n" workload "ours wall" "ours cpu" "SIMH wall" "SIMH cpu" "SIMH/us" "2100A s" "host s/2100A s"
for w in "${workloads[@]}"; do
  name=${w%%|*}
  steps=${w#*|}
  sim_here="$retro hp2100 script"
  sim_there=$simh
  [[ " $ours_only " == *" $name "* ]] && sim_there=
  run "$sim_here" "$steps" "$work/d" >/dev/null
  [ -n "$sim_there" ] && run "$sim_there" "$steps" "$work/d" >/dev/null
  : >"$work/ours" && : >"$work/theirs"
  for _ in $(seq "$pairs"); do
    run "$sim_here" "$steps" "$work/d" >>"$work/ours"
    [ -n "$sim_there" ] && run "$sim_there" "$steps" "$work/d" >>"$work/theirs"
  done
  ow=$(cut -d' ' -f1 "$work/ours" | median)
  oc=$(cut -d' ' -f2 "$work/ours" | median)
  if [ -n "$sim_there" ]; then
    sw_=$(cut -d' ' -f1 "$work/theirs" | median)
    sc=$(cut -d' ' -f2 "$work/theirs" | median)
    ratio=$(awk -v a="$sw_" -v b="$ow" 'BEGIN {printf "%.1f", a / b}')
  else
    sw_=- sc=- ratio=-
  fi
  em=$(emulated "$steps" "$work/d")
  per=$(awk -v w="$ow" -v e="$em" 'BEGIN {printf "%.6f", (e > 0) ? w / e : 0}')
  printf "%-10s %10s %10s %10s %10s %8s %12.1f %14s\n" "$name" "$ow" "$oc" "$sw_" "$sc" "$ratio" "$em" "$per"
done
