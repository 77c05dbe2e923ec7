/**
 * Movement (items 20–24, R20–R21): rates by order and class, the terrain table along a
 * straight move (a move stops short of the first piece it may not enter), road doubling,
 * vehicle pivots and reversing, wrecks. Straight moves only: no route-finding (decision).
 */
import { ADVANCE_RATE, MV_ARTILLERY, NO, NO_BANG, NO_RUN, NO_STAR, OK_STAR, PIVOTS_ADVANCE, PIVOTS_RUN, ROAD_X2, RUN_RATE, T_BUILDING, T_ROAD } from '../data/tables.ts';
import { pivotsNeeded, segmentCircleEntry, turnToward } from '../../../geometry/footprint.ts';
import { buildingAt, insidePiece, loadSeg, setPos, terrainChanged } from './sight.ts';
import type { PlatoonGame } from './state.ts';

/** Items 23–24: may unit u enter piece p on this move? */
export function mayEnter(g: PlatoonGame, u: number, p: number, run: boolean): boolean {
  const cat = g.category[p];
  if (cat === T_BUILDING && g.burning[p] === 1) return false; // R18
  const code = g.scn.terrainCode[cat * 5 + g.scn.moveClass[u]];
  if (code === NO || code === NO_STAR || code === NO_BANG) return false;
  if (code === NO_RUN) return !run;
  if (code === OK_STAR) return g.pieces.antiTank[p] === 0;
  return true;
}

/** The move rate of u on this order (item 20, R20): 0 when it cannot move. */
export function moveRate(g: PlatoonGame, u: number, run: boolean): number {
  if (g.immobilised[u] > 0) return 0; // item 64
  const mc = g.scn.moveClass[u];
  return run ? (mc === MV_ARTILLERY ? 0 : RUN_RATE[mc]) : ADVANCE_RATE[mc];
}

/** R21: the whole segment lies in one road piece (roads are convex pieces, so both ends suffice). */
function onRoad(g: PlatoonGame, ax: number, ay: number, bx: number, by: number): boolean {
  for (let p = 0; p < g.table.polygonCount; p++) {
    if (g.category[p] === T_ROAD && insidePiece(g, p, ax, ay) && insidePiece(g, p, bx, by)) return true;
  }
  return false;
}

/**
 * Plans u's move toward (tx, ty): writes the new heading to g.tmp[0..1] and the end point
 * to g.tmp[2..3]; returns the distance moved. A vehicle pivots first (item 21); if it
 * cannot turn far enough it reverses when the destination is behind (item 22), else drives
 * on along its new heading.
 */
export function planMove(g: PlatoonGame, u: number, tx: number, ty: number, run: boolean): number {
  const scn = g.scn, T = g.table, tmp = g.tmp, ax = g.x[u], ay = g.y[u];
  tmp[0] = g.hx[u]; tmp[1] = g.hy[u]; tmp[2] = ax; tmp[3] = ay;
  let rate = moveRate(g, u, run);
  let dx = tx - ax, dy = ty - ay;
  const want = Math.sqrt(dx * dx + dy * dy);
  if (rate <= 0 || want < 1e-6) return 0;
  let ux = dx / want, uy = dy / want;
  if (g.isVehicle(u)) {
    const mc = scn.moveClass[u], piv = run ? PIVOTS_RUN[mc] : PIVOTS_ADVANCE[mc];
    const need = pivotsNeeded(g.hx[u], g.hy[u], dx, dy);
    if (need === 2 && !run && (need > piv || scn.recce[u] === 1)) {
      // Item 22: straight back at half the Advance rate, heading kept; a recce vehicle reverses
      // at full rate in any direction ("manoeuvres as if driving forward").
      if (scn.recce[u] === 0) { ux = -g.hx[u]; uy = -g.hy[u]; rate *= 0.5; }
    } else {
      turnToward(g.hx[u], g.hy[u], dx, dy, piv, tmp);
      ux = tmp[0]; uy = tmp[1];
    }
  }
  if (scn.terrainCode[T_ROAD * 5 + scn.moveClass[u]] === ROAD_X2 && onRoad(g, ax, ay, ax + ux * Math.min(want, 2 * rate), ay + uy * Math.min(want, 2 * rate))) rate *= 2;
  let len = want < rate ? want : rate;
  // Stay on the table.
  const W = T.width - 0.5, H = T.height - 0.5;
  let ex = ax + ux * len, ey = ay + uy * len;
  if (ex < 0.5) ex = 0.5; else if (ex > W) ex = W;
  if (ey < 0.5) ey = 0.5; else if (ey > H) ey = H;
  if (!loadSeg(g, ax, ay, ex, ey)) return 0;
  len = T.seg[4];
  let stop = 1;
  for (let p = 0; p < T.polygonCount; p++) {
    if (mayEnter(g, u, p, run) || !T.segBoxHits(p) || !T.clip(p)) continue;
    if (T.ct[0] <= 0) { if (g.burning[p] === 1) continue; stop = 0; break; } // starts inside a piece it may not move within (leaving a burning building is allowed)
    const s = T.ct[0] - 0.05 / len;
    if (s < stop) stop = s > 0 ? s : 0;
  }
  // Item 66: wrecks are impassable.
  if (scn.rules.wrecks === 'impassable') {
    const r0 = g.isVehicle(u) ? scn.footWidth[u] / 2 : 0.5;
    for (let v = 0; v < g.n; v++) {
      if (g.alive[v] === 1 || !g.isVehicle(v)) continue;
      const t = segmentCircleEntry(ax, ay, ex, ey, g.x[v], g.y[v], scn.footLength[v] / 2 + r0);
      if (t > 0 && t < stop) stop = t - 0.05 / len > 0 ? t - 0.05 / len : 0;
    }
  }
  tmp[2] = ax + (ex - ax) * stop;
  tmp[3] = ay + (ey - ay) * stop;
  return len * stop;
}

/** Puts u at (x, y) with heading tmp[0..1] (vehicles) and notes the building it is in. */
export function place(g: PlatoonGame, u: number, x: number, y: number): void {
  setPos(g, u, x, y);
  if (g.isVehicle(u)) terrainChanged(g); // a vehicle is cover (R10): every cached cover may change
  g.inBuilding[u] = g.isVehicle(u) ? -1 : buildingAt(g, x, y);
}

/** Sets a vehicle's heading from tmp[0..1]. */
export function setHeading(g: PlatoonGame, u: number): void {
  if (!g.isVehicle(u)) return;
  g.hx[u] = g.tmp[0];
  g.hy[u] = g.tmp[1];
}
