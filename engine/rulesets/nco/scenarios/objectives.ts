/**
 * Scenario rules during play (items 8, 9, 104–113, R29–R34): picking markers up with a
 * chosen Down, carriers, the Bomber, the S5 exclusion zone, leaving the table, the S3
 * pilot shot and assault, the variable end, and the bonus points added to the final score.
 */
import { O_ADVANCE, O_ASSAULT, O_DOWN, O_FIRE, O_HOLD, O_RUN, type NcoGame } from '../rules/state.ts';
import {
  SC_INTEL, SC_RESCUE, SC_SEARCH_DESTROY,
  B_DROP, B_PILOT, E_CAPTURED, E_CARRIED_OFF, E_DROP, E_KILLED, E_PICKUP, E_RESCUED,
} from './definitions.ts';
import { M_CARRIED, M_GONE, M_OFF, M_TABLE, PILOT_CAPTURED, PILOT_KILLED, PILOT_RESCUED } from '../rules/objective-state.ts';
import { W_PISTOL, W_RANGE } from '../data/weapons.ts';
import { hitTargetFromMods, rollHit } from '../rules/tohit.ts';
import { blocked } from '../rules/setup.ts';
import { enterTable } from './setup.ts';
import { nearestEnemy } from '../rules/nearest.ts';
import { inCoverOf, lineOfSight } from '../rules/terrain/sight.ts';

/** Centre distance of base contact with a marker (cold paths: the returned double is boxed; hot ones use touchesMarker). */
export function contactDist(g: NcoGame): number {
  const sc = g.scn.scenario;
  return g.r + sc.tokenR + sc.contactTol;
}

/** Centre distance from soldier (or point slot) i to marker k, into g.obj.dist[0] (never returned: it would box). */
export function markerDist(g: NcoGame, i: number, k: number): void {
  const dx = g.table.px[i] - g.obj.mx[k], dy = g.table.py[i] - g.obj.my[k];
  g.obj.dist[0] = Math.sqrt(dx * dx + dy * dy);
}

/** True when soldier (or point slot) i is in base contact with marker k (centre distance ≤ contactDist). */
export function touchesMarker(g: NcoGame, i: number, k: number): boolean {
  const sc = g.scn.scenario, dx = g.table.px[i] - g.obj.mx[k], dy = g.table.py[i] - g.obj.my[k];
  return Math.sqrt(dx * dx + dy * dy) <= g.r + sc.tokenR + sc.contactTol;
}

/** True when soldier (or point slot) i is nearer than `lim` (an integer) to marker k. */
export function markerWithin(g: NcoGame, i: number, k: number, lim: number): boolean {
  const dx = g.table.px[i] - g.obj.mx[k], dy = g.table.py[i] - g.obj.my[k];
  return Math.sqrt(dx * dx + dy * dy) < lim;
}

/** True when soldier i's base touches his own deployment edge. */
export function touchesOwnEdge(g: NcoGame, i: number): boolean {
  const y = g.table.py[i];
  return g.edge[g.side[i]] === 0 ? y <= g.r + 0.01 : y >= g.table.height - g.r - 0.01;
}

/** Items 107, 112: a dead carrier's markers drop where he fell (checked lazily). */
export function syncCarriers(g: NcoGame): void {
  const o = g.obj;
  for (let k = 0; k < o.markers; k++) {
    if (o.mState[k] !== M_CARRIED) continue;
    const c = o.mCarrier[k];
    if (g.alive[c] || o.left[c]) continue;
    o.mState[k] = M_TABLE;
    o.mCarrier[k] = -1;
    o.mx[k] = g.table.px[c];
    o.my[k] = g.table.py[c];
    o.carrying[c]--;
  }
}

