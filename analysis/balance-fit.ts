/**
 * The balance pipeline from played rows to fair costs, as one function the pair bootstrap
 * (balance-bootstrap.ts) can rerun on resampled rows: logistic win model on the feature-count
 * differences (logistic.ts), then the point scale and fair costs (fair-cost.ts).
 */
import { fairCosts, type CostedFeature, type FairCosts, type PointScale } from './fair-cost.ts';
import { cholesky, fitLogistic, type LogisticFit } from './logistic.ts';

/** Defaults of the sweep fields `bootstrap`, `replication` and `usage_floor` (docs/balance.md). */
export const BALANCE_DEFAULTS = { bootstrap: 200, replication: 0.9, usageFloor: 0.05, scale: 'robust' as PointScale };

/** One played seating of one roster pair: seat 1's counts minus seat 2's. */
export interface BalanceRow {
  /** The roster pair (both seatings share it): the bootstrap resamples pairs, not rows. */
  pair?: number;
  diff: readonly number[];
  /** Seat-1 wins, seat-2 wins, draws. */
  outcome: readonly [number, number, number];
  games: number;
}

/** The fields every balance document opens with after its schema (fair costs and reference values alike). */
export interface SweepDocHeader {
  version: string;
  ruleset: string;
  sweepHash: string;
  /** The validated sweep (echoed). */
  sweep: unknown;
  seed: number;
  pairs: number;
  gamesPerPair: number;
  games: number;
  confidence: number;
}

/** A document's header from its analysis input and the games its rows hold. */
export function sweepDocHeader(inp: Omit<SweepDocHeader, 'games'>, games: number): SweepDocHeader {
  return { version: inp.version, ruleset: inp.ruleset, sweepHash: inp.sweepHash, sweep: inp.sweep, seed: inp.seed, pairs: inp.pairs, gamesPerPair: inp.gamesPerPair, games, confidence: inp.confidence };
}

/** Games over the rows, and seat 1's win and draw rates. */
export function rowTotals(rows: readonly BalanceRow[]): { games: number; seat1WinRate: number; drawRate: number } {
  let w1 = 0, draws = 0, games = 0;
  for (const r of rows) {
    w1 += r.outcome[0];
    draws += r.outcome[2];
    games += r.games;
  }
  return { games, seat1WinRate: games > 0 ? w1 / games : 0, drawRate: games > 0 ? draws / games : 0 };
}

export interface BalanceFit {
  /** Feature indices fitted (those whose count differed in some row), in order. */
  cols: number[];
  fit: LogisticFit;
  fc: FairCosts;
}

/** The features whose count differs between the two rosters of at least one row. */
export function fittedColumns(features: number, rows: readonly BalanceRow[]): number[] {
  const out: number[] = [];
  for (let j = 0; j < features; j++) if (rows.some((r) => r.diff[j] !== 0)) out.push(j);
  return out;
}

/**
 * `cols` without the columns that are a fixed combination of earlier ones (with the
 * intercept), in order: e.g. two officer kinds when every army has exactly one officer, whose
 * differences always cancel. Each column is kept when X'X over the kept ones and it still has
 * a Cholesky factor; `dependent` lists the ones left out.
 */
export function identifiableColumns(cols: readonly number[], rows: readonly BalanceRow[]): { cols: number[]; dependent: number[] } {
  const p = cols.length + 1;
  const xtx = new Float64Array(p * p);
  const row = new Float64Array(p);
  for (const r of rows) {
    row[0] = 1;
    for (let c = 0; c < cols.length; c++) row[c + 1] = r.diff[cols[c]];
    for (let a = 0; a < p; a++) for (let b = 0; b < p; b++) xtx[a * p + b] += row[a] * row[b];
  }
  const kept = [0], out: number[] = [], dependent: number[] = [];
  for (let c = 0; c < cols.length; c++) {
    const idx = [...kept, c + 1], m = idx.length;
    const sub = new Float64Array(m * m);
    for (let a = 0; a < m; a++) for (let b = 0; b < m; b++) sub[a * m + b] = xtx[idx[a] * p + idx[b]];
    try {
      cholesky(sub, m);
      kept.push(c + 1);
      out.push(cols[c]);
    } catch (e) {
      if (!(e instanceof RangeError)) throw e;
      dependent.push(cols[c]);
    }
  }
  return { cols: out, dependent };
}

/** The win model on the count differences of `cols`: coefficient 0 is seat 1's intercept, c + 1 is cols[c]'s. */
export function fitWinModel(cols: readonly number[], rows: readonly BalanceRow[]): LogisticFit {
  const p = cols.length + 1;
  const n = rows.length;
  const x = new Float64Array(n * p);
  const y = new Float64Array(n);
  const m = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const r = rows[i];
    x[i * p] = 1;
    for (let c = 0; c < cols.length; c++) x[i * p + c + 1] = r.diff[cols[c]];
    y[i] = r.outcome[0] + r.outcome[2] / 2;
    m[i] = r.games;
  }
  return fitLogistic({ x, rows: n, cols: p, successes: y, trials: m });
}

/** Fits the win model on `cols` and the fair costs. Throws RangeError when the data cannot identify them. */
export function fitBalance(
  features: readonly CostedFeature[], cols: readonly number[], rows: readonly BalanceRow[], confidence: number, scale: PointScale = BALANCE_DEFAULTS.scale, rosterWeights?: readonly number[],
): BalanceFit {
  const fit = fitWinModel(cols, rows);
  const p = cols.length + 1;
  const beta = cols.map((_, c) => fit.beta[c + 1]);
  const cov = cols.flatMap((_, a) => cols.map((_, b) => fit.cov[(a + 1) * p + b + 1]));
  const fc = fairCosts(cols.map((j) => features[j]), beta, cov, confidence, scale, rosterWeights && cols.map((j) => rosterWeights[j]));
  return { cols: [...cols], fit, fc };
}

/**
 * For each fitted column, the other column whose count difference it follows most closely
 * (Pearson correlation over the rows), when |r| ≥ `min`: two features a sweep always draws
 * together cannot be told apart, whatever the number of games.
 */
export function collinearPartners(cols: readonly number[], rows: readonly BalanceRow[], min = 0.8): ({ col: number; r: number } | null)[] {
  const n = rows.length, k = cols.length;
  const mean = cols.map((j) => rows.reduce((s, r) => s + r.diff[j], 0) / n);
  const sd = cols.map((j, a) => Math.sqrt(rows.reduce((s, r) => s + (r.diff[j] - mean[a]) ** 2, 0)));
  return cols.map((j, a) => {
    let best: { col: number; r: number } | null = null;
    for (let b = 0; b < k; b++) {
      if (b === a || !(sd[a] > 0) || !(sd[b] > 0)) continue;
      let cov = 0;
      for (const r of rows) cov += (r.diff[j] - mean[a]) * (r.diff[cols[b]] - mean[b]);
      const rho = cov / (sd[a] * sd[b]);
      if (Math.abs(rho) >= min && (!best || Math.abs(rho) > Math.abs(best.r))) best = { col: cols[b], r: rho };
    }
    return best;
  });
}
