/**
 * A tournament's analysis (squadsim.tournament/1): the score of each entrant against each
 * other one with a paired interval, and a Bradley–Terry rating on the Elo scale with a
 * bootstrap interval. Pure functions of the per-seed points sim/tournament.ts collects.
 *
 * Pairing: on seed i, entrants a and b meet twice (once in each seat) on the same dice
 * and map, so a's points on that seed (0, ½, 1, 1½ or 2) are one observation; seeds are
 * independent, so the interval is the mean over seeds ± z·sd/√n. The rating bootstrap
 * resamples seeds, the same seeds for every pair, which keeps the pairs' correlation.
 */
import { Rng } from '../engine/rng.ts';
import { zFor } from '../engine/stats.ts';
import { meanInterval } from './intervals.ts';

export const TOURNAMENT_FORMAT = 'squadsim.tournament/1';
export const TOURNAMENT_FILE = 'tournament.json';

export interface PairInput {
  a: number;
  b: number;
  /** a's points per seed, 0..2 (both seats). */
  points: Float64Array;
}

export interface PairResult {
  a: string;
  b: string;
  /** a's share of the points (wins + ½ draws over both seats), with its paired interval. */
  score: number;
  lo: number;
  hi: number;
  /** Seeds played (each twice: once per seat). */
  seeds: number;
}

export interface Rating {
  name: string;
  /** Bradley–Terry strength on the Elo scale (400·log10), mean 0 over the entrants. */
  elo: number;
  lo: number;
  hi: number;
  /** Mean score against all the others. */
  meanScore: number;
  rank: number;
}

export interface TournamentDoc {
  format: typeof TOURNAMENT_FORMAT;
  version: string;
  ruleset: string;
  /** The base matchup (config with every file inlined); its policies were replaced by the entrants'. */
  base: unknown;
  entrants: { name: string; policy: unknown }[];
  seed: number;
  seedsPerPair: number;
  confidence: number;
  bootstrap: number;
  pairs: PairResult[];
  /** matrix[r][c]: entrant r's score against entrant c (null on the diagonal). */
  matrix: (number | null)[][];
  ratings: Rating[];
  elapsedSeconds: number;
}

/** a's score and its paired interval from per-seed points (0..2). */
export function pairScore(points: Float64Array, z: number): { score: number; lo: number; hi: number } {
  const n = points.length;
  let s = 0, ss = 0;
  for (let i = 0; i < n; i++) { const x = points[i] / 2; s += x; ss += x * x; }
  const m = meanInterval(s, ss, n, z);
  return { score: m.mean, lo: Math.max(0, m.lo ?? m.mean), hi: Math.min(1, m.hi ?? m.mean) };
}

/**
 * Bradley–Terry strengths by Hunter's MM iteration from win counts w[a][b] (points a took
 * from b, draws as halves) and games n[a][b]. A prior of half a win each way per pair keeps
 * a clean sweep finite. Returned as Elo-scale ratings with mean 0.
 */
export function bradleyTerry(w: number[][], n: number[][], prior = 0.5): number[] {
  const k = w.length;
  const p = new Array<number>(k).fill(1);
  for (let iter = 0; iter < 2000; iter++) {
    let change = 0;
    for (let a = 0; a < k; a++) {
      let wins = 0, den = 0;
      for (let b = 0; b < k; b++) {
        if (a === b) continue;
        wins += w[a][b] + prior;
        den += (n[a][b] + 2 * prior) / (p[a] + p[b]);
      }
      const next = wins / den;
      change = Math.max(change, Math.abs(Math.log(next / p[a])));
      p[a] = next;
    }
    const g = Math.exp(p.reduce((s, x) => s + Math.log(x), 0) / k);
    for (let a = 0; a < k; a++) p[a] /= g;
    if (change < 1e-10) break;
  }
  return p.map((x) => (400 * Math.log(x)) / Math.LN10);
}

/** Win counts and games of every ordered pair, over the seeds listed in `idx`. */
function counts(k: number, pairs: readonly PairInput[], idx: Int32Array | null, seeds: number): { w: number[][]; n: number[][] } {
  const w = Array.from({ length: k }, () => new Array<number>(k).fill(0));
  const n = Array.from({ length: k }, () => new Array<number>(k).fill(0));
  for (const pr of pairs) {
    let pts = 0;
    for (let i = 0; i < seeds; i++) pts += pr.points[idx ? idx[i] : i];
    w[pr.a][pr.b] += pts;
    w[pr.b][pr.a] += 2 * seeds - pts;
    n[pr.a][pr.b] += 2 * seeds;
    n[pr.b][pr.a] += 2 * seeds;
  }
  return { w, n };
}

