/**
 * Where u ends its move (digest section 4, items 22, 74; R19, R20): the hex of the last
 * search's reached list with the best score, the first in reach order on a tie. Same
 * answer as policy/reference.ts chooseDestinationPlain, cheaper:
 * - every term but the shot is exact and cheap; the shot's value is bounded from above
 *   by the best memoised shot in range, sight ignored (memoShot: one value per foe,
 *   elevation case and distance), so each hex gets a true upper bound of its score
 *   (IEEE sums and products by non-negative weights are monotone, and the bound is
 *   summed in the exact order of the score);
 * - the hex with the best bound is scored exactly first; then a hex is scored exactly
 *   only when its bound could beat the best so far (ties by reach order).
 * One pass over the foes per hex serves the exposure count, the nearest enemy's distance
 * and the shot bound. Allocation-free: per-hex terms in g.dec.
 */
import { canShoot } from '../rules/actions.ts';
import type { IronGame } from '../rules/state.ts';
import { BOT_PRIORITY } from '../data/units.ts';
import { POL_BOT } from './params.ts';
import { coverValue, memoShot, pickTargetMemo } from './scoring.ts';

/** Per-hex term slots in g.dec.terms (−1: the term is not part of this policy's score). */
const T_OBJ = 0, T_DENY = 1, T_VP = 2, T_EXP = 3, T_NEAR = 4;

/** Picks the end hex of u's move among the hexes the last search reached; the foes are listed. */
export function chooseDestination(g: IronGame, u: number, mp: number): number {
  const side = g.side[u], pol = g.scn.policies[side];
  g.dec.newShots();
  if (pol.kind === POL_BOT) return botDestination(g, u);
  const p = g.board.path, grid = g.board.grid, r = g.scn.rules, b = g.board, ds = g.dec;
  const bound = ds.bound, base = ds.base, terms = ds.terms;
  // The nearest enemy (first listed on a tie, as nearestEnemy).
  let near = -1, nd = 1 << 20;
  for (let i = 0; i < g.foeCount; i++) {
    const d = grid.distance(g.hex[u], g.foeHex[i]);
    if (d < nd) { nd = d; near = i; }
  }
  const mh = g.missionHex[side];
  // R19: the enemy's mission card is secret unless the full-information mode is on.
  const eh = r.full_information && pol.denyWeight > 0 ? g.missionHex[1 - side] : -1;
  const useObj = mh >= 0 && pol.objectiveWeight > 0, useVp = pol.vpWeight > 0, useExp = pol.exposureWeight > 0;
  const useNear = near >= 0 && pol.approachWeight > 0;
  const attack = g.fired[u] === 0 && pol.attackWeight > 0;
  const revealMp = pol.revealsPerActivation > 0 ? mp - r.reveal_mp_cost : -1;
  const range = g.rangeNow[u], reach = range < 4 ? range : 4, maxBack = pol.maxBackfire;
  let top = -1, topB = -1e9;
  for (let i = 0; i < p.reachedCount; i++) {
    const h = p.reached[i], t = i * 5;
    base[i] = pol.coverWeight * coverValue(g, h) - 0.01 * p.cost[h];
    let ex = 0, dn = -1, vmax = 0;
    for (let f = 0; f < g.foeCount; f++) {
      const d = grid.distance(h, g.foeHex[f]);
      if (d <= g.rangeNow[g.foes[f]] + 2) ex++;
      if (f === near) dn = d;
      if (attack && d <= reach) {
        memoShot(g, u, h, f, d);
        if (g.val[1] <= maxBack && g.val[0] > vmax) vmax = g.val[0];
      }
    }
    terms[t + T_OBJ] = useObj ? grid.distance(h, mh) : -1;
    terms[t + T_DENY] = eh >= 0 ? grid.distance(h, eh) : -1;
    let vp = -1;
    if (useVp) {
      vp = 0;
      if (g.exploreExtra[h] !== 0) vp += r.vp_explore;
      const o = b.objectiveId[h];
      if (o >= 0 && g.objSeen[side * g.objCap + o] === 0) vp += r.vp_objective;
      if (p.cost[h] <= revealMp && b.hasRevealable(h)) vp += r.vp_reveal;
    }
    terms[t + T_VP] = vp;
    terms[t + T_EXP] = useExp ? ex : -1;
    terms[t + T_NEAR] = useNear ? dn : -1;
    score(g, u, i, attack, vmax);
    bound[i] = g.val[5];
    if (g.val[5] > topB) { topB = g.val[5]; top = i; }
  }
  // Without a shot term every bound is the exact score.
  if (!attack || top < 0) return top < 0 ? g.hex[u] : p.reached[top];
  // Best (bs, bi): the highest score, then the lowest index; bi −1 is staying put at −1e9, which no tie beats.
  let bs = -1e9, bi = -1;
  for (let k = -1; k < p.reachedCount; k++) {
    const i = k < 0 ? top : k;
    if (k === top) continue;
    const ub = bound[i];
    if (ub < bs || (ub === bs && (bi < 0 || i > bi))) continue;
    pickTargetMemo(g, u, p.reached[i]);
    score(g, u, i, true, g.val[0]);
    const s = g.val[5];
    if (s > bs || (s === bs && bi >= 0 && i < bi)) { bs = s; bi = i; }
  }
  return bi < 0 ? g.hex[u] : p.reached[bi];
}

