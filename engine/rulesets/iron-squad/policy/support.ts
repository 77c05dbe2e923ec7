/**
 * Support moves (digest section 4 items 5, 10; items 60, R15): the Medic goes to the
 * wounded, the badly wounded go out of reach. With medic_seeks_wounded a Medic who has not healed this round ends his move next to
 * the friend missing the most health (immobilised first) that he can reach, so his heal at
 * the end of the activation lands; otherwise he moves like any unit and heals whoever
 * happens to be next to him.
 */
import { UNREACHED } from '../../../geometry/hex-path.ts';
import { immobile } from '../rules/actions.ts';
import { dist } from '../rules/board-cache.ts';
import type { IronGame } from '../rules/state.ts';
import { T_MEDIC } from '../data/units.ts';
import { exposure } from './scoring.ts';

/** The Medic u's end hex next to (or on) his neediest reachable patient, −1 for none; the last search is u's. */
export function medicDestination(g: IronGame, u: number): number {
  if (g.type[u] !== T_MEDIC || g.local[u] !== 0 || g.medicRound[u] === g.round) return -1;
  const p = g.board.path, b = g.board, s = g.side[u], cover = g.dec.coverByTerrain;
  let best = -1, bestKey = 0, bestHex = -1; // best: the patient; bestHex: where to stand
  for (let w = 0; w < g.n; w++) {
    if (g.alive[w] === 0 || g.side[w] !== s || w === u) continue;
    const missing = g.maxHp[w] - g.hp[w];
    if (missing <= 0) continue;
    const key = missing + (immobile(g, w) ? 10 : 0);
    if (key <= bestKey) continue;
    // The hex next to w he reaches with the best cover, then the cheapest (first in reach order on a tie).
    let h = -1, hs = -1e9;
    for (let i = 0; i < p.reachedCount; i++) {
      const x = p.reached[i];
      if (dist(b, x, g.hex[w]) > 1) continue;
      const sc = cover[b.terrain[x]] - 0.01 * p.cost[x];
      if (sc > hs) { hs = sc; h = x; }
    }
    if (h < 0) continue;
    best = w; bestKey = key; bestHex = h;
  }
  return best < 0 || p.cost[bestHex] === UNREACHED ? -1 : bestHex;
}

/**
 * Retreat (digest section 4 item 5): with retreat_health h, a unit at h health or less
 * ends its move on the reached hex the fewest enemies could shoot next turn (scoring.ts
 * exposure), then the best cover, then the cheapest; −1 when it is healthier or the policy
 * never retreats. The foes are listed and the last search is u's.
 */
export function retreatDestination(g: IronGame, u: number): number {
  const limit = g.scn.policies[g.side[u]].retreatHealth;
  if (limit <= 0 || g.hp[u] > limit || g.local[u] !== 0) return -1;
  const p = g.board.path, b = g.board, cover = g.dec.coverByTerrain;
  let best = -1, bx = 1 << 20, bs = -1e9;
  for (let i = 0; i < p.reachedCount; i++) {
    const h = p.reached[i], x = exposure(g, h), s = cover[b.terrain[h]] - 0.01 * p.cost[h];
    if (x < bx || (x === bx && s > bs)) { best = h; bx = x; bs = s; }
  }
  return best;
}
