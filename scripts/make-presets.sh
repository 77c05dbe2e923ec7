#!/usr/bin/env bash
# Regenerates the tuned policy presets (configs/<id>/policies/*.json) and the tournaments
# that check them (configs/<id>/tournaments/*.json): `squadsim tune` per ruleset and
# scenario against the shipped presets, then a round robin of the tuned preset against
# every shipped policy on fresh seeds. Run from the repository root after `npm run build`
# (about 15 minutes on 2 cores). docs/policies.md says how the shipped files were made.
set -euo pipefail
cli="node ${DIST:-dist}/cli.js"
budget=${BUDGET:-80000}
seeds=${SEEDS:-2000}
for id in nco iron-squad owam skill-die platoon; do mkdir -p "configs/$id/policies" "configs/$id/tournaments"; done

# tune CONFIG POLICY NAME RULESET FIELD [BUDGET [TUNE OPTIONS...]]: the tuned preset
# configs/RULESET/policies/NAME.json and its tournament (FIELD: the tournament's entrants).
tune() {
  local config=$1 policy=$2 name=$3 id=$4 field=$5 tmp b=${6:-$budget}
  shift $(($# < 6 ? $# : 6))
  $cli tune "$config" --policy "$policy" --budget "$b" --seed 2026 "$@" --out "configs/$id/policies/$name.json"
  tmp=$(mktemp -d)
  $cli tournament "$config" --entrants "$field,tuned=configs/$id/policies/$name.json" --games "$seeds" --seed 7 --out "$tmp" --json > /dev/null
  mv "$tmp/tournament.json" "configs/$id/tournaments/$name.json"
  rm -rf "$tmp"
}

tune configs/nco/default.json aggressive basic nco aggressive,cautious,objective,random
for s in 1 2 3 4 5 6; do
  tune "configs/nco/scenarios/s$s.json" objective "s$s" nco aggressive,cautious,objective,random
done
# Iron Squad: the hex-score weights and the issue-12 knobs (mission play, Medic, order);
# the other farm values stay. 8 finalists: the search ranks by mean score, the finals by
# the worst matchup, and the field is intransitive (rush < farm, yet farm-beaters lose to rush).
tune configs/iron-squad/default.json farm default iron-squad bot,rush,farm 150000 --seeds-per-eval 32 --finalists 8 \
  --params attack_weight,objective_weight,vp_weight,exposure_weight,approach_weight,mission_kill_bonus,finish_mission,hunt_mission,medic_seeks_wounded,shots_first
# The rulesets of issues 16-18: their default matchup, tuning the preset it plays.
tune configs/owam/default.json aggressive default owam aggressive,cautious,random
tune configs/skill-die/default.json cautious default skill-die aggressive,cautious,random
tune configs/platoon/default.json aggressive default platoon aggressive,cautious,random