/** A chosen (not reactive: R33) Down order by soldier i: pick up the pilot or intel, or blow the drop. */
export function onChosenDown(g: NcoGame, i: number): void {
  const o = g.obj;
  if (o.markers === 0) return;
  syncCarriers(g);
  const kind = o.kind, s = g.side[i];
  if (kind === SC_RESCUE) {
    if (o.mState[0] === M_TABLE && touchesMarker(g, i, 0)) pickUp(g, i, 0); // item 107
  } else if (kind === SC_SEARCH_DESTROY) {
    const k = 1 - s; // item 111: the enemy's drop
    if (o.bomber[s] === i && o.mState[k] === M_TABLE && touchesMarker(g, i, k)) {
      o.mState[k] = M_GONE;
      o.mBy[k] = s;
      o.bonus[s * 7 + B_DROP] += g.scn.scenario.destroyBonus;
      o.events[s * 9 + E_DROP]++;
      if (g.scn.scenario.endOnDestroy) g.over = true;
    }
  } else if (kind === SC_INTEL) {
    for (let k = 0; k < o.markers && o.carrying[i] < g.scn.scenario.maxPerSoldier; k++) {
      if (o.mState[k] === M_TABLE && touchesMarker(g, i, k)) pickUp(g, i, k); // item 112
    }
  }
}

function pickUp(g: NcoGame, i: number, k: number): void {
  const o = g.obj;
  o.mState[k] = M_CARRIED;
  o.mCarrier[k] = i;
  o.carrying[i]++;
  o.events[g.side[i] * 9 + E_PICKUP]++;
}

/**
 * R33: own soldiers never come within `exclusion_in` of their own supply drop. A move that
 * ends inside is cut back along its line to the zone's edge (or undone if that spot is
 * blocked). Called by moveSoldier before the move's caches are refreshed.
 */
export function enforceExclusion(g: NcoGame, i: number, start: number): void {
  const o = g.obj, sc = g.scn.scenario;
  if (o.kind !== SC_SEARCH_DESTROY || o.markers < 2) return;
  const s = g.side[i], t = g.table;
  const lim = sc.exclusion + (g.scn.rules.measure === 'edge' ? g.r + sc.tokenR : 0);
  markerDist(g, i, s);
  if (o.dist[0] >= lim) return;
  const sx = t.px[start], sy = t.py[start], ex = t.px[i], ey = t.py[i];
  let lo = 0, hi = 1; // start (f = 0) is outside, the end (f = 1) inside
  for (let it = 0; it < 24; it++) {
    const f = (lo + hi) / 2;
    t.px[i] = sx + (ex - sx) * f;
    t.py[i] = sy + (ey - sy) * f;
    markerDist(g, i, s);
    if (o.dist[0] >= lim) lo = f; else hi = f;
  }
  t.px[i] = sx + (ex - sx) * lo;
  t.py[i] = sy + (ey - sy) * lo;
  // Undone if blocked, written unconditionally: stores first met on a rare branch have no
  // type feedback and deopt the optimised function.
  const undo = blocked(g, i);
  t.px[i] = undo ? sx : t.px[i];
  t.py[i] = undo ? sy : t.py[i];
}

/**
 * After a completed move by soldier i (ambush resolved): S3 delivery of the pilot to the
 * carrier's own edge (item 109); S6 leaving the table with intel (item 112).
 */
export function afterMove(g: NcoGame, i: number): void {
  const o = g.obj;
  if (o.markers === 0 || o.carrying[i] === 0 || !g.alive[i] || !touchesOwnEdge(g, i)) return;
  const s = g.side[i], sc = g.scn.scenario;
  if (o.kind === SC_RESCUE) {
    o.mState[0] = M_OFF;
    o.mBy[0] = s;
    const rescued = s !== o.holder;
    o.pilotFate = rescued ? PILOT_RESCUED : PILOT_CAPTURED;
    o.bonus[s * 7 + B_PILOT] += rescued ? sc.rescueBonus : sc.captureBonus;
    o.events[s * 9 + (rescued ? E_RESCUED : E_CAPTURED)]++;
    if (sc.endOnDelivery) g.over = true;
  } else if (o.kind === SC_INTEL) {
    const ord = g.order[i];
    if ((ord !== O_ADVANCE && ord !== O_RUN) || !g.decide.wantsLeave(g, i)) return;
    for (let k = 0; k < o.markers; k++) {
      if (o.mState[k] !== M_CARRIED || o.mCarrier[k] !== i) continue;
      o.mState[k] = M_OFF;
      o.mBy[k] = s;
      o.events[s * 9 + E_CARRIED_OFF]++;
    }
    o.carrying[i] = 0;
    leaveTable(g, i);
  }
}

