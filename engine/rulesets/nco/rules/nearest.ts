/** Nearest-enemy query shared by the rules (item 8's forced first move) and the policies. */
import type { NcoGame } from './state.ts';

/** Nearest living enemy of soldier i by centre distance (visible only, if asked), or −1. */
export function nearestEnemy(g: NcoGame, i: number, visibleOnly: boolean): number {
  let best = -1, bestD = 1e9;
  const alive = g.alive, dd = g.dd, row = i * g.n;
  // Enemies only, in index order (side 0 is [0, split), side 1 [split, n)).
  const lo = g.side[i] === 0 ? g.split : 0, hi = g.side[i] === 0 ? g.n : g.split;
  for (let j = lo; j < hi; j++) {
    if (!alive[j]) continue;
    const d = dd[row + j];
    if (d >= bestD) continue; // distance first: LOS only for a new nearest candidate
    if (visibleOnly && !g.los(i, j)) continue;
    bestD = d;
    best = j;
  }
  return best;
}
