/** Models and units lost, pins, morale and officers' bonus (R2, R3, R4, R13; items 13–19). */
import { MORALE, RANK_BONUS, RANK_RANGE, ADVANCE } from '../data/tables.ts';
import { MAX_SLOTS } from '../data/roster.ts';
import { rollTest } from './dice-math.ts';
import { terrainChanged } from './sight.ts';
import type { PlatoonGame } from './state.ts';
import { traceCasualty, tracedTest, tracePins } from './trace-log.ts';

export const CAUSE_SHOOTING = 0;
export const CAUSE_MORALE = 1;
export const CAUSE_PINS = 2;
export const CAUSE_CQ = 3;
export const CAUSE_VEHICLE = 4;
export const CAUSE_BUILDING = 5;

/** Items 16–19: unit v stands within officer o's range (centre to centre, as every range here). */
export function inOfficerRange(g: PlatoonGame, o: number, v: number): boolean {
  const R = RANK_RANGE[g.scn.rank[o]], dx = g.x[o] - g.x[v], dy = g.y[o] - g.y[v];
  return dx * dx + dy * dy <= R * R;
}

/** R4: the best morale bonus of a friendly officer within his range of u (an officer counts for himself). */
export function officerBonus(g: PlatoonGame, u: number): number {
  const scn = g.scn, s = scn.side[u];
  let best = 0;
  for (let o = 0; o < g.n; o++) {
    const r = scn.rank[o];
    if (r === 0 || g.alive[o] === 0 || scn.side[o] !== s || RANK_BONUS[r] <= best) continue;
    if (o === u || inOfficerRange(g, o, u)) best = RANK_BONUS[r];
  }
  return best;
}

/** R1/R3: Morale − pins + officer bonus: the 2D6 target of u's tests. */
export function testTarget(g: PlatoonGame, u: number): number {
  return MORALE[g.scn.quality[u]] - g.pins[u] + officerBonus(g, u);
}

/** Unit u is lost (a casualty): tally, VP to the enemy (R23), its die gone for good. */
export function destroyUnit(g: PlatoonGame, u: number, cause: number, killer: number): void {
  if (g.alive[u] === 0) return;
  const scn = g.scn, s = scn.side[u], t = g.tally;
  g.alive[u] = 0;
  g.bag.destroy(s, g.dieInBag[u] === 1);
  g.dieInBag[u] = 0;
  t.lose(s, scn.kind[u], scn.cost[u]);
  if (g.trace !== null) traceCasualty(g, u, cause);
  if (killer >= 0) t.kill(scn.side[killer], scn.kind[killer]);
  g.count.losses.add(s, cause);
  g.vp[1 - s] += scn.rules.vp_per_unit;
  g.unitsLeft[s]--;
  g.value[s] -= scn.cost[u];
  if (scn.vehicleClass[u] !== 0) terrainChanged(g); // a wreck is hard cover (R10)
}

/** Removes one model of unit u from slot k (R13); destroys the unit when none is left. */
export function removeModel(g: PlatoonGame, u: number, k: number, cause: number, killer: number): void {
  const i = u * MAX_SLOTS + k;
  if (g.slotCrew[i] > 0) {
    if (--g.slotCrew[i] === 0) g.slotCount[i] = 0;
  } else if (g.slotCount[i] > 0) g.slotCount[i]--;
  g.models[u]--;
  g.count.modelsLost.add(g.scn.side[u]);
  if (g.panzerfausts[u] > g.models[u]) g.panzerfausts[u] = g.models[u];
  if (g.models[u] <= 0) destroyUnit(g, u, cause, killer);
}

/** Adds pins (R2); no cap. */
export function addPins(g: PlatoonGame, u: number, n: number): void {
  if (n <= 0 || g.alive[u] === 0) return;
  g.pins[u] += n;
  if (g.trace !== null) tracePins(g, u, n);
  g.count.pinsTaken.addBy(n, g.scn.side[u]);
}

/** R2 `excess_pins_mode = destroyed`: pins ≥ Morale destroys the unit. */
export function checkExcessPins(g: PlatoonGame, u: number, killer: number): void {
  if (g.alive[u] === 0 || g.scn.rules.excess_pins_mode !== 'destroyed') return;
  if (g.pins[u] >= MORALE[g.scn.quality[u]]) destroyUnit(g, u, CAUSE_PINS, killer);
}

/** R3 morale check: 2D6 ≤ Morale − pins + officer bonus; a fail destroys the unit. Returns true if it passed. */
export function moraleCheck(g: PlatoonGame, u: number, killer: number): boolean {
  if (g.alive[u] === 0) return false;
  const pass = (g.trace === null ? rollTest(g.rng, testTarget(g, u), g.scn.rules.double1_auto_pass) : tracedTest(g, u, testTarget(g, u), 'morale check')) === 1;
  if (!pass) destroyUnit(g, u, CAUSE_MORALE, killer);
  return pass;
}

/** Turns u's order to Down (a failed test, a stunned crew): takes its die from the bag when it has none yet. */
export function goDown(g: PlatoonGame, u: number): void {
  if (g.order[u] === 0 && g.dieInBag[u] === 1) {
    g.bag.take(g.scn.side[u]);
    g.dieInBag[u] = 0;
  }
  g.order[u] = 6;
}

/** Moving orders count as firing on the move (item 27). */
export const isMoving = (order: number): boolean => order === ADVANCE;