/** Item 112: out of the game, not a casualty (no VP, no casualty count). */
function leaveTable(g: NcoGame, i: number): void {
  const s = g.side[i];
  g.obj.left[i] = 1;
  g.alive[i] = 0;
  g.aliveCount[s]--;
  g.tally.withdraw(s);
  if (g.ambush[i] > 0) { g.ambush[i] = 0; g.ambushers[s]--; }
}

/**
 * Order legality the rules impose on any policy: turn 1 of the alternative deployment
 * allows only Advance or Run (item 8); a pilot carrier only Advance or Down (item 107).
 */
export function legalizeOrder(g: NcoGame, i: number): void {
  const o = g.obj, ord = g.pickOrder;
  if (ord === O_HOLD) return;
  if (g.scn.scenario.alternativeDeployment && g.turn === 1 && ord !== O_ADVANCE && ord !== O_RUN) {
    g.pickOrder = O_ADVANCE;
    const e = nearestEnemy(g, i, false);
    if (e >= 0) g.pickDest = e;
    else { forwardPoint(g, i); g.pickDest = g.sp + 7; }
    return;
  }
  if (o.kind === SC_RESCUE && o.carrying[i] > 0 && ord !== O_ADVANCE && ord !== O_DOWN) g.pickOrder = ord === O_RUN ? O_ADVANCE : O_DOWN;
}

/** Scratch slot sp+7 a few inches straight ahead of soldier i. */
function forwardPoint(g: NcoGame, i: number): void {
  const t = g.table, h = t.height;
  t.px[g.sp + 7] = t.px[i];
  const y = t.py[i] + (g.edge[g.side[i]] === 0 ? 6 : -6);
  t.py[g.sp + 7] = y < g.r ? g.r : y > h - g.r ? h - g.r : y;
}

/** executeOrder's hook: enter the table (item 8) and make the order legal (items 8, 107). */
export function scenarioOrder(g: NcoGame, i: number, order: number): number {
  ensureEntered(g, i);
  g.pickOrder = order;
  legalizeOrder(g, i);
  return g.pickOrder;
}

/** Enters an off-table soldier before any order is carried out (item 8). */
export function ensureEntered(g: NcoGame, i: number): void {
  if (g.obj.offTable[i]) enterTable(g, i);
}

/**
 * An order aimed at the S3 pilot (pickTarget = TARGET_PILOT) by the holder's Sergeant
 * from turn `kill_from_turn` (item 108). Returns true if it was handled here.
 */
export function pilotOrder(g: NcoGame, i: number, order: number, budget: number): boolean {
  const o = g.obj;
  g.pickTarget = -1;
  if (order !== O_FIRE && order !== O_ASSAULT) return false; // the order was changed after the pilot was picked
  if (o.kind !== SC_RESCUE || o.mState[0] !== M_TABLE || !g.scn.sergeant[i] || g.side[i] !== o.holder) return true;
  if (g.turn < g.scn.scenario.killFrom) return true;
  if (order === O_FIRE) firePilot(g, i);
  else if (order === O_ASSAULT) assaultPilot(g, i, budget);
  return true;
}

/** Writes the pilot into point slot sp+6 (for LOS, cover and routing). */
export function pilotSlot(g: NcoGame): number {
  const k = g.sp + 6;
  g.table.px[k] = g.obj.mx[0];
  g.table.py[k] = g.obj.my[0];
  return k;
}

