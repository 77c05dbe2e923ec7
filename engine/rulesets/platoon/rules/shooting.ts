/**
 * The shooting sequence (items 25–61, R2, R9–R18): which weapons may fire, the to-hit
 * number with every modifier, hits, damage against infantry (casualties chosen by the
 * owner) and vehicles (grades and the damage table), HE, flamethrowers, indirect fire,
 * buildings, pins and the morale check.
 */
import { K_SECTION } from '../data/catalogue.ts';
import { ARC_FRONT, ARC_TURRET, MAX_SLOTS } from '../data/roster.ts';
import {
  COVER_HARD, COVER_SOFT, DOWN, FACE_TOP, FACING_PEN, HIT_BASE, INEXPERIENCED, INFANTRY_DV, MOD_DOWN, MOD_HARD, MOD_INEXPERIENCED, MOD_LONG, MOD_MOVING,
  MOD_POINT_BLANK, MOD_SMALL, MOD_SOFT, T_ROUGH, VEHICLE_DV,
} from '../data/tables.ts';
import { ASSAULT, FIXED, FLAMER, HE_BLD_COUNT, HE_BLD_SIDES, HE_PIN_SIDES, HOWITZER, INDIRECT, SHAPED, SHOTS_D6, SHOTS_D6P1, TEAM, W_FLAGS, W_HE, W_INDIRECT_RANGE, W_MIN_RANGE, W_PEN, W_RANGE, W_SHOTS, WPN_PANZERFAUST } from '../data/weapons.ts';
import { damageNeed, HIT, MISS_ONE, rollCode, rollHit } from './dice-math.ts';
import { ARC_Q_FRONT } from '../../../geometry/footprint.ts';
import { addPins, CAUSE_BUILDING, CAUSE_SHOOTING, checkExcessPins, destroyUnit, goDown, moraleCheck, removeModel } from './losses.ts';
import { canSee, clearLine, coverOf, facingFromUnit, quadrantAround, RANGE, rangeInto, terrainChanged } from './sight.ts';
import type { PlatoonGame } from './state.ts';
import { damageGrade, damageVehicle } from './vehicles.ts';
import { traceDamage, traceReaction, traceShots, traceVehicleHit } from './trace-log.ts';

export const NO_FIRE = 0;
export const DIRECT = 1;
export const INDIRECT_FIRE = 2;

/** R15: can a friendly officer of u's side see t (indirect fire spotting)? */
function spotted(g: PlatoonGame, u: number, t: number): boolean {
  const scn = g.scn, s = scn.side[u];
  for (let o = 0; o < g.n; o++) if (g.alive[o] === 1 && scn.side[o] === s && scn.rank[o] > 0 && canSee(g, o, t)) return true;
  return false;
}

/**
 * The range from shooter to target for slotMode and directNeed, set by the caller right
 * before each call: a double argument was boxed on every call V8 did not inline, and the
 * policies call these for every slot of every possible target (docs/gc-audit.md).
 */
export const SHOT_RANGE = new Float64Array(1);

/**
 * How slot k of unit u may fire at t (R11, R15, item 30 arcs): NO_FIRE, DIRECT or
 * INDIRECT_FIRE. `sees` = u can see t; the range is SHOT_RANGE[0].
 */
