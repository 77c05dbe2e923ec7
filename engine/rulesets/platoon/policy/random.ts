/** The `random` player: every decision uniformly among the legal choices, from env.policy. */
import { MAX_SLOTS } from '../data/roster.ts';
import { ADVANCE, AMBUSH, DOWN, FIRE, RALLY, RUN } from '../data/tables.ts';
import { friendlyFireTarget } from '../rules/actions.ts';
import { canAssault } from '../rules/assault.ts';
import { inOfficerRange } from '../rules/losses.ts';
import { moveRate } from '../rules/movement.ts';
import { canShoot } from '../rules/shooting.ts';
import type { PlatoonGame } from '../rules/state.ts';

/** A uniformly chosen unit with its die in the bag, and a uniformly chosen order with a random plan. */
export function randomActivate(g: PlatoonGame, side: number): void {
  let n = 0;
  for (let u = 0; u < g.n; u++) if (g.alive[u] === 1 && g.dieInBag[u] === 1 && g.scn.side[u] === side) n++;
  let k = g.prng.below(n), u = 0;
  for (; u < g.n; u++) if (g.alive[u] === 1 && g.dieInBag[u] === 1 && g.scn.side[u] === side && k-- === 0) break;
  g.planUnit = u;
  g.planOrder = 1 + g.prng.below(6);
  randomPlan(g, u, g.planOrder);
}

/** A random destination within reach (Advance/Run), or on a Run sometimes an assault on a random enemy in reach. */
export function randomPlan(g: PlatoonGame, u: number, order: number): void {
  g.planX = g.x[u]; g.planY = g.y[u]; g.planTarget = -1;
  if (order !== ADVANCE && order !== RUN) return;
  const run = order === RUN, rate = moveRate(g, u, run);
  if (run && g.prng.below(2) === 0) {
    let n = 0;
    for (let t = 0; t < g.n; t++) if (canAssault(g, u, t, rate)) n++;
    if (n > 0) {
      let k = g.prng.below(n);
      for (let t = 0; t < g.n; t++) if (canAssault(g, u, t, rate) && k-- === 0) { g.planTarget = t; return; }
    }
  }
  const a = g.prng.float() * 2 * Math.PI, r = rate * (0.5 + 0.5 * g.prng.float());
  g.planX = g.x[u] + Math.cos(a) * r;
  g.planY = g.y[u] + Math.sin(a) * r;
}

/** A uniformly chosen target u can shoot (friendly: a legal Friendly Fire target), or −1. */
export function randomTarget(g: PlatoonGame, u: number, friendly: boolean): number {
  const moving = g.order[u] === ADVANCE, s = g.scn.side[u];
  let n = 0;
  for (let t = 0; t < g.n; t++) if (friendly ? friendlyFireTarget(g, u, t) : g.scn.side[t] !== s && canShoot(g, u, t, moving)) n++;
  if (n === 0) return -1;
  let k = g.prng.below(n);
  for (let t = 0; t < g.n; t++) if ((friendly ? friendlyFireTarget(g, u, t) : g.scn.side[t] !== s && canShoot(g, u, t, moving)) && k-- === 0) return t;
  return -1;
}

/** R4: each unordered friend within the officer's range, with even odds (the rules refuse any other). */
export function randomOfficerOrders(g: PlatoonGame, o: number, _order: number, max: number): void {
  g.listLen = 0;
  for (let v = 0; v < g.n && g.listLen < max; v++) {
    if (v !== o && g.alive[v] === 1 && g.dieInBag[v] === 1 && g.scn.side[v] === g.scn.side[o] && inOfficerRange(g, o, v) && g.prng.below(2) === 0) g.list[g.listLen++] = v;
  }
}

/** Regroup (R19): half the time, to a uniform point within reach. */
export function randomRegroup(g: PlatoonGame, u: number): boolean {
  if (g.prng.below(2) === 0) return false;
  const a = g.prng.float() * 2 * Math.PI, r = g.scn.rules.regroup_in * g.prng.float();
  g.planX = g.x[u] + Math.cos(a) * r;
  g.planY = g.y[u] + Math.sin(a) * r;
  return true;
}

export const randomBool = (g: PlatoonGame): boolean => g.prng.below(2) === 0;

export function randomCasualty(g: PlatoonGame, u: number): number {
  let n = 0;
  for (let k = 0; k < MAX_SLOTS; k++) if (g.slotCount[u * MAX_SLOTS + k] > 0 || g.slotCrew[u * MAX_SLOTS + k] > 0) n++;
  let j = g.prng.below(n > 0 ? n : 1);
  for (let k = 0; k < MAX_SLOTS; k++) if ((g.slotCount[u * MAX_SLOTS + k] > 0 || g.slotCrew[u * MAX_SLOTS + k] > 0) && j-- === 0) return k;
  return 0;
}

export { AMBUSH, DOWN, FIRE, RALLY };
