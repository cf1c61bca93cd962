#!/usr/bin/env bash
# Mutation testing with seeded bugs: each tests/mutants/NAME.patch is a realistic bug (its
# first lines say in which crate and what it breaks, and, as `args:`, any more arguments its
# crate's `cargo test` needs). Each is applied alone to the work tree,
# the tests of its crate are built, then run, and the patch is taken back out; a bug that no
# test of its own crate fails has survived. The result, with the time the crate's tests took
# to fail (the build not counted), is printed as a table for docs/testing.md ("Mutation
# testing").
#
#   tests/mutants.sh            # every seeded bug
#   tests/mutants.sh NAME...    # some of them
#
# The files a patch touches must have no uncommitted change (the script refuses otherwise),
# and the patch is taken out again however the run ends. Exit status 1 when a bug survived.
set -euo pipefail
cd "$(dirname "$0")/.."

names=("$@")
if [ ${#names[@]} -eq 0 ]; then
  for p in tests/mutants/*.patch; do names+=("$(basename "$p" .patch)"); done
fi

applied=
undo() { [ -z "$applied" ] || git apply -R "$applied"; applied=; }
trap undo EXIT INT TERM

log=$(mktemp)
survived=0
printf '| seeded bug | crate | result | time to fail | first failing test |\n|---|---|---|---|---|\n'
for name in "${names[@]}"; do
  patch="tests/mutants/$name.patch"
  crate=$(sed -n 's/^crate: //p' "$patch" | head -1)
  read -r -a args <<<"$(sed -n 's/^args: //p' "$patch" | head -1)"
  files=$(git apply --numstat "$patch" | cut -f3)
  # shellcheck disable=SC2086
  if ! git diff --quiet -- $files; then
    echo "mutants: $name: uncommitted changes in $files; commit or stash them first" >&2
    exit 2
  fi
  if ! git apply --check "$patch" 2>/dev/null; then
    printf '| %s | %s | does not apply (the code moved: renew the patch) | | |\n' "$name" "$crate"
    continue
  fi
  git apply "$patch"
  applied=$patch
  if ! cargo test --release -q -p "$crate" "${args[@]}" --no-run >"$log" 2>&1; then
    printf '| %s | %s | caught by the compiler | | |\n' "$name" "$crate"
    undo
    continue
  fi
  start=$(date +%s.%N)
  if timeout 1200 cargo test --release -q -p "$crate" "${args[@]}" >"$log" 2>&1; then
    result=SURVIVED
    took=
    first=
    survived=$((survived + 1))
  else
    result=caught
    took=$(echo "$(date +%s.%N) - $start" | bc | xargs printf '%.1f s')
    first=$(grep -m1 -E '^test .* FAILED$|^---- .* stdout ----$' "$log" |
      sed -E 's/^test (.*) \.\.\. FAILED$/\1/; s/^---- (.*) stdout ----$/\1/; s/ +$//')
    binary=$(grep -m1 -oE -- '--test [a-z_0-9]+|--lib' "$log" || true)
    first="$first${binary:+ ($binary)}"
  fi
  undo
  printf '| %s | %s | %s | %s | %s |\n' "$name" "$crate" "$result" "$took" "$first"
done
rm -f "$log"
[ "$survived" -eq 0 ]
