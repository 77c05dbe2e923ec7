/**
 * Hex geometry on a fixed rectangular board, generic (no ruleset data).
 *
 * Layout: flat-topped hexes in "odd-q" offset columns (odd columns shifted half a hex
 * south), so a column is a straight north–south line and a row is a connected east–west
 * zig-zag (a road along a row is continuous). Row 0 is the north edge.
 *
 * Every hex is an integer index `row * cols + col`; hot helpers take and return indices,
 * never objects. Cube coordinates (q, r, s = -q-r) are precomputed per index: q = col,
 * r = row - (col - (col & 1)) / 2.
 *
 * Directions, clockwise from north: 0 N, 1 NE, 2 SE, 3 S, 4 SW, 5 NW. Vertex v (0..5) is
 * the corner shared by the neighbours in directions v and v+1 (a facing for triangle
 * counters); rotating by k steps turns direction d into (d + k) % 6.
 *
 * Shortest paths live in hex-path.ts (re-exported here); each game's line-of-sight rules
 * live in its ruleset (Iron Squad: rulesets/iron-squad/rules/sight.ts).
 */

import { DIR_DQ, DIR_DR } from './hex-dirs.ts';

export { DIR_DQ, DIR_DR, DIRECTION_NAMES } from './hex-dirs.ts';

export class HexGrid {
  readonly cols: number;
  readonly rows: number;
  /** Number of hexes (cols × rows). */
  readonly size: number;
  /** Cube q and r per hex index (s = -q-r). */
  readonly q: Int32Array;
  readonly r: Int32Array;
  /** Neighbour table: nb[h * 6 + d] = index of the neighbour of h in direction d, or -1 off board. */
  readonly nb: Int32Array;
  /** r offset per column: row = r + rowShift[col]; lets indexOf avoid branches. */
  private readonly rowShift: Int32Array;

  constructor(cols: number, rows: number) {
    if (!Number.isInteger(cols) || !Number.isInteger(rows) || cols < 1 || rows < 1 || cols > 1024 || rows > 1024) {
      throw new RangeError(`hex grid size must be 1..1024 × 1..1024, got ${cols} × ${rows}`);
    }
    this.cols = cols;
    this.rows = rows;
    this.size = cols * rows;
    this.q = new Int32Array(this.size);
    this.r = new Int32Array(this.size);
    this.nb = new Int32Array(this.size * 6);
    this.rowShift = new Int32Array(cols);
    for (let c = 0; c < cols; c++) this.rowShift[c] = (c - (c & 1)) / 2;
    for (let row = 0; row < rows; row++) {
      for (let c = 0; c < cols; c++) {
        const h = row * cols + c;
        this.q[h] = c;
        this.r[h] = row - this.rowShift[c];
      }
    }
    for (let h = 0; h < this.size; h++) {
      for (let d = 0; d < 6; d++) this.nb[h * 6 + d] = this.indexOf(this.q[h] + DIR_DQ[d], this.r[h] + DIR_DR[d]);
    }
  }

  /** Index of (col, row), or -1 off board. */
  index(col: number, row: number): number {
    if (col < 0 || row < 0 || col >= this.cols || row >= this.rows) return -1;
    return row * this.cols + col;
  }

  col(h: number): number {
    return h % this.cols;
  }

  row(h: number): number {
    return (h / this.cols) | 0;
  }

  /** Index of cube (q, r), or -1 off board. */
  indexOf(q: number, r: number): number {
    if (q < 0 || q >= this.cols) return -1;
    const row = r + this.rowShift[q];
    if (row < 0 || row >= this.rows) return -1;
    return row * this.cols + q;
  }

  /** Hex distance (steps) between two indices. */
  distance(a: number, b: number): number {
    // Integer-only (a unary minus of 0 would make a -0 double).
    const dq = this.q[a] - this.q[b];
    const dr = this.r[a] - this.r[b];
    const ds = dq + dr;
    const x = dq < 0 ? 0 - dq : dq, y = dr < 0 ? 0 - dr : dr, z = ds < 0 ? 0 - ds : ds;
    return x > y ? (x > z ? x : z) : y > z ? y : z;
  }

  /** Neighbour of h in direction d (0..5), or -1. */
  neighbour(h: number, d: number): number {
    return this.nb[h * 6 + d];
  }

  /** Direction (0..5) from a to an adjacent b, or -1 if they are not adjacent. */
  directionTo(a: number, b: number): number {
    for (let d = 0; d < 6; d++) if (this.nb[a * 6 + d] === b) return d;
    return -1;
  }

  /** True when a and b are the same hex or neighbours. */
  adjacentOrSame(a: number, b: number): boolean {
    return a === b || this.distance(a, b) === 1;
  }

