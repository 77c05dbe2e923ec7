/**
 * Plain references for the router's fast paths (engine/geometry/path.ts, route-nodes.ts),
 * checked in test/nco-perf-equivalence.test.ts, test/nco-perf-fire-walk.test.ts and
 * test/router-straight-reuse.test.ts.
 */
import { Router } from '../engine/geometry/path.ts';
import type { MoveRules } from '../engine/geometry/move-rules.ts';
import { EPS } from '../engine/geometry/flags.ts';
import type { Table } from '../engine/geometry/table.ts';
import { walkPath } from '../engine/geometry/walk.ts';

/** route-nodes.ts buildNodes as it was: every piece tested for containment, all distances at once. */
export function buildNodesPlain(
  T: Table, rules: MoveRules, nodeX: Float64Array, nodeY: Float64Array, nodeMode: Uint8Array, nd: Float64Array, M: number,
): number {
  const r = T.baseRadius, rr = r + 0.01; // NODE_MARGIN
  const lo = r - EPS, hiX = T.width - r + EPS, hiY = T.height - r + EPS;
  let n = 0;
  for (let p = 0; p < T.polygonCount; p++) {
    // Only pieces a mode goes round get routing nodes: one a move may cross at a flat
    // cost (a low wall) is simply crossed (fewer nodes).
    const rel = rules.detour[p];
    if (rel === 0) continue;
    const s = T.pStart[p], c = T.pCount[p];
    for (let k = 0; k < c; k++) {
      const i = s + k, h = s + ((k + c - 1) % c);
      // Corner of the polygon offset by rr: along the normals' bisector, miter-limited.
      const mx = T.nx[h] + T.nx[i], my = T.ny[h] + T.ny[i];
      const m2 = mx * mx + my * my;
      if (m2 < 1e-12) continue;
      let k2 = (2 * rr) / m2;
      const lim = (4 * rr) / Math.sqrt(m2);
      if (k2 > lim) k2 = lim;
      const x = T.vx[i] + k2 * mx, y = T.vy[i] + k2 * my;
      if (x < lo || x > hiX || y < lo || y > hiY) continue;
      let mode = rel;
      T.q[0] = x;
      T.q[1] = y;
      for (let o = 0; o < T.polygonCount && mode !== 0; o++) {
        if (!T.insideQ(o)) continue;
        mode &= ~rules.noEntry[o];
      }
      if (mode === 0) continue;
      nodeX[n] = x;
      nodeY[n] = y;
      nodeMode[n] = mode;
      n++;
    }
  }
  // Node-to-node distances, once per map: A* reads them instead of taking square roots.
  for (let i = 0; i < n; i++) {
    nd[i * M + i] = 0;
    for (let j = i + 1; j < n; j++) {
      const dx = nodeX[j] - nodeX[i], dy = nodeY[j] - nodeY[i];
      const d = Math.sqrt(dx * dx + dy * dy);
      nd[i * M + j] = d;
      nd[j * M + i] = d;
    }
  }
  return n;
}

/**
 * The router with A* as it was: every node-to-node distance at graph build (the symmetric
 * fill), the start expanded by expand() like any node, expand as offer() per node, and every
 * checked leg evaluated, solve() taking its square roots again; for the lazily filled
 * distance rows, the fused start, the inlined expand, the straight leg the search takes from
 * solve() and solve()'s square roots taken once.
 */
export class PlainRouter extends Router {
  ensureGraphPlain(): void {
    const r = this as unknown as { gen: number; nNodes: number; nodeX: Float64Array; nodeY: Float64Array; nd: Float64Array; maxN: number };
    const before = r.gen;
    (Router.prototype as unknown as { ensureGraph(): void }).ensureGraph.call(this);
    if (r.gen === before) return;
    r.nNodes = buildNodesPlain(this.t, this.rules, r.nodeX, r.nodeY, this.nodeMode, r.nd, r.maxN);
  }

