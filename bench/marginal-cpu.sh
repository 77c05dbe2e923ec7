#!/usr/bin/env bash
# Marginal CPU per game of an older build against this one, interleaved (issue 14's measure):
# (CPU of a 20,000-game `run --workers 1` − CPU of a 1,000-game one) / 19,000, so process and
# worker start-up cancel. Each pair is OLD_CONFIG:NEW_CONFIG, two configs that play the same
# games in the two builds (bench/perf-configs: "-v2" sets today's new policy knobs to the old
# behaviour, so `run --json` is identical to the old build's). Builds OLD_REV in a worktree.
#   bench/marginal-cpu.sh 88492b3 [ROUNDS]        issue 14's starting code, 4 rounds
set -euo pipefail
rev=${1:?usage: bench/marginal-cpu.sh OLD_REV [ROUNDS]}; rounds=${2:-4}
root=$(cd "$(dirname "$0")/.." && pwd); old=$(mktemp -d)/old
git -C "$root" worktree add -q --detach "$old" "$rev"
trap 'git -C "$root" worktree remove --force "$old"' EXIT
ln -s "$root/node_modules" "$old/node_modules"
(cd "$old" && node scripts/build.mjs > /dev/null) && (cd "$root" && node scripts/build.mjs > /dev/null)
pc="$root/bench/perf-configs"
pairs=("nco-cautious-mirror.json:nco-cautious-mirror-v2.json" "iron-default.json:iron-default-v2.json" "iron-solo.json:iron-solo-v2.json")
cpu() { # dir config games -> CPU seconds (user + sys) of the whole process
  (cd "$1" && TIMEFORMAT='%U %S' && { time node dist/cli.js run "$2" --games "$3" --workers 1 --seed 11 --json > /dev/null; } 2>&1) | awk '{print $1 + $2}'
}
per_game() { echo "($(cpu "$1" "$2" 20000) - $(cpu "$1" "$2" 1000)) / 19000 * 1000000" | bc -l; }
for r in $(seq 1 "$rounds"); do
  for p in "${pairs[@]}"; do
    a=$(per_game "$old" "$pc/${p%%:*}"); b=$(per_game "$root" "$pc/${p##*:}")
    printf 'round %s  %-28s old %7.1f µs  new %7.1f µs  old/new %.2f\n' "$r" "${p%%:*}" "$a" "$b" "$(echo "$a / $b" | bc -l)"
  done
done
