#!/usr/bin/env bash
# Regenerates the tuned policy presets (configs/<id>/policies/*.json) and the tournaments
# that check them (configs/<id>/tournaments/*.json): `squadsim tune` per ruleset and
# scenario against the shipped presets, then a round robin of the tuned preset against
# every shipped policy on fresh seeds. Run from the repository root after `npm run build`
# (about 45 minutes on 2 cores). Arguments name the rulesets to redo (default: all);
# DIST=dir runs a private copy of dist/ so a rebuild cannot change a running job.
# docs/policies.md says how the shipped files were made.
set -euo pipefail
cli="node ${DIST:-dist}/cli.js"
budget=${BUDGET:-80000}
seeds=${SEEDS:-2000}
rulesets=${*:-nco iron-squad owam skill-die platoon}
want() { [[ " $rulesets " == *" $1 "* ]]; }
for id in $rulesets; do mkdir -p "configs/$id/policies" "configs/$id/tournaments"; done

# tune CONFIG POLICY NAME RULESET FIELD [TUNE OPTIONS...]: the tuned preset
# configs/RULESET/policies/NAME.json and its tournament (options default to --budget $budget).
tune() {
  local config=$1 policy=$2 name=$3 id=$4 field=$5 tmp
  shift 5
  [ $# -gt 0 ] || set -- --budget "$budget"
  $cli tune "$config" --policy "$policy" "$@" --seed 2026 --out "configs/$id/policies/$name.json"
  tmp=$(mktemp -d)
  $cli tournament "$config" --entrants "$field,tuned=configs/$id/policies/$name.json" --games "$seeds" --seed 7 --out "$tmp" --json > /dev/null
  mv "$tmp/tournament.json" "configs/$id/tournaments/$name.json"
  rm -rf "$tmp"
}

if want nco; then
  # Basic, S1, S3 and S4 get 250,000 games at 32 seeds an evaluation: with less, no point
  # separated from `aggressive` there. S2, S5 and S6: 100,000 games at 16.
  nco_field=aggressive,cautious,objective,random
  tune configs/nco/default.json aggressive basic nco $nco_field --budget 250000 --seeds-per-eval 32
  for s in 1 3 4; do
    tune "configs/nco/scenarios/s$s.json" objective "s$s" nco $nco_field --budget 250000 --seeds-per-eval 32
  done
  for s in 2 5 6; do
    tune "configs/nco/scenarios/s$s.json" objective "s$s" nco $nco_field --budget 100000 --seeds-per-eval 16
  done
fi
# Iron Squad: the hex-score weights and the issue-12 knobs (mission play, Medic, order);
# the other farm values stay. 8 finalists: the search ranks by mean score, the finals by
# the worst matchup, and the field is intransitive (rush < farm, yet farm-beaters lose to rush).
want iron-squad && tune configs/iron-squad/default.json farm default iron-squad bot,rush,farm --budget 150000 --seeds-per-eval 32 --finalists 8 \
  --params attack_weight,objective_weight,vp_weight,exposure_weight,approach_weight,mission_kill_bonus,finish_mission,hunt_mission,medic_seeks_wounded,shots_first
# The rulesets of issues 16-18: their default matchup, tuning the preset it plays.
want owam && tune configs/owam/default.json aggressive default owam aggressive,cautious,random
want skill-die && tune configs/skill-die/default.json cautious default skill-die aggressive,cautious,random
want platoon && tune configs/platoon/default.json aggressive default platoon aggressive,cautious,random
exit 0