  searchPlain(run: boolean): boolean {
    const r = this as unknown as {
      nNodes: number; g: Float64Array; hv: Float64Array; sd: Float64Array; state: Uint8Array; qid: number; out: Float64Array;
      nodeX: Float64Array; nodeY: Float64Array; closed: Int32Array; nClosed: number; gStamp: Int32Array; gCost: Float64Array; gFree: Uint8Array;
      lazy: Uint8Array; prev: Int32Array; heap: { clear(): void; pop(): number; push(v: number, cap: number): void };
      expand(u: number, run: boolean): void; check(p: number, v: number, run: boolean): void; repair(v: number, run: boolean): boolean;
      buildPath(G: number, S: number, run: boolean): boolean;
    };
    const n = r.nNodes, S = n, G = n + 1;
    r.state.fill(0, 0, n + 2);
    r.qid++;
    const gx = r.out[2], gy = r.out[3], R = r.out[4];
    const sx = r.nodeX[S], sy = r.nodeY[S];
    for (let v = 0; v <= S; v++) {
      const x = r.nodeX[v], y = r.nodeY[v];
      const hx = x - gx, hy = y - gy;
      const h = Math.sqrt(hx * hx + hy * hy) - R;
      r.hv[v] = h > 0 ? h : 0;
      const dx = x - sx, dy = y - sy;
      r.sd[v] = Math.sqrt(dx * dx + dy * dy);
    }
    r.g[S] = 0;
    r.state[S] = 2;
    r.closed[0] = S;
    r.nClosed = 1;
    if (r.out[6] < Infinity) {
      r.gStamp[S] = r.qid;
      r.gCost[S] = r.out[6];
      r.gFree[S] = 0; // not free, or solve() had returned the straight line
    }
    r.heap.clear();
    r.expand(S, run);
    for (;;) {
      const u = r.heap.pop();
      if (u < 0) return false;
      if (r.lazy[u] === 1) {
        r.check(r.prev[u], u, run);
        if (r.repair(u, run)) r.heap.push(u, n + 2);
        else r.state[u] = 0;
        continue;
      }
      r.state[u] = 2;
      if (u === G) return r.buildPath(G, S, run);
      r.closed[r.nClosed++] = u;
      r.expand(u, run);
    }
  }

  /** solve() as it was: goalTarget(S) and leg(S, G), each taking its square roots. */
  solvePlain(a: number, b: number, run: boolean): boolean {
    const r = this as unknown as {
      nNodes: number; nodeX: Float64Array; nodeY: Float64Array; out: Float64Array; pathX: Float64Array; pathY: Float64Array;
      pathN: number; pathFree: Uint8Array; freeStraight: boolean;
      ensureGraph(): void; goalTarget(i: number): void; leg(i: number, j: number, run: boolean): boolean; search(run: boolean): boolean;
    };
    const T = this.t;
    r.ensureGraph();
    const ax = T.px[a], ay = T.py[a];
    const rad = T.baseRadius;
    let gx = T.px[b], gy = T.py[b];
    gx = gx < rad ? rad : gx > T.width - rad ? T.width - rad : gx;
    gy = gy < rad ? rad : gy > T.height - rad ? T.height - rad : gy;
    r.out[2] = gx;
    r.out[3] = gy;
    const R = r.out[4];
    const S = r.nNodes, G = S + 1;
    r.nodeX[S] = ax;
    r.nodeY[S] = ay;
    r.pathX[0] = ax;
    r.pathY[0] = ay;
    r.freeStraight = false;
    const dgx = gx - ax, dgy = gy - ay;
    if (Math.sqrt(dgx * dgx + dgy * dgy) <= R) {
      r.pathN = 1;
      r.out[0] = 0;
      return true;
    }
    r.goalTarget(S);
    r.out[6] = Infinity;
    if (r.leg(S, G, run)) {
      r.out[6] = r.out[5];
      if (this.rules.extra[0] === 0) {
        r.pathX[1] = r.nodeX[G];
        r.pathY[1] = r.nodeY[G];
        r.pathN = 2;
        r.out[0] = r.out[5];
        r.freeStraight = true;
        r.pathFree[0] = 1;
        return true;
      }
    }
    T.q[0] = ax;
    T.q[1] = ay;
    const bit = run ? 2 : 1; // RUN : WALK
    for (let p = 0; p < T.polygonCount; p++) {
      if ((this.rules.noEntry[p] & bit) !== 0 && T.insideQ(p)) return false;
    }
    return r.search(run);
  }

