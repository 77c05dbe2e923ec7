/**
 * Line of sight, range and cover on the tape-measure table (R9, R10, R24, item 30):
 * unit centres stand for the models (a simplification: a unit is one point); vehicles are
 * footprints (rules/footprint.ts) for range and facing.
 */
import { COVER_HARD, COVER_NONE, COVER_SOFT, FACE_FRONT, FACE_REAR, FACE_SIDE, T_BUILDING } from '../data/tables.ts';
import { ARC_Q_FRONT, ARC_Q_REAR, ARC_Q_SIDE, quadrantOf } from '../../../geometry/footprint.ts';
import type { PlatoonGame } from './state.ts';
import { BLOCKS_INFANTRY, BLOCKS_NONE } from './terrain-map.ts';

/*
 * Hot code hands coordinates over in typed arrays (g.sx/g.sy for a segment, table.q for a
 * point, PT below) or as unit indices: a double argument or result is boxed on every call
 * V8 does not inline (docs/gc-audit.md). The coordinate-taking forms remain for tests,
 * set-up and tools.
 */

/** Loads the segment (ax, ay) → (bx, by) into the table; false when it has no length. */
export function loadSeg(g: PlatoonGame, ax: number, ay: number, bx: number, by: number): boolean {
  g.sx[0] = ax; g.sy[0] = ay; g.sx[1] = bx; g.sy[1] = by;
  return g.table.setSegFrom(g.sx, g.sy, 0, 1);
}

/** Loads the segment already written to g.sx/g.sy[0..1]; false when it has no length. */
export function loadSegXY(g: PlatoonGame): boolean {
  return g.table.setSegFrom(g.sx, g.sy, 0, 1);
}

/** A point for the helpers below ([0..1]); segmentCircle's circle ([2..4]: x, y, r), result ([5]) and segment ([6..9]). */
export const PT = new Float64Array(10);

/** Is (px, py) strictly inside piece p? */
export function insidePiece(g: PlatoonGame, p: number, px: number, py: number): boolean {
  const T = g.table;
  T.q[0] = px; T.q[1] = py;
  return T.insideQ(p);
}

/** The building piece containing (px, py), or −1 (collapsed buildings are rubble: rough). */
export function buildingAt(g: PlatoonGame, px: number, py: number): number {
  g.table.q[0] = px; g.table.q[1] = py;
  return buildingAtQ(g);
}

/** buildingAt of unit u's position. */
export function buildingOf(g: PlatoonGame, u: number): number {
  g.table.q[0] = g.x[u]; g.table.q[1] = g.y[u];
  return buildingAtQ(g);
}

/** buildingAt of the point in table.q. */
function buildingAtQ(g: PlatoonGame): number {
  for (let p = 0; p < g.table.polygonCount; p++) if (g.category[p] === T_BUILDING && g.table.insideQ(p)) return p;
  return -1;
}

/**
 * R24: a clear line from (ax, ay) to (bx, by): no piece that blocks sight lies between
 * (pieces holding either end do not block: a unit sees out of the wood it stands in).
 * `vehicles` = either end is a vehicle, which sees and is seen over infantry-height pieces.
 */
export function clearLine(g: PlatoonGame, ax: number, ay: number, bx: number, by: number, vehicles: boolean): boolean {
  g.sx[0] = ax; g.sy[0] = ay; g.sx[1] = bx; g.sy[1] = by;
  return clearLineXY(g, vehicles);
}

/** clearLine of the segment in g.sx/g.sy[0..1]. */
export function clearLineXY(g: PlatoonGame, vehicles: boolean): boolean {
  if (!loadSegXY(g)) return true;
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
  g.sx[0] = g.x[a]; g.sy[0] = g.y[a]; g.sx[1] = g.x[b]; g.sy[1] = g.y[b];
  const v = clearLineXY(g, g.isVehicle(a) || g.isVehicle(b));
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
  PT[0] = g.x[u]; PT[1] = g.y[u];
  const c = coverFromPT(g, t);
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
  rangeInto(g, a, b);
  return RANGE[0];
}

/** rangeTo's result for hot callers (a returned double is boxed when the call is not inlined). */
export const RANGE = new Float64Array(1);

