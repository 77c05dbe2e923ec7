import { EPS } from './flags.ts';
import { RUN, WALK, type MoveRules } from './move-rules.ts';
import { buildNodes, fillDistRow } from './route-nodes.ts';
import type { Table } from './table.ts';
import { walkPath } from './walk.ts';
import { KeyHeap } from './heap.ts';

/**
 * Movement over the table on a visibility graph: exact straight lines, few nodes (rather
 * than a grid). Nodes are the corners of the polygons a move goes round (the game's
 * MoveRules say which: impassable, too high to climb, difficult when running) pushed
 * outward by baseRadius + NODE_MARGIN; A* with a Euclidean heuristic finds the cheapest
 * route, where a leg costs its length plus what the rules add (climbs, obstacles).
 * Node-to-node leg costs are cached per terrain version and mode (walk/run), so repeated
 * queries on one map only evaluate legs from the start and to the goal. Every query takes
 * point-slot indices; doubles travel in `out` and `arg` (a double argument or result of a
 * call V8 does not inline is boxed).
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
  /** Node-to-node distances (row u filled when u is first expanded on a map: ndGen[u] = gen), each node's heuristic and distance from the start (per query). */
  private readonly nd: Float64Array;
  private readonly ndGen: Int32Array;
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
    this.pathX = new Float64Array(N + 2);
    this.pathY = new Float64Array(N + 2);
  }

  /** Rebuilds routing nodes after a terrain or option change. */
  private ensureGraph(): void {
    const T = this.t;
    if (this.builtVersion === T.version) return;
    this.builtVersion = T.version;
    this.gen++;
    this.rules.terrainChanged();
    this.nNodes = buildNodes(T, this.rules, this.nodeX, this.nodeY, this.nodeMode);
  }

  /**
   * Can the move use the leg from node i to node j (start = nNodes, goal = nNodes + 1)?
   * If so its full cost (length + extra) is in out[5]. Indices, not coordinates, so no
   * double is boxed across the call.
   */
  private leg(i: number, j: number, run: boolean): boolean {
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
    this.freeStraight = false;
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
      if (this.rules.extra[0] === 0) {
        // Nothing beats a free straight line.
        this.pathX[1] = this.nodeX[G];
        this.pathY[1] = this.nodeY[G];
        this.pathN = 2;
        this.out[0] = this.out[5];
        this.freeStraight = true;
        return true;
      }
    }
    // A start inside something the mode may not enter cannot go anywhere.
    T.q[0] = ax;
    T.q[1] = ay;
    const bit = run ? RUN : WALK;
    for (let p = 0; p < T.polygonCount; p++) {
      if ((this.rules.noEntry[p] & bit) !== 0 && T.insideQ(p)) return false;
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
    const hS = Math.sqrt((sx - gx) * (sx - gx) + (sy - gy) * (sy - gy)) - R;
    this.hv[S] = hS > 0 ? hS : 0;
    this.heap.clear();
    // The start's expansion, fused: every leg from it is unchecked this query (qid is new),
    // so each usable node is offered at its straight distance, in index order, then the goal.
    const bit = run ? 2 : 1, mode = this.nodeMode;
    for (let v = 0; v < n; v++) {
      const x = this.nodeX[v], y = this.nodeY[v];
      const hx = x - gx, hy = y - gy;
      const h = Math.sqrt(hx * hx + hy * hy) - R;
      const hv = h > 0 ? h : 0;
      this.hv[v] = hv;
      const dx = x - sx, dy = y - sy;
      const d = Math.sqrt(dx * dx + dy * dy);
      this.sd[v] = d;
      if ((mode[v] & bit) === 0) continue;
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
  private expand(u: number, run: boolean): void {
    const n = this.nNodes, G = n + 1;
    const bit = run ? 2 : 1;
    const g = this.g, state = this.state, mode = this.nodeMode;
    const gu = g[u];
    const rowK = ((run ? 1 : 0) * this.maxN + u) * this.maxN, rowN = u * this.maxN;
    const qid = this.qid, gen = this.gen;
    if (this.ndGen[u] !== gen) { // u's first expansion on this map: its distances row
      fillDistRow(this.nodeX, this.nodeY, n, u, this.nd, this.maxN);
      this.ndGen[u] = gen;
    }
    for (let v = 0; v < n; v++) {
      if (state[v] === 2 || (mode[v] & bit) === 0) continue;
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
  private repair(v: number, run: boolean): boolean {
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

  /** moveToward's work: solve, then walk the path (walk.ts) with budget out[7]. */
  move(a: number, b: number, run: boolean): void {
    this.out[1] = this.out[7]; // the budget travels in out[1]: a double argument would box
    this.out[7] = 0;
    if (!this.solve(a, b, run)) return;
    walkPath(this, this.t, this.rules, a, run);
  }

  /** Inches for a to reach b (clamped into the table); Infinity if it cannot. */
  pathCost(a: number, b: number, run: boolean): number {
    this.out[4] = 0;
    return this.solve(a, b, run) ? this.out[0] : Infinity;
  }

  /**
   * Moves a along the best path toward b, spending at most `budget` inches and stopping
   * once within `stopWithin` of b (centre to centre). Writes slot a; returns inches spent
   * (0 and no move if b cannot be reached at any cost).
   */
  moveToward(a: number, b: number, budget: number, run: boolean, stopWithin: number): number {
    this.out[4] = stopWithin;
    this.out[7] = budget;
    this.move(a, b, run);
    return this.out[7];
  }

  /** moveToward with stopWithin taken from arg[0]; returns nothing (a double result would box). */
  moveTowardArg(a: number, b: number, budget: number, run: boolean): void {
    this.out[4] = this.arg[0];
    this.out[7] = budget;
    this.move(a, b, run);
  }

  /** Can a get within `stopWithin` of b for at most `budget` inches? */
  reachable(a: number, b: number, budget: number, run: boolean, stopWithin: number): boolean {
    this.out[4] = stopWithin;
    return this.solve(a, b, run) && this.out[0] <= budget + 1e-9;
  }

  /** reachable with stopWithin taken from arg[0]. */
  reachableArg(a: number, b: number, budget: number, run: boolean): boolean {
    this.out[4] = this.arg[0];
    return this.solve(a, b, run) && this.out[0] <= budget + 1e-9;
  }
}