export interface AnalyzeInput {
  names: readonly string[];
  pairs: readonly PairInput[];
  seeds: number;
  seed: number;
  confidence: number;
  /** Bootstrap resamples of the seeds for the rating intervals. */
  bootstrap: number;
}

/** Scores, the matrix and the ratings; deterministic for a given input (the bootstrap is seeded). */
export function analyzeTournament(inp: AnalyzeInput): Pick<TournamentDoc, 'pairs' | 'matrix' | 'ratings'> {
  const k = inp.names.length, z = zFor(inp.confidence), S = inp.seeds;
  const matrix: (number | null)[][] = Array.from({ length: k }, () => new Array<number | null>(k).fill(null));
  const pairs: PairResult[] = inp.pairs.map((pr) => {
    const r = pairScore(pr.points, z);
    matrix[pr.a][pr.b] = r.score;
    matrix[pr.b][pr.a] = 1 - r.score;
    return { a: inp.names[pr.a], b: inp.names[pr.b], score: r.score, lo: r.lo, hi: r.hi, seeds: S };
  });
  const { w, n } = counts(k, inp.pairs, null, S);
  const elo = bradleyTerry(w, n);
  const boots: number[][] = Array.from({ length: k }, () => []);
  const rng = new Rng((inp.seed ^ 0x7f4a7c15) >>> 0);
  const idx = new Int32Array(S);
  for (let b = 0; b < inp.bootstrap; b++) {
    for (let i = 0; i < S; i++) idx[i] = rng.below(S);
    const c = counts(k, inp.pairs, idx, S);
    bradleyTerry(c.w, c.n).forEach((e, a) => boots[a].push(e));
  }
  const alpha = (1 - inp.confidence) / 2;
  const quant = (xs: number[], q: number) => {
    if (xs.length === 0) return NaN;
    const s = [...xs].sort((x, y) => x - y);
    return s[Math.min(s.length - 1, Math.max(0, Math.round(q * (s.length - 1))))];
  };
  const ratings: Rating[] = inp.names.map((name, a) => {
    let sum = 0;
    for (let b = 0; b < k; b++) if (b !== a) sum += matrix[a][b] ?? 0;
    return { name, elo: elo[a], lo: quant(boots[a], alpha), hi: quant(boots[a], 1 - alpha), meanScore: sum / (k - 1), rank: 0 };
  });
  [...ratings].sort((x, y) => y.elo - x.elo).forEach((r, i) => (r.rank = i + 1));
  return { pairs, matrix, ratings };
}

const pct = (x: number | null) => (x === null ? '   —  ' : `${(100 * x).toFixed(1).padStart(5)}%`);

/** The console table: ratings, then the score matrix (row's score against column). */
export function tournamentTable(doc: TournamentDoc): string {
  const conf = Math.round(doc.confidence * 100);
  const width = Math.max(8, ...doc.entrants.map((e) => e.name.length));
  const lines = [
    `tournament: ${doc.ruleset}, ${doc.entrants.length} entrants, ${doc.seedsPerPair} seeds per pair × 2 seats, seed ${doc.seed}`,
    '',
    `rank  ${'entrant'.padEnd(width)}   elo   ${conf}% interval    mean score`,
  ];
  for (const r of [...doc.ratings].sort((x, y) => x.rank - y.rank)) {
    lines.push(`${String(r.rank).padStart(4)}  ${r.name.padEnd(width)} ${r.elo.toFixed(0).padStart(5)}  [${r.lo.toFixed(0).padStart(5)}, ${r.hi.toFixed(0).padStart(5)}]   ${pct(r.meanScore)}`);
  }
  lines.push('', `score of row against column (${conf}% paired intervals in ${TOURNAMENT_FILE})`);
  lines.push(`${''.padEnd(width)} ${doc.entrants.map((e) => e.name.slice(0, 8).padStart(8)).join(' ')}`);
  doc.entrants.forEach((e, r) => lines.push(`${e.name.padEnd(width)} ${doc.matrix[r].map((x) => pct(x).padStart(8)).join(' ')}`));
  return lines.join('\n') + '\n';
}
