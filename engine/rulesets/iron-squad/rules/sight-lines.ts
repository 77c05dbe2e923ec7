/**
 * HexSight.visible for the pairs a shot can use (2 to SIGHT_LINE_RANGE hexes apart; no
 * weapon reaches further, actions.ts canShoot): the two traces of each pair depend only on
 * the grid, so they are walked once, when the board is built, and kept as hex lists. A
 * query then reads the lists against the blocking arrays as they are now (they change in
 * place as tiles turn face up), with HexSight's rules in HexSight's order, so the answer
 * is visible()'s (test/iron-perf-equivalence). Any other pair goes to HexSight.
 */
import type { HexSight } from './sight.ts';

/** Farthest pair listed: the longest weapon range (items 32–37: at most 4 hexes). */
export const SIGHT_LINE_RANGE = 4;
const SPAN = 2 * SIGHT_LINE_RANGE + 1;
/** Boards above this many hexes keep no lists (everything goes to HexSight). */
const MAX_HEXES = 4096;

export class SightLines {
  /**
   * at[a * SPAN² + (dq + R) * SPAN + (dr + R)]: where pair (a, b) starts in lines, b's axial
   * offset from a being (dq, dr); −1 when b is off the board or more than R hexes away.
   */
  private readonly at: Int32Array;
  /**
   * Per pair: the +1 trace then the −1 trace, each as a count and then, per on-board hex
   * strictly between a and b in trace order, 2·h + 1 if h is next to a, else 2·h.
   */
  private readonly lines: Int16Array;

  constructor(readonly sight: HexSight) {
    const g = sight.grid, n = g.size;
    if (n > MAX_HEXES) {
      this.at = new Int32Array(0);
      this.lines = new Int16Array(0);
      return;
    }
    this.at = new Int32Array(n * SPAN * SPAN).fill(-1);
    // At most SPAN² pairs per hex, each two counts and two traces of fewer than 2R hexes.
    const out = new Int16Array(n * SPAN * SPAN * (2 + 4 * SIGHT_LINE_RANGE)); // 2·h + 1 < 2^15: MAX_HEXES
    let len = 0;
    for (let a = 0; a < n; a++) {
      for (let dq = -SIGHT_LINE_RANGE; dq <= SIGHT_LINE_RANGE; dq++) {
        for (let dr = -SIGHT_LINE_RANGE; dr <= SIGHT_LINE_RANGE; dr++) {
          const b = g.indexOf(g.q[a] + dq, g.r[a] + dr), d = b < 0 ? 0 : g.distance(a, b);
          if (b < 0 || d > SIGHT_LINE_RANGE) continue;
          this.at[a * SPAN * SPAN + (dq + SIGHT_LINE_RANGE) * SPAN + dr + SIGHT_LINE_RANGE] = len;
          for (let sign = 1; sign >= -1; sign -= 2) {
            const at = len++;
            // Same walk as traceBlocked (record mode); a pair 0 or 1 apart has empty traces.
            const m = d <= 1 ? 0 : sight.trace(a, b, sign);
            for (let i = 0; i < m; i++) {
              const h = sight.traced[i];
              if (h < 0) continue; // off the board: never blocks
              out[len++] = 2 * h + (g.distance(a, h) === 1 ? 1 : 0);
            }
            out[at] = len - at - 1;
          }
        }
      }
    }
    this.lines = out.slice(0, len);
  }

  /** HexSight.visible(a, b). */
  visible(a: number, b: number): boolean {
    const s = this.sight, g = s.grid;
    const dq = g.q[b] - g.q[a] + SIGHT_LINE_RANGE, dr = g.r[b] - g.r[a] + SIGHT_LINE_RANGE;
    // Out of the box, off the board, too far, or no lists: HexSight itself (never in play).
    const k = dq >= 0 && dq < SPAN && dr >= 0 && dr < SPAN && this.at.length !== 0 ? this.at[a * SPAN * SPAN + dq * SPAN + dr] : -1;
    if (k < 0) return s.visible(a, b);
    const level = s.level, la = level[a], lb = level[b];
    if (s.highSeesHigh && la > 0 && la === lb) return true;
    const over = s.highSeesOverAdjacentLower;
    return !this.blocked(k, la, lb, over) || !this.blocked(k + 1 + this.lines[k], la, lb, over);
  }

  /** HexSight.traceBlocked over the list at k. */
  private blocked(k: number, la: number, lb: number, over: boolean): boolean {
    const lines = this.lines, blocks = this.sight.blocks, blockLevel = this.sight.blockLevel;
    const end = k + 1 + lines[k];
    for (let i = k + 1; i < end; i++) {
      const e = lines[i], h = e >> 1;
      if (blocks[h] === 0) continue;
      const bl = blockLevel[h];
      if (bl < lb) continue;
      if (over && bl < la && (e & 1) !== 0) continue;
      return true;
    }
    return false;
  }
}
