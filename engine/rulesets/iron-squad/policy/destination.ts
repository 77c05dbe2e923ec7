/**
 * Where u ends its move (digest section 4, items 22, 74; R19, R20): the hex of the last
 * search's reached list with the best score, the first in reach order on a tie. Same
 * answer as policy/reference.ts chooseDestinationPlain (test/iron-perf-equivalence),
 * cheaper, by upper bounds on each hex's score:
 * - bound A (every hex): the cheap terms exact, exposure 0, the shot as the best one any
 *   hex at that distance from u could take (shotBounds);
 * - bound B (only where A could still win): exposure exact, the shot as the best one in
 *   range from that hex, sight ignored; then the exact score (pickTargetMemo).
 * Shot values are memoised per decision by (foe, elevation case, distance), all they
 * depend on. A bound is summed in the exact order of the score with a larger shot and a
 * smaller exposure; IEEE sums and products by non-negative weights are monotone, so it
 * is a true bound, no epsilon. The hex with the best bound A is scored first; any other
 * is skipped when a bound cannot beat the best so far (equal bound: only if earlier in
 * reach order). Allocation-free: per-hex terms in g.dec, doubles through g.val[5].
 */
import { dist, hasRevealable } from '../rules/board-cache.ts';
import type { IronGame } from '../rules/state.ts';
import { BOT_PRIORITY, T_GRENADIER } from '../data/units.ts';
import { POL_BOT } from './params.ts';
import { approachFoe, elevCase, memoShot, pickTargetMemo } from './scoring.ts';

/** Per-hex term slots in g.dec.terms (−1: the term is not part of this policy's score). */
const T_OBJ = 0, T_DENY = 1, T_VP = 2, T_EXP = 3, T_NEAR = 4;

/** Picks the end hex of u's move among the hexes the last search reached; the foes are listed. */
export function chooseDestination(g: IronGame, u: number, mp: number): number {
  const side = g.side[u], pol = g.scn.policies[side];
  g.dec.newShots();
  if (pol.kind === POL_BOT) return botDestination(g, u);
  const p = g.board.path, r = g.scn.rules, b = g.board, ds = g.dec;
  const bound = ds.bound, base = ds.base, terms = ds.terms, from = ds.from, here = g.hex[u], cover = ds.coverByTerrain;
  const near = approachFoe(g, u); // the enemy the approach term closes in on
  const mh = g.missionHex[side];
  // R19: the enemy's mission card is secret unless the full-information mode is on.
  const eh = r.full_information && pol.denyWeight > 0 ? g.missionHex[1 - side] : -1;
  const useObj = mh >= 0 && pol.objectiveWeight > 0, useVp = pol.vpWeight > 0, useExp = pol.exposureWeight > 0;
  const nearHex = near >= 0 && pol.approachWeight > 0 ? g.foeHex[near] : -1;
  const attack = g.fired[u] === 0 && pol.attackWeight > 0;
  const revealMp = pol.revealsPerActivation > 0 ? mp - r.reveal_mp_cost : -1;
  // Bound A: exposure taken as 0, the shot as the best one any hex this far from u could have.
  let rmax = 0, lo = 127, hi = -128;
  for (let i = 0; i < p.reachedCount; i++) {
    const h = p.reached[i], d = dist(b, here, h), e = b.elevation[h];
    from[i] = d;
    if (d > rmax) rmax = d;
    if (e < lo) lo = e;
    if (e > hi) hi = e;
  }
  if (attack) shotBounds(g, u, rmax, lo, hi);
  let top = -1, topB = -1e9;
  for (let i = 0; i < p.reachedCount; i++) {
    const h = p.reached[i], t = i * 5;
    base[i] = pol.coverWeight * cover[b.terrain[h]] - 0.01 * p.cost[h];
    terms[t + T_OBJ] = useObj ? dist(g.board, mh, h) : -1;
    terms[t + T_DENY] = eh >= 0 ? dist(g.board, eh, h) : -1;
    let vp = -1;
    if (useVp) {
      vp = 0;
      if (g.exploreExtra[h] !== 0) vp += r.vp_explore;
      const o = b.objectiveId[h];
      if (o >= 0 && g.objSeen[side * g.objCap + o] === 0) vp += r.vp_objective;
      if (p.cost[h] <= revealMp && hasRevealable(b, h)) vp += r.vp_reveal;
    }
    terms[t + T_VP] = vp;
    terms[t + T_EXP] = useExp ? 0 : -1;
    terms[t + T_NEAR] = nearHex >= 0 ? dist(g.board, nearHex, h) : -1;
    g.val[5] = attack ? ds.shotByDist[from[i]] : 0;
    score(g, u, i, attack);
    bound[i] = g.val[5];
    if (g.val[5] > topB) { topB = g.val[5]; top = i; }
  }
  // Without a shot or an exposure term every bound is the exact score.
  if ((!attack && !useExp) || top < 0) return top < 0 ? here : p.reached[top];
  // Best (bs, bi): the highest score, then the lowest index; bi −1 is staying put at −1e9, which no tie beats.
  let bs = -1e9, bi = -1;
  const range = g.rangeNow[u], reach = range < 4 ? range : 4, maxBack = pol.maxBackfire, el = b.elevation;
  for (let k = -1; k < p.reachedCount; k++) {
    const i = k < 0 ? top : k;
    const ub = bound[i];
    if (k === top || !(ub > bs || (ub === bs && bi >= 0 && i < bi))) continue;
    // Bound B: exposure exact, the shot as the best in range with sight ignored.
    const h = p.reached[i];
    let ex = 0, vmax = 0;
    for (let f = 0; f < g.foeCount; f++) {
      const d = dist(g.board, g.foeHex[f], h);
      if (d <= g.rangeNow[g.foes[f]] + 2) ex++;
      if (attack && d <= reach) {
        memoShot(g, u, f, elevCase(el, h, g.foeHex[f], d), d);
        if (g.val[1] <= maxBack && g.val[0] > vmax) vmax = g.val[0];
      }
    }
    if (useExp) terms[i * 5 + T_EXP] = ex;
    g.val[5] = vmax;
    score(g, u, i, attack);
    if (attack) {
      const ubB = g.val[5];
      if (!(ubB > bs || (ubB === bs && bi >= 0 && i < bi))) continue;
      pickTargetMemo(g, u, h);
      g.val[5] = g.val[0];
      score(g, u, i, true);
    }
    const s = g.val[5];
    if (s > bs || (s === bs && bi >= 0 && i < bi)) { bs = s; bi = i; }
  }
  return bi < 0 ? here : p.reached[bi];
}

