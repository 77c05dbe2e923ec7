/**
 * Movement costs for the engine's router (items 7–9, R5): a leg costs its length, plus its
 * length again inside mud / deep snow (`difficult`, ignored by tracked vehicles: the
 * router's "run" mode is used for them) and inside a hill piece it enters from outside
 * (uphill, climbing). Impassable pieces are never entered. The double cost is laid down as
 * small point costs along the leg (0.25 inch apart), which walk.ts pays as it goes.
 */
import { DIFFICULT, EPS, IMPASSABLE } from '../../../geometry/flags.ts';
import type { MoveRules } from '../../../geometry/move-rules.ts';
import type { Table } from '../../../geometry/table.ts';

const LEG_MAX = 1024;

export class SkillMoveCost implements MoveRules {
  private readonly t: Table;
  readonly noEntry: Uint8Array;
  readonly detour: Uint8Array;
  readonly extra = new Float64Array(1);
  readonly legS = new Float64Array(LEG_MAX);
  readonly legC = new Float64Array(LEG_MAX);
  legN = 0;

  constructor(t: Table) {
    this.t = t;
    this.noEntry = new Uint8Array(t.maxPolygons);
    this.detour = new Uint8Array(t.maxPolygons);
  }

  terrainChanged(): void {
    const T = this.t;
    for (let p = 0; p < T.polygonCount; p++) {
      const fl = T.pFlags[p];
      this.noEntry[p] = fl & IMPASSABLE ? 3 : 0;
      // Routes may go round impassable pieces, hills (both modes) and mud (on foot / wheels).
      this.detour[p] = fl & IMPASSABLE || T.pHeight[p] > 0 ? 3 : fl & DIFFICULT ? 1 : 0;
    }
  }

  /** `tracked` = the router's run flag: tracked vehicles ignore `difficult` ground (item 9). */
  eval(tracked: boolean, record: boolean): boolean {
    const T = this.t, len = T.seg[4];
    this.legN = 0;
    this.extra[0] = 0;
    if (len <= EPS) return true;
    let extra = 0;
    for (let p = 0; p < T.polygonCount; p++) {
      if (!T.segBoxHits(p) || !T.clip(p)) continue;
      const fl = T.pFlags[p];
      if (fl & IMPASSABLE) return false;
      const uphill = T.pHeight[p] > 0 && T.ct[0] * len > EPS; // entering a hill from outside
      const mud = (fl & DIFFICULT) !== 0 && !tracked;
      if (!uphill && !mud) continue;
      const s0 = (T.ct[0] < 0 ? 0 : T.ct[0]) * len, s1 = (T.ct[1] > 1 ? 1 : T.ct[1]) * len;
      extra += s1 - s0;
      if (!record) continue;
      // Point costs `step` apart covering [s0, s1] (each paid when the walker reaches it).
      // Written here, not in a helper: it ran too rarely to be optimised, and its doubles were
      // boxed. A local literal, not a module const: that stays a tagged heap number, and the
      // ternary mixing it with `s1 - s` boxed the result (docs/gc-audit.md).
      const step = 0.25;
      for (let s = s0; s < s1 - EPS && this.legN < LEG_MAX; s += step) {
        this.legS[this.legN] = s;
        this.legC[this.legN] = s + step < s1 ? step : s1 - s;
        this.legN++;
      }
    }
    this.extra[0] = extra;
    if (record && this.legN > 1) this.sortLegs();
    return true;
  }

  private sortLegs(): void {
    const S = this.legS, C = this.legC;
    for (let i = 1; i < this.legN; i++) {
      const s = S[i], c = C[i];
      let j = i;
      while (j > 0 && S[j - 1] > s) { S[j] = S[j - 1]; C[j] = C[j - 1]; j--; }
      S[j] = s;
      C[j] = c;
    }
  }
}