/** The weapon soldier i would fire at the pilot (0 if out of range), by rule distance. */
export function pilotWeapon(g: NcoGame, i: number): number {
  const sc = g.scn.scenario;
  markerDist(g, i, 0);
  const d = g.obj.dist[0] - (g.scn.rules.measure === 'edge' ? g.r + sc.tokenR : 0);
  const w = g.primary[i];
  if (w !== 0 && d <= g.scn.weapons.range[w] + g.rangeMod) return w;
  if (g.scn.pistol[i] && d <= W_RANGE[W_PISTOL] + g.rangeMod) return W_PISTOL;
  return 0;
}

/**
 * Item 108: Fire at the pilot, who always counts as Down (−1); any hit that reaches the
 * wound chart kills him. Other modifiers as for a soldier target: cover −1, moved −1,
 * Walking Wounded −1, full psyche +1, half range +1 (pistol beyond half −1).
 */
export function pilotHitTarget(g: NcoGame, i: number, w: number): number {
  const slot = pilotSlot(g), sc = g.scn.scenario;
  let mods = -1;
  if (inCoverOf(g.table, g.sight, i, slot, g.alive, g.n)) mods -= 1;
  if (g.moved[i]) mods -= 1;
  if (g.health[i] === 1) mods -= 1;
  if (g.psyche[i] === g.maxPsyche[i]) mods += 1;
  markerDist(g, i, 0);
  const d = g.obj.dist[0] - (g.scn.rules.measure === 'edge' ? g.r + sc.tokenR : 0);
  const half = d <= (g.scn.weapons.range[w] + g.rangeMod) / 2;
  if (half) mods += 1;
  else if (w === W_PISTOL) mods -= 1;
  return hitTargetFromMods(mods);
}

function firePilot(g: NcoGame, i: number): void {
  const w = pilotWeapon(g, i);
  if (w === 0 || !lineOfSight(g.table, g.sight, i, pilotSlot(g))) return;
  const tn = pilotHitTarget(g, i, w);
  for (let k = g.moved[i] ? g.scn.weapons.diceMoved[w] : g.scn.weapons.dice[w]; k > 0; k--) {
    if (rollHit(g.rng, tn, g.scn.rules.max_hit_target)) { killPilot(g); return; }
  }
}

/**
 * Stop distance (g.router.arg[0]) for moves onto the pilot: base touching his token. Shared
 * with the policy's hot path so it is optimised code: assaultPilot is too rare to be, and
 * the sum computed there would be boxed on every call.
 */
export function pilotArg(g: NcoGame): void {
  g.router.arg[0] = g.r + g.scn.scenario.tokenR;
}

/** Item 108: an Assault on the pilot kills him automatically once in base contact. */
function assaultPilot(g: NcoGame, i: number, budget: number): void {
  const slot = pilotSlot(g);
  pilotArg(g);
  g.router.moveTowardArg(i, slot, budget, true);
  g.moved[i] = 1;
  g.touched(i);
  if (touchesMarker(g, i, 0)) killPilot(g);
}

export function killPilot(g: NcoGame): void {
  const o = g.obj;
  o.mState[0] = M_GONE;
  o.pilotFate = PILOT_KILLED;
  o.bonus[o.holder * 7 + B_PILOT] += g.scn.scenario.killBonus; // item 109: the pilot's enemy scores
  o.events[o.holder * 9 + E_KILLED]++;
}

/**
 * Items 105, 110: after turn `after_turn` a D6 decides whether the next turn is played.
 * Returns false when the game ends after `turn`.
 */
export function playsNextTurn(g: NcoGame, turn: number): boolean {
  const sc = g.scn.scenario;
  if (sc.endAfter === 0 || turn < sc.endAfter || turn >= g.scn.rules.turns) return true;
  return g.rng.d6() >= sc.endNeed[turn - sc.endAfter];
}
