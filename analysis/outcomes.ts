/** Who wins: win and draw rates, victory points, VP margins and margin-of-victory classes. */
import { from, type ColumnTable } from 'arquero';
import { BLOCK } from '../engine/ruleset.ts';
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

/** Mean victory points per side with a 95% interval (from vp and vpSq). */
export function victoryPoints(r: Results): ColumnTable {
  const vp = block(r, BLOCK.vp)!.values, sq = block(r, BLOCK.vpSq)!.values;
  return from([0, 1].map((s) => ({ side: r.sides[s], ...meanInterval(vp[s], sq[s], r.games) })));
}

/**
 * The VP margin distribution (side 0 minus side 1) from marginHist, or null when the
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
 * Margin-of-victory classes from the ruleset's summary details (NCO: `marginClasses`, a
 * list of { name, classes: { class: share of games } } per side), with Wilson intervals.
 * Null when the summary has none.
 */
export function marginClasses(r: Results): ColumnTable | null {
  const mc = (r.doc.summary?.details as Record<string, unknown> | undefined)?.marginClasses;
  if (!Array.isArray(mc)) return null;
  const rows: Record<string, unknown>[] = [];
  mc.forEach((side: { name?: unknown; classes?: unknown }, s) => {
    if (!side || typeof side.classes !== 'object' || side.classes === null) return;
    Object.entries(side.classes as Record<string, unknown>).forEach(([cls, share], order) => {
      if (typeof share !== 'number') return;
      // The summary stores shares; the counts behind them are whole games.
      const games = Math.round(share * r.games);
      const p = proportion(games, r.games);
      rows.push({ side: String(side.name ?? r.sides[s]), class: cls, order, games, rate: p.rate, lo: p.lo, hi: p.hi });
    });
  });
  return rows.length ? from(rows) : null;
}
