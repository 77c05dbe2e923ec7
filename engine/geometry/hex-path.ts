import type { HexGrid } from './hex.ts';

/** enterCost at or above this = the hex cannot be entered (Water, Rock, unrevealed). */
export const IMPASSABLE_COST = 255;
/** cost[] of a hex the last search did not reach. */
export const UNREACHED = 0x3fffffff;
/** Bucket ring size: larger than any step cost (base < 255, extra < 256). */
const BUCKETS = 512;
const BUCKET_MASK = BUCKETS - 1;

/**
 * Movement-point shortest paths on a hex grid (Dijkstra with a bucket queue in typed
 * arrays), allocation-free per call: all scratch is sized once for the grid.
 *
 * Cost of a step u→v (the cost to ENTER v):
 *   base = road[u] && road[v] ? roadCost : enterCost[v]   (road only along the road, R18)
 *   base = min(base, capAll)                               (e.g. Rifleman pays ≤ 4)
 *   base = min(base, capValue) if capMask[v]               (e.g. Engineer-cleared hexes ≤ 3)
 *   + extra[v]                                             (e.g. +1 to explore a Building)
 * A hex is not entered when enterCost[v] ≥ IMPASSABLE_COST or blocked[v] != 0; a hex with
 * noPass[v] != 0 may be entered (and ended in) but not left (a search stops there).
 * The caller sets the input fields (they persist between calls) and then calls reach().
 */
export class HexPathFinder {
  // Inputs.
  /** Cost to enter each hex (required; IMPASSABLE_COST = never). */
  enterCost: Uint8Array;
  /** Road flags per hex, or null for no roads. */
  road: Uint8Array | null = null;
  roadCost = 2;
  /** Per-unit cap on any step's base cost (255 = none). */
  capAll = 255;
  /** Hexes whose base cost is capped at capValue (null = none). */
  capMask: Uint8Array | null = null;
  capValue = 255;
  /** Added to the cost of entering a hex (null = none). */
  extra: Uint8Array | null = null;
  /** Hexes that may not be entered for this search (null = none). */
  blocked: Uint8Array | null = null;
  /** Hexes a path may end in but not pass through (null = none). */
  noPass: Uint8Array | null = null;

  // Outputs of the last search.
  /** MP to reach each hex from the start (UNREACHED if not within the budget). */
  readonly cost: Int32Array;
  /** Previous hex on a cheapest path (-1 at the start or unreached). */
  readonly prev: Int32Array;
  /** The hexes reached, in order of increasing cost, starting with the origin. */
  readonly reached: Int32Array;
  reachedCount = 0;

  private readonly bucketHead = new Int32Array(BUCKETS).fill(-1);
  private readonly entNode: Int32Array;
  private readonly entNext: Int32Array;

  constructor(readonly grid: HexGrid, enterCost: Uint8Array) {
    const n = grid.size;
    this.enterCost = enterCost;
    this.cost = new Int32Array(n).fill(UNREACHED);
    this.prev = new Int32Array(n).fill(-1);
    this.reached = new Int32Array(n);
    // Lazy deletion: at most one entry per relaxation (6 per hex) plus the origin.
    this.entNode = new Int32Array(n * 6 + 1);
    this.entNext = new Int32Array(n * 6 + 1);
  }

  /** Resets every optional input to "none" (keeps enterCost and road). */
  clearModifiers(): void {
    this.capAll = 255;
    this.capMask = null;
    this.capValue = 255;
    this.extra = null;
    this.blocked = null;
    this.noPass = null;
  }

  /** MP to step from u to its neighbour v under the current inputs, or IMPASSABLE_COST. */
  stepCost(u: number, v: number): number {
    if (this.enterCost[v] >= IMPASSABLE_COST) return IMPASSABLE_COST;
    if (this.blocked !== null && this.blocked[v] !== 0) return IMPASSABLE_COST;
    const road = this.road;
    let c = road !== null && road[u] !== 0 && road[v] !== 0 ? this.roadCost : this.enterCost[v];
    if (c > this.capAll) c = this.capAll;
    if (this.capMask !== null && this.capMask[v] !== 0 && c > this.capValue) c = this.capValue;
    if (this.extra !== null) c += this.extra[v];
    return c;
  }

