/**
 * Two runs of one matchup compared (`squadsim compare`, `report --compare`): what differs
 * between their configs, and B − A for every headline metric with an interval.
 *
 * Paired when both runs recorded per-game rows (`run --record games`) on the same seed and
 * games: game i of A and of B share dice and map, so the difference is taken game by game
 * and its interval is mean ± z·sd/√n over games. Otherwise the runs are treated as
 * independent: se = √(varA/nA + varB/nB). On common seeds that interval is conservative
 * (the runs are positively correlated); the result says which was used.
 */
import { ConfigError } from '../engine/errors.ts';
import { BLOCK } from '../engine/tally-plan.ts';
import { Z95 } from './intervals.ts';
import { pairedDiff } from './paired.ts';
import { meanVar } from './stat-tests.ts';
import type { Results } from './load.ts';
import { gameRowsPath, readGameRows } from '../resultsdoc/game-rows.ts';

export const COMPARE_FORMAT = 'squadsim.compare/1';
export const COMPARE_FILE = 'compare.json';

/** Per game, for a paired comparison: winner code (0, 1, 2 = draw) and each side's score. */
export interface PerGame {
  winner: Float64Array;
  score0: Float64Array;
  score1: Float64Array;
}

export interface MetricDiff {
  metric: string;
  kind: 'rate' | 'score';
  a: number;
  b: number;
  diff: number;
  lo: number;
  hi: number;
}

export interface Comparison {
  paired: boolean;
  /** Why the comparison is not paired, when it is not. */
  why: string | null;
  /** Config fields that differ, A → B (dotted paths). */
  changes: { path: string; a: unknown; b: unknown }[];
  metrics: MetricDiff[];
  /** Games, seed and config hash of each run (every comparison page states them). */
  runs: { a: RunInfo; b: RunInfo };
}

export interface RunInfo {
  games: number;
  seed: number;
  configHash: string;
}

const runInfo = (r: Results): RunInfo => ({ games: r.games, seed: r.doc.seed, configHash: String(r.doc.configHash) });

function leafDiff(a: unknown, b: unknown, at: string, out: Comparison['changes']): void {
  const obj = (v: unknown) => v !== null && typeof v === 'object';
  if (obj(a) && obj(b) && Array.isArray(a) === Array.isArray(b)) {
    const keys = new Set([...Object.keys(a as object), ...Object.keys(b as object)]);
    for (const k of keys) leafDiff((a as any)[k], (b as any)[k], at ? `${at}.${k}` : k, out);
    return;
  }
  if (JSON.stringify(a) !== JSON.stringify(b)) out.push({ path: at, a, b });
}

const sumOf = (r: Results, name: string): number[] => r.blocks.get(name)!.values;

/** Mean and variance of one game's value of each metric, from the accumulators. */
function moments(r: Results): { metric: string; kind: 'rate' | 'score'; mean: number; variance: number }[] {
  const n = r.games, o = sumOf(r, BLOCK.outcome), s = sumOf(r, BLOCK.score), sq = sumOf(r, BLOCK.scoreSq);
  const rate = (k: number) => { const p = n > 0 ? o[k] / n : 0; return { mean: p, variance: p * (1 - p) }; };
  const score = (k: number) => (n > 0 ? meanVar(s[k], sq[k], n) : { mean: 0, variance: 0 });
  const sc = r.nouns.score;
  return [
    { metric: `${r.sides[0]} win rate`, kind: 'rate', ...rate(0) },
    { metric: `${r.sides[1]} win rate`, kind: 'rate', ...rate(1) },
    { metric: 'draw rate', kind: 'rate', ...rate(2) },
    { metric: `${r.sides[0]} mean ${sc}`, kind: 'score', ...score(0) },
    { metric: `${r.sides[1]} mean ${sc}`, kind: 'score', ...score(1) },
  ];
}

/** Per-game values of the same metrics, in the same order. */
function perGameValues(g: PerGame): Float64Array[] {
  const n = g.winner.length, is = (k: number) => Float64Array.from({ length: n }, (_, i) => (g.winner[i] === k ? 1 : 0));
  return [is(0), is(1), is(2), g.score0, g.score1];
}

