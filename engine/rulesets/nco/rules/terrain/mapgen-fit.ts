import { DIFFICULT, IMPASSABLE } from '../../../../geometry/flags.ts';
import type { Table } from '../../../../geometry/table.ts';

export const MAX_V = 16;
// Slots of MapGenerator.env (doubles shared by the helpers: passing them would box them).
export const E_W = 0, E_H = 1, E_GAP = 2, E_AREA = 3, E_PGAP = 4, E_DEPTH = 5, E_HG = 6, E_TOTAL = 7, E_SLACK = 8, E_WAIST = 9;
/** The candidate's origin on the table (a point inside it) and its bounding box. */
export const E_CX = 10, E_CY = 11, E_X0 = 12, E_Y0 = 13, E_X1 = 14, E_Y1 = 15;
/** The candidate shape's extent around its origin (before it is placed). */
export const E_SX0 = 16, E_SY0 = 17, E_SX1 = 18, E_SY1 = 19;
/** A radius the candidate holds around its origin (a disk inside it: the shape's inscribed-circle bound). */
export const E_RHO = 20;
/** The layout's margins for the piece's box; bounds on an ellipse's extent (x1 and −x0 in [E_XB0, E_XB1], y likewise) and disk radius (ShapeMaker.bounds). */
export const E_XLO = 21, E_XHI = 22, E_YLO = 23, E_YHI = 24, E_XB0 = 25, E_XB1 = 26, E_YB0 = 27, E_YB1 = 28, E_RLO = 29;
/** A box the candidate's origin surely lies in (ShapeMaker.originBox). */
export const E_OX0 = 30, E_OX1 = 31, E_OY0 = 32, E_OY1 = 33;
export const ENV_SIZE = 34;
/** Shrinks a squared sum of radii: far more than the rounding of vertices and radii, so two disks that "overlap" surely do. */
const DISK_SAFE = 0.999999;

/**
 * The map generator's candidate piece (ax, ay: n vertices, CCW) and its placement test.
 * The answer is exactly separation.ts's apart() against each placed piece whose box is
 * near (and for a mirrored piece, its twin against them and against the candidate), only
 * cheaper: the placed pieces' edge normals are the table's (the same formula, so the same
 * doubles), the candidate's and the twin's are computed once per candidate (when first
 * needed), not once per pair, and most failing pairs are caught first by a disk test:
 * each piece holds a disk about its origin (E_RHO, from mapgen-shape.ts), and when the
 * candidate's and a placed piece's disks are nearer than the pair's gap (≥ SLACK), so are
 * the pieces, and no edge can keep them that gap apart. surelyOverlaps() runs the same test
 * before an ellipse's vertices exist, over every origin it may get.
 */
export class PieceFit {
  readonly ax = new Float64Array(MAX_V);
  readonly ay = new Float64Array(MAX_V);
  readonly bx = new Float64Array(MAX_V);
  readonly by = new Float64Array(MAX_V);
  n = 0;
  // Unit outward normals and offsets of the candidate's (a) and the twin's (b) edges.
  private readonly anx = new Float64Array(MAX_V);
  private readonly any = new Float64Array(MAX_V);
  private readonly aoff = new Float64Array(MAX_V);
  private readonly bnx = new Float64Array(MAX_V);
  private readonly bny = new Float64Array(MAX_V);
  private readonly boff = new Float64Array(MAX_V);
  /** The twin's vertices (bReady) and the normals (aReady, bnReady) are built when first needed, once per candidate. */
  private aReady = false;
  private bReady = false;
  private bnReady = false;
  /** Per placed polygon: its origin and the radius of a disk around it inside it (placed()); per polygon, 1 = near the candidate, 2 = near the twin. */
  private pcx = new Float64Array(0);
  private pcy = new Float64Array(0);
  private prho = new Float64Array(0);
  private nearP = new Uint8Array(0);
  /** Per placed polygon: 1 if a barrier (impassable, difficult or above env[E_WAIST]), as the layout keeps lanes around. */
  private pBar = new Uint8Array(0);

  /** Records placed polygon p: the candidate (env's origin and E_RHO), or its twin. */
  placed(T: Table, p: number, e: Float64Array, twin: boolean): void {
    if (this.pcx.length <= p) {
      const n = Math.max(2 * p + 2, 64);
      const x = new Float64Array(n), y = new Float64Array(n), r = new Float64Array(n);
      x.set(this.pcx);
      y.set(this.pcy);
      r.set(this.prho);
      this.pcx = x;
      this.pcy = y;
      this.prho = r;
      this.nearP = new Uint8Array(n);
      const b = new Uint8Array(n);
      b.set(this.pBar);
      this.pBar = b;
    }
    this.pcx[p] = twin ? e[E_W] - e[E_CX] : e[E_CX];
    this.pcy[p] = twin ? e[E_H] - e[E_CY] : e[E_CY];
    this.prho[p] = e[E_RHO];
    this.pBar[p] = (T.pFlags[p] & (IMPASSABLE | DIFFICULT)) !== 0 || T.pHeight[p] > e[E_WAIST] ? 1 : 0;
  }

