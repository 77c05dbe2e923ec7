// Pure helpers of bench/gate-power.ts (issue 32): a seeded generator, the Wilson interval, the
// median, and one resampled run of the paired sequential gate. The decisions are made by the
// gate's own code (analysis/sequential.ts, analysis/gate.ts metricSpecs), not re-implemented.
import { metricSpecs, type Reference } from '../analysis/gate.ts';
import { addPair, gateFailed, look, newGate, sequentialPlan } from '../analysis/sequential.ts';

/** A seeded generator of uniform numbers in [0, 1) (mulberry32: small, fast, deterministic). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Wilson score interval for k successes in n trials (z = 1.96: 95%). */
export function wilson(k: number, n: number, z = 1.959963984540054): { p: number; lo: number; hi: number } {
  if (!(n > 0) || !(k >= 0) || k > n) throw new RangeError(`wilson needs 0 <= k <= n, n > 0; got k ${k}, n ${n}`);
  const p = k / n, z2 = z * z, den = 1 + z2 / n;
  const mid = (p + z2 / (2 * n)) / den;
  const half = (z / den) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  // At k = 0 (k = n) the bound is exactly 0 (1); the formula leaves a rounding error there.
  return { p, lo: k === 0 ? 0 : Math.max(0, mid - half), hi: k === n ? 1 : Math.min(1, mid + half) };
}

/** Median of the values (the mean of the middle two for an even count); NaN when empty. */
export function median(xs: readonly number[]): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b), m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/**
 * A pool of played games: values[k][i] is gated metric k (analysis/gate.ts gateMetrics order)
 * of game i. Pools played from the same seed share their game indices (the same dice and map).
 */
export interface Pool {
  values: Float64Array[];
  games: number;
}

export interface RunSettings {
  /** The gate's budget in pairs (the reference's games; the mixture is tuned for it). */
  budget: number;
  /** Pairs between two looks (check --batch). */
  batch: number;
  /** Whole-gate false-alarm rate (check --alpha). */
  alpha: number;
  /** Tolerance of the result metric in win-rate points (check --tolerance). */
  points: number;
  /**
   * true: game i of the reference is paired with game i of the current pool (the gate's
   * pairing); false: with an independently drawn game (the pairing shuffled away).
   */
  paired: boolean;
}

export interface RunOutcome {
  failed: boolean;
  /** Pairs played when the gate stopped (every metric decided, or the budget). */
  games: number;
  /** Pairs at which the first metric was decided shifted; null when none was. */
  firstShiftAt: number | null;
  /** Whether metric 0 (side 0's result) was decided shifted. */
  resultShifted: boolean;
}

/**
 * One run of the gate on pairs resampled (with replacement) from the pools: a reference of
 * `budget` games drawn from `ref`, each paired with the same game of `cur` (paired) or another
 * drawn independently (unpaired); the metric settings are fixed from that reference as
 * `check --against` fixes them, then the differences are fed look by look until every metric
 * is decided or the budget is spent.
 */
export function resampledRun(ref: Pool, cur: Pool, s: RunSettings, rand: () => number): RunOutcome {
  if (ref.values.length !== cur.values.length) throw new RangeError('the pools gate different metrics');
  if (s.paired && ref.games !== cur.games) throw new RangeError(`paired pools must hold the same games, got ${ref.games} and ${cur.games}`);
  const m = ref.values.length, B = s.budget;
  const ri = new Int32Array(B), ci = new Int32Array(B);
  for (let n = 0; n < B; n++) {
    ri[n] = Math.floor(rand() * ref.games);
    ci[n] = s.paired ? ri[n] : Math.floor(rand() * cur.games);
  }
  const refValues = ref.values.map((v) => {
    const out = new Float64Array(B);
    for (let n = 0; n < B; n++) out[n] = v[ri[n]];
    return out;
  });
  // metricSpecs reads only the reference's values (its first `budget` games).
  const specs = metricSpecs({ values: refValues } as unknown as Reference, B, s.points);
  const gate = newGate(sequentialPlan(s.alpha, m, B), specs);
  const diff = new Float64Array(m);
  let n = 0, done = false, firstShiftAt: number | null = null;
  while (!done && n < B) {
    for (let k = 0; k < m; k++) diff[k] = cur.values[k][ci[n]] - refValues[k][n];
    addPair(gate, diff);
    n++;
    if (n % s.batch === 0 || n === B) {
      done = look(gate);
      if (firstShiftAt === null && gateFailed(gate)) firstShiftAt = n;
    }
  }
  return { failed: gateFailed(gate), games: n, firstShiftAt, resultShifted: gate.tracks[0].decision === 'shifted' };
}

/** Mean of the per-game differences cur − ref of metric k, paired game by game, with its 95% interval. */
export function pairedEffect(ref: Pool, cur: Pool, k = 0): { mean: number; lo: number; hi: number; sd: number } {
  const a = ref.values[k], b = cur.values[k], n = Math.min(ref.games, cur.games);
  let mean = 0, m2 = 0;
  for (let i = 0; i < n; i++) {
    const d = b[i] - a[i], delta = d - mean;
    mean += delta / (i + 1);
    m2 += delta * (d - mean);
  }
  const sd = n > 1 ? Math.sqrt(m2 / (n - 1)) : 0, half = (1.959963984540054 * sd) / Math.sqrt(n);
  return { mean, lo: mean - half, hi: mean + half, sd };
}
