/**
 * The engine's Table with NCO's R1 sight and R2 movement rules attached, as createNcoGame
 * wires them (rules/terrain/), so the geometry and map generator tests can ask one object.
 */
import { Router } from '../engine/geometry/path.ts';
import { Table, type TableCapacity } from '../engine/geometry/table.ts';
import { NcoMoveCost } from '../engine/rulesets/nco/rules/terrain/move-cost.ts';
import { highGround, inCoverOf, lineOfSight, SightRules } from '../engine/rulesets/nco/rules/terrain/sight.ts';

export class NcoTable extends Table {
  readonly move: NcoMoveCost;
  readonly router: Router;
  readonly sight = new SightRules();

  constructor(cap: TableCapacity) {
    super(cap);
    this.move = new NcoMoveCost(this);
    this.router = new Router(this, this.move);
  }

  los(a: number, b: number): boolean {
    return lineOfSight(this, this.sight, a, b);
  }

  inCover(shooter: number, target: number, alive: Uint8Array, nModels: number): boolean {
    return inCoverOf(this, this.sight, shooter, target, alive, nModels);
  }

  highGround(shooter: number, target: number, threshold: number): boolean {
    return highGround(this, shooter, target, threshold);
  }

  pathCost(a: number, b: number, run: boolean): number {
    return this.router.pathCost(a, b, run);
  }

  moveToward(a: number, b: number, budget: number, run: boolean, stopWithin: number): number {
    return this.router.moveToward(a, b, budget, run, stopWithin);
  }

  reachable(a: number, b: number, budget: number, run: boolean, stopWithin: number): boolean {
    return this.router.reachable(a, b, budget, run, stopWithin);
  }
}
