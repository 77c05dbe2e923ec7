#!/usr/bin/env bash
# Regenerates the shipped regression baselines (docs/ci.md) after an intended rules, policy
# or cost change: one per ruleset's default matchup (configs/<id>/baselines/default.json),
# plus NCO's smoke baseline for the test suite. Run from the repository root after
# `npm run build`.
set -euo pipefail
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cli="node dist/cli.js"
for config in configs/*/default.json; do
  id=$(basename "$(dirname "$config")")
  $cli run "$config" --games 20000 --seed 1000 --out "$tmp/$id" --json > /dev/null
  $cli check "$tmp/$id/results.json" --baseline "configs/$id/baselines/default.json" --update-baseline
done
$cli run configs/nco/default.json --games 10000 --seed 9001 --out "$tmp/smoke" --json > /dev/null
$cli check "$tmp/smoke/results.json" --baseline configs/nco/baselines/smoke.json --update-baseline
