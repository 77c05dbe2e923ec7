/** NCO's own per-game row columns (`run --record games`), after the engine's standard ones. */
import type { Tally } from '../../../tally.ts';
import type { NcoGame } from './state.ts';
import { MARGIN_CLASSES, marginClass } from '../data/victory.ts';

/** Column order of NCO's extra columns; docs/csv.md documents each. */
export const NCO_ROW_EXTRAS = ['margin_class', 'side0_points_lost', 'side1_points_lost'] as const;

/** Labels of the coded columns (margin_class: item 103). */
export const NCO_ROW_LABELS: Readonly<Record<string, readonly string[]>> = { margin_class: MARGIN_CLASSES.map((m) => m.name) };

/**
 * Writes game's extra columns from the finished game state: the margin class and each
 * side's kill value no longer in play (lost, or carried off the table in S6), so lost +
 * surviving = the side's starting kill value. Allocates nothing.
 */
export function fillNcoRow(g: NcoGame, t: Tally): void {
  const row = t.row;
  if (row === null) return;
  const kv = g.scn.killValue, at = t.plan.rowExtra;
  let lost0 = 0, lost1 = 0;
  for (let i = 0; i < g.n; i++) {
    if (g.alive[i]) continue;
    if (g.side[i] === 0) lost0 += kv[i]; else lost1 += kv[i];
  }
  row[at] = marginClass(g.vp[0] - g.vp[1]);
  row[at + 1] = lost0;
  row[at + 2] = lost1;
}
