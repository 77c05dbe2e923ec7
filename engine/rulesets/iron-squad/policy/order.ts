/**
 * Activation order (digest section 4 item 4; item 21): with shots_first the units between
 * the Engineer and the Medic go in order of the best shot they have from where they stand
 * (those without one last, ties in roster order), so a kill that finishes the mission's
 * kill part (policy/mission.ts) or clears the way comes before the others move.
 */
import type { IronGame } from '../rules/state.ts';
import { markMissionTargets } from './mission.ts';
import { listFoes, pickTarget } from './scoring.ts';

/** Sorts g.order[from..to) by each unit's best start-hex shot value, highest first (stable). */
export function shotsFirst(g: IronGame, side: number, from: number, to: number): void {
  const key = g.dec.orderKey, o = g.order;
  if (to - from < 2) return;
  markMissionTargets(g, side);
  for (let k = from; k < to; k++) {
    const u = o[k];
    listFoes(g, u);
    pickTarget(g, u, g.hex[u]); // g.val[0]: the shot's value, 0 for none
    key[u] = g.val[0];
  }
  for (let k = from + 1; k < to; k++) { // insertion sort: a handful of units
    const u = o[k];
    let j = k - 1;
    while (j >= from && key[o[j]] < key[u]) { o[j + 1] = o[j]; j--; }
    o[j + 1] = u;
  }
}
