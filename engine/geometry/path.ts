import { DIFFICULT, EPS, IMPASSABLE } from './flags.ts';
import { Profile } from './profile.ts';
import type { Table } from './table.ts';
import { walkPath } from './walk.ts';
import { KeyHeap } from './heap.ts';

/** Extra clearance beyond the base radius for routing nodes, so routes never graze corners. */
const NODE_MARGIN = 0.01;

/**
 * R2 movement on a visibility graph instead of the digest's 0.25" grid: exact straight
 * lines, far fewer nodes. Nodes are the vertices of barrier polygons (impassable;
 * difficult when running; taller than waist height) pushed outward by baseRadius +
 * NODE_MARGIN; A* with a Euclidean
 * heuristic finds the cheapest route, where a leg costs its length plus climbing costs.
 * Node-to-node leg costs are cached per terrain version and mode (walk/run), so repeated
 * queries on one map only evaluate legs from the start and to the goal.
 */
export class Router {
  readonly t: Table;
  private readonly maxN: number;
  private builtVersion = -1;
  nNodes = 0;
  readonly nodeX: Float64Array;
  readonly nodeY: Float64Array;
  /** bit 0: usable when walking, bit 1: usable when running. */
  readonly nodeMode: Uint8Array;
  private gen = 0;
  private readonly edgeCost: Float64Array;
  private readonly edgeStamp: Int32Array;
  // A* state over nodes 0..n-1, start = n, goal = n+1.
  private readonly g: Float64Array;
  private readonly f: Float64Array;
  private readonly prev: Int32Array;
  private readonly state: Uint8Array;
  /** 1 while a node's key rests on an unchecked leg from prev[v] (lazy A*). */
  private readonly lazy: Uint8Array;
  /** Per-query results of legs from the start (sCost[v]) and to the goal (gCost[u]), valid when the stamp = qid. */
  private readonly sStamp: Int32Array;
  private readonly sCost: Float64Array;
  private readonly gStamp: Int32Array;
  private readonly gCost: Float64Array;
  private qid = 0;
  /** Open nodes keyed by f (stale entries are skipped when popped). */
  private readonly heap: KeyHeap;
  /** Node-to-node distances (per map), each node's heuristic and distance from the start (per query). */
  private readonly nd: Float64Array;
  private readonly hv: Float64Array;
  private readonly sd: Float64Array;
  /** Closed nodes in closing order, so repair() visits only those. */
  private readonly closed: Int32Array;
  private nClosed = 0;
  // The solved path (waypoints, start first) and the goal.
  readonly pathX: Float64Array;
  readonly pathY: Float64Array;
  pathN = 0;
  /** [0] cost of the last solve, [1] walk budget, [2..3] clamped goal, [4] stopWithin (in), [5] last leg's cost, [6] straight cost, [7] budget in / inches moved out. */
  readonly out = new Float64Array(8);
  readonly prof: Profile;

  constructor(t: Table) {
    this.t = t;
    const N = t.maxVertices;
    this.maxN = N;
    this.nodeX = new Float64Array(N + 2);
    this.nodeY = new Float64Array(N + 2);
    this.nodeMode = new Uint8Array(N);
    this.edgeCost = new Float64Array(2 * N * N);
    this.edgeStamp = new Int32Array(2 * N * N);
    this.g = new Float64Array(N + 2);
    this.f = new Float64Array(N + 2);
    this.prev = new Int32Array(N + 2);
    this.state = new Uint8Array(N + 2);
    this.lazy = new Uint8Array(N + 2);
    this.heap = new KeyHeap(4 * (N + 2), this.f, this.state, 1);
    this.closed = new Int32Array(N + 2);
    this.nd = new Float64Array(N * N);
    this.hv = new Float64Array(N + 2);
    this.sd = new Float64Array(N + 2);
    this.sStamp = new Int32Array(N + 2);
    this.sCost = new Float64Array(N + 2);
    this.gStamp = new Int32Array(N + 2);
    this.gCost = new Float64Array(N + 2);
    this.pathX = new Float64Array(N + 2);
    this.pathY = new Float64Array(N + 2);
    this.prof = new Profile(t);
  }