  /**
   * Is the candidate (and its twin, the candidate rotated 180° about the table's centre)
   * clear of everything placed? Two barriers keep the lane gap between them (a base fits
   * through); any other pair only SLACK (no overlap). Every pair test is pure, so the
   * order of the tests cannot change the answer.
   */
  fits(T: Table, e: Float64Array, blocking: boolean, twin: boolean): boolean {
    const n = this.n, ax = this.ax, ay = this.ay;
    // Bounding boxes of the candidate (env, from the layout) and its twin, the twin's being
    // (W − x1, H − y1)..(W − x0, H − y0): a placed piece whose box is farther than the widest
    // gap from both is not tested. The bounds are hoisted, each the same expression as before.
    const W = e[E_W], H = e[E_H], ax0 = e[E_X0], ay0 = e[E_Y0], ax1 = e[E_X1], ay1 = e[E_Y1];
    const g = e[E_GAP] > e[E_SLACK] ? e[E_GAP] : e[E_SLACK];
    const l0 = ax0 - g, r0 = ax1 + g, b0 = ay0 - g, t0 = ay1 + g;
    const l1 = W - ax1 - g, r1 = W - ax0 + g, b1 = H - ay1 - g, t1 = H - ay0 + g;
    this.aReady = false;
    this.bReady = false;
    this.bnReady = false;
    // Cheap rejections first over every near piece (the disks overlap), then the full
    // separation tests: each test is pure, so only the cost changes.
    const cx = e[E_CX], cy = e[E_CY], tx = W - cx, ty = H - cy, rho = e[E_RHO];
    const near = this.nearP;
    for (let p = 0; p < T.polygonCount; p++) {
      const nr = !(l0 > T.bx1[p] || r0 < T.bx0[p] || b0 > T.by1[p] || t0 < T.by0[p]);
      const nt = twin && !(l1 > T.bx1[p] || r1 < T.bx0[p] || b1 > T.by1[p] || t1 < T.by0[p]);
      near[p] = (nr ? 1 : 0) | (nt ? 2 : 0);
      if (!nr && !nt) continue;
      // The pair's gap: disks nearer than it leave the pieces nearer than it too.
      const rs = this.prho[p] + rho + e[blocking && this.pBar[p] === 1 ? E_GAP : E_SLACK], lim = rs * rs * DISK_SAFE;
      if (nr) {
        const dx = this.pcx[p] - cx, dy = this.pcy[p] - cy;
        if (dx * dx + dy * dy < lim) return false;
      }
      if (nt) {
        const dx = this.pcx[p] - tx, dy = this.pcy[p] - ty;
        if (dx * dx + dy * dy < lim) return false;
      }
    }
    for (let p = 0; p < T.polygonCount; p++) {
      const nr = near[p];
      if (nr === 0) continue;
      e[E_PGAP] = e[blocking && this.pBar[p] === 1 ? E_GAP : E_SLACK];
      if ((nr & 1) !== 0 && !this.clearOf(T, p, e, false)) return false;
      if ((nr & 2) !== 0 && !this.clearOf(T, p, e, true)) return false;
    }
    if (twin) {
      const dx = tx - cx, dy = ty - cy;
      const rs = 2 * rho + e[blocking ? E_GAP : E_SLACK];
      if (dx * dx + dy * dy < rs * rs * DISK_SAFE) return false;
      if (!this.aReady) edgeNormals(ax, ay, n, this.anx, this.any, this.aoff);
      if (!this.bReady) this.buildTwin(e);
      if (!this.bnReady) edgeNormals(this.bx, this.by, n, this.bnx, this.bny, this.boff);
      e[E_PGAP] = e[blocking ? E_GAP : E_SLACK];
      if (!beyond(this.anx, this.any, this.aoff, n, this.bx, this.by, n, e) && !beyond(this.bnx, this.bny, this.boff, n, ax, ay, n, e)) return false;
    }
    return true;
  }