export function slotMode(g: PlatoonGame, u: number, k: number, t: number, moving: boolean, sees: boolean): number {
  const i = u * MAX_SLOTS + k, w = g.scn.slotWeapon[i], d = SHOT_RANGE[0];
  if (w < 0 || g.slotCount[i] === 0 || g.fuelOut[i] === 1) return NO_FIRE;
  const f = W_FLAGS[w], veh = g.isVehicle(u);
  if (moving && !veh && (f & FIXED) !== 0) return NO_FIRE; // R11: Fixed weapons cannot fire on Advance
  if (veh) {
    const arc = g.scn.slotArc[i];
    if ((arc === ARC_FRONT || (arc === ARC_TURRET && g.turretJammed[u] === 1)) && quadrantAround(g, u, t) !== ARC_Q_FRONT) return NO_FIRE;
  }
  if ((f & INDIRECT) !== 0) {
    if (moving || d < W_MIN_RANGE[w] || d > W_RANGE[w]) return NO_FIRE; // decision: no indirect fire on Advance
    return sees || spotted(g, u, t) ? INDIRECT_FIRE : NO_FIRE;
  }
  if ((f & HOWITZER) !== 0) {
    if (sees && d <= W_RANGE[w]) return DIRECT;
    if (!moving && d >= W_MIN_RANGE[w] && d <= W_INDIRECT_RANGE[w] && (sees || spotted(g, u, t))) return INDIRECT_FIRE;
    return NO_FIRE;
  }
  return sees && d <= W_RANGE[w] ? DIRECT : NO_FIRE;
}

/** R10: a small target: a team of few models, or a vehicle flagged small. */
export function isSmall(g: PlatoonGame, t: number): boolean {
  return g.scn.small[t] === 1 || (g.scn.team[t] === 1 && g.models[t] <= g.scn.rules.small_unit_max_models);
}

/** Item 27 (R9–R11, R16, R18): the D6 score slot k of u needs to hit t directly at range SHOT_RANGE[0]. */
export function directNeed(g: PlatoonGame, u: number, k: number, t: number, moving: boolean, extraMod: number): number {
  const scn = g.scn, r = scn.rules, i = u * MAX_SLOTS + k, w = scn.slotWeapon[i], f = W_FLAGS[w], d = SHOT_RANGE[0];
  let m = extraMod - g.pins[u];
  if (d <= r.point_blank_in) m += MOD_POINT_BLANK;
  if (d > W_RANGE[w] * r.long_range_fraction) m += MOD_LONG;
  if (scn.quality[u] === INEXPERIENCED) m += MOD_INEXPERIENCED;
  if (moving && (f & ASSAULT) === 0) m += MOD_MOVING;
  if (isSmall(g, t)) m += MOD_SMALL;
  if ((f & TEAM) !== 0 && scn.slotCrew[i] > 0 && g.slotCrew[i] < r.team_crew) m += r.team_short_crew_mod;
  if ((f & FLAMER) === 0) {
    if (g.order[t] === DOWN && !g.isVehicle(t)) m += MOD_DOWN; // items 10 and 27: once
    const b = g.inBuilding[t];
    if (b >= 0) {
      // Items 69–70: small arms and heavy weapons −2 (bunkers −3); an HE shot (71) none.
      if (scn.heAtBuilding[w] === 0) m += g.pieces.bunker[b] === 1 ? -3 : MOD_HARD;
    } else {
      const c = coverOf(g, u, t);
      m += c === COVER_HARD ? MOD_HARD : c === COVER_SOFT ? MOD_SOFT : 0;
    }
  }
  return HIT_BASE - m;
}

/** R15: the score indirect fire from u needs against t (ranging in, zeroed; only the firer's pins modify it). */
export function indirectNeed(g: PlatoonGame, u: number, t: number): number {
  const r = g.scn.rules;
  let need = r.indirect_first_need;
  if (g.rangedOn[u] === t) {
    const dx = g.x[t] - g.zeroX[u], dy = g.y[t] - g.zeroY[u];
    if (g.zeroed[u] === 1 && dx * dx + dy * dy <= r.zeroed_radius_in * r.zeroed_radius_in) need = r.zeroed_need;
    else if (g.rangedTurn[u] >= g.turn - 1) need = Math.max(r.indirect_first_need - g.rangedTurns[u], r.zeroed_need);
  }
  return need + g.pins[u];
}

