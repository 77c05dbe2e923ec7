/**
 * Cover-seeking movement of the scripted policies: whether a soldier already stands at a
 * cover spot (rules/cover-spots.ts derives the spots per map), each spot's distance to the
 * nearest enemy at the start of a turn, and the best spot to move to. The caches behind
 * them are in rules/spot-cache.ts.
 */
import type { NcoGame } from '../rules/state.ts';
import { W_PISTOL } from '../data/weapons.ts';

/** True when soldier i stands within 1" of a cover spot (remembered for his position until the spots change). */
export function inCoverSpot(g: NcoGame, i: number): boolean {
  const c = g.spotCache;
  const x = g.table.px[i], y = g.table.py[i];
  if (c.inV[i] >= 0 && c.inX[i] === x && c.inY[i] === y) return c.inV[i] === 1;
  const sx = g.spotX, sy = g.spotY;
  let v = 0;
  for (let k = 0, m = g.spotCount; k < m; k++) {
    const dx = sx[k] - x, dy = sy[k] - y;
    if (dx * dx + dy * dy <= 1) { v = 1; break; }
  }
  c.inV[i] = v;
  c.inX[i] = x;
  c.inY[i] = y;
  return v === 1;
}

/**
 * Start of a turn: packs where the living soldiers stand (side 0's first), so each spot's
 * distance to the nearest enemy of each side "at the start of the turn" can be worked out
 * on first use (bestCoverSpot); a minimum does not depend on the order it is taken in.
 */
export function snapSpotDistances(g: NcoGame): void {
  const c = g.spotCache, P = c.pack, px = g.table.px, py = g.table.py, alive = g.alive, split = g.split;
  let m = 0, m0 = 0;
  for (let j = 0; j < g.n; j++) {
    if (j === split) m0 = m;
    if (alive[j]) { P[2 * m] = px[j]; P[2 * m + 1] = py[j]; m++; }
  }
  c.m0 = split >= g.n ? m : m0;
  c.m = m;
  c.newTurn();
}

/** A living friend of soldier i (his side's index range, not i) stands on spot k. */
function occupied(g: NcoGame, i: number, k: number): boolean {
  const px = g.table.px, py = g.table.py, alive = g.alive;
  const x = g.spotX[k], y = g.spotY[k];
  for (let j = g.side[i] === 0 ? 0 : g.split, hi = g.side[i] === 0 ? g.split : g.n; j < hi; j++) {
    const dx = px[j] - x, dy = py[j] - y;
    if (dx * dx + dy * dy < 1.2 && j !== i && alive[j] !== 0) return true; // the rare near one first
  }
  return false;
}

/**
 * The best cover spot for soldier i to move to, written into a scratch slot whose index is
 * returned (−1 if none). Score: how close the spot's distance to the nearest enemy (at the
 * start of the turn) is to the preferred fighting distance (closer with aggression), plus
 * travel. Spots held by a friend are skipped (at most three tries; the third best is taken
 * even if held), so one scan keeps the three best in order (score, then index: what a rescan
 * per try would find). A spot whose travel part alone cannot beat the third is not scored,
 * so its enemy distance is not needed; the others' are worked out once per turn.
 * Only the spots within reach in y are visited (SpotCache.ord, in y order, not index
 * order), so the three are kept by (score, index) compared in full.
 */
export function bestCoverSpot(g: NcoGame, i: number, budget: number): number {
  const aggression = g.scn.policies[g.side[i]].aggression; // read here: a double argument would box
  const t = g.table, c = g.spotCache;
  const x = t.px[i], y = t.py[i];
  const w = g.primary[i];
  const want = g.scn.weapons.range[w === 0 ? W_PISTOL : w] * (1 - 0.6 * aggression);
  const base = g.side[i] === 0 ? 0 : 160;
  // Side 0's enemies are packed in [m0, m), side 1's in [0, m0).
  const lo = base === 0 ? c.m0 : 0, hi = base === 0 ? c.m : c.m0;
  const sx = g.spotX, sy = g.spotY, ed = g.spotEnemyD, m = g.spotCount, stamp = c.stamp, turn = c.turn, P = c.pack;
  const ord = c.ord, oy = c.oy;
  let b1 = -1, b2 = -1, b3 = -1, s1 = 1e9, s2 = 1e9, s3 = 1e9;
  const reach = budget * 3;
  // Beyond this squared distance the rounded square root is surely above reach (the margin
  // dwarfs rounding), so the root is skipped; nearer spots are compared as before.
  const far2 = reach * reach * (1 + 1e-9);
  // A spot farther than this in y alone is beyond far2 (again a margin that dwarfs rounding).
  const band = reach * (1 + 1e-6) + 1e-6, ylo = y - band, yhi = y + band;
  let o = 0;
  while (o < m && oy[o] < ylo) o++;
  for (; o < m && oy[o] <= yhi; o++) {
    const k = ord[o];
    const dx = sx[k] - x, dy = sy[k] - y;
    const d2 = dx * dx + dy * dy;
    if (d2 > far2) continue;
    const travel = Math.sqrt(d2);
    const tr = 0.3 * travel;
    if (travel > reach || tr > s3) continue; // the score is at least tr: it cannot enter the three
    const e = base + k;
    if (stamp[e] !== turn) {
      let d0 = 1e18;
      const qx = sx[k], qy = sy[k];
      for (let j = lo; j < hi; j++) {
        const ex = P[2 * j] - qx, ey = P[2 * j + 1] - qy;
        d0 = Math.min(d0, ex * ex + ey * ey); // the smaller double (no NaN, no −0): the same value as a compare
      }
      ed[e] = Math.sqrt(d0);
      stamp[e] = turn;
    }
    const s = Math.abs(ed[e] - want) + tr;
    if (s > s3 || s === s3 && k > b3) continue;
    if (s < s2 || s === s2 && k < b2) {
      b3 = b2; s3 = s2;
      if (s < s1 || s === s1 && k < b1) { b2 = b1; s2 = s1; b1 = k; s1 = s; } else { b2 = k; s2 = s; }
    } else { b3 = k; s3 = s; }
  }
  let best = b1;
  if (best >= 0 && occupied(g, i, best)) {
    best = b2;
    if (best >= 0 && occupied(g, i, best)) best = b3;
  }
  if (best < 0) return -1;
  const slot = g.sp + 4;
  t.px[slot] = sx[best];
  t.py[slot] = sy[best];
  return slot;
}