  /**
   * Would fits() surely say no to a candidate whose origin lies in the box env[E_OX0..E_OY1]
   * and whose disk radius is at least env[E_RLO]? True if, wherever in the box the origin
   * is, its disk overlaps a placed piece's, or its twin's does, or the two overlap each other:
   * fits() tests exactly these disks (a distance is largest at a corner of the box).
   */
  surelyOverlaps(T: Table, e: Float64Array, blocking: boolean, twin: boolean): boolean {
    const W = e[E_W], H = e[E_H], rho = e[E_RLO];
    // The box's centre and half sides: the farthest corner from a point is |Δ| + half side per axis.
    const hx = 0.5 * (e[E_OX1] - e[E_OX0]), hy = 0.5 * (e[E_OY1] - e[E_OY0]);
    const mx = e[E_OX0] + hx, my = e[E_OY0] + hy, tx = W - mx, ty = H - my;
    for (let p = 0; p < T.polygonCount; p++) {
      const rs = this.prho[p] + rho + e[blocking && this.pBar[p] === 1 ? E_GAP : E_SLACK], lim = rs * rs * DISK_SAFE;
      const px = this.pcx[p], py = this.pcy[p];
      let dx = Math.abs(px - mx) + hx, dy = Math.abs(py - my) + hy;
      if (dx * dx + dy * dy < lim) return true;
      if (!twin) continue;
      dx = Math.abs(px - tx) + hx;
      dy = Math.abs(py - ty) + hy;
      if (dx * dx + dy * dy < lim) return true;
    }
    if (!twin) return false;
    const dx = Math.abs(2 * mx - W) + 2 * hx, dy = Math.abs(2 * my - H) + 2 * hy;
    const rs = 2 * rho + e[blocking ? E_GAP : E_SLACK];
    return dx * dx + dy * dy < rs * rs * DISK_SAFE;
  }

  private buildTwin(e: Float64Array): void {
    const n = this.n, W = e[E_W], H = e[E_H];
    for (let i = 0; i < n; i++) {
      this.bx[i] = W - this.ax[i];
      this.by[i] = H - this.ay[i];
    }
    this.bReady = true;
  }

  /**
   * apart(candidate or twin, placed piece p) with the gap in env[E_PGAP]: does an edge of
   * either have all of the other at least the gap beyond it?
   */
  private clearOf(T: Table, p: number, e: Float64Array, twin: boolean): boolean {
    const gap = e[E_PGAP], n = this.n, s = T.pStart[p], end = s + T.pCount[p];
    if (twin && !this.bReady) this.buildTwin(e);
    const x = twin ? this.bx : this.ax, y = twin ? this.by : this.ay;
    // Edges of the placed piece (the table's normals) against the candidate's vertices.
    for (let k = s; k < end; k++) {
      const nx = T.nx[k], ny = T.ny[k], off = T.nc[k];
      let ok = true;
      for (let i = 0; i < n; i++) {
        if (nx * x[i] + ny * y[i] - off < gap) { ok = false; break; }
      }
      if (ok) return true;
    }
    // Edges of the candidate against the placed piece's vertices: only now are its normals needed.
    if (twin) {
      if (!this.bnReady) {
        edgeNormals(this.bx, this.by, n, this.bnx, this.bny, this.boff);
        this.bnReady = true;
      }
    } else if (!this.aReady) {
      edgeNormals(this.ax, this.ay, n, this.anx, this.any, this.aoff);
      this.aReady = true;
    }
    const cnx = twin ? this.bnx : this.anx, cny = twin ? this.bny : this.any, coff = twin ? this.boff : this.aoff;
    for (let i = 0; i < n; i++) {
      const nx = cnx[i], ny = cny[i], off = coff[i];
      let ok = true;
      for (let k = s; k < end; k++) {
        if (nx * T.vx[k] + ny * T.vy[k] - off < gap) { ok = false; break; }
      }
      if (ok) return true;
    }
    return false;
  }
}

/** Unit outward normal and offset of each edge of a CCW polygon, computed as separation.ts's sepAlong does. */
export function edgeNormals(x: Float64Array, y: Float64Array, n: number, nxs: Float64Array, nys: Float64Array, offs: Float64Array): void {
  for (let a = 0; a < n; a++) {
    const b = a + 1 === n ? 0 : a + 1;
    const ex = x[b] - x[a], ey = y[b] - y[a];
    const l = Math.sqrt(ex * ex + ey * ey);
    const nx = ey / l, ny = -ex / l;
    nxs[a] = nx;
    nys[a] = ny;
    offs[a] = nx * x[a] + ny * y[a];
  }
}

/** Does one of the n1 edges (normals, offsets) have all n2 points at least the gap env[E_PGAP] beyond it? */
function beyond(nxs: Float64Array, nys: Float64Array, offs: Float64Array, n1: number, x2: Float64Array, y2: Float64Array, n2: number, e: Float64Array): boolean {
  const gap = e[E_PGAP];
  for (let i = 0; i < n1; i++) {
    const nx = nxs[i], ny = nys[i], off = offs[i];
    let ok = true;
    for (let k = 0; k < n2; k++) {
      if (nx * x2[k] + ny * y2[k] - off < gap) { ok = false; break; }
    }
    if (ok) return true;
  }
  return false;
}
