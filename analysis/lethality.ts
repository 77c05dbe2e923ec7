/** Lethality over time: casualties and surviving points per step, per side and per soldier type. */
import { from, type ColumnTable } from 'arquero';
import { BLOCK } from '../engine/ruleset.ts';
import { meanInterval, proportion } from './intervals.ts';
import { block, typeLabels, type Results } from './load.ts';

/**
 * One row per side and step: mean casualties in the step, mean cumulative casualties up to
 * its end, mean surviving points at its end, and the surviving share of the starting
 * points. Each mean has a 95% interval (`*Lo`, `*Hi`) when the ruleset records the matching
 * sums of squares (casualtiesSq, cumCasualtiesSq, survivingPointsSq); otherwise null.
 */
export function sideLethality(r: Results): ColumnTable {
  const n = r.games, S = r.steps;
  const cas = block(r, BLOCK.casualties)!.values;
  const surv = block(r, BLOCK.survivingPoints)!.values;
  const start = block(r, BLOCK.startingPoints)!.values;
  const casSq = block(r, BLOCK.casualtiesSq)?.values ?? null;
  const cumSq = block(r, BLOCK.cumCasualtiesSq)?.values ?? null;
  const survSq = block(r, BLOCK.survivingPointsSq)?.values ?? null;
  const rows = [];
  for (let s = 0; s < 2; s++) {
    let cum = 0;
    for (let t = 0; t < S; t++) {
      const i = s * S + t;
      cum += cas[i];
      const c = meanInterval(cas[i], casSq && casSq[i], n);
      const cc = meanInterval(cum, cumSq && cumSq[i], n);
      const p = meanInterval(surv[i], survSq && survSq[i], n);
      rows.push({
        side: r.sides[s], step: t + 1, stepLabel: r.stepLabels[t],
        casualties: c.mean, casualtiesLo: c.lo, casualtiesHi: c.hi,
        cumCasualties: cc.mean, cumCasualtiesLo: cc.lo, cumCasualtiesHi: cc.hi,
        survivingPoints: p.mean, survivingPointsLo: p.lo, survivingPointsHi: p.hi,
        startingPoints: start[s] / n,
        survivingShare: start[s] > 0 ? surv[i] / start[s] : null,
      });
    }
  }
  return from(rows);
}

/**
 * One row per side, soldier type fielded by that side, and step (needs typeCasualties;
 * null without it): mean type casualties per game in the step and cumulatively, and the
 * cumulative share of the type's fielded soldiers lost with a 95% Wilson interval that
 * treats each fielded soldier as one trial. Soldiers of one game are not independent, so
 * this band is narrower than a per-game interval would be; it shows sampling precision,
 * not the spread between games. With typePoints and typePointsLostSteps it also gives the
 * mean points of the type still in play at the end of the step (`pointsRemaining`).
 */
export function typeLethality(r: Results): ColumnTable | null {
  const tc = block(r, BLOCK.typeCasualties);
  if (!tc) return null;
  const fieldedBlock = block(r, BLOCK.typeFielded);
  const points = block(r, BLOCK.typePoints)?.values ?? null;
  const lostSteps = block(r, BLOCK.typePointsLostSteps)?.values ?? null;
  const names = typeLabels(tc);
  const K = tc.dims[1], S = r.steps, n = r.games;
  const rows = [];
  for (let s = 0; s < 2; s++) {
    for (let k = 0; k < K; k++) {
      const base = (s * K + k) * S;
      const fielded = fieldedBlock ? fieldedBlock.values[s * K + k] : null;
      let total = 0;
      for (let t = 0; t < S; t++) total += tc.values[base + t];
      if (fielded === 0 || (fielded === null && total === 0)) continue; // not in this side's rosters
      let cum = 0, lost = 0;
      for (let t = 0; t < S; t++) {
        cum += tc.values[base + t];
        if (lostSteps) lost += lostSteps[base + t];
        const share = fielded ? proportion(cum, fielded) : null;
        rows.push({
          side: r.sides[s], type: names[k], step: t + 1, stepLabel: r.stepLabels[t],
          casualties: tc.values[base + t] / n, cumCasualties: cum / n,
          fieldedPerGame: fielded === null ? null : fielded / n,
          lostShare: share?.rate ?? null, lostShareLo: share?.lo ?? null, lostShareHi: share?.hi ?? null,
          pointsFielded: points ? points[s * K + k] / n : null,
          pointsRemaining: points && lostSteps ? (points[s * K + k] - lost) / n : null,
        });
      }
    }
  }
  return from(rows);
}
