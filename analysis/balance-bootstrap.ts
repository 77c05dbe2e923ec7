/**
 * How far a balance sweep's fair costs would move on a fresh seed (issue 28): a cluster
 * bootstrap over roster pairs. Each replicate draws the sweep's pairs with replacement (both
 * seatings of a pair together, since they share rosters and dice) and reruns the whole
 * pipeline (win model, anchor selection, point scale, fair costs), so the spread includes what
 * the delta method leaves out: which anchors set the scale, and roster draws the model does
 * not fit exactly. On the default NCO sweep the delta-method SEs were 30% too small on average
 * against 8 fresh seeds (2× for the cheap soldier types), the bootstrap's within 5%
 * (docs/balance.md, "Verdicts that hold").
 */
import { Rng } from '../engine/rng.ts';
import { BALANCE_DEFAULTS, fitBalance, type BalanceRow } from './balance-fit.ts';
import type { CostedFeature, PointScale } from './fair-cost.ts';

export interface PairBootstrap {
  /** Replicates asked for, and those whose fit failed (a feature never differed in the resample). */
  replicates: number;
  failed: number;
  /** Per fitted column: robust SD of the replicate fair costs (interquartile range / 1.349). */
  se: number[];
  /** Per fitted column: the same for the coefficient β (logit per unit). */
  coefficientSe: number[];
  /** Robust SD of the replicate point scales λ. */
  lambdaSe: number;
}

/** The bootstrap stream is its own: seeded from the sweep seed apart from rosters and games. */
const BOOTSTRAP_SALT = 0xb0075;

export function pairBootstrap(
  features: readonly CostedFeature[], cols: readonly number[], rows: readonly BalanceRow[], confidence: number, replicates: number, seed: number,
  scale: PointScale = BALANCE_DEFAULTS.scale, rosterWeights?: readonly number[],
): PairBootstrap {
  const fair: number[][] = cols.map(() => []);
  const coef: number[][] = cols.map(() => []);
  const lambdas: number[] = [];
  const failed = resamplePairs(rows, replicates, seed, (sample) => {
    const f = fitBalance(features, cols, sample, confidence, scale, rosterWeights);
    f.fc.rows.forEach((r, c) => {
      fair[c].push(r.fairCost);
      coef[c].push(r.coefficient);
    });
    lambdas.push(f.fc.lambda);
  });
  return { replicates, failed, se: fair.map(robustSd), coefficientSe: coef.map(robustSd), lambdaSe: robustSd(lambdas) };
}

/**
 * Calls `fit` on `replicates` resamples of the roster pairs (with replacement, a pair's rows
 * together) and returns how many resamples it could not fit (it threw a RangeError).
 */
export function resamplePairs(rows: readonly BalanceRow[], replicates: number, seed: number, fit: (sample: BalanceRow[]) => void): number {
  const byPair = new Map<number, BalanceRow[]>();
  rows.forEach((r, i) => {
    const key = r.pair ?? -1 - i; // rows without a pair are their own cluster
    const list = byPair.get(key);
    if (list) list.push(r);
    else byPair.set(key, [r]);
  });
  const clusters = [...byPair.values()];
  const rng = new Rng();
  rng.seedGame((seed ^ BOOTSTRAP_SALT) >>> 0, 0);
  let failed = 0;
  for (let b = 0; b < replicates; b++) {
    const sample: BalanceRow[] = [];
    for (let i = 0; i < clusters.length; i++) for (const r of clusters[rng.below(clusters.length)]) sample.push(r);
    try {
      fit(sample);
    } catch (e) {
      if (!(e instanceof RangeError)) throw e;
      failed++;
    }
  }
  return failed;
}

/**
 * Interquartile range / 1.349: the SD of a normal sample, but not blown up by the odd
 * replicate whose scale λ came out near 0 (its fair costs run off to ±∞).
 */
export function robustSd(values: readonly number[]): number {
  if (values.length < 4) return NaN;
  const s = [...values].sort((a, b) => a - b);
  const q = (p: number): number => {
    const h = (s.length - 1) * p, lo = Math.floor(h);
    return s[lo] + (h - lo) * ((s[Math.min(lo + 1, s.length - 1)]) - s[lo]);
  };
  return (q(0.75) - q(0.25)) / 1.3489795003921634;
}