/**
 * The score of reached hex i with shot value `shot`, into g.val[5] (a returned double
 * would box): the terms in the order of chooseDestinationPlain, so the doubles match.
 */
function score(g: IronGame, u: number, i: number, attack: boolean, shot: number): void {
  const pol = g.scn.policies[g.side[u]], terms = g.dec.terms, t = i * 5;
  let s = g.dec.base[i];
  if (attack) s += pol.attackWeight * shot;
  let x = terms[t + T_OBJ];
  if (x >= 0) s -= pol.objectiveWeight * x;
  x = terms[t + T_DENY];
  if (x >= 0) s -= pol.denyWeight * x;
  x = terms[t + T_VP];
  if (x >= 0) s += pol.vpWeight * x;
  x = terms[t + T_EXP];
  if (x >= 0) s -= pol.exposureWeight * x;
  x = terms[t + T_NEAR];
  if (x >= 0) s -= pol.approachWeight * x;
  g.val[5] = s;
}

/** R20, item 74: the bot's target and end hex (chooseDestinationPlain's bot branch). */
function botDestination(g: IronGame, u: number): number {
  const p = g.board.path, grid = g.board.grid, here = g.hex[u];
  let best = -1, bHp = 99, bPri = 99, bD = 1 << 20, shootable = 0;
  for (let i = 0; i < g.foeCount; i++) {
    const t = g.foes[i];
    let can = 0;
    if (g.fired[u] === 0) for (let k = 0; k < p.reachedCount && can === 0; k++) if (canShoot(g, u, p.reached[k], g.foeHex[i])) can = 1;
    const hp = g.hp[t], pri = BOT_PRIORITY[g.type[t]], d = grid.distance(here, g.foeHex[i]);
    let better: boolean;
    if (can !== shootable) better = can > shootable;
    else if (hp !== bHp) better = hp < bHp;
    else if (can) better = pri < bPri || (pri === bPri && d < bD);
    else better = d < bD || (d === bD && pri < bPri);
    if (better) { best = i; bHp = hp; bPri = pri; bD = d; shootable = can; }
  }
  if (best < 0) return here;
  const th = g.foeHex[best];
  let dest = here, bs = -1e9;
  for (let i = 0; i < p.reachedCount; i++) {
    const h = p.reached[i];
    let s: number;
    if (shootable) {
      if (!canShoot(g, u, h, th)) continue;
      memoShot(g, u, h, best, grid.distance(h, th));
      s = 10000 * g.val[0];
    } else s = -100 * grid.distance(h, th);
    s += coverValue(g, h) - 0.01 * p.cost[h];
    if (s > bs) { bs = s; dest = h; }
  }
  return dest;
}
