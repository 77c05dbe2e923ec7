/**
 * The Iron Squad path finder: geometry/hex-path.ts HexPathFinder with reach() written for
 * the inputs the rules use (roads on, no noPass, forward), so the hot loop has no null or
 * direction tests. Same Dijkstra, same bucket queue and push order, so cost[], prev[] and
 * the order of reached[] are the base class's to the entry (test/iron-perf-equivalence):
 * only work that cannot change them is skipped (a neighbour already at or below the
 * popped cost cannot improve, as no step is negative; a hex whose cheapest possible step
 * would overrun the budget is not expanded, as every relaxation from it would fail).
 *
 * A search with the last one's key is skipped: its output is still in place. The key is
 * everything a search reads: the origin, the budget, every input field (arrays by
 * identity) and `inputs`, which the rules bump on every write into an input array
 * (hooks: board.setTerrain, the explore MP, Engineer-cleared hexes, MG-blocked hexes, a
 * game's reset). Units stacked on one hex often move one after another with the same
 * inputs (about 12% of the searches on iron-default-v2).
 */
import type { HexGrid } from '../../../geometry/hex.ts';
import { HexPathFinder, IMPASSABLE_COST } from '../../../geometry/hex-path.ts';

/**
 * Bucket ring (hex-path.ts BUCKETS): larger than any step (base < 255 plus extra < 256).
 * The search writes its mask, BUCKETS − 1 = 511, and IMPASSABLE_COST = 255 as literals:
 * esbuild emits module constants as module variables, which V8 reloads and checks at
 * every use in a loop (~9% of a search's instructions).
 */
const BUCKETS = 512;

/** The smallest passable entry of a terrain cost table (a bound for IronPathFinder's minEnter). */
export function minPassable(costs: Uint8Array): number {
  let m = IMPASSABLE_COST;
  for (let i = 0; i < costs.length; i++) if (costs[i] < m) m = costs[i];
  return m;
}

export class IronPathFinder extends HexPathFinder {
  private readonly head = new Int32Array(BUCKETS).fill(-1);
  private readonly node: Int32Array;
  private readonly next: Int32Array;
  /** Stands in for a null capMask, extra or blocked. */
  private readonly zeros: Uint8Array;
  /** grid.nb with an off-board neighbour replaced by the hex itself, which the search has always settled. */
  private readonly nbSelf: Int32Array;
  /** Bumped by every write into enterCost, road, capMask, extra or blocked (their contents): part of the key. */
  inputs = 0;
  // The last search's key (kFrom −1: none to reuse).
  private kFrom = -1;
  private kBudget = 0;
  private kInputs = 0;
  private kCapAll = 0;
  private kCapValue = 0;
  private kRoadCost = 0;
  private kEnter: Uint8Array | null = null;
  private kRoad: Uint8Array | null = null;
  private kCapMask: Uint8Array | null = null;
  private kExtra: Uint8Array | null = null;
  private kBlocked: Uint8Array | null = null;

  /**
   * @param minEnter a lower bound on every passable enterCost (below IMPASSABLE_COST) the
   *   board can hold; with the caps and the road cost it bounds a step from below.
   */
  constructor(grid: HexGrid, enterCost: Uint8Array, readonly minEnter = 0) {
    super(grid, enterCost);
    const n = grid.size;
    this.node = new Int32Array(n * 6 + 1);
    this.next = new Int32Array(n * 6 + 1);
    this.zeros = new Uint8Array(n);
    this.nbSelf = new Int32Array(n * 6);
    for (let i = 0; i < n * 6; i++) this.nbSelf[i] = grid.nb[i] >= 0 ? grid.nb[i] : (i / 6) | 0;
  }

  /** True when reach(from, budget) would redo the last search exactly (same key): it then keeps the output. */
  reuses(from: number, budget: number): boolean {
    return from === this.kFrom && budget === this.kBudget && this.inputs === this.kInputs && this.capAll === this.kCapAll &&
      this.capValue === this.kCapValue && this.roadCost === this.kRoadCost && this.enterCost === this.kEnter &&
      this.road === this.kRoad && this.capMask === this.kCapMask && this.extra === this.kExtra && this.blocked === this.kBlocked &&
      this.noPass === null;
  }

  override reachReverse(to: number, budget: number): number {
    this.kFrom = -1; // the output is no forward search's
    return super.reachReverse(to, budget);
  }

