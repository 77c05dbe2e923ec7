#!/usr/bin/env bash
# Regenerates test/golden/<id>.trace.txt: one traced game per ruleset (seed 7, game 3, the
# default config), which test/engine/kit-conformance.test.ts replays byte for byte. Run it
# after a change that is meant to change how a game plays or reads, and review the diff.
#   scripts/make-golden-traces.sh [ruleset-id ...]      (default: every configs/*/default.json)
#   scripts/make-golden-traces.sh --check [ids]          writes nothing, names each stale one
set -euo pipefail
cd "$(dirname "$0")/.."
check=0
if [ "${1:-}" = "--check" ]; then check=1; shift; fi
ids=("$@")
if [ "${#ids[@]}" -eq 0 ]; then
  for config in configs/*/default.json; do ids+=("$(basename "$(dirname "$config")")"); done
fi
[ -f dist/cli.js ] || { echo "make-golden-traces: dist/cli.js is missing: run \`npm run build\` first" >&2; exit 2; }
mkdir -p test/golden
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
stale=0
for id in "${ids[@]}"; do
  [ -f "configs/$id/default.json" ] || { echo "make-golden-traces: no configs/$id/default.json" >&2; exit 2; }
  node dist/cli.js trace "configs/$id/default.json" --seed 7 --game 3 --out "$tmp/$id" > /dev/null
  if [ "$check" -eq 1 ]; then
    if cmp -s "$tmp/$id/trace.txt" "test/golden/$id.trace.txt"; then echo "make-golden-traces: $id is up to date"
    else echo "make-golden-traces: test/golden/$id.trace.txt is STALE" >&2; stale=$((stale + 1)); fi
  else
    cp "$tmp/$id/trace.txt" "test/golden/$id.trace.txt"
    echo "make-golden-traces: wrote test/golden/$id.trace.txt ($(wc -l < "test/golden/$id.trace.txt") lines)"
  fi
done
[ "$stale" -eq 0 ]
