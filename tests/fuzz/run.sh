#!/bin/sh
# The fuzz loop of crates/retro/tests/fuzz.rs, with many cases and an optimised build:
# random bytes, random lines and mutated good files into every input path of the CLI, each
# run under a time limit; it fails on any panic, crash or hang and names the case's input.
# Deterministic by seed. docs/fuzz.md has the counts of the last run.
#
#   tests/fuzz/run.sh [SEED [CASES]]    defaults: seed 1975, 40 cases per path and kind
#
# Environment: FUZZ_LIMIT (seconds a run may take, default 10), FUZZ_JOBS (runs at once,
# default 2), FUZZ_ONLY (paths whose name contains it), FUZZ_KEEP (keep every case's folder),
# FUZZ_REPORT (the counts table, default $TMPDIR/retro-fuzz-counts.txt).
set -eu
cd "$(dirname "$0")/../.."
export FUZZ_SEED="${1:-1975}"
export FUZZ_CASES="${2:-40}"
export FUZZ_LIMIT="${FUZZ_LIMIT:-10}"
export FUZZ_REPORT="${FUZZ_REPORT:-${TMPDIR:-/tmp}/retro-fuzz-counts.txt}"
cargo test --release -p retro --test fuzz -- --nocapture
echo "counts: $FUZZ_REPORT"