  /**
   * Every hex reachable from `from` for at most `budget` MP (budget < 0: unlimited).
   * Fills cost/prev/reached; returns reachedCount.
   */
  reach(from: number, budget: number): number {
    return this.search(from, budget, false);
  }

  /**
   * Reverse search: cost[h] = MP to go from h TO `to` (the cost field toward a goal),
   * for at most `budget` MP. prev[h] is then the NEXT hex on h's cheapest way to `to`.
   */
  reachReverse(to: number, budget: number): number {
    return this.search(to, budget, true);
  }

  /**
   * Hexes of the cheapest path from the last forward search's origin to `target`
   * (origin excluded, target included), written into out; returns the length, or -1 if
   * target was not reached.
   */
  pathTo(target: number, out: Int32Array): number {
    if (this.cost[target] === UNREACHED) return -1;
    let n = 0;
    for (let h = target; this.prev[h] >= 0; h = this.prev[h]) n++;
    let i = n;
    for (let h = target; this.prev[h] >= 0; h = this.prev[h]) out[--i] = h;
    return n;
  }

  /**
   * Dijkstra with a bucket queue (Dial): step costs are integers below BUCKETS (a base cost
   * under 255 plus an extra under 255), so a ring of BUCKETS lists indexed by cost mod
   * BUCKETS pops in cost order. The step cost is stepCost() inlined over hoisted inputs.
   */
  private search(origin: number, budget: number, reverse: boolean): number {
    const cost = this.cost, prev = this.prev, reached = this.reached, nb = this.grid.nb;
    // Every hex given a cost within the budget is popped and listed in reached, so this
    // resets all of them.
    for (let i = 0; i < this.reachedCount; i++) {
      cost[reached[i]] = UNREACHED;
      prev[reached[i]] = -1;
    }
    let count = 0;
    const limit = budget < 0 ? UNREACHED - 1 : budget;
    const enter = this.enterCost, road = this.road, capAll = this.capAll;
    const roadCost = this.roadCost < 254 ? this.roadCost : 254; // keeps every step below BUCKETS
    const capMask = this.capMask, capValue = this.capValue, extra = this.extra, blocked = this.blocked, noPass = this.noPass;
    const head = this.bucketHead, entNode = this.entNode, entNext = this.entNext;
    let pool = 0, queued = 1, cur = 0;
    cost[origin] = 0;
    entNode[0] = origin;
    entNext[0] = -1;
    head[0] = 0;
    pool = 1;
    while (queued > 0) {
      let e = head[cur & BUCKET_MASK];
      while (e < 0) {
        cur++;
        e = head[cur & BUCKET_MASK];
      }
      head[cur & BUCKET_MASK] = entNext[e];
      queued--;
      const u = entNode[e];
      if (cost[u] !== cur) continue; // stale entry (costs only ever decrease strictly)
      reached[count++] = u;
      // A noPass hex ends a path: it is not expanded (forward: not left; reverse: not crossed).
      if (noPass !== null && noPass[u] !== 0 && u !== origin) continue;
      for (let d = 0; d < 6; d++) {
        const v = nb[u * 6 + d];
        if (v < 0) continue;
        // Forward: enter v from u. Reverse: the unit in v steps into u.
        const from = reverse ? v : u, to = reverse ? u : v;
        if (enter[to] >= IMPASSABLE_COST || (reverse && enter[from] >= IMPASSABLE_COST)) continue;
        if (blocked !== null && blocked[to] !== 0) continue;
        let step = road !== null && road[from] !== 0 && road[to] !== 0 ? roadCost : enter[to];
        if (step > capAll) step = capAll;
        if (capMask !== null && capMask[to] !== 0 && step > capValue) step = capValue;
        if (extra !== null) step += extra[to];
        const nc = cur + step;
        if (nc > limit || nc >= cost[v]) continue;
        cost[v] = nc;
        prev[v] = u;
        entNode[pool] = v;
        entNext[pool] = head[nc & BUCKET_MASK];
        head[nc & BUCKET_MASK] = pool++;
        queued++;
      }
    }
    this.reachedCount = count;
    return count;
  }
}