function noteRanging(g: PlatoonGame, u: number, t: number, hit: boolean): void {
  if (g.rangedOn[u] !== t || g.rangedTurn[u] < g.turn - 1) { g.rangedOn[u] = t; g.rangedTurns[u] = 0; g.zeroed[u] = 0; }
  if (g.rangedTurn[u] !== g.turn) g.rangedTurns[u]++;
  g.rangedTurn[u] = g.turn;
  if (hit) { g.zeroed[u] = 1; g.zeroX[u] = g.x[t]; g.zeroY[u] = g.y[t]; }
}

/** Attack bookkeeping for one unit's shooting: [0] any hit, [1] casualties, [2] HE pins size, [3] flamed. */
const A_HIT = 0, A_CAS = 1, A_HE = 2, A_FLAME = 3;

/** Damage of `hits` hits of pen `pen` on infantry/artillery t (R13); building protection when `protect`. */
function damageInfantry(g: PlatoonGame, u: number, t: number, hits: number, pen: number, protect: boolean): void {
  const scn = g.scn, r = scn.rules;
  const dv = (g.isVehicle(t) ? VEHICLE_DV[scn.vehicleClass[t]] : INFANTRY_DV[scn.quality[t]]) + (protect ? r.building_dv_bonus : 0);
  const need = damageNeed(dv, r.pen_vs_soft ? pen : 0), decide = g.decide[scn.side[t]], cas0 = g.d2[A_CAS];
  for (let h = 0; h < hits && g.alive[t] === 1; h++) {
    if (need > 6 || g.rng.d6() < need) continue;
    g.d2[A_CAS]++;
    removeModel(g, t, decide.casualty(g, t), CAUSE_SHOOTING, u);
  }
  if (g.trace !== null) traceDamage(g, t, hits, need, g.d2[A_CAS] - cas0, 'damage');
}

/** One hit on vehicle t from u with pen `pen` (R13, R17, item 30). */
function hitVehicle(g: PlatoonGame, u: number, t: number, w: number, pen: number, he: boolean, indirect: boolean, long: boolean): void {
  const scn = g.scn, r = scn.rules, dv = VEHICLE_DV[scn.vehicleClass[t]];
  if (pen === 0 && !he && dv >= 7) return; // R13: no pen, no harm to armour
  const die = g.rng.d6();
  let total = die + pen;
  if (dv >= 7 && pen > 0) {
    total += indirect ? FACING_PEN[FACE_TOP] : FACING_PEN[facingFromUnit(g, t, u)];
    if (long && (W_FLAGS[w] & SHAPED) === 0) total -= 1; // item 30
  }
  const grade = dv < 7 ? (die !== 1 && total >= dv ? 2 : 0) : damageGrade(die, total, dv, he, r.superficial_window, r.massive_margin);
  if (g.trace !== null) traceVehicleHit(g, t, die, total, dv, grade);
  damageVehicle(g, t, grade, indirect && scn.openTopped[t] === 1 ? 1 : 0, u);
}

