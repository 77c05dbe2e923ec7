/**
 * Candidate positions for cover-seeking movement, derived once per map: the centre of each
 * enterable cover piece, and points just outside the edge midpoints of obscuring pieces
 * (a model there is partly hidden from one side). Deployment counts them (setup.ts);
 * policies score them by distance (policy/cover.ts).
 */
import { COVER, IMPASSABLE, OBSCURING } from '../../../geometry/table.ts';
import type { NcoGame } from './state.ts';

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
  g.spotCache.spotsChanged(g.spotY, g.spotCount);
}

/**
 * Drops spots a walking soldier can never stand on: inside an impassable piece, or on one
 * taller than waist height (a climb needs a Run: R2). Moves toward such a spot would search
 * the whole route graph and fail. Those pieces are listed once, then each spot is tested
 * against them only.
 */
function dropUnusable(g: NcoGame): void {
  const t = g.table, c = g.spotCache;
  if (c.blockers.length < t.polygonCount) c.blockers = new Int32Array(t.maxPolygons); // once per table
  const list = c.blockers, waist = g.move.waistHeight;
  let nb = 0;
  for (let p = 0; p < t.polygonCount; p++) {
    if (!((t.pFlags[p] & IMPASSABLE) === 0 && t.pHeight[p] <= waist)) list[nb++] = p;
  }
  let m = 0;
  for (let k = 0; k < g.spotCount; k++) {
    t.q[0] = g.spotX[k];
    t.q[1] = g.spotY[k];
    let ok = true;
    for (let b = 0; b < nb && ok; b++) if (t.insideQ(list[b])) ok = false;
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
