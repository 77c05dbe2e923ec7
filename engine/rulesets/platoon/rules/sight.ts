/**
 * Line of sight, range and cover on the tape-measure table (R9, R10, R24, item 30):
 * unit centres stand for the models (a simplification: a unit is one point); vehicles are
 * footprints (rules/footprint.ts) for range and facing.
 */
import { COVER_HARD, COVER_NONE, COVER_SOFT, FACE_FRONT, FACE_REAR, FACE_SIDE, T_BUILDING } from '../data/tables.ts';
import { ARC_Q_FRONT, ARC_Q_REAR, quadrantOf, segmentCircleEntry } from '../../../geometry/footprint.ts';
import type { PlatoonGame } from './state.ts';
import { BLOCKS_INFANTRY, BLOCKS_NONE } from './terrain-map.ts';

/** Loads the segment (ax, ay) → (bx, by) into the table; false when it has no length. */
export function loadSeg(g: PlatoonGame, ax: number, ay: number, bx: number, by: number): boolean {
  g.sx[0] = ax; g.sy[0] = ay; g.sx[1] = bx; g.sy[1] = by;
  return g.table.setSegFrom(g.sx, g.sy, 0, 1);
}

/** Is (px, py) strictly inside piece p? */
export function insidePiece(g: PlatoonGame, p: number, px: number, py: number): boolean {
  const T = g.table;
  T.q[0] = px; T.q[1] = py;
  return T.insideQ(p);
}

/** The building piece containing (px, py), or −1 (collapsed buildings are rubble: rough). */
export function buildingAt(g: PlatoonGame, px: number, py: number): number {
  for (let p = 0; p < g.table.polygonCount; p++) if (g.category[p] === T_BUILDING && insidePiece(g, p, px, py)) return p;
  return -1;
}

/**
 * R24: a clear line from (ax, ay) to (bx, by): no piece that blocks sight lies between
 * (pieces holding either end do not block: a unit sees out of the wood it stands in).
 * `vehicles` = either end is a vehicle, which sees and is seen over infantry-height pieces.
 */
export function clearLine(g: PlatoonGame, ax: number, ay: number, bx: number, by: number, vehicles: boolean): boolean {
  if (!loadSeg(g, ax, ay, bx, by)) return true;
  const T = g.table, pc = g.pieces;
  for (let p = 0; p < T.polygonCount; p++) {
    const b = pc.blocks[p];
    if (b === BLOCKS_NONE || (b === BLOCKS_INFANTRY && vehicles)) continue;
    if (!T.segBoxHits(p) || !T.clip(p)) continue;
    if (T.ct[0] <= 0 || T.ct[1] >= 1) continue; // an end inside the piece
    return false;
  }
  return true;
}

/** Unit a can see unit b (R24); cached until either moves. */
export function canSee(g: PlatoonGame, a: number, b: number): boolean {
  const i = a * g.n + b;
  if (g.losKa[i] === g.posVer[a] && g.losKb[i] === g.posVer[b]) return g.losVal[i] === 1;
  const v = clearLine(g, g.x[a], g.y[a], g.x[b], g.y[b], g.isVehicle(a) || g.isVehicle(b));
  g.losKa[i] = g.posVer[a];
  g.losKb[i] = g.posVer[b];
  g.losVal[i] = v ? 1 : 0;
  return v;
}

/** Moves u to (x, y) for a moment or for good: the sight caches see the change. */
export function setPos(g: PlatoonGame, u: number, x: number, y: number): void {
  g.x[u] = x;
  g.y[u] = y;
  g.posVer[u]++;
}

/** Terrain changed (a collapse): every cached sight and cover is stale. */
export function terrainChanged(g: PlatoonGame): void {
  for (let u = 0; u < g.n; u++) g.posVer[u]++;
}

/** coverFrom(u's position, t), cached until either moves. */
export function coverOf(g: PlatoonGame, u: number, t: number): number {
  const i = u * g.n + t;
  if (g.cvKa[i] === g.posVer[u] && g.cvKb[i] === g.posVer[t]) return g.cvVal[i];
  const c = coverFrom(g, g.x[u], g.y[u], t);
  g.cvKa[i] = g.posVer[u];
  g.cvKb[i] = g.posVer[t];
  g.cvVal[i] = c;
  return c;
}

/**
 * Range from unit a to unit b: centre to centre, or to the nearest point of a vehicle's
 * footprint (the rectangle distance written out here: passing eight doubles to
 * engine/geometry's rectDistance boxed them whenever V8 did not inline it).
 */
export function rangeTo(g: PlatoonGame, a: number, b: number): number {
  const dx = g.x[a] - g.x[b], dy = g.y[a] - g.y[b];
  if (!g.isVehicle(b)) return Math.sqrt(dx * dx + dy * dy);
  const hx = g.hx[b], hy = g.hy[b];
  let p = Math.abs(dx * hx + dy * hy) - g.scn.footLength[b] / 2, q = Math.abs(-dx * hy + dy * hx) - g.scn.footWidth[b] / 2;
  if (p < 0) p = 0;
  if (q < 0) q = 0;
  return Math.sqrt(p * p + q * q);
}

/**
 * R10: the cover class of target t against a shot from (ax, ay): the best of a cover piece
 * it stands in and one the line of fire crosses within `cover_behind_in` of it. Vehicles
 * take no cover (decision). Buildings are handled by the building rules (items 69–73).
 */
export function coverFrom(g: PlatoonGame, ax: number, ay: number, t: number): number {
  if (g.isVehicle(t)) return COVER_NONE;
  const T = g.table, pc = g.pieces, tx = g.x[t], ty = g.y[t], near = g.scn.rules.cover_behind_in;
  let best = COVER_NONE;
  if (!loadSeg(g, ax, ay, tx, ty)) return best;
  const len = T.seg[4];
  for (let p = 0; p < T.polygonCount; p++) {
    const c = pc.cover[p];
    if (c <= best || g.category[p] === T_BUILDING) continue;
    if (!T.segBoxHits(p) || !T.clip(p)) continue;
    // In it (exit beyond the target), or crossed with the exit within `near` of the target.
    if (T.ct[1] >= 1 || (1 - T.ct[1]) * len <= near) best = c;
  }
  // R10: a vehicle between (within `near` of the target) is soft cover, a wreck hard cover.
  if (best === COVER_HARD) return best;
  for (let v = 0; v < g.n; v++) {
    if (v === t || !g.isVehicle(v) || (g.alive[v] === 0 && g.scn.rules.wrecks === 'removed')) continue;
    const c = g.alive[v] === 1 ? COVER_SOFT : COVER_HARD;
    if (c <= best || (g.x[v] === ax && g.y[v] === ay)) continue;
    const e = segmentCircleEntry(tx, ty, ax, ay, g.x[v], g.y[v], g.scn.footWidth[v] / 2);
    if (e <= 1 && e * len <= near) best = c;
  }
  return best;
}

export const isCover = (c: number): boolean => c === COVER_SOFT || c === COVER_HARD;

/** Item 30 / R17: the facing of vehicle v hit from (px, py): front, side or rear. */
export function facingFrom(g: PlatoonGame, v: number, px: number, py: number): number {
  const q = quadrantOf(g.x[v], g.y[v], g.hx[v], g.hy[v], px, py);
  return q === ARC_Q_FRONT ? FACE_FRONT : q === ARC_Q_REAR ? FACE_REAR : FACE_SIDE;
}
