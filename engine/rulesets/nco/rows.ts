/** NCO's per-game row (`run --record games`): filled once per game, after scoring. */
import type { NcoGame } from './state.ts';
import { MARGIN_CLASSES, marginClass } from './victory.ts';

/** Column order of the row; docs/csv.md documents each. */
export const NCO_ROW_COLUMNS = [
  'game', 'winner', 'margin', 'margin_class', 'turns',
  'side0_vp', 'side1_vp',
  'side0_casualties', 'side1_casualties',
  'side0_surviving_points', 'side1_surviving_points',
  'side0_points_lost', 'side1_points_lost',
] as const;

/** Labels of the coded columns (winner: 0, 1 = that side, 2 = draw; margin_class: item 103). */
export function ncoRowLabels(sideNames: readonly [string, string]): Record<string, readonly string[]> {
  return { winner: [sideNames[0], sideNames[1], 'draw'], margin_class: MARGIN_CLASSES.map((m) => m.name) };
}

/**
 * Writes game `index`'s row from the finished game state. Surviving and lost points use
 * each soldier's kill value (what the survivingPoints block sums), so lost + surviving =
 * the side's starting points. Allocates nothing.
 */
export function fillNcoRow(g: NcoGame, index: number, row: Float64Array): void {
  const a = g.vp[0], b = g.vp[1], kv = g.scn.killValue;
  let cas0 = 0, cas1 = 0, surv0 = 0, surv1 = 0, lost0 = 0, lost1 = 0;
  for (let i = 0; i < g.n; i++) {
    if (g.side[i] === 0) {
      if (g.alive[i]) surv0 += kv[i]; else { cas0++; lost0 += kv[i]; }
    } else if (g.alive[i]) surv1 += kv[i]; else { cas1++; lost1 += kv[i]; }
  }
  row[0] = index;
  row[1] = a > b ? 0 : a < b ? 1 : 2;
  row[2] = a - b;
  row[3] = marginClass(a - b);
  row[4] = g.turn;
  row[5] = a; row[6] = b;
  row[7] = cas0; row[8] = cas1;
  row[9] = surv0; row[10] = surv1;
  row[11] = lost0; row[12] = lost1;
}
