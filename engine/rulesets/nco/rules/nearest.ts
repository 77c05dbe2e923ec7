/** Nearest-enemy query shared by the rules (item 8's forced first move) and the policies. */
import type { NcoGame } from './state.ts';

/** Nearest living enemy of soldier i by centre distance (visible only, if asked), or −1. */
export function nearestEnemy(g: NcoGame, i: number, visibleOnly: boolean): number {
  let best = -1, bestD = 1e9;
  const alive = g.alive, side = g.side, dd = g.dd, si = side[i], row = i * g.n;
  for (let j = 0; j < g.n; j++) {
    if (!alive[j] || side[j] === si) continue;
    const d = dd[row + j];
    if (d >= bestD) continue; // distance first: LOS only for a new nearest candidate
    if (visibleOnly && !g.los(i, j)) continue;
    bestD = d;
    best = j;
  }
  return best;
}
