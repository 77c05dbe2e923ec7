/** Lethality over time: casualties and surviving value per time bin, per side and per unit type. */
import { from, type ColumnTable } from 'arquero';
import { BLOCK } from '../engine/tally-plan.ts';
import { meanInterval, proportion } from './intervals.ts';
import { block, typeLabels, type Results } from './load.ts';

/**
 * One row per side and time bin: mean casualties in the bin, mean cumulative casualties up
 * to its end, mean value held at its end, and that value's share of the starting value.
 * Each mean has a 95% interval (`*Lo`, `*Hi`) from the tally's sums of squares.
 */
export function sideLethality(r: Results): ColumnTable {
  const n = r.games, S = r.steps;
  const cas = block(r, BLOCK.casualties)!.values;
  const surv = block(r, BLOCK.survivingValue)!.values;
  const start = block(r, BLOCK.startingValue)!.values;
  const casSq = block(r, BLOCK.casualtiesSq)?.values ?? null;
  const cumSq = block(r, BLOCK.cumCasualtiesSq)?.values ?? null;
  const survSq = block(r, BLOCK.survivingValueSq)?.values ?? null;
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
        survivingValue: p.mean, survivingValueLo: p.lo, survivingValueHi: p.hi,
        startingValue: start[s] / n,
        survivingShare: start[s] > 0 ? surv[i] / start[s] : null,
      });
    }
  }
  return from(rows);
}

/**
 * One row per side, unit type fielded by that side, and time bin (needs typeCasualties;
 * null without it): mean type casualties per game in the bin and cumulatively, and the
 * cumulative share of the type's fielded units lost with a 95% Wilson interval that treats
 * each fielded unit as one trial. Units of one game are not independent, so this band is
 * narrower than a per-game interval would be; it shows sampling precision, not the spread
 * between games. With typeCost and typeCostLostSteps it also gives the mean cost of the
 * type still in play at the end of the bin (`costRemaining`).
 */
export function typeLethality(r: Results): ColumnTable | null {
  const tc = block(r, BLOCK.typeCasualties);
  if (!tc) return null;
  const fieldedBlock = block(r, BLOCK.typeFielded);
  const points = block(r, BLOCK.typeCost)?.values ?? null;
  const lostSteps = block(r, BLOCK.typeCostLostSteps)?.values ?? null;
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
          costFielded: points ? points[s * K + k] / n : null,
          costRemaining: points && lostSteps ? (points[s * K + k] - lost) / n : null,
        });
      }
    }
  }
  return from(rows);
}
