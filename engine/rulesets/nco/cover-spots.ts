/**
 * Candidate positions for cover-seeking movement, derived once per map: the centre of each
 * enterable cover piece, and points just outside the edge midpoints of obscuring pieces
 * (a model there is partly hidden from one side). Policies score them by distance.
 */
import { COVER, IMPASSABLE, OBSCURING } from '../../geometry/table.ts';
import type { NcoGame } from './state.ts';
import { W_PISTOL, W_RANGE } from './weapons.ts';

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
      addSpot(g, cx / c, cy / c, m++);
    } else if ((f & OBSCURING) !== 0) {
      let cx = 0, cy = 0;
      for (let k = 0; k < c; k++) { cx += t.vx[s + k]; cy += t.vy[s + k]; }
      cx /= c; cy /= c;
      for (let k = 0; k < c && m < cap; k++) {
        const k2 = k + 1 === c ? 0 : k + 1;
        const mx = (t.vx[s + k] + t.vx[s + k2]) / 2, my = (t.vy[s + k] + t.vy[s + k2]) / 2;
        const dx = mx - cx, dy = my - cy, d = Math.hypot(dx, dy) || 1;
        addSpot(g, mx + (dx / d) * off, my + (dy / d) * off, m++);
      }
    }
  }
  g.spotCount = m;
}

function addSpot(g: NcoGame, x: number, y: number, k: number): void {
  const w = g.table.width - g.r, h = g.table.height - g.r;
  g.spotX[k] = x < g.r ? g.r : x > w ? w : x;
  g.spotY[k] = y < g.r ? g.r : y > h ? h : y;
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
export function bestCoverSpot(g: NcoGame, i: number, budget: number, aggression: number): number {
  const t = g.table;
  const x = t.px[i], y = t.py[i];
  const w = g.primary[i];
  const range = W_RANGE[w === 0 ? W_PISTOL : w];
  const want = range * (1 - 0.6 * aggression);
  let best = -1, bestS = 1e9;
  for (let k = 0; k < g.spotCount; k++) {
    const sx = g.spotX[k], sy = g.spotY[k];
    const travel = Math.hypot(sx - x, sy - y);
    if (travel > budget * 3) continue;
    let occupied = false;
    let dEnemy = 1e9;
    for (let j = 0; j < g.n; j++) {
      if (!g.alive[j] || j === i) continue;
      const dx = t.px[j] - sx, dy = t.py[j] - sy;
      const d2 = dx * dx + dy * dy;
      if (g.side[j] === g.side[i]) { if (d2 < 1.2) occupied = true; }
      else if (d2 < dEnemy) dEnemy = d2;
    }
    if (occupied) continue;
    const s = Math.abs(Math.sqrt(dEnemy) - want) + 0.3 * travel;
    if (s < bestS) { bestS = s; best = k; }
  }
  if (best < 0) return -1;
  const slot = g.sp + 4;
  t.setPoint(slot, g.spotX[best], g.spotY[best]);
  return slot;
}
