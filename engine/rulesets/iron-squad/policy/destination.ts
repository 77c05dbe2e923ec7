/**
 * Where u ends its move (digest section 4, items 22, 74; R19, R20): the hex of the last
 * search's reached list with the best score, the first in reach order on a tie. Same
 * answer as policy/reference.ts chooseDestinationPlain (test/iron-perf-equivalence),
 * cheaper, by upper bounds on each hex's score:
 * - bound A (every hex): the cheap terms exact, exposure 0, the shot as the best one any
 *   hex at that distance from u and at that level could take (shotBounds);
 * - bound B (only where A could still win): exposure exact, the shot as the best one in
 *   range from that hex, sight ignored; then the exact score (pickTargetMemo).
 * Shot values are memoised per decision by (foe, elevation case, distance), all they
 * depend on. A bound is summed in the exact order of the score with a larger shot and a
 * smaller exposure; IEEE sums and products by non-negative weights are monotone, so it
 * is a true bound, no epsilon. The hex with the best bound A is scored first; any other
 * is skipped when a bound cannot beat the best so far (equal bound: only if earlier in
 * reach order). Allocation-free: bounds in g.dec.
 */
import { dist } from '../rules/board-cache.ts';
import type { IronGame } from '../rules/state.ts';
import { BOT_PRIORITY, DAM, EAM, T_GRENADIER, TYPE_WEAPON, W_GRENADE } from '../data/units.ts';
import { LEVELS } from '../rules/scratch.ts';
import { approachFoe, elevCase, fillShotAt, foeBase, KILL_BONUS, pickTargetMemo, shotSlot } from './scoring.ts';

/** The solo bot's end hex (items 74, R20) among the hexes the last search reached; the foes are listed. */
export function chooseBotDestination(g: IronGame, u: number, _mp: number): number {
  g.dec.newShots();
  return botDestination(g, u);
}