export function compareRuns(a: Results, b: Results, rowsA: PerGame | null, rowsB: PerGame | null, z = Z95): Comparison {
  if (a.doc.ruleset !== b.doc.ruleset) throw new ConfigError('B: ruleset', b.doc.ruleset, `expected ${JSON.stringify(a.doc.ruleset)}, the ruleset of A: only runs of one ruleset compare`);
  if (a.sides.join() !== b.sides.join()) throw new ConfigError('B: sides', b.sides, `expected the sides of A (${a.sides.join(', ')}): compare runs of one matchup`);
  const changes: Comparison['changes'] = [];
  leafDiff(a.doc.config, b.doc.config, '', changes);
  const ma = moments(a), mb = moments(b);
  let why: string | null = null;
  if (a.doc.seed !== b.doc.seed || a.games !== b.games) why = 'the runs used different seeds or game counts';
  else if (!rowsA || !rowsB) why = 'per-game rows were not recorded in both runs (run --record games); on the same seeds these intervals are conservative';
  else if (rowsA.winner.length !== a.games || rowsB.winner.length !== b.games) why = 'the per-game rows do not cover every game';
  const metrics = ma.map((x, k): MetricDiff => {
    const y = mb[k], diff = y.mean - x.mean;
    let se: number;
    if (why === null) se = pairedDiff(perGameValues(rowsA!)[k], perGameValues(rowsB!)[k]).se;
    else se = Math.sqrt(x.variance / Math.max(1, a.games) + y.variance / Math.max(1, b.games));
    return { metric: x.metric, kind: x.kind, a: x.mean, b: y.mean, diff, lo: diff - z * se, hi: diff + z * se };
  });
  return { paired: why === null, why, changes, metrics, runs: { a: runInfo(a), b: runInfo(b) } };
}

/** "20,000 games, seed 3": how much was played and on which dice. */
export function runLine(r: RunInfo): string {
  return `${r.games.toLocaleString('en-US')} games, seed ${r.seed}`;
}

/** The console table. */
export function compareTable(c: Comparison, aName: string, bName: string): string {
  const f = (m: MetricDiff, x: number) => (m.kind === 'rate' ? `${(100 * x).toFixed(1)}%` : x.toFixed(2));
  const d = (m: MetricDiff, x: number) => (m.kind === 'rate' ? `${x >= 0 ? '+' : ''}${(100 * x).toFixed(1)} pp` : `${x >= 0 ? '+' : ''}${x.toFixed(2)}`);
  const rows = c.metrics.map((m) => [m.metric, f(m, m.a), f(m, m.b), d(m, m.diff), `${d(m, m.lo)} … ${d(m, m.hi)}`, m.lo > 0 || m.hi < 0 ? 'yes' : 'no']);
  const head = ['metric', 'A', 'B', 'B − A', '95% interval', 'moved'];
  const w = head.map((_, k) => Math.max(head[k].length, ...rows.map((r) => r[k].length)));
  const line = (r: string[]) => r.map((x, k) => (k === 0 ? x.padEnd(w[k]) : x.padStart(w[k]))).join('  ');
  const changes = c.changes.length === 0 ? ['configs: identical'] : c.changes.map((ch) => `changed: ${ch.path}: ${JSON.stringify(ch.a)} → ${JSON.stringify(ch.b)}`);
  return [
    `A: ${aName} (${runLine(c.runs.a)})`, `B: ${bName} (${runLine(c.runs.b)})`, ...changes,
    c.changes.length > 1 ? `note: ${c.changes.length} fields differ; a comparison says most about one change` : '',
    c.paired ? 'paired game by game (same seeds, per-game rows in both)' : `not paired: ${c.why}`,
    '', line(head), ...rows.map(line), '',
  ].filter((l, i, all) => l !== '' || (i > 0 && all[i - 1] !== '')).join('\n');
}

/** The per-game winner and scores of a run that recorded them, else null. */
export function perGame(r: Results, path: string): PerGame | null {
  const info = r.doc.gameRows;
  if (!info) return null;
  gameRowsPath(path, info);
  const cols = info.columns, w = cols.indexOf('winner'), s0 = cols.findIndex((c) => c.startsWith('side0_')), s1 = cols.findIndex((c) => c.startsWith('side1_'));
  if (w < 0 || s0 < 0 || s1 < 0) return null;
  const n = info.count, out: PerGame = { winner: new Float64Array(n), score0: new Float64Array(n), score1: new Float64Array(n) };
  let i = 0;
  for (const batch of readGameRows(path, info)) {
    for (let r = 0; r * cols.length < batch.length; r++, i++) {
      out.winner[i] = batch[r * cols.length + w];
      out.score0[i] = batch[r * cols.length + s0];
      out.score1[i] = batch[r * cols.length + s1];
    }
  }
  return out;
}

