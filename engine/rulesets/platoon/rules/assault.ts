/** Close quarters (items 67–68, 73; R7, R19): the assault move and the fight. */
import { INFANTRY_DV, FIRE } from '../data/tables.ts';
import { MAX_SLOTS } from '../data/roster.ts';
import { FLAMER, W_FLAGS } from '../data/weapons.ts';
import { AMBUSH_END, springAmbushesTo } from './ambush.ts';
import { damageNeed } from './dice-math.ts';
import { CAUSE_CQ, destroyUnit, goDown, removeModel } from './losses.ts';
import { MOVE, placed, planMoveTo, setHeading } from './movement.ts';
import { RANGE, rangeInto } from './sight.ts';
import { canShoot, shoot } from './shooting.ts';
import type { PlatoonGame } from './state.ts';
import { damageGrade, damageVehicle, vehicleDV } from './vehicles.ts';
import { traceAssault, traceDamage, traceReaction } from './trace-log.ts';

function count(g: PlatoonGame, s: number, k: number): void {
  g.count.assaults.add(s, k);
}

/** R19: can u assault t this activation (infantry only, t within Run distance plus contact)? */
export function canAssault(g: PlatoonGame, u: number, t: number, runRate: number): boolean {
  if (g.isVehicle(u) || g.alive[t] === 0 || g.scn.side[t] === g.scn.side[u]) return false;
  rangeInto(g, u, t); // through RANGE: a returned double is boxed when the call is not inlined
  return RANGE[0] <= runRate + g.scn.rules.assault_contact_in;
}

/** Items 67–68: u (on a Run order) assaults t. */
export function assault(g: PlatoonGame, u: number, t: number): void {
  const scn = g.scn, r = scn.rules, s = scn.side[u];
  count(g, s, 0);
  if (g.trace !== null) traceAssault(g, u, t, false);
  // Target reacts (R7): Fire at −1 before the move, or Down.
  if (g.dieInBag[t] === 1 && g.order[t] === 0) {
    const react = g.decide[scn.side[t]].reactToAssault(g, t, u);
    if (react === 1 && r.assault_reaction_fire && canShoot(g, t, u, false)) {
      g.bag.take(scn.side[t]);
      g.dieInBag[t] = 0;
      g.order[t] = FIRE;
      if (g.trace !== null) traceReaction(g, t, 'fires at its assailant');
      shoot(g, t, u, false, r.assault_reaction_fire_mod);
      if (g.alive[u] === 0) return;
    } else if (react === 2) {
      goDown(g, t);
      if (g.trace !== null) traceReaction(g, t, 'goes Down as it is assaulted');
    }
  }
  // Move into contact: toward the target, stopping at the contact distance.
  rangeInto(g, u, t);
  const d = RANGE[0], stand = d - r.assault_contact_in * 0.5;
  if (stand > 0) {
    const dx = g.x[t] - g.x[u], dy = g.y[t] - g.y[u], l = Math.sqrt(dx * dx + dy * dy);
    MOVE[0] = g.x[u] + (dx / l) * stand; MOVE[1] = g.y[u] + (dy / l) * stand;
    planMoveTo(g, u, true);
    const ex = g.tmp[2], ey = g.tmp[3];
    setHeading(g, u);
    AMBUSH_END[0] = ex; AMBUSH_END[1] = ey;
    if (!springAmbushesTo(g, u)) return;
    g.x[u] = ex; g.y[u] = ey;
    placed(g, u);
  }
  if (g.alive[t] === 0) return;
  rangeInto(g, u, t);
  if (RANGE[0] > r.assault_contact_in) return; // no contact: the move just ends
  count(g, s, 1);
  if (g.trace !== null) traceAssault(g, u, t, true);
  if (g.isVehicle(t)) { fightVehicle(g, u, t); return; }
  // Item 73 / R18: defenders in a building hold a Defensive Position and strike first.
  const defFirst = g.inBuilding[t] >= 0;
  for (let round = 0; round < r.cq_max_rounds; round++) {
    const first = defFirst ? t : u, second = defFirst ? u : t;
    const a = strike(g, first, second);
    const b = g.alive[second] === 1 ? strike(g, second, first) : 0;
    if (a === b && g.alive[u] === 1 && g.alive[t] === 1) continue; // a draw: fight again
    const attackerWon = g.alive[t] === 0 || (g.alive[u] === 1 && (first === u ? a > b : b > a));
    if (attackerWon) { destroyUnit(g, t, CAUSE_CQ, u); count(g, s, 2); }
    else { destroyUnit(g, u, CAUSE_CQ, t); count(g, s, 3); }
    regroup(g, attackerWon ? u : t);
    return;
  }
}

/** R19 step 7: the winner may move up to `regroup_in` (a straight move, at most its Advance rate), where its player says. */
export function regroup(g: PlatoonGame, w: number): void {
  if (g.alive[w] === 0 || !g.decide[g.scn.side[w]].regroup(g, w)) return;
  const dx = g.planX - g.x[w], dy = g.planY - g.y[w], l = Math.sqrt(dx * dx + dy * dy), cap = g.scn.rules.regroup_in;
  if (l < 1e-9) return;
  const k = l > cap ? cap / l : 1;
  MOVE[0] = g.x[w] + dx * k; MOVE[1] = g.y[w] + dy * k;
  planMoveTo(g, w, false);
  setHeading(g, w);
  g.x[w] = g.tmp[2]; g.y[w] = g.tmp[3];
  placed(g, w);
}

/** R19: every model of a strikes once: D6 against d's damage value (flamethrowers +3), no to-hit. */
function strike(g: PlatoonGame, a: number, d: number): number {
  const scn = g.scn, dv = INFANTRY_DV[scn.quality[d]], decide = g.decide[scn.side[d]];
  let cas = 0;
  for (let k = 0; k < MAX_SLOTS && g.alive[d] === 1; k++) {
    const i = a * MAX_SLOTS + k, w = scn.slotWeapon[i];
    if (w < 0) continue;
    const men = scn.slotCrew[i] > 0 ? g.slotCrew[i] : g.slotCount[i];
    const need = damageNeed(dv, (W_FLAGS[w] & FLAMER) !== 0 ? scn.rules.cq_flamer_pen : 0), cas0 = cas;
    for (let m = 0; m < men && g.alive[d] === 1; m++) {
      if (need > 6 || g.rng.d6() < need) continue;
      cas++;
      removeModel(g, d, decide.casualty(g, d), CAUSE_CQ, a);
    }
    if (g.trace !== null) traceDamage(g, d, men, need, cas - cas0, `close-quarters blows by ${g.scn.sideNames[g.scn.side[a]]} #${a}`);
  }
  return cas;
}

/** R19: infantry against a vehicle: each model D6 + 2 against its DV on the rear; one round, no return blows. */
function fightVehicle(g: PlatoonGame, u: number, v: number): void {
  const r = g.scn.rules, dv = vehicleDV(g, v), men = g.models[u];
  for (let m = 0; m < men && g.alive[v] === 1; m++) {
    const die = g.rng.d6();
    damageVehicle(g, v, damageGrade(die, die + r.cq_vs_vehicle_bonus, dv, false, r.superficial_window, r.massive_margin), 0, u);
  }
  if (g.alive[v] === 0) count(g, g.scn.side[u], 2);
}
