#!/usr/bin/env bash
# Regenerates the shipped regression baselines (docs/ci.md) after an intended rules or cost
# change. Run from the repository root after `npm run build`.
set -euo pipefail
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cli="node dist/cli.js"
$cli run configs/nco/default.json --games 20000 --seed 1000 --out "$tmp/default" --json > /dev/null
$cli check "$tmp/default/results.json" --baseline configs/nco/baselines/default.json --update-baseline
$cli run configs/nco/default.json --games 10000 --seed 9001 --out "$tmp/smoke" --json > /dev/null
$cli check "$tmp/smoke/results.json" --baseline configs/nco/baselines/smoke.json --update-baseline
