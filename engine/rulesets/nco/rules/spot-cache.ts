/**
 * The scripted policies' cover-spot caches (policy/cover.ts): whether a soldier stands at a
 * spot, per position; and each spot's start-of-turn distance to the nearest enemy, per
 * side, worked out on first use. A cache (engine/state.ts): never reset per game, every
 * read keyed on a position or on this turn's stamp.
 */
export class SpotCache {
  /** inCoverSpot's answer per soldier (−1 unknown, 0 no, 1 yes) at the position (inX, inY). */
  readonly inV: Int8Array;
  readonly inX: Float64Array;
  readonly inY: Float64Array;
  /** spotEnemyD[k] (side 0's spots at k, side 1's at 160 + k) is this turn's when stamp[k] === turn. */
  readonly stamp: Int32Array;
  turn = 0;
  /** The living soldiers at the start of the turn, x then y: side 0's in [0, m0), side 1's in [m0, m). */
  readonly pack: Float64Array;
  m0 = 0;
  m = 0;
  /**
   * The spots in ascending y (ties in index order), as indices (ord) and their y (oy), so
   * bestCoverSpot visits only the band of spots within reach in y. Rebuilt with the spots.
   */
  readonly ord = new Int32Array(160);
  readonly oy = new Float64Array(160);
  /** Scratch for computeCoverSpots: the pieces no walking soldier stands on (sized to the table on first use). */
  blockers = new Int32Array(0);

  constructor(n: number) {
    this.inV = new Int8Array(n).fill(-1);
    this.inX = new Float64Array(n);
    this.inY = new Float64Array(n);
    this.stamp = new Int32Array(320);
    this.pack = new Float64Array(2 * n);
  }

  /** The spots changed (a new map): every inCoverSpot answer is forgotten, the y order rebuilt. */
  spotsChanged(spotY: Float64Array, count: number): void {
    this.inV.fill(-1);
    const ord = this.ord, oy = this.oy;
    for (let k = 0; k < count; k++) { // insertion sort: a few dozen spots, once per map
      const y = spotY[k];
      let j = k;
      for (; j > 0 && oy[j - 1] > y; j--) {
        oy[j] = oy[j - 1];
        ord[j] = ord[j - 1];
      }
      oy[j] = y;
      ord[j] = k;
    }
  }

  /** A new turn: every spot distance is stale. The stamp wraps long before Int32 would. */
  newTurn(): void {
    if (++this.turn > 1 << 30) {
      this.stamp.fill(0);
      this.turn = 1;
    }
  }
}