/** Fires slot k of u at t in mode `mode` at range SHOT_RANGE[0]; adds to the attack scratch g.d2. */
function fireSlot(g: PlatoonGame, u: number, k: number, t: number, mode: number, moving: boolean, extraMod: number, shotsLess: number): void {
  const scn = g.scn, r = scn.rules, i = u * MAX_SLOTS + k, w = scn.slotWeapon[i], f = W_FLAGS[w], rng = g.rng, d = SHOT_RANGE[0];
  const indirect = mode === INDIRECT_FIRE;
  const need = indirect ? indirectNeed(g, u, t) : directNeed(g, u, k, t, moving, extraMod);
  const flamer = (f & FLAMER) !== 0;
  let shots = flamer ? 1 : (scn.slotCrew[i] > 0 ? 1 : g.slotCount[i]) * W_SHOTS[w] - shotsLess;
  let hits = 0;
  const fired = shots;
  for (; shots > 0; shots--) {
    const h = rollHit(rng, need);
    if (h === HIT) hits++;
    else if (h === MISS_ONE && flamer && r.flamer_fuel_out_on_1) g.fuelOut[i] = 1;
  }
  if (g.trace !== null) traceShots(g, u, t, w, fired, need, hits, indirect);
  if (indirect) noteRanging(g, u, t, hits > 0);
  if (hits === 0) return;
  g.d2[A_HIT] = 1;
  if (flamer) {
    hits = rng.d6() + (W_SHOTS[w] === SHOTS_D6P1 ? 1 : 0); // R16: D6 (D6+1) hits
    g.d2[A_FLAME] = 1;
  } else if (W_SHOTS[w] === SHOTS_D6) hits = rng.d6();
  const veh = g.isVehicle(t), he = W_HE[w], long = d > W_RANGE[w] * r.long_range_fraction;
  const heOnly = he > 0 && W_PEN[w] <= he && (f & (INDIRECT | HOWITZER)) !== 0;
  if (veh) {
    for (let h = 0; h < hits && g.alive[t] === 1; h++) hitVehicle(g, u, t, w, heOnly ? he : W_PEN[w], heOnly, indirect, long);
    return;
  }
  const b = g.inBuilding[t];
  if (he > 0 && (b < 0 || scn.heAtBuilding[w] === 1)) {
    // R14 / items 58–61, 71: each HE hit becomes several; none of the building's protection.
    // The to-hit (directNeed) took the same row, so one shot never mixes two rows.
    let n = 0;
    for (let h = 0; h < hits; h++) {
      if (b >= 0) for (let j = 0; j < HE_BLD_COUNT[he]; j++) n += rng.die(HE_BLD_SIDES[he]);
      else n += rollCode(rng, scn.heOpen, he * 3);
    }
    if (he > g.d2[A_HE]) g.d2[A_HE] = he;
    if (b >= 0 && n >= r.collapse_hits && g.pieces.bunker[b] === 0) { collapse(g, b, u); return; }
    damageInfantry(g, u, t, n, he, false);
    return;
  }
  damageInfantry(g, u, t, hits, W_PEN[w], b >= 0 && !flamer);
}

/** R18: a building collapses: every unit in it is destroyed; it becomes rubble (rough ground, hard cover). */
function collapse(g: PlatoonGame, b: number, killer: number): void {
  for (let v = 0; v < g.n; v++) if (g.alive[v] === 1 && g.inBuilding[v] === b) destroyUnit(g, v, CAUSE_BUILDING, killer);
  g.category[b] = T_ROUGH;
  terrainChanged(g);
  for (let v = 0; v < g.n; v++) if (g.inBuilding[v] === b) g.inBuilding[v] = -1;
}

/** Can any weapon of u fire at t now? (policies and Friendly Fire). */
export function canShoot(g: PlatoonGame, u: number, t: number, moving: boolean): boolean {
  if (g.alive[t] === 0 || t === u) return false;
  rangeInto(g, u, t);
  const d = RANGE[0];
  if (d > g.scn.maxRange[u]) return false;
  const sees = canSee(g, u, t);
  for (let k = 0; k < MAX_SLOTS; k++) {
    SHOT_RANGE[0] = d;
    if (slotMode(g, u, k, t, moving, sees) !== NO_FIRE) return true;
  }
  return g.isVehicle(t) && g.panzerfausts[u] > 0 && sees && d <= W_RANGE[WPN_PANZERFAUST];
}

/**
 * Items 25–27: u shoots at t (target reacts first, R7). `extraMod` is added to every
 * to-hit (R7 reaction fire −1). Pins, the morale check and excess pins follow (R2, R3).
 */