/** Picks the end hex of u's move by the weights, among the hexes the last search reached; the foes are listed. */
export function chooseDestination(g: IronGame, u: number, mp: number): number {
  const side = g.side[u], pol = g.scn.policies[side];
  g.dec.newShots();
  const p = g.board.path, r = g.scn.rules, b = g.board, ds = g.dec;
  const bound = ds.bound, from = ds.from, here = g.hex[u], cover = ds.coverByTerrain;
  const near = approachFoe(g, u); // the enemy the approach term closes in on
  const mh = g.missionHex[side];
  // R19: the enemy's mission card is secret unless the full-information mode is on.
  const eh = r.full_information && pol.denyWeight > 0 ? g.missionHex[1 - side] : -1;
  const useObj = mh >= 0 && pol.objectiveWeight > 0, useVp = pol.vpWeight > 0, useExp = pol.exposureWeight > 0;
  const nearHex = near >= 0 && pol.approachWeight > 0 ? g.foeHex[near] : -1;
  const attack = g.fired[u] === 0 && pol.attackWeight > 0;
  // Bound A: exposure taken as 0, the shot as the best one any hex this far from u could have.
  // Distances from u, the objectives and the nearest foe: rows read with the arrays hoisted.
  const dObj = useObj ? distRow(g, 1, mh) : b.distTable, oObj = ds.rowAt[1];
  const dDeny = eh >= 0 ? distRow(g, 2, eh) : dObj, oDeny = ds.rowAt[2];
  const dNear = nearHex >= 0 ? distRow(g, 3, nearHex) : dObj, oNear = ds.rowAt[3];
  const n = p.reachedCount, reached = p.reached, el = b.elevation;
  if (attack) { // the shot's bound by distance from u (from[] is read only for it)
    const dHere = distRow(g, 0, here), oHere = ds.rowAt[0];
    let rmax = 0, lo = 127, hi = -128;
    for (let i = 0; i < n; i++) {
      const h = reached[i], d = dHere[oHere + h], e = el[h];
      from[i] = d * LEVELS + e; // the shot bound's slot
      if (d > rmax) rmax = d;
      if (e < lo) lo = e;
      if (e > hi) hi = e;
    }
    shotBounds(g, u, rmax, lo, hi);
  }
  // Only a few hexes get past bound A, so no term is kept: the exact stage recomputes them there.
  const cw = pol.coverWeight, aw = pol.attackWeight, ow = pol.objectiveWeight, dw = pol.denyWeight;
  const vw = pol.vpWeight, xw = pol.exposureWeight, nw = pol.approachWeight, shots = ds.shotByDist;
  const cost = p.cost, terrain = b.terrain, explore = g.exploreExtra, objId = b.objectiveId, hiddenNb = b.hiddenNb;
  const seen = g.objSeen, seenAt = side * g.objCap, revealMp = pol.revealsPerActivation > 0 ? mp - r.reveal_mp_cost : -1;
  const vpExplore = r.vp_explore, vpObjective = r.vp_objective, vpReveal = r.vp_reveal;
  let top = -1, topB = -1e9, sec = -1e9; // the best bound (first on a tie) and the best of the others
  for (let i = 0; i < n; i++) {
    const h = reached[i], c = cost[h];
    // The score's sum, term by term in its order, with ex = 0 and the distance and level's best shot.
    let s = cw * cover[terrain[h]] - 0.01 * c;
    if (attack) s += aw * shots[from[i]];
    if (useObj) s -= ow * dObj[oObj + h];
    if (eh >= 0) s -= dw * dDeny[oDeny + h];
    if (useVp) {
      let vp = 0;
      if (explore[h] !== 0) vp += vpExplore;
      const o = objId[h];
      if (o >= 0 && seen[seenAt + o] === 0) vp += vpObjective;
      if (c <= revealMp && hiddenNb[h] !== 0) vp += vpReveal;
      s += vw * vp;
    }
    // Exposure 0: s − xw · 0 is s (xw finite), so the term is left out.
    if (nearHex >= 0) s -= nw * dNear[oNear + h];
    bound[i] = s;
    if (s > topB) { sec = topB; topB = s; top = i; } else if (s > sec) sec = s;
  }
  // Without a shot or an exposure term every bound is the exact score.
  ds.picked[0] = topB;
  if ((!attack && !useExp) || top < 0) return top < 0 ? here : reached[top];
  // Best (bs, bi): the highest score, then the lowest index; bi −1 is staying put at −1e9, which no tie beats.
  let bs = -1e9, bi = -1;
  const range = g.rangeNow[u], reach = range < 4 ? range : 4, maxBack = pol.maxBackfire;
  const foeCount = g.foeCount, foeHex = g.foeHex, foes = g.foes, rangeNow = g.rangeNow, sv = ds.shotV, sb = ds.shotB;
  for (let k = -1; k < n; k++) {
    const i = k < 0 ? top : k;
    const ub = bound[i];
    if (k === top || !(ub > bs || (ub === bs && bi >= 0 && i < bi))) continue;
    // Bound B: exposure exact, the shot as the best in range with sight ignored.
    const h = reached[i];
    let ex = 0, shot = 0;
    for (let f = 0; f < foeCount; f++) {
      const d = dist(b, foeHex[f], h);
      if (d <= rangeNow[foes[f]] + 2) ex++;
      if (attack && d <= reach) {
        const q = shotSlot(g, u, f, elevCase(el, h, foeHex[f], d), d);
        if (sb[q] <= maxBack && sv[q] > shot) shot = sv[q];
      }
    }
    const c = cost[h];
    let vp = 0;
    if (explore[h] !== 0) vp += vpExplore;
    const o = objId[h];
    if (o >= 0 && seen[seenAt + o] === 0) vp += vpObjective;
    if (c <= revealMp && hiddenNb[h] !== 0) vp += vpReveal;
    // The score term by term in chooseDestinationPlain's order: with that shot (bound B),
    // then, if that can still win, with the target's (pickTargetMemo); without a shot, once.
    let s = 0;
    for (let pass = attack ? 0 : 1; pass < 2; pass++) {
      if (pass === 1 && attack) {
        if (!(s > bs || (s === bs && bi >= 0 && i < bi))) break;
        pickTargetMemo(g, u, h);
        shot = g.val[0];
      }
      s = cw * cover[terrain[h]] - 0.01 * c;
      if (attack) s += aw * shot;
      if (useObj) s -= ow * dObj[oObj + h];
      if (eh >= 0) s -= dw * dDeny[oDeny + h];
      if (useVp) s += vw * vp;
      if (useExp) s -= xw * ex;
      if (nearHex >= 0) s -= nw * dNear[oNear + h];
    }
    if (s > bs || (s === bs && bi >= 0 && i < bi)) { bs = s; bi = i; }
    // Every other bound below the top hex's score: none can beat or tie it (most decisions).
    if (k < 0 && sec < bs) break;
  }
  ds.picked[0] = bs;
  return bi < 0 ? here : reached[bi];
}

/**
 * Row a of the distance table into slot k of the decision (0 u, 1 objective, 2 the enemy's
 * objective, 3 the nearest foe): the board's table with its offset in ds.rowAt[k], or on a
 * board too large for a table the row computed now into ds.distRows.
 */