  /** Rebuilds routing nodes after a terrain or option change. */
  private ensureGraph(): void {
    const T = this.t;
    if (this.builtVersion === T.version) return;
    this.builtVersion = T.version;
    this.gen++;
    const r = T.baseRadius, rr = r + NODE_MARGIN;
    const lo = r - EPS, hiX = T.width - r + EPS, hiY = T.height - r + EPS;
    let n = 0;
    for (let p = 0; p < T.polygonCount; p++) {
      // Only barriers get routing nodes: a waist-high piece costs a flat +waistHighCost,
      // so routes simply cross it rather than look for a way round (fewer nodes).
      const fl = T.pFlags[p];
      const rel = (fl & IMPASSABLE || T.pHeight[p] > T.waistHeight ? 3 : 0) | (fl & DIFFICULT ? 2 : 0);
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
          if (T.pFlags[o] & IMPASSABLE) mode = 0;
          else if (T.pFlags[o] & DIFFICULT) mode &= 1;
        }
        if (mode === 0) continue;
        this.nodeX[n] = x;
        this.nodeY[n] = y;
        this.nodeMode[n] = mode;
        n++;
      }
    }
    this.nNodes = n;
    // Node-to-node distances, once per map: A* reads them instead of taking square roots.
    const nd = this.nd, M = this.maxN;
    for (let i = 0; i < n; i++) {
      nd[i * M + i] = 0;
      for (let j = i + 1; j < n; j++) {
        const dx = this.nodeX[j] - this.nodeX[i], dy = this.nodeY[j] - this.nodeY[i];
        const d = Math.sqrt(dx * dx + dy * dy);
        nd[i * M + j] = d;
        nd[j * M + i] = d;
      }
    }
  }

  /**
   * Can the move use the leg from node i to node j (start = nNodes, goal = nNodes + 1)?
   * If so its full cost (length + extra) is in out[5]. Indices, not coordinates, so no
   * double is boxed across the call.
   */
  private leg(i: number, j: number, run: boolean): boolean {
    const s = this.t.seg;
    this.t.setSegFrom(this.nodeX, this.nodeY, i, j);
    if (!this.prof.eval(run, false)) return false;
    this.out[5] = s[4] + this.prof.extra[0];
    return true;
  }

  /**
   * Puts into the goal node the first point on the way from node i to the goal within R of
   * it, aiming EPS inside so the final distance is ≤ R despite rounding (callers test it).
   */
  private goalTarget(i: number): void {
    const G = this.nNodes + 1;
    const gx = this.out[2], gy = this.out[3], R = this.out[4] - EPS;
    const dx = this.nodeX[i] - gx, dy = this.nodeY[i] - gy;
    const d = Math.sqrt(dx * dx + dy * dy);
    if (R > 0 && d > R) {
      this.nodeX[G] = gx + (R * dx) / d;
      this.nodeY[G] = gy + (R * dy) / d;
    } else {
      this.nodeX[G] = gx;
      this.nodeY[G] = gy;
    }
  }

  /**
   * Finds the cheapest path from slot a to within R = out[4] of slot b (b clamped into the
   * table). On success fills pathX/pathY (start first, last point = where the move ends)
   * and sets out[0] to its cost; returns false if unreachable. Doubles travel in `out`.
   */
  solve(a: number, b: number, run: boolean): boolean {
    const T = this.t;
    this.ensureGraph();
    const ax = T.px[a], ay = T.py[a];
    const r = T.baseRadius;
    let gx = T.px[b], gy = T.py[b];
    gx = gx < r ? r : gx > T.width - r ? T.width - r : gx;
    gy = gy < r ? r : gy > T.height - r ? T.height - r : gy;
    this.out[2] = gx;
    this.out[3] = gy;
    const R = this.out[4];
    const S = this.nNodes, G = S + 1;
    this.nodeX[S] = ax;
    this.nodeY[S] = ay;
    this.pathX[0] = ax;
    this.pathY[0] = ay;
    const dgx = gx - ax, dgy = gy - ay;
    if (Math.sqrt(dgx * dgx + dgy * dgy) <= R) {
      this.pathN = 1;
      this.out[0] = 0;
      return true;
    }
    this.goalTarget(S);
    this.out[6] = Infinity;
    if (this.leg(S, G, run)) {
      this.out[6] = this.out[5];
      if (this.prof.extra[0] === 0) {
        // Nothing beats a free straight line.
        this.pathX[1] = this.nodeX[G];
        this.pathY[1] = this.nodeY[G];
        this.pathN = 2;
        this.out[0] = this.out[5];
        return true;
      }
    }
    // A start inside something the mode may not enter cannot go anywhere.
    T.q[0] = ax;
    T.q[1] = ay;
    for (let p = 0; p < T.polygonCount; p++) {
      const fl = T.pFlags[p];
      if ((fl & IMPASSABLE || (run && fl & DIFFICULT)) && T.insideQ(p)) return false;
    }
    return this.search(run);
  }

  /**
   * Lazy A* over the nodes; out[6] holds the straight start→goal cost (maybe Infinity).
   * A node's key is the best over closed parents of g[parent] + the leg's cost, where a leg
   * not yet checked counts at its length (a lower bound: every leg costs at least its
   * length). Legs are only checked when their node is popped, then the key is recomputed
   * (repair), so the search stays exact while checking few legs. Node-to-node results are
   * cached per terrain version; start and goal legs per query.
   */
  private search(run: boolean): boolean {
    const n = this.nNodes, S = n, G = n + 1;
    const g = this.g, state = this.state;
    state.fill(0, 0, n + 2);
    this.qid++;
    // Per query: h (straight distance still to cover to get within R of the goal) and the
    // distance from the start, for every node; the start's own h serves the goal offer from S.
    const gx = this.out[2], gy = this.out[3], R = this.out[4];
    const sx = this.nodeX[S], sy = this.nodeY[S];
    for (let v = 0; v <= S; v++) {
      const x = this.nodeX[v], y = this.nodeY[v];
      const hx = x - gx, hy = y - gy;
      const h = Math.sqrt(hx * hx + hy * hy) - R;
      this.hv[v] = h > 0 ? h : 0;
      const dx = x - sx, dy = y - sy;
      this.sd[v] = Math.sqrt(dx * dx + dy * dy);
    }
    g[S] = 0;
    state[S] = 2;
    this.closed[0] = S;
    this.nClosed = 1;
    if (this.out[6] < Infinity) { // the straight leg was checked by solve()
      this.gStamp[S] = this.qid;
      this.gCost[S] = this.out[6];
    }
    this.heap.clear();
    this.expand(S, run);
    for (;;) {
      const u = this.heap.pop();
      if (u < 0) return false;
      if (this.lazy[u] === 1) {
        this.check(this.prev[u], u, run);
        if (this.repair(u, run)) this.heap.push(u, n + 2);
        else state[u] = 0;
        continue;
      }
      state[u] = 2;
      if (u === G) return this.buildPath(G, S);
      this.closed[this.nClosed++] = u;
      this.expand(u, run);
    }
  }

  /** Checks the leg p→v and records its cost (Infinity if not allowed) in the right cache. */
  private check(p: number, v: number, run: boolean): void {
    const n = this.nNodes, S = n, G = n + 1;
    if (v === G) {
      this.goalTarget(p);
      this.gStamp[p] = this.qid;
      this.gCost[p] = this.leg(p, G, run) ? this.out[5] : Infinity;
    } else if (p === S) {
      this.sStamp[v] = this.qid;
      this.sCost[v] = this.leg(S, v, run) ? this.out[5] : Infinity;
    } else {
      const k = ((run ? 1 : 0) * this.maxN + p) * this.maxN + v;
      this.edgeCost[k] = this.leg(p, v, run) ? this.out[5] : Infinity;
      this.edgeStamp[k] = this.gen;
    }
  }

  /**
   * Offer of closed node p to node v: writes the leg's known cost, or its length when not
   * yet checked, into out[5]; returns 0 if the leg is known to be blocked, 1 if checked,
   * 2 if optimistic. Only indices cross the call.
   */
  private offer(p: number, v: number, run: boolean): number {
    const n = this.nNodes, S = n, G = n + 1;
    let c = 0;
    if (v === G) {
      if (this.gStamp[p] === this.qid) c = this.gCost[p];
      else {
        this.out[5] = this.hv[p]; // the goal leg is at least the distance to within R
        return 2;
      }
    } else if (p === S) {
      if (this.sStamp[v] === this.qid) c = this.sCost[v];
      else {
        this.out[5] = this.sd[v];
        return 2;
      }
    } else {
      const k = ((run ? 1 : 0) * this.maxN + p) * this.maxN + v;
      if (this.edgeStamp[k] === this.gen) c = this.edgeCost[k];
      else {
        this.out[5] = this.nd[p * this.maxN + v];
        return 2;
      }
    }
    if (c === Infinity) return 0;
    this.out[5] = c;
    return 1;
  }

  /** Sets f[v] from g[v]: g plus the straight distance still to cover (0 for the goal). */
  private key(v: number): void {
    this.f[v] = v === this.nNodes + 1 ? this.g[v] : this.g[v] + this.hv[v];
  }

  /** Relaxes every open or unseen node (and the goal) from newly closed node u. */
  private expand(u: number, run: boolean): void {
    const n = this.nNodes, G = n + 1;
    const bit = run ? 2 : 1;
    const g = this.g, state = this.state;
    for (let v = 0; v <= G; v++) {
      if (v === n || state[v] === 2) continue; // n is the start
      if (v < n && (this.nodeMode[v] & bit) === 0) continue;
      const kind = this.offer(u, v, run);
      if (kind === 0) continue;
      const ng = g[u] + this.out[5];
      if (state[v] !== 0 && ng >= g[v]) continue;
      g[v] = ng;
      this.prev[v] = u;
      this.lazy[v] = kind === 2 ? 1 : 0;
      this.key(v);
      state[v] = 1;
      this.heap.push(v, n + 2);
    }
  }

  /** Recomputes node v's best offer over all closed nodes; false if none is left. */
  private repair(v: number, run: boolean): boolean {
    let best = Infinity, bp = -1, lazy = 0;
    for (let k = 0; k < this.nClosed; k++) {
      const p = this.closed[k];
      const kind = this.offer(p, v, run);
      if (kind === 0) continue;
      const c = this.g[p] + this.out[5];
      if (c < best || (c === best && kind === 1 && lazy === 1)) {
        best = c;
        bp = p;
        lazy = kind === 2 ? 1 : 0;
      }
    }
    if (bp < 0) return false;
    this.g[v] = best;
    this.prev[v] = bp;
    this.lazy[v] = lazy;
    this.key(v);
    return true;
  }

  private buildPath(G: number, S: number): boolean {
    let k = 0;
    for (let v = this.prev[G]; v !== S; v = this.prev[v]) k++;
    this.pathN = k + 2;
    let i = k;
    for (let v = this.prev[G]; v !== S; v = this.prev[v]) {
      this.pathX[i] = this.nodeX[v];
      this.pathY[i] = this.nodeY[v];
      i--;
    }
    this.goalTarget(this.prev[G]);
    this.pathX[k + 1] = this.nodeX[G];
    this.pathY[k + 1] = this.nodeY[G];
    this.out[0] = this.g[G];
    return true;
  }

  /** Table.moveToward: solve, then walk the path (walk.ts) with budget out[7]. */
  move(a: number, b: number, run: boolean): void {
    this.out[1] = this.out[7]; // the budget travels in out[1]: a double argument would box
    this.out[7] = 0;
    if (!this.solve(a, b, run)) return;
    walkPath(this, this.t, this.prof, a, run);
  }
}
