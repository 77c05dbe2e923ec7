import { DIFFICULT, EPS, IMPASSABLE, NEG_EPS } from '../../../../geometry/flags.ts';
import type { MoveRules } from '../../../../geometry/move-rules.ts';
import type { Table } from '../../../../geometry/table.ts';

/** R2 and item 27 parameters (rules.climb_requires_run, waist_height_in, waist_high_cost_in). */
export interface MoveCostOptions {
  climbRequiresRun: boolean;
  waistHeight: number;
  waistHighCost: number;
}

/**
 * NCO's movement rules for the engine's router (R2, items 25, 27, 69): impassable terrain
 * stops every move and difficult ground a Run (or Assault); a step taller than waistHeight
 * costs its height up and down and needs a Run when climbRequiresRun (so walks go round
 * it); a step up of at most waistHeight costs waistHighCost; stepping down from waist
 * height is free. A segment's cost follows its elevation profile (the highest raised
 * polygon at each point).
 */
export class NcoMoveCost implements MoveRules {
  private readonly t: Table;
  climbRequiresRun = true;
  waistHeight = 1;
  waistHighCost = 1;
  readonly noEntry: Uint8Array;
  readonly detour: Uint8Array;
  /** Per polygon: the modes for which a leg must look at it (impassable or raised: both; difficult: running). */
  private readonly relevant: Uint8Array;
  /** The relevant pieces, ascending: walking ones in [0, relN[0]), running ones from maxPolygons. */
  private readonly relList: Int32Array;
  private readonly relN = new Int32Array(2);
  /** The boxes of relList's pieces, in its order: x0, y0, x1, y1 each (one read for the box test). */
  private readonly relBox: Float64Array;
  private readonly crossP: Int32Array;
  private readonly crossT0: Float64Array;
  private readonly crossT1: Float64Array;
  private readonly active: Uint8Array;
  private readonly evT: Float64Array;
  private readonly evK: Int32Array;
  /** Extra cost (beyond length) of the last evaluated segment. */
  readonly extra = new Float64Array(1);
  /** Costly points along the last recorded segment: distance from its start and cost. */
  readonly legS: Float64Array;
  readonly legC: Float64Array;
  legN = 0;

  constructor(t: Table) {
    this.t = t;
    const P = t.maxPolygons;
    this.noEntry = new Uint8Array(P);
    this.detour = new Uint8Array(P);
    this.relevant = new Uint8Array(P);
    this.relList = new Int32Array(2 * P);
    this.relBox = new Float64Array(8 * P);
    this.crossP = new Int32Array(P);
    this.crossT0 = new Float64Array(P);
    this.crossT1 = new Float64Array(P);
    this.active = new Uint8Array(P);
    this.evT = new Float64Array(2 * P);
    this.evK = new Int32Array(2 * P);
    this.legS = new Float64Array(2 * P);
    this.legC = new Float64Array(2 * P);
  }

  /** Sets the R2 parameters; the router rebuilds its graph (the table's version moves on). */
  setOptions(o: Partial<MoveCostOptions>): void {
    if (o.climbRequiresRun !== undefined) this.climbRequiresRun = o.climbRequiresRun;
    if (o.waistHeight !== undefined) this.waistHeight = o.waistHeight;
    if (o.waistHighCost !== undefined) this.waistHighCost = o.waistHighCost;
    this.t.version++;
  }

  /** Item 69 and R2 per polygon: who may not enter it, who goes round it, who must look at it. */
  terrainChanged(): void {
    const T = this.t;
    for (let p = 0; p < T.polygonCount; p++) {
      const fl = T.pFlags[p], h = T.pHeight[p];
      this.noEntry[p] = fl & IMPASSABLE ? 3 : fl & DIFFICULT ? 2 : 0;
      // A waist-high piece costs a flat waistHighCost, so routes simply cross it.
      this.detour[p] = (fl & IMPASSABLE || h > this.waistHeight ? 3 : 0) | (fl & DIFFICULT ? 2 : 0);
      this.relevant[p] = (h > 0 ? 3 : 0) | (fl & IMPASSABLE ? 3 : 0) | (fl & DIFFICULT ? 2 : 0);
    }
    const P = T.maxPolygons;
    let w = 0, r = 0;
    for (let p = 0; p < T.polygonCount; p++) {
      if ((this.relevant[p] & 1) !== 0) this.relList[w++] = p;
      if ((this.relevant[p] & 2) !== 0) this.relList[P + r++] = p;
    }
    this.relN[0] = w;
    this.relN[1] = r;
    for (let k = 0; k < w; k++) this.setBox(k, this.relList[k]);
    for (let k = P; k < P + r; k++) this.setBox(k, this.relList[k]);
  }

