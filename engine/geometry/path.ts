import { EPS } from './flags.ts';
import { RUN, WALK } from './move-rules.ts';
import { buildNodes } from './route-nodes.ts';
import { RouteSearch } from './route-search.ts';
import { walkPath } from './walk.ts';

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
export class Router extends RouteSearch {
  private builtVersion = -1;

  /** Rebuilds routing nodes after a terrain or option change. */
  private ensureGraph(): void {
    const T = this.t;
    if (this.builtVersion === T.version) return;
    this.builtVersion = T.version;
    this.gen++;
    this.rules.terrainChanged();
    this.nNodes = buildNodes(T, this.rules, this.nodeX, this.nodeY, this.nodeMode);
    this.listModes();
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
    const dg = Math.sqrt(dgx * dgx + dgy * dgy);
    if (dg <= R) {
      this.pathN = 1;
      this.out[0] = 0;
      return true;
    }
    // leg(S, G) after goalTarget(S), written out with dg for the square roots both would take
    // again, bit for bit: ax − gx is exactly −(gx − ax), so the squares match, and the segment
    // is the start-goal one when the target is the goal itself. Inline: dg would box as an argument.
    const s = T.seg, Rg = R - EPS;
    if (Rg > 0 && dg > Rg) {
      this.nodeX[G] = gx + (Rg * (ax - gx)) / dg;
      this.nodeY[G] = gy + (Rg * (ay - gy)) / dg;
      T.setSegFrom(this.nodeX, this.nodeY, S, G);
    } else {
      this.nodeX[G] = gx;
      this.nodeY[G] = gy;
      s[0] = ax;
      s[1] = ay;
      s[2] = dgx;
      s[3] = dgy;
      s[4] = dg;
      T.segBox();
    }
    this.out[6] = Infinity;
    if (this.rules.eval(run, false)) {
      this.out[5] = s[4] + this.rules.extra[0];
      this.out[6] = this.out[5];
      if (this.rules.extra[0] === 0) {
        // Nothing beats a free straight line.
        this.pathX[1] = this.nodeX[G];
        this.pathY[1] = this.nodeY[G];
        this.pathN = 2;
        this.out[0] = this.out[5];
        this.freeStraight = true;
        this.pathFree[0] = 1;
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