import { EPS } from './flags.ts';
import type { MoveRules } from './move-rules.ts';
import { fillDistRow } from './route-nodes.ts';
import type { Table } from './table.ts';
import { KeyHeap } from './heap.ts';

/**
 * The router's search state and lazy A* over its visibility graph (path.ts holds the graph
 * build, the straight-line check and the queries): per-map node-to-node leg costs (per mode)
 * and distances, per-query start and goal legs, the open heap and the solved path. The
 * graph's nodes are filled by path.ts (route-nodes.ts builds them); every method takes
 * node indices, so no double crosses a call.
 */
export class RouteSearch {
  readonly t: Table;
  protected readonly maxN: number;
  nNodes = 0;
  readonly nodeX: Float64Array;
  readonly nodeY: Float64Array;
  /** bit 0: usable when walking, bit 1: usable when running. */
  readonly nodeMode: Uint8Array;
  /** The nodes usable when walking, ascending, in [0, modeN[0]); when running, from maxN (listModes). */
  protected readonly modeList: Int32Array;
  protected readonly modeN = new Int32Array(2);
  protected gen = 0;
  protected readonly edgeCost: Float64Array;
  protected readonly edgeStamp: Int32Array;
  // A* state over nodes 0..n-1, start = n, goal = n+1.
  protected readonly g: Float64Array;
  protected readonly f: Float64Array;
  protected readonly prev: Int32Array;
  protected readonly state: Uint8Array;
  /** 1 while a node's key rests on an unchecked leg from prev[v] (lazy A*). */
  protected readonly lazy: Uint8Array;
  /** Per-query results of legs from the start (sCost[v]) and to the goal (gCost[u]), valid when the stamp = qid. */
  protected readonly sStamp: Int32Array;
  protected readonly sCost: Float64Array;
  protected readonly gStamp: Int32Array;
  protected readonly gCost: Float64Array;
  /** 1 where the checked leg cost nothing beyond its length (no costly point), beside sCost, gCost and edgeCost. */
  protected readonly sFree: Uint8Array;
  protected readonly gFree: Uint8Array;
  protected readonly edgeFree: Uint8Array;
  protected qid = 0;
  /** Open nodes keyed by f (stale entries are skipped when popped). */
  protected readonly heap: KeyHeap;
  /** Node-to-node distances (row u filled when u is first expanded on a map: ndGen[u] = gen), each node's heuristic and distance from the start (per query). */
  protected readonly nd: Float64Array;
  protected readonly ndGen: Int32Array;
  protected readonly hv: Float64Array;
  protected readonly sd: Float64Array;
  /** Closed nodes in closing order, so repair() visits only those. */
  protected readonly closed: Int32Array;
  protected nClosed = 0;
  // The solved path (waypoints, start first) and the goal.
  readonly pathX: Float64Array;
  readonly pathY: Float64Array;
  pathN = 0;
  /**
   * Per leg of the solved path (leg i runs from point i to i + 1): 1 if its check found no
   * costly point, so walkPath need not evaluate it again (the same segment, bit for bit).
   */
  readonly pathFree: Uint8Array;
  /** [0] cost of the last solve, [1] walk budget, [2..3] clamped goal, [4] stopWithin (in), [5] last leg's cost, [6] straight cost, [7] budget in / inches moved out. */
  readonly out = new Float64Array(8);
  /** Double arguments of the *Arg queries (stopWithin in arg[0]). */
  readonly arg = new Float64Array(2);
  /**
   * The last solve returned the straight line, which the rules found free (no extra cost):
   * walking it records no costly point, so walkPath need not look again.
   */
  freeStraight = false;