  private setBox(k: number, p: number): void {
    const T = this.t, b = this.relBox;
    b[4 * k] = T.bx0[p];
    b[4 * k + 1] = T.by0[p];
    b[4 * k + 2] = T.bx1[p];
    b[4 * k + 3] = T.by1[p];
  }

  /**
   * Cost of the segment in `t.seg` beyond its length: climbs and waist-high steps, from
   * the elevation profile along it (the highest raised polygon at each point). Returns
   * false if the move may not use it. The extra cost goes to extra[0]; with `record` the
   * costly points go to legS/legC in order along the segment.
   */
  eval(run: boolean, record: boolean): boolean {
    const T = this.t;
    const len = T.seg[4];
    this.legN = 0;
    this.extra[0] = 0;
    if (len <= EPS) return true;
    // Only the pieces relevant to this mode (terrainChanged lists them, in index order).
    const from = run ? T.maxPolygons : 0, to = from + this.relN[run ? 1 : 0];
    const list = this.relList;
    // The segment's box, read once: T.segBoxHits(p) written out with it.
    const s = T.seg, sx0 = s[5], sy0 = s[6], sx1 = s[7], sy1 = s[8];
    const box = this.relBox;
    let nc = 0;
    for (let k = from; k < to; k++) {
      if (sx1 < box[4 * k] || sy1 < box[4 * k + 1] || sx0 > box[4 * k + 2] || sy0 > box[4 * k + 3]) continue;
      const p = list[k];
      if (!T.clip(p)) continue;
      const fl = T.pFlags[p];
      if (fl & IMPASSABLE) return false;
      if (run && fl & DIFFICULT) return false;
      if (T.pHeight[p] > 0) {
        this.crossP[nc] = p;
        this.crossT0[nc] = T.ct[0];
        this.crossT1[nc] = T.ct[1];
        nc++;
      }
    }
    if (nc === 0) return true;
    // Elevation events sorted by position (insertion sort: there are a handful at most).
    let cur = 0, ne = 0;
    for (let k = 0; k < nc; k++) {
      const startIn = this.crossT0[k] * len < NEG_EPS;
      const endIn = (this.crossT1[k] - 1) * len > EPS;
      this.active[k] = startIn ? 1 : 0;
      if (startIn && T.pHeight[this.crossP[k]] > cur) cur = T.pHeight[this.crossP[k]];
      if (!startIn) ne = this.pushEvent(ne, k, true);
      if (!endIn) ne = this.pushEvent(ne, k, false);
    }
    let extra = 0;
    for (let i = 0; i < ne; ) {
      const tt = this.evT[i];
      // Apply every event at this point before measuring the step, so stepping from one
      // wall straight onto an adjacent one is not charged as down-then-up.
      while (i < ne && this.evT[i] - tt <= EPS) {
        this.active[this.evK[i]] ^= 1;
        i++;
      }
      let h = 0;
      for (let k = 0; k < nc; k++) if (this.active[k] && T.pHeight[this.crossP[k]] > h) h = T.pHeight[this.crossP[k]];
      const d = h - cur;
      if (d === 0) continue;
      const ad = Math.abs(d);
      let c = 0;
      if (ad > this.waistHeight + EPS) {
        if (this.climbRequiresRun && !run) return false;
        c = ad; // item 27: vertical distance counts, up and down
      } else if (d > 0) c = this.waistHighCost; // stepping over or onto a waist-high piece
      cur = h;
      if (c > 0) {
        extra += c;
        if (record) {
          this.legS[this.legN] = tt * len;
          this.legC[this.legN] = c;
          this.legN++;
        }
      }
    }
    this.extra[0] = extra;
    return true;
  }

  /** Inserts crossing k's entry (or exit) point, clamped to the segment, in sorted order. */
  private pushEvent(ne: number, k: number, entry: boolean): number {
    const t = entry ? Math.max(this.crossT0[k], 0) : Math.min(this.crossT1[k], 1);
    let j = ne;
    while (j > 0 && this.evT[j - 1] > t) {
      this.evT[j] = this.evT[j - 1];
      this.evK[j] = this.evK[j - 1];
      j--;
    }
    this.evT[j] = t;
    this.evK[j] = k;
    return ne + 1;
  }

}
