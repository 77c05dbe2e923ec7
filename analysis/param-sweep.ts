/**
 * A parameter sweep's numbers (squadsim.sweep/1): per grid point, each side's win rate with
 * its Wilson interval, the draw rate, and each side's mean score with its interval. Pure:
 * from each point's merged accumulators and layout.
 */
import { BLOCK, type Nouns } from '../engine/tally-plan.ts';
import type { RecordLayout } from '../engine/record.ts';
import { meanInterval, proportion } from './intervals.ts';
import { pairedDiff, unpairedDiff } from './paired.ts';

export const SWEEP_FORMAT = 'squadsim.sweep/1';
export const SWEEP_FILE = 'sweep.json';

export interface SweepRowSide {
  side: string;
  winRate: number;
  winLo: number;
  winHi: number;
  meanScore: number;
  scoreLo: number | null;
  scoreHi: number | null;
}

export interface SweepRow {
  at: Record<string, number | string | boolean>;
  games: number;
  drawRate: number;
  sides: [SweepRowSide, SweepRowSide];
  /**
   * Side 0's result (win 1, draw ½) at this point minus at the first point, paired game by
   * game on the shared seeds, with its 95% interval; `unpairedHalfWidth` is what the interval
   * would be without pairing. Null at the first point.
   */
  vsFirst: { diff: number; lo: number; hi: number; unpairedHalfWidth: number } | null;
}

export interface SweepDoc {
  format: typeof SWEEP_FORMAT;
  version: string;
  ruleset: string;
  nouns: Nouns;
  /** What the base config plays (resultsdoc/played.ts lines). */
  played: string[];
  vary: { path: string; values: (number | string | boolean)[] }[];
  games: number;
  seed: number;
  rows: SweepRow[];
  elapsedSeconds: number;
}

/** Side 0's paired difference of a point from the first point (null for the first). */
export function vsFirst(first: Float64Array, here: Float64Array, isFirst: boolean): SweepRow['vsFirst'] {
  if (isFirst) return null;
  const p = pairedDiff(first, here), u = unpairedDiff(first, here);
  return { diff: p.diff, lo: p.lo, hi: p.hi, unpairedHalfWidth: u.hi - u.diff };
}

export function sweepRow(at: Record<string, number | string | boolean>, layout: RecordLayout, acc: Float64Array, games: number, sides: readonly [string, string], diff: SweepRow['vsFirst'] = null): SweepRow {
  const outcome = layout.read(acc, BLOCK.outcome) as number[];
  const score = layout.read(acc, BLOCK.score) as number[];
  const scoreSq = layout.read(acc, BLOCK.scoreSq) as number[];
  const side = (s: 0 | 1): SweepRowSide => {
    const w = proportion(outcome[s], games), m = meanInterval(score[s], scoreSq[s], games);
    return { side: sides[s], winRate: w.rate, winLo: w.lo, winHi: w.hi, meanScore: m.mean, scoreLo: m.lo, scoreHi: m.hi };
  };
  return { at, games, drawRate: games > 0 ? outcome[2] / games : 0, sides: [side(0), side(1)], vsFirst: diff };
}

/** One flat record per point (CSV, charts): the varied values, then each side's numbers. */
export function sweepRecords(doc: SweepDoc): Record<string, number | string | boolean | null>[] {
  return doc.rows.map((r) => {
    const o: Record<string, number | string | boolean | null> = { ...r.at, games: r.games };
    r.sides.forEach((s, k) => {
      o[`side${k}_win_rate`] = s.winRate;
      o[`side${k}_win_lo`] = s.winLo;
      o[`side${k}_win_hi`] = s.winHi;
      o[`side${k}_mean_score`] = s.meanScore;
      o[`side${k}_score_lo`] = s.scoreLo;
      o[`side${k}_score_hi`] = s.scoreHi;
    });
    o.draw_rate = r.drawRate;
    o.side0_result_vs_first = r.vsFirst?.diff ?? null;
    o.side0_result_vs_first_lo = r.vsFirst?.lo ?? null;
    o.side0_result_vs_first_hi = r.vsFirst?.hi ?? null;
    return o;
  });
}

/** The console table. */
export function sweepTable(doc: SweepDoc): string {
  const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
  const pp = (x: number) => `${x >= 0 ? '+' : '−'}${Math.abs(100 * x).toFixed(1)}`;
  const head = [...doc.vary.map((v) => v.path), ...doc.rows[0].sides.map((s) => `${s.side} wins`), 'draws', ...doc.rows[0].sides.map((s) => `${s.side} ${doc.nouns.score}`), `${doc.rows[0].sides[0].side} vs first (paired)`];
  const rows = doc.rows.map((r) => [
    ...doc.vary.map((v) => String(r.at[v.path])),
    ...r.sides.map((s) => `${pct(s.winRate)} (${pct(s.winLo)}–${pct(s.winHi)})`),
    pct(r.drawRate),
    ...r.sides.map((s) => s.meanScore.toFixed(1)),
    r.vsFirst === null ? '—' : `${pp(r.vsFirst.diff)} (${pp(r.vsFirst.lo)}…${pp(r.vsFirst.hi)})`,
  ]);
  const w = head.map((_, c) => Math.max(head[c].length, ...rows.map((r) => r[c].length)));
  const line = (r: string[]) => r.map((x, c) => (c < doc.vary.length ? x.padEnd(w[c]) : x.padStart(w[c]))).join('  ');
  return [
    `sweep: ${doc.ruleset}, ${doc.rows.length} points × ${doc.games} games on the same seeds (seed ${doc.seed}); 95% intervals`,
    `the last column: ${doc.rows[0].sides[0].side}'s result (win 1, draw ½) minus the first point's, in points per 100 games, paired game by game on the shared seeds`,
    ...doc.played,
    '',
    line(head),
    ...rows.map(line),
    '',
  ].join('\n');
}
