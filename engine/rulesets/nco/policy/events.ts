/**
 * Choices the Event Chart asks of a player (digest §4 decision 14): the Able recipient among
 * his lowest-ranked soldiers (R12: lowest base cost) and the Easy target among the enemy's
 * specialists. Scripted policies choose deterministically; `random` uniformly.
 */
import type { NcoGame } from '../rules/state.ts';
import { W_HIT_DICE, W_PISTOL, W_RANGE } from '../data/weapons.ts';

/**
 * Item 91, R12: side s's Able recipient, or −1 if s has nobody left. The Sergeant (free,
 * but the highest rank) is never the lowest rank unless he is alone. Scripted: among the
 * tied lowest ranks, one whom +1 courage lifts to the special-action threshold (item 16),
 * else the first in activation order (nearest the enemy); never one in breakdown if avoidable.
 */
export function ableChoice(g: NcoGame, s: number): number {
  let low = 1 << 30;
  const sgt = g.scn.sergeant;
  for (let i = 0; i < g.n; i++) if (g.alive[i] && g.side[i] === s && !sgt[i] && g.baseCost[i] < low) low = g.baseCost[i];
  let m = 0;
  for (let k = 0; k < g.n; k++) {
    const i = g.actOrder[k];
    if (g.alive[i] && g.side[i] === s && (sgt[i] ? low === 1 << 30 : g.baseCost[i] === low)) g.list[m++] = i;
  }
  if (m === 0) return -1;
  if (g.scn.policies[s].random) return g.list[g.prng.below(m)];
  const threshold = g.scn.rules.special_action_min_courage;
  let best = -1, bestV = -1;
  for (let k = 0; k < m; k++) {
    const i = g.list[k];
    let v = g.psyche[i] > 0 ? 1 : 0;
    if (g.courage[i] + 1 === threshold) v += 2;
    if (v > bestV) { bestV = v; best = i; }
  }
  return best;
}

/**
 * Item 95, R12: the enemy specialist side s jams (−1 if none remains). Scripted: the most
 * dangerous primary weapon (hit dice × range), a pistol-only specialist last.
 */
export function easyChoice(g: NcoGame, s: number): number {
  let m = 0;
  for (let i = 0; i < g.n; i++) if (g.alive[i] && g.side[i] !== s && g.scn.specialist[i]) g.list[m++] = i;
  if (m === 0) return -1;
  if (g.scn.policies[s].random) return g.list[g.prng.below(m)];
  let best = -1, bestV = -1;
  for (let k = 0; k < m; k++) {
    const i = g.list[k], w = g.primary[i];
    const v = w === 0 ? 0 : w === W_PISTOL ? 1 : 2 + W_HIT_DICE[w] * W_RANGE[w];
    if (v > bestV) { bestV = v; best = i; }
  }
  return best;
}
