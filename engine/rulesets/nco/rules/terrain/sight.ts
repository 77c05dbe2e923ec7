import type { Table } from '../../../../geometry/table.ts';
import { COVER, EPS, NEG_EPS, OBSCURING } from '../../../../geometry/flags.ts';

// Line of sight, cover and high ground on the engine's table (R1, items 38, 66–68, 70).
// Every function takes point-slot indices, so no coordinate crosses a call.

/** R1 parameters of sight and cover (rules.edge_window_in, cover_proximity_in), in inches. */
export class SightRules {
  edgeWindow = 1;
  coverProximity = 2;
  /**
   * The table's obscuring pieces (obs) and cover-or-obscuring pieces (cov), ascending, as of
   * the table's `version`: sight and cover then loop over the few pieces that matter.
   */
  obs = new Int32Array(48);
  cov = new Int32Array(48);
  obsN = 0;
  covN = 0;
  private version = -1;
  private table: Table | null = null;
  /**
   * Per point slot: the cov pieces whose box comes within cover range of where the slot
   * stood when last asked (tgtX, tgtY, tgtNear, table version tgtVer); stride maxPolygons.
   * A target is shot at from many places before it moves, so its list is reused.
   */
  tgtList = new Int32Array(0);
  private tgtX = new Float64Array(0);
  private tgtY = new Float64Array(0);
  private tgtNear = new Float64Array(0);
  private tgtVer = new Int32Array(0);
  private tgtN = new Int32Array(0);
  /**
   * Pair memo of inCoverOf's terrain half (terrainCover), per ordered pair of point slots
   * (shooter × points + target), keyed on all it reads: both ends' coordinates, the table
   * version (the pieces) and coverProximity; so exact, and kept across moves and games. The
   * policy's coverGuess and the shot's own cover test ask the same pair on the same spots
   * again: half the cover calls of a 10-a-side game, a third with 30 a side (bases in the
   * way are tested on every call). Sight is not memoised: a lookup cost more than the
   * repeats saved (measured).
   */
  pairVer = new Int32Array(0);
  pairAX = new Float64Array(0);
  pairAY = new Float64Array(0);
  pairBX = new Float64Array(0);
  pairBY = new Float64Array(0);
  pairNear = new Float64Array(0);
  pairVal = new Uint8Array(0);

  /** Refreshes obs and cov after a map or option change (once per map: may allocate then). */
  pieces(t: Table): void {
    if (t.version === this.version && t === this.table) return;
    this.version = t.version;
    if (t !== this.table) {
      this.table = t;
      this.obs = new Int32Array(t.maxPolygons);
      this.cov = new Int32Array(t.maxPolygons);
      this.tgtList = new Int32Array(t.points * t.maxPolygons);
      this.tgtX = new Float64Array(t.points);
      this.tgtY = new Float64Array(t.points);
      this.tgtNear = new Float64Array(t.points);
      this.tgtVer = new Int32Array(t.points).fill(-1);
      this.tgtN = new Int32Array(t.points);
      const pp = t.points * t.points;
      this.pairVer = new Int32Array(pp).fill(-1);
      this.pairAX = new Float64Array(pp);
      this.pairAY = new Float64Array(pp);
      this.pairBX = new Float64Array(pp);
      this.pairBY = new Float64Array(pp);
      this.pairNear = new Float64Array(pp);
      this.pairVal = new Uint8Array(pp);
    }
    let o = 0, c = 0;
    for (let p = 0; p < t.polygonCount; p++) {
      const f = t.pFlags[p];
      if ((f & OBSCURING) !== 0) this.obs[o++] = p;
      if ((f & (COVER | OBSCURING)) !== 0) this.cov[c++] = p;
    }
    this.obsN = o;
    this.covN = c;
  }

  /**
   * The cov pieces that may give point `slot` cover (inCoverOf): listed in tgtList from
   * slot × maxPolygons, their count returned. A piece whose box lies farther than
   * coverProximity from the target cannot: the line leaves it (or the target stands in it)
   * only inside its box. The 1e-3" slack dwarfs rounding in clip (only a line within
   * ~1e-11 rad of an edge's direction comes near it). Call pieces(t) first.
   */
  nearPieces(t: Table, slot: number): number {
    const tx = t.px[slot], ty = t.py[slot], near = this.coverProximity;
    if (this.tgtVer[slot] === this.version && this.tgtX[slot] === tx && this.tgtY[slot] === ty && this.tgtNear[slot] === near) return this.tgtN[slot];
    const box = near + EPS + 1e-3;
    const bx0 = t.bx0, by0 = t.by0, bx1 = t.bx1, by1 = t.by1, cov = this.cov, list = this.tgtList;
    const base = slot * t.maxPolygons;
    let m = 0;
    for (let k = 0; k < this.covN; k++) {
      const p = cov[k];
      if (tx < bx0[p] - box || tx > bx1[p] + box || ty < by0[p] - box || ty > by1[p] + box) continue;
      list[base + m++] = p;
    }
    this.tgtVer[slot] = this.version;
    this.tgtX[slot] = tx;
    this.tgtY[slot] = ty;
    this.tgtNear[slot] = near;
    this.tgtN[slot] = m;
    return m;
  }

  /** The pair memo's entry for a→b, if it is current (−1 if not): 1 covered by terrain, 0 not. */
  pairGet(t: Table, a: number, b: number): number {
    const k = a * t.points + b;
    const hit = this.pairVer[k] === this.version && this.pairAX[k] === t.px[a] && this.pairAY[k] === t.py[a] &&
      this.pairBX[k] === t.px[b] && this.pairBY[k] === t.py[b] && this.pairNear[k] === this.coverProximity;
    return hit ? this.pairVal[k] : -1;
  }