/** rangeTo(g, a, b) into RANGE[0]. */
export function rangeInto(g: PlatoonGame, a: number, b: number): void {
  const dx = g.x[a] - g.x[b], dy = g.y[a] - g.y[b];
  if (!g.isVehicle(b)) { RANGE[0] = Math.sqrt(dx * dx + dy * dy); return; }
  const hx = g.hx[b], hy = g.hy[b];
  let p = Math.abs(dx * hx + dy * hy) - g.scn.footLength[b] / 2, q = Math.abs(-dx * hy + dy * hx) - g.scn.footWidth[b] / 2;
  if (p < 0) p = 0;
  if (q < 0) q = 0;
  RANGE[0] = Math.sqrt(p * p + q * q);
}

/**
 * R10: the cover class of target t against a shot from (ax, ay): the best of a cover piece
 * it stands in and one the line of fire crosses within `cover_behind_in` of it. Vehicles
 * take no cover (decision). Buildings are handled by the building rules (items 69–73).
 */
export function coverFrom(g: PlatoonGame, ax: number, ay: number, t: number): number {
  PT[0] = ax; PT[1] = ay;
  return coverFromPT(g, t);
}

/** coverFrom with the shooter's point in PT[0..1]. */
function coverFromPT(g: PlatoonGame, t: number): number {
  if (g.isVehicle(t)) return COVER_NONE;
  const T = g.table, pc = g.pieces, ax = PT[0], ay = PT[1], tx = g.x[t], ty = g.y[t], near = g.scn.rules.cover_behind_in;
  let best = COVER_NONE;
  g.sx[0] = ax; g.sy[0] = ay; g.sx[1] = tx; g.sy[1] = ty;
  if (!loadSegXY(g)) return best;
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
    // segmentCircleEntry(tx, ty, ax, ay, x[v], y[v], footWidth[v] / 2) through the scratch.
    PT[2] = g.x[v]; PT[3] = g.y[v]; PT[4] = g.scn.footWidth[v] / 2;
    PT[6] = tx; PT[7] = ty; PT[8] = ax; PT[9] = ay;
    segmentCircle();
    const e = PT[5];
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

/** facingFrom(g, v, x[u], y[u]): the facing of vehicle v hit by unit u. */
export function facingFromUnit(g: PlatoonGame, v: number, u: number): number {
  const q = quadrantAround(g, v, u);
  return q === ARC_Q_FRONT ? FACE_FRONT : q === ARC_Q_REAR ? FACE_REAR : FACE_SIDE;
}

/** quadrantOf(x[c], y[c], hx[c], hy[c], x[p], y[p]) (engine/geometry/footprint.ts), written out on indices. */
export function quadrantAround(g: PlatoonGame, c: number, p: number): number {
  const dx = g.x[p] - g.x[c], dy = g.y[p] - g.y[c], hx = g.hx[c], hy = g.hy[c];
  const along = dx * hx + dy * hy, across = Math.abs(dx * -hy + dy * hx);
  if (along >= across) return ARC_Q_FRONT;
  if (-along >= across) return ARC_Q_REAR;
  return ARC_Q_SIDE;
}

/**
 * segmentCircleEntry (engine/geometry/footprint.ts) of the segment PT[6..9] (a, b) and the
 * circle PT[2..4], written out: the result goes to PT[5].
 */
export function segmentCircle(): void {
  const ax = PT[6], ay = PT[7], bx = PT[8], by = PT[9], cx = PT[2], cy = PT[3], r = PT[4];
  const dx = bx - ax, dy = by - ay, fx = ax - cx, fy = ay - cy;
  const c = fx * fx + fy * fy - r * r;
  PT[5] = 2;
  if (c <= 0) { PT[5] = 0; return; }
  const a = dx * dx + dy * dy;
  if (a === 0) return;
  const b = 2 * (fx * dx + fy * dy);
  const disc = b * b - 4 * a * c;
  if (disc < 0) return;
  const t = (-b - Math.sqrt(disc)) / (2 * a);
  if (t >= 0 && t <= 1) PT[5] = t;
}
