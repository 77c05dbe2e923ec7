import { DIFFICULT, IMPASSABLE } from '../../../../geometry/flags.ts';
import type { Router } from '../../../../geometry/path.ts';
import { NODE_MARGIN } from '../../../../geometry/route-nodes.ts';
import type { Table } from '../../../../geometry/table.ts';
import { NcoMoveCost } from './move-cost.ts';

/** Clearance (inches) each inequality of the certificate keeps: far above rounding (~1e-14) and the router's EPS (1e-9). */
const M = 0.01;
/** Smallest |n_prev + n_next|² of a barrier's corner: below 1/4 the router mitre-limits its node (route-nodes.ts); kept well above. */
const MIN_M2 = 0.3;

/**
 * The map generator's connectivity backstop: do the deployment zones' centres (slots s, g)
 * reach each other walking and running? First a cheap geometric certificate (`holds`);
 * only when it cannot vouch for the map does the router search both modes.
 *
 * Why the certificate implies the router finds a path (for NcoMoveCost, the router's rules):
 * call a polygon a barrier if it is impassable, difficult or taller than the rules' waist
 * height: exactly the polygons with detour ≠ 0 (route-nodes.ts gives nodes to no other, and
 * noEntry ⊂ detour). A leg that crosses no polygon a mode goes round (its detour bit) is
 * allowed in that mode by NcoMoveCost.eval: a walk crosses nothing impassable and nothing
 * above waist height, so no step on its elevation profile exceeds waist + EPS; a run crosses
 * nothing impassable or difficult (its climbs only cost).
 * For a barrier P with edges n_k·x ≤ c_k whose corners all have |n_prev + n_next|² ≥ 1/4,
 * the router's node at each corner is unclipped: v + rr (n_prev + n_next) / (1 + n_prev·n_next),
 * rr = baseRadius + NODE_MARGIN, which lies on both offset lines n·x = c + rr. So the nodes
 * are the vertices of the outward offset polygon Q = {x : n_k·x ≤ c_k + rr ∀k}, and Q holds
 * every point within rr of P. The certificate checks, with clearance M:
 *  (a) each barrier's nodes lie in [r + M, W − r − M] × [r + M, H − r − M] (the router keeps
 *      nodes in [r − EPS, W − r + EPS] …), so every Q is inside the table's open rectangle C;
 *  (b) S and G lie in C and beyond some offset edge of every Q;
 *  (c) every two barriers' Q are apart (an offset edge of one has all nodes of the other
 *      beyond it), so no node lies inside another barrier (none is dropped, none loses a mode)
 *      nor inside its own (n·node = c + rr).
 * Then, for either mode, the barriers that mode goes round are disjoint convex obstacles Q
 * inside the convex C, with S and G outside them: the free space is connected, and a shortest
 * S→G path among them (it stays in C: projecting onto a convex set shortens a path) is a
 * polygonal line whose inner vertices are vertices of the Q, i.e. router nodes of that mode
 * (the visibility-graph lemma, de Berg et al., Computational Geometry, ch. 15). Each of its
 * legs avoids the interior of every Q, so it stays rr from every barrier and the router
 * allows it; the router's graph joins every pair of nodes, S and G, and its A* is complete,
 * so reachable() is true in both modes.
 */
export class ZoneLink {
  /** Router node of each barrier corner, indexed like the table's vertices. */
  private nodeX = new Float64Array(0);
  private nodeY = new Float64Array(0);
  /** The barriers this map, and per barrier its nodes' box (x0, y0, x1, y1). */
  private bar = new Int32Array(0);
  private box = new Float64Array(0);
  /** [0] rr + M: how far beyond an edge line a point must be to be clear of that offset edge. */
  private readonly d = new Float64Array(1);
  /** The zones (slots s, g) connect walking and running: certified, else the router's search. */
  connected(router: Router, s: number, g: number): boolean {
    const rules = router.rules;
    if (rules.constructor === NcoMoveCost && this.holds(router.t, rules as NcoMoveCost, s, g)) return true;
    return router.reachable(s, g, 1e9, false, 0) && router.reachable(s, g, 1e9, true, 0);
  }