export function shoot(g: PlatoonGame, u: number, t: number, moving: boolean, extraMod: number): void {
  const scn = g.scn, r = scn.rules, st = scn.side[t];
  if (g.dieInBag[t] === 1 && g.order[t] === 0 && g.decide[st].reactToShot(g, t, u)) {
    goDown(g, t);
    if (g.trace !== null) traceReaction(g, t, 'goes Down as it is shot at');
  }
  rangeInto(g, u, t);
  const sees = canSee(g, u, t), d = RANGE[0], before = g.models[t], veh = g.isVehicle(t);
  g.d2.fill(0);
  // Item 45: Panzerfausts (one-shot) fire instead of their carriers' rifles at a vehicle in range.
  let pf = 0;
  if (veh && g.panzerfausts[u] > 0 && sees && d <= W_RANGE[WPN_PANZERFAUST] && scn.kind[u] === K_SECTION) {
    pf = g.panzerfausts[u];
    g.panzerfausts[u] = 0;
    SHOT_RANGE[0] = d;
    const need = pfNeed(g, u, t, moving);
    for (let j = 0; j < pf && g.alive[t] === 1; j++) if (rollHit(g.rng, need) === HIT) { g.d2[A_HIT] = 1; hitVehicle(g, u, t, WPN_PANZERFAUST, W_PEN[WPN_PANZERFAUST], false, false, false); }
  }
  for (let k = 0; k < MAX_SLOTS && g.alive[t] === 1; k++) {
    SHOT_RANGE[0] = d;
    const mode = slotMode(g, u, k, t, moving, sees);
    if (mode === NO_FIRE) continue;
    SHOT_RANGE[0] = d;
    fireSlot(g, u, k, t, mode, moving, extraMod, k === 0 ? pf : 0);
  }
  if (g.alive[t] === 0 || g.d2[A_HIT] === 0) return;
  if (!veh) {
    // R2, R14, R16: 1 pin per attack that hits; HE adds its table pins; flame adds D3 more.
    let pins = r.pins_per_hit_attack;
    const he = g.d2[A_HE];
    if (he > 0) pins = (r.he_pins_additive ? pins : 0) + g.rng.die(HE_PIN_SIDES[he]);
    if (g.d2[A_FLAME] === 1) pins += rollCode(g.rng, scn.flamerPins, 0);
    addPins(g, t, pins);
    // R3: the threshold is a share of the unit's starting models (not of those before this
    // attack), so a unit worn down by several attacks checks; a lone model hit checks too.
    const cas = g.d2[A_CAS];
    const check = g.d2[A_FLAME] === 1 || (cas > 0 && g.models[t] <= scn.models[t] * r.morale_check_threshold) || (before === 1 && g.models[t] === 1);
    if (check) moraleCheck(g, t, u);
  }
  // Item 72 / R18: flamethrowers set a building on fire on 4+.
  const b = g.inBuilding[t];
  if (g.d2[A_FLAME] === 1 && b >= 0 && g.burning[b] === 0 && g.rng.d6() >= r.flamer_building_fire_on) {
    g.burning[b] = 1;
    for (let v = 0; v < g.n; v++) if (g.alive[v] === 1 && g.inBuilding[v] === b) g.mustLeave[v] = 1;
  }
  checkExcessPins(g, t, u);
}

/** Panzerfaust to-hit at range SHOT_RANGE[0]: the section's modifiers without a team or cover exemption (item 27). */
function pfNeed(g: PlatoonGame, u: number, t: number, moving: boolean): number {
  const r = g.scn.rules, d = SHOT_RANGE[0];
  let m = -g.pins[u];
  if (d <= r.point_blank_in) m += MOD_POINT_BLANK;
  if (d > W_RANGE[WPN_PANZERFAUST] * r.long_range_fraction) m += MOD_LONG;
  if (g.scn.quality[u] === INEXPERIENCED) m += MOD_INEXPERIENCED;
  if (moving) m += MOD_MOVING;
  if (isSmall(g, t)) m += MOD_SMALL;
  return HIT_BASE - m;
}

/** Whether a line from (ax, ay) to unit t is clear (ambush samples). */
export function seesFrom(g: PlatoonGame, ax: number, ay: number, t: number, vehicle: boolean): boolean {
  return clearLine(g, ax, ay, g.x[t], g.y[t], vehicle || g.isVehicle(t));
}
