/** Vehicle damage (items 29–30, 62–66; R17): grades, the damage table and its results. */
import { GRADE_FULL, GRADE_MASSIVE, GRADE_NONE, GRADE_SUPERFICIAL, VD_IMMOBILISED, VD_KNOCKED_OUT, VD_ON_FIRE, VD_STUNNED, VEHICLE_DV, vehicleDamageResult } from '../data/tables.ts';
import { KINDS } from '../data/catalogue.ts';
import { rollTest } from './dice-math.ts';
import { addPins, CAUSE_VEHICLE, destroyUnit, goDown, testTarget } from './losses.ts';
import type { PlatoonGame } from './state.ts';
import { tracedTest, traceVehicleResult } from './trace-log.ts';

/**
 * R17: the damage grade of one hit whose damage die is `die` and total `total` (die + pen
 * + facing ± range) against damage value `dv`. A natural 1 never damages (R13); `heFailed`
 * = an HE hit that failed to penetrate an armoured target (superficial).
 */
export function damageGrade(die: number, total: number, dv: number, he: boolean, window: number, massive: number): number {
  if (die === 1) return GRADE_NONE;
  if (total >= dv + massive) return GRADE_MASSIVE;
  if (total >= dv) return GRADE_FULL;
  if (dv >= 7 && (total >= dv - window || he)) return GRADE_SUPERFICIAL;
  return GRADE_NONE;
}

/** Item 62: the table roll for a grade: superficial D6−3, full D6; +1 for open-topped hit by indirect fire. */
export function tableRoll(g: PlatoonGame, grade: number, bonus: number): number {
  return g.rng.d6() + bonus - (grade === GRADE_SUPERFICIAL ? 3 : 0);
}

function countResult(g: PlatoonGame, v: number, k: number): void {
  g.count.vehicleResults.add(g.scn.side[v], k);
}

/** R17 turret jam: D6 ≤ turret_jam_on jams the turret for the game. */
function turretJam(g: PlatoonGame, v: number): void {
  if (!KINDS[g.scn.kind[v]].turret || g.turretJammed[v] === 1) return;
  if (g.rng.d6() <= g.scn.rules.turret_jam_on) {
    g.turretJammed[v] = 1;
    countResult(g, v, 4);
  }
}

/** Items 63–66: applies one table result to vehicle v. */
export function applyResult(g: PlatoonGame, v: number, result: number, killer: number): void {
  if (g.alive[v] === 0) return;
  countResult(g, v, result - 1);
  if (g.trace !== null) traceVehicleResult(g, v, result);
  if (result === VD_KNOCKED_OUT) {
    destroyUnit(g, v, CAUSE_VEHICLE, killer);
    return;
  }
  addPins(g, v, 1);
  if (result === VD_STUNNED) {
    goDown(g, v);
    turretJam(g, v);
  } else if (result === VD_IMMOBILISED) {
    if (++g.immobilised[v] >= 2) { destroyUnit(g, v, CAUSE_VEHICLE, killer); return; }
    if (g.order[v] !== 0) g.order[v] = 6; // already acted: halted
    turretJam(g, v);
  } else if (result === VD_ON_FIRE) {
    const test = g.trace === null ? rollTest(g.rng, testTarget(g, v), g.scn.rules.double1_auto_pass) : tracedTest(g, v, testTarget(g, v), 'on-fire test');
    if (test !== 1) { destroyUnit(g, v, CAUSE_VEHICLE, killer); return; }
    goDown(g, v);
    turretJam(g, v);
  }
}

/**
 * One damaging hit on vehicle v (R17): 1 pin for a penetrating or superficial hit, then
 * the table once (twice for massive damage). `bonus` is the open-topped indirect +1.
 */
export function damageVehicle(g: PlatoonGame, v: number, grade: number, bonus: number, killer: number): void {
  if (grade === GRADE_NONE || g.alive[v] === 0) return;
  addPins(g, v, 1);
  const rolls = grade === GRADE_MASSIVE ? 2 : 1;
  for (let i = 0; i < rolls && g.alive[v] === 1; i++) applyResult(g, v, vehicleDamageResult(tableRoll(g, grade === GRADE_MASSIVE ? GRADE_FULL : grade, bonus)), killer);
}

export const vehicleDV = (g: PlatoonGame, v: number): number => VEHICLE_DV[g.scn.vehicleClass[v]];
export { GRADE_FULL, GRADE_SUPERFICIAL };
