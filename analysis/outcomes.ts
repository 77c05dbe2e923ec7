/** Who wins: win and draw rates, scores, score margins and classes of win. */
import { from, type ColumnTable } from 'arquero';
import { BLOCK } from '../engine/tally-plan.ts';
import { meanInterval, proportion } from './intervals.ts';
import { block, type Results } from './load.ts';

/** One row per side plus a "draw" row: games, rate and its 95% Wilson interval. */
export function winRates(r: Results): ColumnTable {
  const outcome = block(r, BLOCK.outcome)!.values;
  const rows = [0, 1, 2].map((k) => {
    const p = proportion(outcome[k], r.games);
    return { outcome: k < 2 ? r.sides[k] : 'draw', kind: k < 2 ? 'win' : 'draw', games: outcome[k], rate: p.rate, lo: p.lo, hi: p.hi };
  });
  return from(rows);
}

/** Mean final score per side with a 95% interval (from score and scoreSq). */
export function scores(r: Results): ColumnTable {
  const sc = block(r, BLOCK.score)!.values, sq = block(r, BLOCK.scoreSq)!.values;
  return from([0, 1].map((s) => ({ side: r.sides[s], ...meanInterval(sc[s], sq[s], r.games) })));
}

/**
 * The score margin distribution (side 0 minus side 1) from marginHist, or null when the
 * ruleset does not record it. Empty bins at either end are dropped. `value` is the bin
 * label as a number when it is one (for a numeric axis), else null.
 */
export function marginDistribution(r: Results): ColumnTable | null {
  const b = block(r, BLOCK.marginHist);
  if (!b) return null;
  const labels = b.labels?.[0] ?? b.values.map((_, k) => String(k));
  let first = b.values.findIndex((g) => g > 0);
  let last = b.values.length - 1;
  while (last >= 0 && b.values[last] === 0) last--;
  if (first < 0) first = last + 1;
  const rows = [];
  for (let k = first; k <= last; k++) {
    const n = Number(labels[k]);
    rows.push({ bin: labels[k], order: k, value: labels[k].trim() !== '' && Number.isFinite(n) ? n : null, games: b.values[k], share: b.values[k] / r.games });
  }
  return from(rows);
}

/**
 * Classes of win (the winClass block, e.g. NCO's margin-of-victory classes): the share of
 * all games each side won in each class, with Wilson intervals. Null when not recorded.
 */
export function winClasses(r: Results): ColumnTable | null {
  const b = block(r, BLOCK.winClass);
  if (!b) return null;
  const C = b.dims[1], names = b.labels?.[1] ?? Array.from({ length: C }, (_, c) => `class ${c + 1}`);
  const rows: Record<string, unknown>[] = [];
  for (let s = 0; s < 2; s++) {
    for (let c = 0; c < C; c++) {
      const games = b.values[s * C + c], p = proportion(games, r.games);
      rows.push({ side: r.sides[s], class: names[c], order: c, games, rate: p.rate, lo: p.lo, hi: p.hi });
    }
  }
  return from(rows);
}