  constructor(t: Table, readonly rules: MoveRules) {
    this.t = t;
    const N = t.maxVertices;
    this.maxN = N;
    this.nodeX = new Float64Array(N + 2);
    this.nodeY = new Float64Array(N + 2);
    this.nodeMode = new Uint8Array(N);
    this.modeList = new Int32Array(2 * N);
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
    this.ndGen = new Int32Array(N);
    this.hv = new Float64Array(N + 2);
    this.sd = new Float64Array(N + 2);
    this.sStamp = new Int32Array(N + 2);
    this.sCost = new Float64Array(N + 2);
    this.gStamp = new Int32Array(N + 2);
    this.gCost = new Float64Array(N + 2);
    this.sFree = new Uint8Array(N + 2);
    this.gFree = new Uint8Array(N + 2);
    this.edgeFree = new Uint8Array(2 * N * N);
    this.pathFree = new Uint8Array(N + 2);
    this.pathX = new Float64Array(N + 2);
    this.pathY = new Float64Array(N + 2);
  }

  /** Lists each mode's usable nodes after a graph build, so A* passes over the others without looking. */
  protected listModes(): void {
    let w = 0, r = this.maxN;
    for (let v = 0; v < this.nNodes; v++) {
      if ((this.nodeMode[v] & 1) !== 0) this.modeList[w++] = v;
      if ((this.nodeMode[v] & 2) !== 0) this.modeList[r++] = v;
    }
    this.modeN[0] = w;
    this.modeN[1] = r - this.maxN;
  }

  /**
   * Can the move use the leg from node i to node j (start = nNodes, goal = nNodes + 1)?
   * If so its full cost (length + extra) is in out[5]. Indices, not coordinates, so no
   * double is boxed across the call.
   */
  protected leg(i: number, j: number, run: boolean): boolean {
    const s = this.t.seg;
    this.t.setSegFrom(this.nodeX, this.nodeY, i, j);
    if (!this.rules.eval(run, false)) return false;
    this.out[5] = s[4] + this.rules.extra[0];
    return true;
  }

  /**
   * Puts into the goal node the first point on the way from node i to the goal within R of
   * it, aiming EPS inside so the final distance is ≤ R despite rounding (callers test it).
   */
  protected goalTarget(i: number): void {
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
   * Lazy A* over the nodes; out[6] holds the straight start→goal cost (maybe Infinity).
   * A node's key is the best over closed parents of g[parent] + the leg's cost, where a leg
   * not yet checked counts at its length (a lower bound: every leg costs at least its
   * length). Legs are only checked when their node is popped, then the key is recomputed
   * (repair), so the search stays exact while checking few legs. Node-to-node results are
   * cached per terrain version; start and goal legs per query.
   */
  protected search(run: boolean): boolean {
    const n = this.nNodes, S = n, G = n + 1;
    const g = this.g, state = this.state;
    state.fill(0, 0, n + 2);
    this.qid++;
    // Per query: h (straight distance still to cover to get within R of the goal) and the
    // distance from the start, for every node; the start's own h serves the goal offer from S.
    const gx = this.out[2], gy = this.out[3], R = this.out[4];
    const sx = this.nodeX[S], sy = this.nodeY[S];
    const hS = Math.sqrt((sx - gx) * (sx - gx) + (sy - gy) * (sy - gy)) - R;
    this.hv[S] = hS > 0 ? hS : 0;
    this.heap.clear();
    // The start's expansion, fused: every leg from it is unchecked this query (qid is new),
    // so each usable node is offered at its straight distance, in index order, then the goal.
    // A node this mode may not use is never offered, popped or closed: its h and distance are never read.
    const list = this.modeList, from = run ? this.maxN : 0, to = from + this.modeN[run ? 1 : 0];
    for (let k = from; k < to; k++) {
      const v = list[k];
      const x = this.nodeX[v], y = this.nodeY[v];
      const hx = x - gx, hy = y - gy;
      const h = Math.sqrt(hx * hx + hy * hy) - R;
      const hv = h > 0 ? h : 0;
      this.hv[v] = hv;
      const dx = x - sx, dy = y - sy;
      const d = Math.sqrt(dx * dx + dy * dy);
      this.sd[v] = d;
      g[v] = d; this.prev[v] = S; this.lazy[v] = 1; this.f[v] = d + hv;
      state[v] = 1;
      this.heap.push(v, n + 2);
    }
    this.sd[S] = 0;
    g[S] = 0;
    state[S] = 2;
    this.closed[0] = S;
    this.nClosed = 1;
    // The goal leg from S: the straight one solve() checked (out[6], maybe Infinity), else its lower bound.
    let c = this.hv[S], lazy = 1;
    if (this.out[6] < Infinity) { // the straight leg was checked by solve()
      this.gStamp[S] = this.qid;
      this.gCost[S] = this.out[6];
      this.gFree[S] = 0; // solve() returned at once had the straight leg been free
      c = this.out[6];
      lazy = 0;
    }
    g[G] = c; this.prev[G] = S; this.lazy[G] = lazy; this.f[G] = c; // f = g at the goal
    state[G] = 1;
    this.heap.push(G, n + 2);
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
      if (u === G) return this.buildPath(G, S, run);
      this.closed[this.nClosed++] = u;
      this.expand(u, run);
    }
  }

