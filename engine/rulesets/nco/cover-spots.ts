/**
 * Candidate positions for cover-seeking movement, derived once per map: the centre of each
 * enterable cover piece, and points just outside the edge midpoints of obscuring pieces
 * (a model there is partly hidden from one side). Policies score them by distance.
 */
import { COVER, IMPASSABLE, OBSCURING } from '../../geometry/table.ts';
import type { NcoGame } from './state.ts';
import { W_PISTOL } from './weapons.ts';

export function computeCoverSpots(g: NcoGame): void {
  const t = g.table;
  const cap = g.spotX.length;
  let m = 0;
  const off = g.r + 0.1;
  for (let p = 0; p < t.polygonCount && m < cap; p++) {
    const f = t.pFlags[p];
    const s = t.pStart[p], c = t.pCount[p];
    if ((f & COVER) !== 0 && (f & IMPASSABLE) === 0 && (f & OBSCURING) === 0) {
      let cx = 0, cy = 0;
      for (let k = 0; k < c; k++) { cx += t.vx[s + k]; cy += t.vy[s + k]; }
      g.spotX[m] = cx / c;
      g.spotY[m] = cy / c;
      m++;
    } else if ((f & OBSCURING) !== 0) {
      let cx = 0, cy = 0;
      for (let k = 0; k < c; k++) { cx += t.vx[s + k]; cy += t.vy[s + k]; }
      cx /= c; cy /= c;
      for (let k = 0; k < c && m < cap; k++) {
        const k2 = k + 1 === c ? 0 : k + 1;
        const mx = (t.vx[s + k] + t.vx[s + k2]) / 2, my = (t.vy[s + k] + t.vy[s + k2]) / 2;
        const dx = mx - cx, dy = my - cy;
        const d = Math.sqrt(dx * dx + dy * dy) + 1e-12; // no `|| 1`: a float|smi phi would box
        g.spotX[m] = mx + (dx / d) * off;
        g.spotY[m] = my + (dy / d) * off;
        m++;
      }
    }
  }
  g.spotCount = m;
  clampSpots(g);
  dropUnusable(g);
}

/**
 * Drops spots a walking soldier can never stand on: inside an impassable piece, or on one
 * taller than waist height (a climb needs a Run: R2). Moves toward such a spot would search
 * the whole route graph and fail.
 */
function dropUnusable(g: NcoGame): void {
  const t = g.table;
  let m = 0;
  for (let k = 0; k < g.spotCount; k++) {
    t.q[0] = g.spotX[k];
    t.q[1] = g.spotY[k];
    let ok = true;
    for (let p = 0; p < t.polygonCount && ok; p++) {
      if ((t.pFlags[p] & IMPASSABLE) === 0 && t.pHeight[p] <= t.waistHeight) continue;
      if (t.insideQ(p)) ok = false;
    }
    if (!ok) continue;
    g.spotX[m] = g.spotX[k];
    g.spotY[m] = g.spotY[k];
    m++;
  }
  g.spotCount = m;
}

/** Keeps every spot on the table. */
function clampSpots(g: NcoGame): void {
  const r = g.r, w = g.table.width - r, h = g.table.height - r;
  const X = g.spotX, Y = g.spotY;
  for (let k = 0; k < g.spotCount; k++) {
    if (X[k] < r) X[k] = r; else if (X[k] > w) X[k] = w;
    if (Y[k] < r) Y[k] = r; else if (Y[k] > h) Y[k] = h;
  }
}

/** True when soldier i stands within 1" of a cover spot. */
export function inCoverSpot(g: NcoGame, i: number): boolean {
  const x = g.table.px[i], y = g.table.py[i];
  for (let k = 0; k < g.spotCount; k++) {
    const dx = g.spotX[k] - x, dy = g.spotY[k] - y;
    if (dx * dx + dy * dy <= 1) return true;
  }
  return false;
}

/**
 * The best cover spot for soldier i to move to, written into a scratch slot whose index is
 * returned (−1 if none beats staying). Score: how close the spot's distance to the nearest
 * enemy is to the preferred fighting distance (closer with aggression), plus travel.
 */
/** Each spot's distance to the nearest enemy of each side, refreshed at the start of a turn. */
export function refreshSpotDistances(g: NcoGame): void {
  const px = g.table.px, py = g.table.py, alive = g.alive, side = g.side, n = g.n;
  for (let k = 0; k < g.spotCount; k++) {
    const sx = g.spotX[k], sy = g.spotY[k];
    let d0 = 1e18, d1 = 1e18; // nearest enemy of side 0 (= a side-1 soldier) and of side 1
    for (let j = 0; j < n; j++) {
      if (!alive[j]) continue;
      const dx = px[j] - sx, dy = py[j] - sy;
      const d2 = dx * dx + dy * dy;
      if (side[j] === 1) { if (d2 < d0) d0 = d2; } else if (d2 < d1) d1 = d2;
    }
    g.spotEnemyD[k] = Math.sqrt(d0);
    g.spotEnemyD[160 + k] = Math.sqrt(d1);
  }
}

function occupied(g: NcoGame, i: number, k: number): boolean {
  const t = g.table;
  for (let j = 0; j < g.n; j++) {
    if (j === i || !g.alive[j] || g.side[j] !== g.side[i]) continue;
    const dx = t.px[j] - g.spotX[k], dy = t.py[j] - g.spotY[k];
    if (dx * dx + dy * dy < 1.2) return true;
  }
  return false;
}

/**
 * The best cover spot for soldier i to move to, written into a scratch slot whose index is
 * returned (−1 if none). Score: how close the spot's distance to the nearest enemy (at the
 * start of the turn) is to the preferred fighting distance (closer with aggression), plus
 * travel. Spots held by a friend are skipped.
 */
export function bestCoverSpot(g: NcoGame, i: number, budget: number): number {
  const aggression = g.scn.policies[g.side[i]].aggression; // read here: a double argument would box
  const t = g.table;
  const x = t.px[i], y = t.py[i];
  const w = g.primary[i];
  const want = g.scn.weapons.range[w === 0 ? W_PISTOL : w] * (1 - 0.6 * aggression);
  const base = g.side[i] === 0 ? 0 : 160;
  let best = -1;
  for (let tries = 0; tries < 3; tries++) {
    let bestS = 1e9;
    best = -1;
    for (let k = 0; k < g.spotCount; k++) {
      if (g.spotSkip[k] === g.spotStamp) continue;
      const dx = g.spotX[k] - x, dy = g.spotY[k] - y;
      const travel = Math.sqrt(dx * dx + dy * dy);
      if (travel > budget * 3) continue;
      const s = Math.abs(g.spotEnemyD[base + k] - want) + 0.3 * travel;
      if (s < bestS) { bestS = s; best = k; }
    }
    if (best < 0 || !occupied(g, i, best)) break;
    g.spotSkip[best] = g.spotStamp;
  }
  g.spotStamp++;
  if (best < 0) return -1;
  const slot = g.sp + 4;
  t.px[slot] = g.spotX[best];
  t.py[slot] = g.spotY[best];
  return slot;
}