/**
 * ds.shotByDist[k], k = 0..rmax: the best value of a shot u may take (backfire within the
 * policy's limit) at any listed foe from any hex k hexes from u: the foe is then between
 * D − k and D + k hexes away (D its distance from u), at any elevation case. 0 for none.
 */
function shotBounds(g: IronGame, u: number, rmax: number, lo: number, hi: number): void {
  const ds = g.dec, el = g.board.elevation, out = ds.shotByDist;
  const range = g.rangeNow[u], reach = range < 4 ? range : 4, maxBack = g.scn.policies[g.side[u]].maxBackfire;
  for (let k = 0; k <= rmax; k++) out[k] = 0;
  // Elevation cases that can occur: the reached hexes' levels lo..hi against each foe's.
  const best = ds.shotAtDist;
  for (let f = 0; f < g.foeCount; f++) {
    const th = g.foeHex[f], D = dist(g.board, g.hex[u], th), et = el[th];
    if (D - rmax > reach) continue;
    const dLo = D > rmax ? D - rmax : 0, dHi = D + rmax < reach ? D + rmax : reach;
    for (let d = dLo; d <= dHi; d++) {
      let v = 0;
      for (let c = 0; c < 3; c++) {
        if (c === 0 ? d > 0 && (lo > et || hi < et) : d === 0 || (c === 1 ? hi <= et : lo >= et)) continue;
        memoShot(g, u, f, c, d);
        if (g.val[1] <= maxBack && g.val[0] > v) v = g.val[0];
      }
      best[d] = v;
    }
    for (let k = 0; k <= rmax; k++) {
      const a = D > k ? D - k : 0, z = D + k < reach ? D + k : reach;
      for (let d = a < dLo ? dLo : a; d <= z; d++) if (best[d] > out[k]) out[k] = best[d];
    }
  }
}

/**
 * The score of reached hex i with the shot value in g.val[5], into g.val[5] (a double
 * argument or result would box): the terms in the order of chooseDestinationPlain, so
 * the doubles match.
 */
function score(g: IronGame, u: number, i: number, attack: boolean): void {
  const pol = g.scn.policies[g.side[u]], terms = g.dec.terms, t = i * 5;
  let s = g.dec.base[i];
  if (attack) s += pol.attackWeight * g.val[5];
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

/** actions.ts canShoot through the distance table (read from the target's row). */
function inShot(g: IronGame, a: number, fromHex: number, th: number): boolean {
  const d = dist(g.board, th, fromHex);
  if (d > g.rangeNow[a] || d > 4) return false;
  return d <= 1 || g.type[a] === T_GRENADIER || g.los(fromHex, th);
}

/** R20, item 74: the bot's target and end hex (chooseDestinationPlain's bot branch). */
function botDestination(g: IronGame, u: number): number {
  const p = g.board.path, here = g.hex[u];
  let best = -1, bHp = 99, bPri = 99, bD = 1 << 20, shootable = 0;
  for (let i = 0; i < g.foeCount; i++) {
    const t = g.foes[i];
    let can = 0;
    if (g.fired[u] === 0) for (let k = 0; k < p.reachedCount && can === 0; k++) if (inShot(g, u, p.reached[k], g.foeHex[i])) can = 1;
    const hp = g.hp[t], pri = BOT_PRIORITY[g.type[t]], d = dist(g.board, here, g.foeHex[i]);
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
      if (!inShot(g, u, h, th)) continue;
      const d = dist(g.board, th, h);
      memoShot(g, u, best, elevCase(g.board.elevation, h, th, d), d);
      s = 10000 * g.val[0];
    } else s = -100 * dist(g.board, th, h);
    s += g.dec.coverByTerrain[g.board.terrain[h]] - 0.01 * p.cost[h];
    if (s > bs) { bs = s; dest = h; }
  }
  return dest;
}