  /** Checks the leg p→v and records its cost (Infinity if not allowed) in the right cache. */
  protected check(p: number, v: number, run: boolean): void {
    const n = this.nNodes, S = n, G = n + 1;
    if (v === G) {
      this.gStamp[p] = this.qid;
      if (p === S) { // the straight leg solve() checked, blocked (a passable one is preset: never checked here)
        this.gCost[p] = this.out[6];
        this.gFree[p] = 1; // as leg() leaves it: eval zeroes extra before refusing
        return;
      }
      this.goalTarget(p);
      this.gCost[p] = this.leg(p, G, run) ? this.out[5] : Infinity;
      this.gFree[p] = this.rules.extra[0] === 0 ? 1 : 0; // eval zeroes extra first: 0 also when not allowed (never walked)
    } else if (p === S) {
      this.sStamp[v] = this.qid;
      this.sCost[v] = this.leg(S, v, run) ? this.out[5] : Infinity;
      this.sFree[v] = this.rules.extra[0] === 0 ? 1 : 0;
    } else {
      const k = ((run ? 1 : 0) * this.maxN + p) * this.maxN + v;
      this.edgeCost[k] = this.leg(p, v, run) ? this.out[5] : Infinity;
      this.edgeFree[k] = this.rules.extra[0] === 0 ? 1 : 0;
      this.edgeStamp[k] = this.gen;
    }
  }

  /**
   * Offer of closed node p to node v: writes the leg's known cost, or its length when not
   * yet checked, into out[5]; returns 0 if the leg is known to be blocked, 1 if checked,
   * 2 if optimistic. Only indices cross the call.
   */
  protected offer(p: number, v: number, run: boolean): number {
    const n = this.nNodes, S = n, G = n + 1, qid = this.qid;
    // Both lower bounds are read on every call (p, v < N + 2): a lazy goal offer is rare, and
    // its loads, without type feedback, deoptimised the search (Skill-die armour, ~8k games).
    const lbGoal = this.hv[p], lbStart = this.sd[v];
    let c = 0, kind = 1;
    if (v === G) {
      if (this.gStamp[p] === qid) c = this.gCost[p];
      else { c = lbGoal; kind = 2; } // the goal leg is at least the distance to within R
    } else if (p === S) {
      if (this.sStamp[v] === qid) c = this.sCost[v];
      else { c = lbStart; kind = 2; }
    } else {
      const k = ((run ? 1 : 0) * this.maxN + p) * this.maxN + v;
      if (this.edgeStamp[k] === this.gen) c = this.edgeCost[k];
      else { c = this.nd[p * this.maxN + v]; kind = 2; }
    }
    if (c === Infinity) return 0; // known blocked (a lower bound is a length, never Infinity)
    this.out[5] = c;
    return kind;
  }