  /**
   * Hexes at exactly `radius` from `center`, clockwise, starting at the hex `radius` steps
   * in direction `startDir`; off-board hexes are skipped. Writes into out, returns the count.
   */
  ring(center: number, radius: number, startDir: number, out: Int32Array): number {
    if (radius === 0) {
      out[0] = center;
      return 1;
    }
    let q = this.q[center] + DIR_DQ[startDir] * radius;
    let r = this.r[center] + DIR_DR[startDir] * radius;
    let n = 0;
    for (let side = 0; side < 6; side++) {
      // Walk clockwise: along direction startDir + 2 + side.
      const d = (startDir + 2 + side) % 6;
      for (let i = 0; i < radius; i++) {
        const h = this.indexOf(q, r);
        if (h >= 0) out[n++] = h;
        q += DIR_DQ[d];
        r += DIR_DR[d];
      }
    }
    return n;
  }

  /**
   * Every hex within `radius` of `center` (the centre first, then ring by ring, each
   * clockwise from north), off-board hexes skipped. Writes into out, returns the count.
   */
  within(center: number, radius: number, out: Int32Array): number {
    out[0] = center;
    let n = 1;
    const q0 = this.q[center], r0 = this.r[center];
    for (let k = 1; k <= radius; k++) {
      let q = q0 + DIR_DQ[0] * k, r = r0 + DIR_DR[0] * k;
      for (let side = 0; side < 6; side++) {
        const d = (side + 2) % 6;
        for (let i = 0; i < k; i++) {
          const h = this.indexOf(q, r);
          if (h >= 0) out[n++] = h;
          q += DIR_DQ[d];
          r += DIR_DR[d];
        }
      }
    }
    return n;
  }

  /**
   * The cone in front of vertex v of `center`: every hex center + a·dir(v) + b·dir(v+1) with
   * a, b ≥ 0 and 1 ≤ a + b ≤ depth (depth 4 → 14 hexes), nearest rows first. Writes into
   * out, returns the count (off-board hexes skipped).
   */
  cone(center: number, vertex: number, depth: number, out: Int32Array): number {
    const d1 = vertex % 6, d2 = (vertex + 1) % 6;
    const q0 = this.q[center], r0 = this.r[center];
    let n = 0;
    for (let k = 1; k <= depth; k++) {
      for (let a = k; a >= 0; a--) {
        const b = k - a;
        const h = this.indexOf(q0 + a * DIR_DQ[d1] + b * DIR_DQ[d2], r0 + a * DIR_DR[d1] + b * DIR_DR[d2]);
        if (h >= 0) out[n++] = h;
      }
    }
    return n;
  }

  /**
   * Rotates hex h by k × 60° clockwise about hex `pivot` (cube rotation), returning the
   * index or -1 off board.
   */
  rotateAbout(h: number, pivot: number, k: number): number {
    let dq = this.q[h] - this.q[pivot];
    let dr = this.r[h] - this.r[pivot];
    for (let i = 0; i < ((k % 6) + 6) % 6; i++) {
      // (q, r, s) -> (-r, -s, -q): one step clockwise.
      const nq = 0 - dr;
      dr = dq + dr;
      dq = nq;
    }
    return this.indexOf(this.q[pivot] + dq, this.r[pivot] + dr);
  }
}

/**
 * Rotation of a set of hexes (a tile slot) onto itself: for k = 0..5 steps of 60°,
 * perm[k * n + i] = the position in `hexes` where hexes[i] lands, or the row is marked
 * unavailable when the rotated set is not the same set. The pivot is the centroid of the
 * set in doubled cube coordinates, so centrally symmetric shapes (2-row blocks, straight
 * columns) get 180° and hexagonal shapes get all six. Setup only (allocates).
 * Returns a 6-bit mask of the allowed rotations (bit 0, no rotation, is always set).
 */
export function slotRotations(grid: HexGrid, hexes: ArrayLike<number>, perm: Int32Array): number {
  const n = hexes.length;
  let sq = 0, sr = 0;
  for (let i = 0; i < n; i++) {
    sq += grid.q[hexes[i]];
    sr += grid.r[hexes[i]];
  }
  let mask = 0;
  for (let k = 0; k < 6; k++) {
    let ok = true;
    for (let i = 0; i < n && ok; i++) {
      // n·(h - c) rotated, then + c, all scaled by n to stay integral.
      let dq = n * grid.q[hexes[i]] - sq;
      let dr = n * grid.r[hexes[i]] - sr;
      for (let j = 0; j < k; j++) {
        const nq = 0 - dr;
        dr = dq + dr;
        dq = nq;
      }
      const tq = dq + sq, tr = dr + sr;
      if (tq % n !== 0 || tr % n !== 0) {
        ok = false;
        break;
      }
      const h = grid.indexOf(tq / n, tr / n);
      let pos = -1;
      for (let j = 0; j < n; j++) if (hexes[j] === h) pos = j;
      if (pos < 0) ok = false;
      else perm[k * n + i] = pos;
    }
    if (ok) mask |= 1 << k;
    else for (let i = 0; i < n; i++) perm[k * n + i] = -1;
  }
  return mask;
}

export { HexPathFinder, IMPASSABLE_COST, UNREACHED } from './hex-path.ts';
