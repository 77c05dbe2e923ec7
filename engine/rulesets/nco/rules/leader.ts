/**
 * A die the player assigns in the Order phase (drawn blind, or pulled by Intel or Natural
 * Leader), the Natural Leader's bonus die (item 73) and Intel's two dice (item 88). Forced
 * orders (Charlie, the Flask's next turn: items 85, 93) are enforced here so no policy can
 * skip them.
 */
import { O_DOWN, O_HOLD, O_NONE, O_RALLY, type NcoGame } from './state.ts';
import { I_INTEL, S_NATURAL_LEADER } from '../data/roster-types.ts';
import { executeOrder } from './orders.ts';
import { sergeantWith } from './items.ts';

/**
 * Soldier i is assigned `order`. A Natural Leader may at once pull another die for one
 * soldier within 4" with lower courage; the leader acts first, then that soldier (the
 * rulebook lets the player interleave them; we do not). The bonus soldier may be a Natural
 * Leader himself (courage falls at each step, so the chain ends).
 */
export function executeDrawn(g: NcoGame, i: number, order: number): void {
  if (g.mustDown[i] && order !== O_HOLD && !(g.mustRally[i] && order === O_RALLY)) order = O_DOWN;
  let f = -1;
  if (order !== O_HOLD && (g.scn.skills[i] & S_NATURAL_LEADER) !== 0) f = g.decide.followerChoice(g, i);
  executeOrder(g, i, order);
  if (f < 0 || !g.alive[f] || g.order[f] !== O_NONE || g.over) return;
  g.decide.orderFor(g, f);
  executeDrawn(g, f, g.pickOrder);
  g.checkOver();
}

/**
 * Item 88: before a blind draw a player may announce Intel and pull two of his own dice for
 * any two soldiers. If both want it at once, a coin decides who announced first. Intel
 * pulls neither count toward nor reset the streak (R4). Returns true if dice were pulled.
 */
export function useIntel(g: NcoGame): boolean {
  let a = -1, b = -1;
  for (let s = 0; s < 2; s++) {
    if (g.unordered[s] === 0 || sergeantWith(g, s, I_INTEL) < 0 || !g.decide.wantsIntel(g, s)) continue;
    if (a < 0) a = s; else b = s;
  }
  if (a < 0) return false;
  if (b >= 0 && g.rng.below(2) === 1) { const t = a; a = b; b = t; }
  intelPull(g, a);
  if (b >= 0 && !g.over) intelPull(g, b);
  return true;
}

function intelPull(g: NcoGame, s: number): void {
  const holder = sergeantWith(g, s, I_INTEL);
  if (holder < 0) return;
  g.itemsLeft[holder] &= ~I_INTEL;
  if (g.firstSide < 0) g.firstSide = s; // item 12: he received the turn's first dice
  for (let k = 0; k < 2 && g.unordered[s] > 0 && !g.over; k++) {
    g.decide.chooseOrder(g, s);
    if (g.pick < 0) return;
    executeDrawn(g, g.pick, g.pickOrder);
    g.checkOver();
  }
}