  /** Records the terrain answer for a→b as it stands (after pieces(t)). */
  pairSet(t: Table, a: number, b: number, covered: boolean): void {
    const k = a * t.points + b;
    this.pairVer[k] = this.version;
    this.pairAX[k] = t.px[a];
    this.pairAY[k] = t.py[a];
    this.pairBX[k] = t.px[b];
    this.pairBY[k] = t.py[b];
    this.pairNear[k] = this.coverProximity;
    this.pairVal[k] = covered ? 1 : 0;
  }
}

/** Is point `slot` within edgeWindow of polygon edge e (distance to the edge segment)? */
export function nearEdge(t: Table, s: SightRules, e: number, slot: number): boolean {
  const wx = t.px[slot] - t.vx[e], wy = t.py[slot] - t.vy[e];
  const ex = t.ex[e], ey = t.ey[e];
  const u = Math.min(Math.max((wx * ex + wy * ey) / (ex * ex + ey * ey), 0), 1);
  const qx = wx - u * ex, qy = wy - u * ey;
  return qx * qx + qy * qy <= s.edgeWindow * s.edgeWindow + EPS;
}

/**
 * R1 line of sight between the centres of a and b. An obscuring polygon crossed by the
 * segment blocks it, unless the model inside it is within edgeWindow of the edge the
 * segment leaves (or enters) through. Two models inside the same obscuring polygon see
 * each other (one room, one wood).
 */
export function lineOfSight(t: Table, s: SightRules, a: number, b: number): boolean {
  if (!t.setSeg(a, b)) return true;
  const len = t.seg[4];
  s.pieces(t);
  const obs = s.obs;
  for (let k = 0, m = s.obsN; k < m; k++) {
    const p = obs[k];
    if (!t.segBoxHits(p) || !t.clip(p)) continue;
    const aIn = t.ct[0] * len < NEG_EPS;
    const bIn = (t.ct[1] - 1) * len > EPS;
    if (aIn) {
      if (bIn) continue;
      if (!nearEdge(t, s, t.ce[1], a)) return false;
    } else if (!bIn || !nearEdge(t, s, t.ce[0], b)) return false;
  }
  return true;
}

/**
 * R1 cover for `target` shot at by `shooter` (assumes `los` is true): the target's
 * centre is inside a cover polygon, or the segment crosses a cover or obscuring polygon
 * within coverProximity of the target, or another alive model's base (alive[i] != 0,
 * i < nModels, not shooter or target) overlaps the segment.
 */
export function inCoverOf(t: Table, sr: SightRules, shooter: number, target: number, alive: Uint8Array, nModels: number): boolean {
  const s = t.seg;
  // A (near) zero-length line (shooter on the target's spot): cover only if the target's
  // centre is inside a cover polygon (terrainCover). The terrain half is memoised per pair.
  const point = !t.setSeg(shooter, target);
  t.q[0] = t.px[target];
  t.q[1] = t.py[target];
  sr.pieces(t);
  let terrain = sr.pairGet(t, shooter, target);
  if (terrain < 0) {
    terrain = terrainCover(t, sr, target, point) ? 1 : 0;
    sr.pairSet(t, shooter, target, terrain === 1);
  }
  if (terrain === 1) return true;
  if (point) return false;
  const ax = s[0], ay = s[1], dx = s[2], dy = s[3], len = s[4];
  const inv = 1 / (len * len);
  const r2 = t.baseRadius * t.baseRadius;
  const px = t.px, py = t.py;
  // A base farther than its radius outside the line's box cannot touch the line (+1e-6" for
  // rounding); the box, which few bases pass, is tested before alive and the ends.
  const m = t.baseRadius + 1e-6;
  const x0 = s[5] - m, y0 = s[6] - m, x1 = s[7] + m, y1 = s[8] + m;
  for (let i = 0; i < nModels; i++) {
    const mx = px[i];
    if (mx < x0 || mx > x1) continue;
    const my = py[i];
    if (my < y0 || my > y1 || alive[i] === 0 || i === shooter || i === target) continue;
    const wx = mx - ax, wy = my - ay;
    const u = Math.min(Math.max((wx * dx + wy * dy) * inv, 0), 1);
    const qx = wx - u * dx, qy = wy - u * dy;
    if (qx * qx + qy * qy < r2) return true;
  }
  return false;
}

/**
 * inCoverOf's terrain half on the segment in `seg` (shooter → target, t.q = the target;
 * pieces(t) done): the line crosses a cover or obscuring piece within coverProximity of the
 * target, or, for a zero-length line (`point`), the target's centre is inside a cover piece.
 */
function terrainCover(t: Table, sr: SightRules, target: number, point: boolean): boolean {
  const len = t.seg[4];
  const near = sr.coverProximity + EPS;
  // Only pieces near the target can give cover (SightRules.nearPieces). The containment test
  // runs on every call, its result is used only for a point: operations first met on this
  // rare path have no type feedback and deopt the caller.
  const list = sr.tgtList, base = target * t.maxPolygons;
  for (let k = base, end = base + sr.nearPieces(t, target); k < end; k++) {
    const p = list[k];
    const f = t.pFlags[p];
    const inside = (f & COVER) !== 0 && t.insideQ(p);
    if (point) {
      if (inside) return true;
      continue;
    }
    if (!t.segBoxHits(p) || !t.clip(p)) continue;
    const t1 = Math.min(t.ct[1], 1);
    if ((1 - t1) * len <= near) return true;
  }
  return false;
}

/** Item 70: the shooter stands at least `threshold` inches above the target. */
export function highGround(t: Table, shooter: number, target: number, threshold: number): boolean {
  t.elevQ(target);
  const ht = t.q[2];
  t.elevQ(shooter);
  return t.q[2] - ht >= threshold - EPS;
}