function distRow(g: IronGame, k: number, a: number): Uint8Array | Int32Array {
  const b = g.board, ds = g.dec;
  if (b.distTable.length !== 0) {
    ds.rowAt[k] = a * b.size;
    return b.distTable;
  }
  const out = ds.distRows, o = k * b.size;
  for (let h = 0; h < b.size; h++) out[o + h] = b.grid.distance(a, h);
  ds.rowAt[k] = o;
  return out;
}

/**
 * ds.shotByDist[k * LEVELS + e], k = 0..rmax, e = lo..hi: the best value of a shot u may
 * take (backfire within the policy's limit) at any listed foe from any hex k hexes from u
 * at level e: the foe is then between D − k and D + k hexes away (D its distance from u),
 * and the level fixes the elevation case at each distance. 0 for none. The memo slots are
 * filled here from each foe's base (foeBase, fillShotAt: no splash) or, for a grenade, by
 * shotSlot; each entry is a running maximum over the growing window D ± k.
 */
export function shotBounds(g: IronGame, u: number, rmax: number, lo: number, hi: number): void {
  const ds = g.dec, el = g.board.elevation, out = ds.shotByDist, sv = ds.shotV, sb = ds.shotB;
  const range = g.rangeNow[u], reach = range < 4 ? range : 4, maxBack = g.scn.policies[g.side[u]].maxBackfire;
  const w = TYPE_WEAPON[g.type[u]], splash = w === W_GRENADE, dw = w * 5, eUp = EAM[w * 2], eDown = EAM[w * 2 + 1];
  const mb = ds.missionBonus, stamp = ds.shotStamp, epoch = ds.shotEpoch, L = LEVELS;
  for (let k = 0; k <= rmax; k++) for (let e = lo; e <= hi; e++) out[k * L + e] = 0;
  const best = ds.shotAtDist;
  for (let f = 0; f < g.foeCount; f++) {
    const th = g.foeHex[f], D = dist(g.board, g.hex[u], th), et = el[th];
    if (D - rmax > reach) continue;
    const dLo = D > rmax ? D - rmax : 0, dHi = D + rmax < reach ? D + rmax : reach;
    const t = g.foes[f], hp = g.hp[t], kv = KILL_BONUS + mb[t], base0 = foeBase(g, u, f);
    for (let d = dLo; d <= dHi; d++) {
      for (let e = lo; e <= hi; e++) {
        const c = d === 0 || e === et ? 0 : e > et ? 1 : 2; // elevCase from level e
        const k = (f * 3 + c) * 5 + d;
        if (stamp[k] !== epoch) {
          if (splash) shotSlot(g, u, f, c, d);
          else fillShotAt(g, k, base0 + DAM[dw + d] + (c === 1 ? eUp : c === 2 ? eDown : 0), hp, kv);
        }
        best[d * L + e] = sb[k] <= maxBack && sv[k] > 0 ? sv[k] : 0;
      }
    }
    // out[k, e] gets the best over d in [D − k, D + k] ∩ [dLo, dHi]: the window only grows with k.
    for (let e = lo; e <= hi; e++) {
      let m = 0;
      for (let k = 0; k <= rmax; k++) {
        const a = D - k, z = D + k;
        if (a >= dLo && a <= dHi && best[a * L + e] > m) m = best[a * L + e];
        if (z <= dHi && best[z * L + e] > m) m = best[z * L + e];
        if (m > out[k * L + e]) out[k * L + e] = m;
      }
    }
  }
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
  // A foe farther than the farthest reached hex plus the shot's reach is out of range from
  // every reached hex (triangle inequality): its scan is skipped, same answer.
  const row = distRow(g, 0, here), o = g.dec.rowAt[0], range = g.rangeNow[u];
  let rmax = 0;
  for (let k = 0; k < p.reachedCount; k++) if (row[o + p.reached[k]] > rmax) rmax = row[o + p.reached[k]];
  const far = rmax + (range < 4 ? range : 4);
  for (let i = 0; i < g.foeCount; i++) {
    const t = g.foes[i], d = row[o + g.foeHex[i]];
    let can = 0;
    if (g.fired[u] === 0 && d <= far) for (let k = 0; k < p.reachedCount && can === 0; k++) if (inShot(g, u, p.reached[k], g.foeHex[i])) can = 1;
    const hp = g.hp[t], pri = BOT_PRIORITY[g.type[t]];
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
      s = 10000 * g.dec.shotV[shotSlot(g, u, best, elevCase(g.board.elevation, h, th, d), d)];
    } else s = -100 * dist(g.board, th, h);
    s += g.dec.coverByTerrain[g.board.terrain[h]] - 0.01 * p.cost[h];
    if (s > bs) { bs = s; dest = h; }
  }
  return dest;
}
