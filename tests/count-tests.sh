#!/usr/bin/env bash
# The figures of the README's test section, measured: the tests `cargo test --workspace
# --release` runs here, those of them ignored here (a dependency missing, or ignored on
# purpose), the property tests among them (proptest), and the outside dependencies the tests
# require in CI (crate needs). A test whose dependency is missing is listed by `--list
# --ignored` as libtest lists an ignored one (crate needs, harness).
#
#   tests/count-tests.sh
#
# Builds the test binaries if needed (as `cargo test` does), runs none of them.
set -euo pipefail
cd "$(dirname "$0")/.."

list() { cargo test --workspace --release -q "$@" 2>/dev/null | grep -E ': (test|benchmark)$' || true; }
all=$(list -- --list --format=terse | wc -l)
ignored=$(list -- --list --ignored --format=terse | wc -l)

# Property tests: the functions inside `proptest! { ... }` blocks.
properties=$(
  grep -rl --include=*.rs 'proptest!' crates | while read -r f; do
    awk '
      /proptest! *[{(]/ { inside = 1; depth = 0 }
      inside {
        if ($0 ~ /^[[:space:]]*(#\[test\][[:space:]]*)?fn [a-z_0-9]+\(/) n++
        depth += gsub(/[{(]/, "&") - gsub(/[})]/, "&")
        if (depth <= 0 && $0 ~ /[})]/) inside = 0
      }
      END { print n + 0 }' "$f"
  done | paste -sd+ | bc
)
# Doc examples (a fenced block in a doc comment that is not `text`): rustdoc would run them,
# but every library says `doctest = false` (it has none, and rustdoc's empty run per crate
# costs time), so one appearing must be moved into a test or the setting dropped.
examples=$(
  grep -rhE '^\s*//[/!]\s*```' crates/*/src | awk '
    { fence = $0; sub(/^[[:space:]]*\/\/[\/!][[:space:]]*```/, "", fence) }
    !open { open = 1; if (fence != "text") n++; next }
    { open = 0 }
    END { print n + 0 }'
)
if [ "$examples" -gt 0 ]; then
  echo "count-tests.sh: $examples doc example(s), which doctest = false would not run" >&2
  exit 1
fi
needs=$(cargo run --release -q -p needs -- check 2>/dev/null | grep -cE '^[a-z]' || true)

echo "tests:         $all"
echo "ignored here:  $ignored"
echo "properties:    $properties"
echo "doc examples:  $examples"
echo "dependencies:  $needs (required in CI)"
