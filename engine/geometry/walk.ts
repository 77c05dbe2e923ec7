import type { Table } from './table.ts';
import type { MoveRules } from './move-rules.ts';
import type { Router } from './path.ts';

import { EPS } from './flags.ts';
/** How far short of an obstacle a model stops when it cannot pay the climb. */
const BACKOFF = 1e-4;

/**
 * Walks the router's solved path from point slot a with out[1] inches, paying each costly
 * point the movement rules record (a climb) whole and stopping as soon as it is within
 * R = out[4] of the goal; writes the end point into slot a and the inches spent into out[7].
 */
export function walkPath(r: Router, T: Table, P: MoveRules, a: number, run: boolean): void {
  const budget = r.out[1];
    const s = T.seg;
    const gx = r.out[2], gy = r.out[3], R = r.out[4] - EPS; // as goalTarget
    let rem = budget;
    let x = r.pathX[0], y = r.pathY[0];
    for (let k = 0; k + 1 < r.pathN && rem > 0; k++) {
      const x0 = r.pathX[k], y0 = r.pathY[k];
      const dx = r.pathX[k + 1] - x0, dy = r.pathY[k + 1] - y0;
      // The free straight line's length is its cost (solve(): out[0] = length + 0), bit for bit.
      const L = r.freeStraight ? r.out[0] : Math.sqrt(dx * dx + dy * dy);
      if (L <= EPS) continue;
      const ux = dx / L, uy = dy / L;
      // First point of this leg within R of the goal (the "as soon as" stop).
      let sStop = L, reached = k + 2 === r.pathN;
      if (R > 0) {
        const wx = x0 - gx, wy = y0 - gy;
        const kk = ux * wx + uy * wy, cc = wx * wx + wy * wy - R * R;
        const disc = kk * kk - cc;
        if (cc <= 0) {
          sStop = 0;
          reached = true;
        } else if (disc >= 0) {
          const s0 = -kk - Math.sqrt(disc);
          if (s0 >= 0 && s0 <= L) {
            sStop = s0;
            reached = true;
          }
        }
      }
      // A leg the search found free (the free straight line among them) was evaluated on this
      // very segment: no costly points, nothing to load.
      let legs = 0;
      if (r.pathFree[k] === 0) {
        s[0] = x0;
        s[1] = y0;
        s[2] = dx;
        s[3] = dy;
        s[4] = L;
        T.segBox();
        P.eval(run, true);
        legs = P.legN;
      }
      let pos = 0;
      let stopped = false;
      for (let e = 0; e < legs; e++) {
        const se = P.legS[e];
        if (se >= sStop - EPS) break;
        if (rem < se - pos) break; // runs out before the obstacle; handled below
        rem -= se - pos;
        pos = se;
        if (rem < P.legC[e]) {
          // Cannot pay the climb: stop at the foot, just short of the edge.
          const back = Math.min(pos, BACKOFF);
          pos -= back;
          rem += back;
          stopped = true;
          break;
        }
        rem -= P.legC[e];
      }
      if (!stopped) {
        const need = sStop - pos;
        if (rem < need) {
          pos += rem;
          rem = 0;
          stopped = true;
        } else {
          rem -= need;
          pos = sStop;
        }
      }
      x = x0 + ux * pos;
      y = y0 + uy * pos;
      if (stopped || reached) break;
    }
    T.px[a] = x;
    T.py[a] = y;
    r.out[7] = budget - rem;
}
