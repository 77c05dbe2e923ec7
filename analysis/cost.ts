/** Cost-effectiveness per unit type: what a side spent on each type, lost, and got back in kills. */
import { from, type ColumnTable } from 'arquero';
import { BLOCK } from '../engine/tally-plan.ts';
import { proportion } from './intervals.ts';
import { block, typeLabels, type Results } from './load.ts';

/**
 * One row per side and unit type that side fielded (needs typeCost; null without it).
 * Cost is in the ruleset's value noun (points, health).
 * - costShare: the type's share of the side's cost fielded;
 * - lossRate: the share of the type's own cost that was lost;
 * - lossShare: the type's share of all the side's cost lost (compare with costShare: a
 *   type that is 20% of the cost but 40% of the losses dies out of proportion);
 * - killsPerCost / killsPer100Cost: enemy units taken out per unit of cost of the type;
 * - casualtyRate (with a 95% Wilson interval over fielded units): share of the type's
 *   units lost, when typeCasualties and typeFielded are recorded.
 * Columns whose block is missing are null.
 */
export function costEffectiveness(r: Results): ColumnTable | null {
  const pts = block(r, BLOCK.typeCost);
  if (!pts) return null;
  const names = typeLabels(pts);
  const K = pts.dims[1], n = r.games;
  const fielded = block(r, BLOCK.typeFielded)?.values ?? null;
  const lost = block(r, BLOCK.typeCostLost)?.values ?? null;
  const kills = block(r, BLOCK.typeKills)?.values ?? null;
  const tc = block(r, BLOCK.typeCasualties);
  const rows = [];
  for (let s = 0; s < 2; s++) {
    let sidePoints = 0, sideLost = 0;
    for (let k = 0; k < K; k++) {
      sidePoints += pts.values[s * K + k];
      if (lost) sideLost += lost[s * K + k];
    }
    for (let k = 0; k < K; k++) {
      const i = s * K + k, p = pts.values[i];
      if (p === 0 && (!fielded || fielded[i] === 0)) continue; // not in this side's rosters
      let dead: number | null = null;
      if (tc) {
        dead = 0;
        for (let t = 0; t < r.steps; t++) dead += tc.values[i * r.steps + t];
      }
      const cr = fielded && dead !== null && fielded[i] > 0 ? proportion(dead, fielded[i]) : null;
      rows.push({
        side: r.sides[s], type: names[k],
        fieldedPerGame: fielded ? fielded[i] / n : null,
        costPerGame: p / n,
        costShare: sidePoints > 0 ? p / sidePoints : null,
        costLostPerGame: lost ? lost[i] / n : null,
        lossRate: lost && p > 0 ? lost[i] / p : null,
        lossShare: lost && sideLost > 0 ? lost[i] / sideLost : null,
        killsPerGame: kills ? kills[i] / n : null,
        killsPerCost: kills && p > 0 ? kills[i] / p : null,
        killsPer100Cost: kills && p > 0 ? (100 * kills[i]) / p : null,
        casualtyRate: cr?.rate ?? null, casualtyRateLo: cr?.lo ?? null, casualtyRateHi: cr?.hi ?? null,
      });
    }
  }
  return from(rows);
}
