/**
 * Intervals of a difference between two variants played on common seeds (issue 14's
 * variance reduction): game i of A and of B share their seed (dice, map, deployment), so the
 * difference is taken game by game, and the unit of the interval is the pair, not the game.
 * The same estimator also serves seat-swapped pairs (one seed in both seatings). Unbiased:
 * each pair's difference has the same expectation as an unpaired one; only its spread changes.
 */
import { Z95 } from './intervals.ts';
import { meanVar } from './stat-tests.ts';

export interface DiffInterval {
  diff: number;
  se: number;
  lo: number;
  hi: number;
}

/** Mean and sample variance (n − 1) of values, through stat-tests.ts meanVar. */
function moments(xs: ArrayLike<number>): { mean: number; variance: number } {
  let s = 0, ss = 0;
  for (let i = 0; i < xs.length; i++) {
    s += xs[i];
    ss += xs[i] * xs[i];
  }
  return xs.length ? meanVar(s, ss, xs.length) : { mean: 0, variance: 0 };
}

const mean = (xs: ArrayLike<number>): number => moments(xs).mean;
const variance = (xs: ArrayLike<number>): number => moments(xs).variance;

/** B − A from per-game values on common seeds: mean of the per-pair differences ± z·sd/√n. */
export function pairedDiff(a: ArrayLike<number>, b: ArrayLike<number>, z = Z95): DiffInterval {
  if (a.length !== b.length) throw new Error(`paired difference needs equal lengths (${a.length} vs ${b.length})`);
  const d = new Float64Array(a.length);
  for (let i = 0; i < a.length; i++) d[i] = b[i] - a[i];
  const diff = mean(d), se = Math.sqrt(variance(d) / Math.max(1, d.length));
  return { diff, se, lo: diff - z * se, hi: diff + z * se };
}

/** B − A treating the runs as independent: se = √(varA/nA + varB/nB). */
export function unpairedDiff(a: ArrayLike<number>, b: ArrayLike<number>, z = Z95): DiffInterval {
  const diff = mean(b) - mean(a), se = Math.sqrt(variance(a) / Math.max(1, a.length) + variance(b) / Math.max(1, b.length));
  return { diff, se, lo: diff - z * se, hi: diff + z * se };
}

/** Mean of `values` ± z·sd/√n (the unit may be a game or a pair's mean). */
export function meanOf(values: ArrayLike<number>, z = Z95): DiffInterval {
  const m = mean(values), se = Math.sqrt(variance(values) / Math.max(1, values.length));
  return { diff: m, se, lo: m - z * se, hi: m + z * se };
}

/** Units (games or pairs) needed for a 95% interval of half-width `half`, given one unit's variance. */
export function unitsForHalfWidth(unitVariance: number, half: number, z = Z95): number {
  return Math.ceil((z * z * unitVariance) / (half * half));
}

export { variance as sampleVariance };
