/**
 * Movement (items 20–24, R20–R21): rates by order and class, the terrain table along a
 * straight move (a move stops short of the first piece it may not enter), road doubling,
 * vehicle pivots and reversing, wrecks. Straight moves only: no route-finding (decision).
 */
import { ADVANCE_RATE, MV_ARTILLERY, NO, NO_BANG, NO_RUN, NO_STAR, OK_STAR, PIVOTS_ADVANCE, PIVOTS_RUN, ROAD_X2, RUN_RATE, T_BUILDING, T_ROAD } from '../data/tables.ts';
import { buildingOf, loadSegXY, PT, segmentCircle, terrainChanged } from './sight.ts';
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

/** R21: the whole segment g.sx/g.sy[0..1] lies in one road piece (roads are convex pieces, so both ends suffice). */
function onRoad(g: PlatoonGame): boolean {
  const T = g.table;
  for (let p = 0; p < T.polygonCount; p++) {
    if (g.category[p] !== T_ROAD) continue;
    T.q[0] = g.sx[0]; T.q[1] = g.sy[0];
    if (!T.insideQ(p)) continue;
    T.q[0] = g.sx[1]; T.q[1] = g.sy[1];
    if (T.insideQ(p)) return true;
  }
  return false;
}

/**
 * planMoveTo's destination ([0..1]) and distance moved ([2]); [3..4] the direction for a
 * vehicle's pivots. Double arguments and results are boxed on every call V8 does not
 * inline, and the policies plan several moves per unit per activation (docs/gc-audit.md).
 */
export const MOVE = new Float64Array(5);

/** planMoveTo toward (tx, ty), returning the distance moved (tests and tools). */
export function planMove(g: PlatoonGame, u: number, tx: number, ty: number, run: boolean): number {
  MOVE[0] = tx; MOVE[1] = ty;
  planMoveTo(g, u, run);
  return MOVE[2];
}

/**
 * Plans u's move toward (MOVE[0], MOVE[1]): writes the new heading to g.tmp[0..1], the end
 * point to g.tmp[2..3] and the distance moved to MOVE[2]. A vehicle pivots first (item 21);
 * if it cannot turn far enough it reverses when the destination is behind (item 22), else
 * drives on along its new heading.
 */
export function planMoveTo(g: PlatoonGame, u: number, run: boolean): void {
  const scn = g.scn, T = g.table, tmp = g.tmp, ax = g.x[u], ay = g.y[u], tx = MOVE[0], ty = MOVE[1];
  MOVE[2] = 0;
  tmp[0] = g.hx[u]; tmp[1] = g.hy[u]; tmp[2] = ax; tmp[3] = ay;
  let rate = moveRate(g, u, run);
  let dx = tx - ax, dy = ty - ay;
  const want = Math.sqrt(dx * dx + dy * dy);
  if (rate <= 0 || want < 1e-6) return;
  let ux = dx / want, uy = dy / want;
  if (g.isVehicle(u)) {
    const mc = scn.moveClass[u], piv = run ? PIVOTS_RUN[mc] : PIVOTS_ADVANCE[mc];
    MOVE[3] = dx; MOVE[4] = dy;
    const need = pivotsFor(g, u);
    if (need === 2 && !run && (need > piv || scn.recce[u] === 1)) {
      // Item 22: straight back at half the Advance rate, heading kept; a recce vehicle reverses
      // at full rate in any direction ("manoeuvres as if driving forward").
      if (scn.recce[u] === 0) { ux = -g.hx[u]; uy = -g.hy[u]; rate *= 0.5; }
    } else {
      turnFor(g, u, piv);
      ux = tmp[0]; uy = tmp[1];
    }
  }
  if (scn.terrainCode[T_ROAD * 5 + scn.moveClass[u]] === ROAD_X2) {
    g.sx[0] = ax; g.sy[0] = ay; g.sx[1] = ax + ux * Math.min(want, 2 * rate); g.sy[1] = ay + uy * Math.min(want, 2 * rate);
    if (onRoad(g)) rate *= 2;
  }
  let len = want < rate ? want : rate;
  // Stay on the table.
  const W = T.width - 0.5, H = T.height - 0.5;
  let ex = ax + ux * len, ey = ay + uy * len;
  if (ex < 0.5) ex = 0.5; else if (ex > W) ex = W;
  if (ey < 0.5) ey = 0.5; else if (ey > H) ey = H;
  g.sx[0] = ax; g.sy[0] = ay; g.sx[1] = ex; g.sy[1] = ey;
  if (!loadSegXY(g)) return;
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
      PT[2] = g.x[v]; PT[3] = g.y[v]; PT[4] = scn.footLength[v] / 2 + r0;
      PT[6] = ax; PT[7] = ay; PT[8] = ex; PT[9] = ey;
      segmentCircle();
      const t = PT[5];
      if (t > 0 && t < stop) stop = t - 0.05 / len > 0 ? t - 0.05 / len : 0;
    }
  }
  tmp[2] = ax + (ex - ax) * stop;
  tmp[3] = ay + (ey - ay) * stop;
  MOVE[2] = len * stop;
}

/** pivotsNeeded(hx[u], hy[u], MOVE[3], MOVE[4]) (engine/geometry/footprint.ts), written out. */
function pivotsFor(g: PlatoonGame, u: number): number {
  const hx = g.hx[u], hy = g.hy[u], dx = MOVE[3], dy = MOVE[4];
  const l = Math.sqrt(dx * dx + dy * dy);
  if (l === 0) return 0;
  const cos = (hx * dx + hy * dy) / l;
  return cos >= 0.9999 ? 0 : cos >= -1e-9 ? 1 : 2;
}

/** turnToward(hx[u], hy[u], MOVE[3], MOVE[4], pivots, g.tmp) (engine/geometry/footprint.ts), written out. */
function turnFor(g: PlatoonGame, u: number, pivots: number): void {
  const hx = g.hx[u], hy = g.hy[u], dx = MOVE[3], dy = MOVE[4], out = g.tmp;
  const l = Math.sqrt(dx * dx + dy * dy);
  if (l === 0 || pivots <= 0) { out[0] = hx; out[1] = hy; return; }
  const ux = dx / l, uy = dy / l;
  if (pivots >= pivotsFor(g, u)) { out[0] = ux; out[1] = uy; return; }
  // One quarter turn toward the side the direction lies on.
  const cross = hx * uy - hy * ux;
  if (cross >= 0) { out[0] = -hy; out[1] = hx; } else { out[0] = hy; out[1] = -hx; }
}

/** Puts u at (x, y) with heading tmp[0..1] (vehicles) and notes the building it is in. */
export function place(g: PlatoonGame, u: number, x: number, y: number): void {
  g.x[u] = x;
  g.y[u] = y;
  placed(g, u);
}

/** place(g, u, x[u], y[u]) for a caller that wrote the new position itself. */
export function placed(g: PlatoonGame, u: number): void {
  g.posVer[u]++; // setPos: the sight caches see the change
  if (g.isVehicle(u)) terrainChanged(g); // a vehicle is cover (R10): every cached cover may change
  g.inBuilding[u] = g.isVehicle(u) ? -1 : buildingOf(g, u);
}

/** Sets a vehicle's heading from tmp[0..1]. */
export function setHeading(g: PlatoonGame, u: number): void {
  if (!g.isVehicle(u)) return;
  g.hx[u] = g.tmp[0];
  g.hy[u] = g.tmp[1];
}