  /** check() as it was: every leg evaluated when checked, the blocked straight one included. */
  checkPlain(p: number, v: number, run: boolean): void {
    const r = this as unknown as {
      nNodes: number; maxN: number; qid: number; gen: number; out: Float64Array;
      gStamp: Int32Array; gCost: Float64Array; gFree: Uint8Array; sStamp: Int32Array; sCost: Float64Array; sFree: Uint8Array;
      edgeStamp: Int32Array; edgeCost: Float64Array; edgeFree: Uint8Array;
      goalTarget(i: number): void; leg(i: number, j: number, run: boolean): boolean;
    };
    const n = r.nNodes, S = n, G = n + 1;
    if (v === G) {
      r.goalTarget(p);
      r.gStamp[p] = r.qid;
      r.gCost[p] = r.leg(p, G, run) ? r.out[5] : Infinity;
      r.gFree[p] = this.rules.extra[0] === 0 ? 1 : 0;
    } else if (p === S) {
      r.sStamp[v] = r.qid;
      r.sCost[v] = r.leg(S, v, run) ? r.out[5] : Infinity;
      r.sFree[v] = this.rules.extra[0] === 0 ? 1 : 0;
    } else {
      const k = ((run ? 1 : 0) * r.maxN + p) * r.maxN + v;
      r.edgeCost[k] = r.leg(p, v, run) ? r.out[5] : Infinity;
      r.edgeFree[k] = this.rules.extra[0] === 0 ? 1 : 0;
      r.edgeStamp[k] = r.gen;
    }
  }

  expandPlain(u: number, run: boolean): void {
    const r = this as unknown as {
      nNodes: number; g: Float64Array; f: Float64Array; hv: Float64Array; state: Uint8Array; nodeMode: Uint8Array;
      prev: Int32Array; lazy: Uint8Array; out: Float64Array; heap: { push(v: number, cap: number): void };
      offer(p: number, v: number, run: boolean): number;
    };
    const n = r.nNodes, G = n + 1, bit = run ? 2 : 1;
    for (let v = 0; v <= G; v++) {
      if (v === n || r.state[v] === 2) continue;
      if (v < n && (r.nodeMode[v] & bit) === 0) continue;
      const kind = r.offer(u, v, run);
      if (kind === 0) continue;
      const ng = r.g[u] + r.out[5];
      if (r.state[v] !== 0 && ng >= r.g[v]) continue;
      r.g[v] = ng;
      r.prev[v] = u;
      r.lazy[v] = kind === 2 ? 1 : 0;
      r.f[v] = v === G ? r.g[v] : r.g[v] + r.hv[v];
      r.state[v] = 1;
      r.heap.push(v, n + 2);
    }
  }
}
(PlainRouter.prototype as unknown as { expand: unknown }).expand = PlainRouter.prototype.expandPlain;
(PlainRouter.prototype as unknown as { search: unknown }).search = PlainRouter.prototype.searchPlain;
(PlainRouter.prototype as unknown as { check: unknown }).check = PlainRouter.prototype.checkPlain;
PlainRouter.prototype.solve = PlainRouter.prototype.solvePlain;
(PlainRouter.prototype as unknown as { ensureGraph: unknown }).ensureGraph = PlainRouter.prototype.ensureGraphPlain;

/** Router.move as it was: walkPath evaluates every leg it walks, the free straight line and free legs too, and takes each leg's length. */
function movePlain(this: Router, a: number, b: number, run: boolean): void {
  this.out[1] = this.out[7];
  this.out[7] = 0;
  if (!this.solve(a, b, run)) return;
  this.freeStraight = false;
  this.pathFree.fill(0);
  walkPath(this, this.t, this.rules, a, run);
}
PlainRouter.prototype.move = movePlain;