  /** The certificate above for slots s and g under `rules` (false: no verdict, search). */
  holds(T: Table, rules: NcoMoveCost, s: number, g: number): boolean {
    if (this.nodeX.length < T.maxVertices) {
      this.nodeX = new Float64Array(T.maxVertices);
      this.nodeY = new Float64Array(T.maxVertices);
    }
    if (this.bar.length < T.maxPolygons) {
      this.bar = new Int32Array(T.maxPolygons);
      this.box = new Float64Array(4 * T.maxPolygons);
    }
    const r = T.baseRadius, rr = r + NODE_MARGIN, waist = rules.waistHeight;
    const lo = r + M, hiX = T.width - r - M, hiY = T.height - r - M;
    const sx = T.px[s], sy = T.py[s], gx = T.px[g], gy = T.py[g];
    // In C (so the router's clamp leaves the goal where it is).
    if (sx < r || sx > T.width - r || sy < r || sy > T.height - r) return false;
    if (gx < r || gx > T.width - r || gy < r || gy > T.height - r) return false;
    this.d[0] = rr + M;
    const dd = this.d[0];
    const nx = this.nodeX, ny = this.nodeY, box = this.box;
    let nb = 0;
    for (let p = 0; p < T.polygonCount; p++) {
      if ((T.pFlags[p] & (IMPASSABLE | DIFFICULT)) === 0 && !(T.pHeight[p] > waist)) continue;
      const st = T.pStart[p], c = T.pCount[p], end = st + c;
      let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
      let sOut = false, gOut = false;
      for (let i = st; i < end; i++) {
        const h = i === st ? end - 1 : i - 1;
        const mx = T.nx[h] + T.nx[i], my = T.ny[h] + T.ny[i];
        const m2 = mx * mx + my * my;
        if (m2 < MIN_M2) return false;
        const k2 = (2 * rr) / m2;
        const x = T.vx[i] + k2 * mx, y = T.vy[i] + k2 * my;
        if (x < lo || x > hiX || y < lo || y > hiY) return false; // (a)
        nx[i] = x;
        ny[i] = y;
        if (x < x0) x0 = x;
        if (x > x1) x1 = x;
        if (y < y0) y0 = y;
        if (y > y1) y1 = y;
        // (b): edge i's offset line has S (G) beyond it.
        if (T.nx[i] * sx + T.ny[i] * sy - T.nc[i] >= dd) sOut = true;
        if (T.nx[i] * gx + T.ny[i] * gy - T.nc[i] >= dd) gOut = true;
      }
      if (!sOut || !gOut) return false;
      box[4 * nb] = x0;
      box[4 * nb + 1] = y0;
      box[4 * nb + 2] = x1;
      box[4 * nb + 3] = y1;
      this.bar[nb++] = p;
    }
    // (c), pairwise; node boxes M apart already settle it.
    for (let a = 0; a < nb; a++) {
      for (let b = a + 1; b < nb; b++) {
        const A = 4 * a, B = 4 * b;
        if (box[B] - box[A + 2] >= M || box[A] - box[B + 2] >= M || box[B + 1] - box[A + 3] >= M || box[A + 1] - box[B + 3] >= M) continue;
        const p = this.bar[a], o = this.bar[b];
        if (!this.offsetClear(T, p, o) && !this.offsetClear(T, o, p)) return false;
      }
    }
    return true;
  }

  /** Has an offset edge of barrier p every node of barrier o at least M beyond it? */
  private offsetClear(T: Table, p: number, o: number): boolean {
    const dd = this.d[0], nx = this.nodeX, ny = this.nodeY;
    const ps = T.pStart[p], pe = ps + T.pCount[p], os = T.pStart[o], oe = os + T.pCount[o];
    for (let k = ps; k < pe; k++) {
      const ex = T.nx[k], ey = T.ny[k], lim = T.nc[k] + dd;
      let ok = true;
      for (let j = os; j < oe; j++) {
        if (ex * nx[j] + ey * ny[j] < lim) { ok = false; break; }
      }
      if (ok) return true;
    }
    return false;
  }
}