  override reach(from: number, budget: number): number {
    if (this.road === null || this.noPass !== null) {
      this.kFrom = -1;
      return super.reach(from, budget);
    }
    if (this.reuses(from, budget)) return this.reachedCount;
    this.kFrom = from; this.kBudget = budget; this.kInputs = this.inputs; this.kCapAll = this.capAll; this.kCapValue = this.capValue;
    this.kRoadCost = this.roadCost;
    // The arrays only when they differ: storing an object takes a write barrier.
    if (this.kEnter !== this.enterCost) this.kEnter = this.enterCost;
    if (this.kRoad !== this.road) this.kRoad = this.road;
    if (this.kCapMask !== this.capMask) this.kCapMask = this.capMask;
    if (this.kExtra !== this.extra) this.kExtra = this.extra;
    if (this.kBlocked !== this.blocked) this.kBlocked = this.blocked;
    const cost = this.cost, prev = this.prev, reached = this.reached, nb = this.nbSelf;
    for (let i = 0; i < this.reachedCount; i++) {
      cost[reached[i]] = 0x3fffffff; // UNREACHED
      prev[reached[i]] = -1;
    }
    const limit = budget < 0 ? 0x3fffffff - 1 : budget;
    const enter = this.enterCost, road = this.road, capAll = this.capAll, capValue = this.capValue;
    const roadCost = this.roadCost < 254 ? this.roadCost : 254;
    const capMask = this.capMask ?? this.zeros, extra = this.extra ?? this.zeros, blocked = this.blocked ?? this.zeros;
    const head = this.head, node = this.node, next = this.next;
    // The cheapest step off a hex (extra ≥ 0): a hex popped above limit − step expands nothing.
    let minOff = this.minEnter < capAll ? this.minEnter : capAll;
    if (this.capMask !== null && capValue < minOff) minOff = capValue;
    const minRoad = roadCost < minOff ? roadCost : minOff; // a road step is capped too
    const lastOff = limit - minOff, lastRoad = limit - minRoad;
    let count = 0, pool = 1, queued = 1, cur = 0;
    cost[from] = 0;
    node[0] = from;
    next[0] = -1;
    head[0] = 0;
    while (queued > 0) {
      let e = head[cur & 511];
      while (e < 0) e = head[++cur & 511];
      head[cur & 511] = next[e];
      queued--;
      const u = node[e];
      if (cost[u] !== cur) continue; // stale entry
      reached[count++] = u;
      const onRoad = road[u] !== 0, o = u * 6;
      if (cur > (onRoad ? lastRoad : lastOff)) continue;
      // The six neighbours written out: V8 does not unroll the loop, and its counter and
      // branch cost ~18% of a search. Each is the same relaxation in direction order.
      {
        const v = nb[o + 0];
        const cv = cost[v];
        if (cv > cur) {
          const ec = enter[v];
          if (ec < 255 && blocked[v] === 0) {
            let step = onRoad && road[v] !== 0 ? roadCost : ec;
            if (step > capAll) step = capAll;
            if (capMask[v] !== 0 && step > capValue) step = capValue;
            const nc = cur + step + extra[v];
            if (nc <= limit && nc < cv) {
              cost[v] = nc; prev[v] = u; node[pool] = v; next[pool] = head[nc & 511]; head[nc & 511] = pool++; queued++;
            }
          }
        }
      }
      {
        const v = nb[o + 1];
        const cv = cost[v];
        if (cv > cur) {
          const ec = enter[v];
          if (ec < 255 && blocked[v] === 0) {
            let step = onRoad && road[v] !== 0 ? roadCost : ec;
            if (step > capAll) step = capAll;
            if (capMask[v] !== 0 && step > capValue) step = capValue;
            const nc = cur + step + extra[v];
            if (nc <= limit && nc < cv) {
              cost[v] = nc; prev[v] = u; node[pool] = v; next[pool] = head[nc & 511]; head[nc & 511] = pool++; queued++;
            }
          }
        }
      }
      {
        const v = nb[o + 2];
        const cv = cost[v];
        if (cv > cur) {
          const ec = enter[v];
          if (ec < 255 && blocked[v] === 0) {
            let step = onRoad && road[v] !== 0 ? roadCost : ec;
            if (step > capAll) step = capAll;
            if (capMask[v] !== 0 && step > capValue) step = capValue;
            const nc = cur + step + extra[v];
            if (nc <= limit && nc < cv) {
              cost[v] = nc; prev[v] = u; node[pool] = v; next[pool] = head[nc & 511]; head[nc & 511] = pool++; queued++;
            }
          }
        }
      }
      {
        const v = nb[o + 3];
        const cv = cost[v];
        if (cv > cur) {
          const ec = enter[v];
          if (ec < 255 && blocked[v] === 0) {
            let step = onRoad && road[v] !== 0 ? roadCost : ec;
            if (step > capAll) step = capAll;
            if (capMask[v] !== 0 && step > capValue) step = capValue;
            const nc = cur + step + extra[v];
            if (nc <= limit && nc < cv) {
              cost[v] = nc; prev[v] = u; node[pool] = v; next[pool] = head[nc & 511]; head[nc & 511] = pool++; queued++;
            }
          }
        }
      }
      {
        const v = nb[o + 4];
        const cv = cost[v];
        if (cv > cur) {
          const ec = enter[v];
          if (ec < 255 && blocked[v] === 0) {
            let step = onRoad && road[v] !== 0 ? roadCost : ec;
            if (step > capAll) step = capAll;
            if (capMask[v] !== 0 && step > capValue) step = capValue;
            const nc = cur + step + extra[v];
            if (nc <= limit && nc < cv) {
              cost[v] = nc; prev[v] = u; node[pool] = v; next[pool] = head[nc & 511]; head[nc & 511] = pool++; queued++;
            }
          }
        }
      }
      {
        const v = nb[o + 5];
        const cv = cost[v];
        if (cv > cur) {
          const ec = enter[v];
          if (ec < 255 && blocked[v] === 0) {
            let step = onRoad && road[v] !== 0 ? roadCost : ec;
            if (step > capAll) step = capAll;
            if (capMask[v] !== 0 && step > capValue) step = capValue;
            const nc = cur + step + extra[v];
            if (nc <= limit && nc < cv) {
              cost[v] = nc; prev[v] = u; node[pool] = v; next[pool] = head[nc & 511]; head[nc & 511] = pool++; queued++;
            }
          }
        }
      }
    }
    this.reachedCount = count;
    return count;
  }
}
