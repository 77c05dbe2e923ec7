/**
 * Distributions, not only means (issue 31): from the tally's histograms, per side and time
 * bin, the 10%, 50% and 90% quantiles of units lost so far and of the share of starting
 * value held, P(at least k losses by the bin's end), the game-length distribution and how
 * games ended.
 * Results written before these blocks existed give null (reports then omit the charts).
 */
import { from, type ColumnTable } from 'arquero';
import { wilson } from '../engine/stats.ts';
import { BLOCK, END_CAUSES } from '../engine/tally-plan.ts';
import { block, type Results } from './load.ts';

/** The q-quantile of a histogram of integer buckets: the smallest bucket whose cumulative count reaches q·n. */
export function histQuantile(counts: ArrayLike<number>, q: number): number {
  let n = 0;
  for (let k = 0; k < counts.length; k++) n += counts[k];
  if (n === 0) return 0;
  const want = q * n;
  let cum = 0;
  for (let k = 0; k < counts.length; k++) {
    cum += counts[k];
    if (cum >= want - 1e-9) return k;
  }
  return counts.length - 1;
}

/** One row per side and bin: quantiles of losses so far and of the share of value held (a share in 0..1). */
export function sideSpread(r: Results): ColumnTable | null {
  const cum = block(r, BLOCK.cumCasualtiesHist), share = block(r, BLOCK.valueShareHist);
  if (!cum || !share) return null;
  const B = r.steps, C = cum.dims[2], H = share.dims[2];
  const rows = [];
  for (let s = 0; s < 2; s++) {
    for (let b = 0; b < B; b++) {
      const c = cum.values.slice((s * B + b) * C, (s * B + b + 1) * C);
      const h = share.values.slice((s * B + b) * H, (s * B + b + 1) * H);
      rows.push({
        side: r.sides[s], step: b + 1, stepLabel: r.stepLabels[b],
        lostP10: histQuantile(c, 0.1), lostP50: histQuantile(c, 0.5), lostP90: histQuantile(c, 0.9),
        // Buckets are 5% wide, rounded down: a bucket k stands for 5k%.
        shareP10: histQuantile(h, 0.1) / 20, shareP50: histQuantile(h, 0.5) / 20, shareP90: histQuantile(h, 0.9) / 20,
      });
    }
  }
  return from(rows);
}

/** P(at least k units lost by the end of each bin), per side, for k = 1.. the most any game lost. */
export function lossesAtLeast(r: Results): ColumnTable | null {
  const cum = block(r, BLOCK.cumCasualtiesHist);
  if (!cum) return null;
  const B = r.steps, C = cum.dims[2], n = r.games;
  let kMax = 0;
  for (let i = 0; i < cum.values.length; i++) if (cum.values[i] > 0) kMax = Math.max(kMax, i % C);
  const rows = [];
  for (let s = 0; s < 2; s++) {
    for (let b = 0; b < B; b++) {
      const c = cum.values.slice((s * B + b) * C, (s * B + b + 1) * C);
      let atLeast = n;
      for (let k = 1; k <= kMax; k++) {
        atLeast -= c[k - 1];
        rows.push({ side: r.sides[s], step: b + 1, stepLabel: r.stepLabels[b], k, probability: n > 0 ? atLeast / n : 0 });
      }
    }
  }
  return from(rows);
}

/** Games ending in each bin, and their share. */
export function gameLength(r: Results): ColumnTable | null {
  const g = block(r, BLOCK.gameLengthHist);
  if (!g) return null;
  const n = r.games;
  return from(Array.from({ length: r.steps }, (_, b) => ({ step: b + 1, stepLabel: r.stepLabels[b], games: g.values[b], share: n > 0 ? g.values[b] / n : 0 })));
}

/** What each end cause means, in a designer's words (engine/tally-plan.ts END_CAUSES). */
export const END_CAUSE_WORDS: Record<(typeof END_CAUSES)[number], string> = {
  elimination: 'a side wiped out',
  time: 'time ran out',
  rules: 'ended sooner by the rules',
};

/**
 * How games ended, by outcome: one row per outcome (each side's wins, draws) × end cause,
 * with its share of all games and a 95% Wilson interval on that share.
 */
export function endCauses(r: Results): ColumnTable | null {
  const e = block(r, BLOCK.endCause);
  if (!e) return null;
  const n = r.games, C = END_CAUSES.length, outcomes = [r.sides[0], r.sides[1], 'draw'];
  const rows = [];
  for (let o = 0; o < 3; o++) {
    for (let c = 0; c < C; c++) {
      const games = e.values[o * C + c];
      const [lo, hi] = wilson(games, n);
      rows.push({ outcome: o < 2 ? `${outcomes[o]} won` : 'draw', cause: END_CAUSE_WORDS[END_CAUSES[c]], games, share: n > 0 ? games / n : 0, lo, hi });
    }
  }
  return from(rows);
}
