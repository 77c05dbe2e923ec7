/**
 * What a scripted player estimates before it decides: the expected casualties and points
 * an attack takes off its target (from the same to-hit and damage rules the game plays),
 * and the worth of a spot to move to. Read-only on the game state.
 */
import { MAX_SLOTS } from '../data/roster.ts';
import { INFANTRY_DV, VEHICLE_DV } from '../data/tables.ts';
import { FLAMER, HE_BLD_COUNT, HE_BLD_SIDES, HOWITZER, INDIRECT, SHOTS_D6, SHOTS_D6P1, W_FLAGS, W_HE, W_PEN, W_SHOTS } from '../data/weapons.ts';
import { damageChance6, damageNeed, hitChance36 } from '../rules/dice-math.ts';
import { canSee, RANGE, rangeInto } from '../rules/sight.ts';
import { directNeed, indirectNeed, INDIRECT_FIRE, NO_FIRE, SHOT_RANGE, slotMode } from '../rules/shooting.ts';
import type { PlatoonGame } from '../rules/state.ts';


/**
 * Expected models (infantry) or fraction of a kill (vehicles) u's shooting takes off t
 * from where both stand; 0 when nothing can fire.
 */
/**
 * Results of casualtiesInto (EV[0]) and pointsInto (EV[1]; scripted.ts also leaves its best
 * values there): returned doubles would be boxed on every call V8 does not inline
 * (docs/gc-audit.md).
 */
export const EV = new Float64Array(2);

export function casualtiesInto(g: PlatoonGame, u: number, t: number, moving: boolean): void {
  EV[0] = 0;
  if (g.alive[t] === 0 || t === u) return;
  rangeInto(g, u, t);
  const scn = g.scn, r = scn.rules, d = RANGE[0];
  if (d > scn.maxRange[u]) return; // out of every weapon's reach: no sight line needed
  const sees = canSee(g, u, t), veh = g.isVehicle(t);
  let e = 0;
  for (let k = 0; k < MAX_SLOTS; k++) {
    SHOT_RANGE[0] = d;
    const mode = slotMode(g, u, k, t, moving, sees);
    if (mode === NO_FIRE) continue;
    const i = u * MAX_SLOTS + k, w = scn.slotWeapon[i], f = W_FLAGS[w];
    SHOT_RANGE[0] = d; // slotMode may have asked for a spotter's range
    const need = mode === INDIRECT_FIRE ? indirectNeed(g, u, t) : directNeed(g, u, k, t, moving, 0);
    const flamer = (f & FLAMER) !== 0;
    const shots = flamer ? 1 : (scn.slotCrew[i] > 0 ? 1 : g.slotCount[i]) * (W_SHOTS[w] === SHOTS_D6 ? 3.5 : W_SHOTS[w]);
    let hits = (shots * hitChance36(need)) / 36;
    if (flamer) hits *= W_SHOTS[w] === SHOTS_D6P1 ? 4.5 : 3.5;
    const he = W_HE[w], heOnly = he > 0 && W_PEN[w] <= he && (f & (INDIRECT | HOWITZER)) !== 0;
    if (veh) {
      const dv = VEHICLE_DV[scn.vehicleClass[t]], pen = heOnly ? he : W_PEN[w];
      if (pen === 0 && dv >= 7) continue;
      // Full damage or better, then about half the table knocks it out (4–6, plus immobilised twice).
      e += hits * (damageChance6(damageNeed(dv, pen + 1)) / 6) * 0.55;
    } else {
      let n = hits, pen = W_PEN[w], dv = INFANTRY_DV[scn.quality[t]];
      const b = g.inBuilding[t];
      // In the open: the mean of the HE dice code [count, sides, plus] (written out: a returned double boxes).
      const ho = scn.heOpen, o = he * 3;
      if (he > 0 && (b < 0 || scn.heAtBuilding[w] === 1)) { n *= b >= 0 ? HE_BLD_COUNT[he] * (HE_BLD_SIDES[he] + 1) / 2 : ho[o] * (ho[o + 1] + 1) / 2 + ho[o + 2]; pen = he; }
      else if (b >= 0 && !flamer) dv += r.building_dv_bonus;
      e += n * (damageChance6(damageNeed(dv, r.pen_vs_soft ? pen : 0)) / 6);
    }
  }
  EV[0] = veh ? (e > 1 ? 1 : e) : e > g.models[t] ? g.models[t] : e;
}

/** casualtiesInto's value (tests and rare callers; hot code reads EV[0]). */
export function expectedCasualties(g: PlatoonGame, u: number, t: number, moving: boolean): number {
  casualtiesInto(g, u, t, moving);
  return EV[0];
}

/** Expected points taken off t into EV[1] (casualties × points per model; a vehicle's kill chance × its cost). */
export function pointsInto(g: PlatoonGame, u: number, t: number, moving: boolean): void {
  casualtiesInto(g, u, t, moving);
  const e = EV[0], scn = g.scn;
  EV[1] = e === 0 ? 0 : g.isVehicle(t) ? e * scn.cost[t] : (e * scn.cost[t]) / scn.models[t] + 0.5; // +0.5: the pin it also causes
}

/** pointsInto's value (tests and rare callers; hot code reads EV[1]). */
export function expectedPoints(g: PlatoonGame, u: number, t: number, moving: boolean): number {
  pointsInto(g, u, t, moving);
  return EV[1];
}
