#!/usr/bin/env bash
# Regenerates the shipped regression baselines (docs/ci.md) after an intended rules, policy
# or cost change: one per ruleset's default matchup (configs/<id>/baselines/default.json),
# plus NCO's smoke baseline for the test suite. Run from the repository root after
# `npm run build`.
#
#   scripts/make-baselines.sh            rewrite every shipped baseline
#   scripts/make-baselines.sh --check    regenerate them into a temp folder and diff with the
#                                        shipped ones: exit 0 when every one is byte for byte
#                                        the same, 1 (naming each stale file) when one is not.
#                                        Writes nothing in the repository (.ci/run calls it).
#   scripts/make-baselines.sh [--check] nco owam ...   only these rulesets (smoke goes with nco)
#
# Each baseline is a pure function of the config, the build and its seed (20,000 games,
# seed 1000; smoke: 10,000 games, seed 9001): same bytes at any worker count.
set -euo pipefail
cd "$(dirname "$0")/.."
check=0
if [ "${1:-}" = "--check" ]; then check=1; shift; fi
ids=("$@")
if [ "${#ids[@]}" -eq 0 ]; then
  for config in configs/*/default.json; do ids+=("$(basename "$(dirname "$config")")"); done
fi
for id in "${ids[@]}"; do
  if [ ! -f "configs/$id/default.json" ]; then
    echo "make-baselines: ruleset \"$id\" has no configs/$id/default.json; expected one of: $(cd configs && ls -d */default.json | sed 's|/default.json||' | tr '\n' ' ')" >&2
    exit 2
  fi
done
[ -f dist/cli.js ] || { echo "make-baselines: dist/cli.js is missing: run \`npm run build\` first" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cli="node dist/cli.js"
stale=0
# make NAME CONFIG GAMES SEED: plays the run and writes (or, with --check, compares) the baseline.
make() {
  local name=$1 config=$2 games=$3 seed=$4
  local id; id=$(basename "$(dirname "$config")")
  local shipped="configs/$id/baselines/$name.json"
  $cli run "$config" --games "$games" --seed "$seed" --out "$tmp/$id-$name" --json > /dev/null
  if [ "$check" -eq 0 ]; then
    $cli check "$tmp/$id-$name/results.json" --baseline "$shipped" --update-baseline
    return
  fi
  $cli check "$tmp/$id-$name/results.json" --baseline "$tmp/$id-$name.json" --update-baseline > /dev/null
  if cmp -s "$tmp/$id-$name.json" "$shipped"; then
    echo "make-baselines: $shipped is up to date ($games games, seed $seed)"
  else
    echo "make-baselines: $shipped is STALE: this build plays $config ($games games, seed $seed) to a different baseline:" >&2
    diff -u "$shipped" "$tmp/$id-$name.json" | head -40 >&2 || true
    stale=$((stale + 1))
  fi
}
for id in "${ids[@]}"; do
  make default "configs/$id/default.json" 20000 1000
  if [ "$id" = nco ]; then make smoke configs/nco/default.json 10000 9001; fi
done
if [ "$check" -eq 1 ] && [ "$stale" -gt 0 ]; then
  echo "make-baselines: $stale baseline(s) stale; after an intended change, regenerate them with scripts/make-baselines.sh <ruleset> (docs/ci.md)" >&2
  exit 1
fi