  /** Relaxes every open or unseen node (and the goal, last) from newly closed node u ≠ start: offer() inlined, rows hoisted. */
  protected expand(u: number, run: boolean): void {
    const n = this.nNodes, G = n + 1;
    const g = this.g, state = this.state, list = this.modeList;
    const from = run ? this.maxN : 0, to = from + this.modeN[run ? 1 : 0];
    const gu = g[u];
    const rowK = ((run ? 1 : 0) * this.maxN + u) * this.maxN, rowN = u * this.maxN;
    const qid = this.qid, gen = this.gen;
    if (this.ndGen[u] !== gen) { // u's first expansion on this map: its distances row
      fillDistRow(this.nodeX, this.nodeY, n, u, this.nd, this.maxN);
      this.ndGen[u] = gen;
    }
    for (let k = from; k < to; k++) {
      const v = list[k];
      if (state[v] === 2) continue;
      let c = 0, lazy = 0;
      if (this.edgeStamp[rowK + v] === gen) c = this.edgeCost[rowK + v];
      else { c = this.nd[rowN + v]; lazy = 1; }
      if (c === Infinity) continue; // known blocked
      const ng = gu + c;
      if (state[v] !== 0 && ng >= g[v]) continue;
      g[v] = ng; this.prev[v] = u; this.lazy[v] = lazy; this.f[v] = ng + this.hv[v];
      state[v] = 1;
      this.heap.push(v, n + 2);
    }
    if (state[G] === 2) return;
    let c = 0, lazy = 0;
    if (this.gStamp[u] === qid) c = this.gCost[u];
    else { c = this.hv[u]; lazy = 1; } // the goal leg is at least the distance to within R
    const ng = gu + c;
    if (c === Infinity || (state[G] !== 0 && ng >= g[G])) return;
    g[G] = ng; this.prev[G] = u; this.lazy[G] = lazy; this.f[G] = ng; // f = g at the goal
    state[G] = 1;
    this.heap.push(G, n + 2);
  }

  /** Recomputes node v's best offer over all closed nodes; false if none is left. */
  protected repair(v: number, run: boolean): boolean {
    let best = Infinity, bp = -1, lazy = 0;
    for (let k = 0; k < this.nClosed; k++) {
      const p = this.closed[k];
      const kind = this.offer(p, v, run);
      if (kind === 0) continue;
      const c = this.g[p] + this.out[5];
      // A tie goes to a checked leg over a lazy one; arithmetic run on every offer, since a
      // compare reached only on a tie had no type feedback and deoptimised the search.
      const tieWin = (c === best ? 1 : 0) & (kind === 1 ? 1 : 0) & lazy;
      if (c < best || tieWin === 1) {
        best = c;
        bp = p;
        lazy = kind === 2 ? 1 : 0;
      }
    }
    if (bp < 0) return false;
    this.g[v] = best;
    this.prev[v] = bp;
    this.lazy[v] = lazy;
    this.f[v] = v === this.nNodes + 1 ? best : best + this.hv[v]; // g plus the straight distance still to cover
    return true;
  }

  /** The path from the prev chain, with each leg's free flag (every leg on it was checked: its end was closed). */
  protected buildPath(G: number, S: number, run: boolean): boolean {
    let k = 0;
    for (let v = this.prev[G]; v !== S; v = this.prev[v]) k++;
    this.pathN = k + 2;
    this.pathFree[k] = this.gFree[this.prev[G]];
    const row = (run ? 1 : 0) * this.maxN;
    let i = k;
    for (let v = this.prev[G]; v !== S; v = this.prev[v]) {
      this.pathX[i] = this.nodeX[v];
      this.pathY[i] = this.nodeY[v];
      const p = this.prev[v];
      this.pathFree[i - 1] = p === S ? this.sFree[v] : this.edgeFree[(row + p) * this.maxN + v];
      i--;
    }
    this.goalTarget(this.prev[G]);
    this.pathX[k + 1] = this.nodeX[G];
    this.pathY[k + 1] = this.nodeY[G];
    this.out[0] = this.g[G];
    return true;
  }
}
