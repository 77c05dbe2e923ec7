import type { HexGrid } from '../../../geometry/hex.ts';
import { DIR_DQ, DIR_DR } from '../../../geometry/hex-dirs.ts';

/**
 * Line of sight between hex centres with elevation levels, generic over terrain.
 *
 * The caller owns three per-hex arrays (updated in place when the board changes):
 * - `blocks[h]` 1 if hex h blocks sight when the line passes through it;
 * - `blockLevel[h]` the level at which it blocks (a Forest 0, a Hill 1);
 * - `level[h]` the ground level a unit standing in h is at (Hills 1, others 0).
 *
 * Rules (Iron Squad §2.5.1, §5.2.1, digest items 33, 37–40, R9), each switchable:
 * 1. distance 0 (same hex) and 1 (adjacent) are always visible;
 * 2. `highSeesHigh`: an attacker above ground level sees a target on the same level
 *    whatever lies between (item 40);
 * 3. otherwise a hex between the two blocks if it blocks at or above the target's level,
 *    except (`highSeesOverAdjacentLower`) a blocker lower than the attacker and adjacent
 *    to him (item 39);
 * 4. the centre-to-centre segment is walked exactly, hex by hex, twice: shifted a hair to
 *    either side (R9). Sight is blocked only if BOTH traces pass through a blocking hex,
 *    so a line along the edge of one blocking hex (or through a vertex) is clear, and
 *    along the edge between two blocking hexes is not. (Sampling the line at the n−1 hex
 *    steps, the usual cube-lerp shortcut, misses hexes the line only clips.)
 * Allocation-free; doubles never leave the function.
 */
export class HexSight {
  /** Item 40: same high level always visible (rule 2). */
  highSeesHigh = true;
  /** Item 39: a lower blocker adjacent to a higher attacker does not block (rule 3). */
  highSeesOverAdjacentLower = true;

  constructor(
    readonly grid: HexGrid,
    readonly blocks: Uint8Array,
    readonly blockLevel: Int8Array,
    readonly level: Int8Array,
  ) {
    this.traced = new Int32Array(4 * (grid.cols + grid.rows));
  }

  /** True when a unit in `a` can see (and shoot at) `b`. */
  visible(a: number, b: number): boolean {
    const g = this.grid;
    const n = g.distance(a, b);
    if (n <= 1) return true;
    const la = this.level[a], lb = this.level[b];
    if (this.highSeesHigh && la > 0 && la === lb) return true;
    return !this.traceBlocked(a, b, la, lb, 1) || !this.traceBlocked(a, b, la, lb, -1);
  }

  /** Hexes of the last trace() (exclusive of both ends), trace order. */
  readonly traced: Int32Array;

  /**
   * True when some hex the a→b segment, shifted 1e-6 hex to side `sign` (±1), passes
   * through blocks a shot from level la at a target on level lb.
   */
  traceBlocked(a: number, b: number, la: number, lb: number, sign: number): boolean {
    return this.walk(a, b, sign, la, lb, false) < 0;
  }

  /**
   * The hexes the shifted segment passes through, strictly between a and b, into
   * this.traced; returns the count (off-board hexes are listed as -1).
   */
  trace(a: number, b: number, sign: number): number {
    return this.walk(a, b, sign, 0, 0, true);
  }

  /**
   * Walks the segment hex by hex (exact, in pixel space: flat-top, circumradius 1, centre
   * x = 1.5q, y = √3(r + q/2)): in each hex the exit edge is the first of the six edge
   * lines the segment reaches. Record mode lists hexes and returns the count; test mode
   * returns -1 at the first blocking hex, else 0.
   */
  private walk(a: number, b: number, sign: number, la: number, lb: number, record: boolean): number {
    const g = this.grid;
    if (a === b) return 0;
    const S3 = 1.7320508075688772;
    let q = g.q[a], r = g.r[a];
    const qb = g.q[b], rb = g.r[b];
    const ax = 1.5 * q, ay = S3 * (r + q / 2);
    const dx = 1.5 * qb - ax, dy = S3 * (rb + qb / 2) - ay;
    const len = Math.sqrt(dx * dx + dy * dy);
    // Shift perpendicular to the segment (R9's two traces).
    const ox = ax - (sign * 1e-6 * dy) / len, oy = ay + (sign * 1e-6 * dx) / len;
    const blocks = this.blocks, blockLevel = this.blockLevel, traced = this.traced;
    let count = 0;
    for (let guard = 0; guard < 4 * (g.cols + g.rows); guard++) {
      const cx = 1.5 * q, cy = S3 * (r + q / 2);
      let best = -1, bestT = Infinity;
      for (let d = 0; d < 6; d++) {
        const nx = 1.5 * DIR_DQ[d], ny = S3 * (DIR_DR[d] + DIR_DQ[d] / 2);
        const den = dx * nx + dy * ny;
        if (den <= 0) continue;
        const t = (1.5 - ((ox - cx) * nx + (oy - cy) * ny)) / den;
        if (t < bestT) {
          bestT = t;
          best = d;
        }
      }
      q += DIR_DQ[best];
      r += DIR_DR[best];
      if (q === qb && r === rb) return record ? count : 0;
      const h = g.indexOf(q, r);
      if (record) {
        traced[count++] = h;
        continue;
      }
      if (h < 0 || blocks[h] === 0) continue;
      const bl = blockLevel[h];
      if (bl < lb) continue;
      if (this.highSeesOverAdjacentLower && bl < la && g.distance(a, h) === 1) continue;
      return -1;
    }
    return record ? count : 0;
  }
}
