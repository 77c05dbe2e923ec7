/**
 * The scripted players' activations (digest §4.2–4.9, 4.11): attack the FT they can hurt
 * most, rally, move by a scored choice of cards, dig in, and spend Command Decisions.
 */
import { CD, SO_ATTACK, SO_ENTRENCH, SO_MANEUVER, SO_RALLY } from '../data/cards.ts';
import { M_BRIDGES, M_CHATEAU, M_FLAG, M_KOTH, M_NIMH, M_ROAD, M_SKY, OP_ARTILLERY, OP_REINFORCEMENTS, OP_SATCHEL, OP_SMOKE, OP_STAR_SHELL, OP_SUPPLY_TRUCK } from '../data/missions.ts';
import { attack, attackTruck, canAttack } from '../rules/attack.ts';
import { canMoveTo, canPlaceTerrain, canStealth, crewed, entrenchAction, maneuver, placeTerrain, rallyAction, recognize, repairTruck, stealthAction, suppressedIn, discardRedraw, crewAction, crewCandidate, transfer, uncrewFt } from '../rules/actions.ts';
import { findCd, handCard } from '../rules/ccs.ts';
import { actOfValor, attention, combatOperation, coveringFire, doubleTime, fieldDressing, fieldRepairs, grenade, intelligence, lastStand, luckyShot, onTheRun, smoke } from '../rules/cds.ts';
import { fitCount } from '../rules/forces.ts';
import { mayAct } from '../rules/game.ts';
import { adjacent, ftAt, los, range } from '../rules/map.ts';
import { disarm, ATTACKER } from '../rules/missions.ts';
import { WOUNDED, type OwamGame } from '../rules/state.ts';
import { attackValueInto, cover, EST, exposure, lethalityInto, MEAN } from './estimate.ts';
import { TERRAIN_FLAGS, TF_BLOCK } from '../data/terrain.ts';
import type { PolicyParams } from './knobs.ts';

/** A hand card with Standing Order `so` (best colour first for Attack/Rally); −1 none. Reactive CDs are kept when `hold`. */
export function orderCard(g: OwamGame, side: number, so: number, hold: boolean): number {
  let best = -1, bv = -1e9;
  for (let i = 0; i < g.handN[g.player(side)]; i++) {
    const c = handCard(g, side, i);
    if (g.cat.so[c] !== so) continue;
    const cd = g.cat.cd[c];
    let v = g.cat.soColour[c] >= 0 ? MEAN[g.cat.soColour[c]] : 0;
    if (hold && (cd === CD.fubar || cd === CD.evade || cd === CD.chain_of_command)) v -= 10;
    if (v > bv) { bv = v; best = i; }
  }
  return best;
}

/** The card the FT heads for: the mission's objective or the nearest enemy. */
export function goalCell(g: OwamGame, f: number): number {
  const side = g.sideOfFt(f), m = g.scn.mission, o = g.scn.objective;
  if (m === M_KOTH || m === M_NIMH) return o;
  if (m === M_FLAG) return side === 0 ? g.scn.objective2 : o;
  if (m === M_SKY) return g.scn.objective2;
  if (m === M_BRIDGES && side === 0) return o;
  if (m === M_CHATEAU && side === 0) return g.luCarrier === f ? g.fHome[f] : g.luCarrier >= 0 ? -1 : g.luCell;
  if (m === M_ROAD && side === ATTACKER && g.truckCell >= 0) return g.truckCell;
  let best = -1, bd = 99;
  for (let k = 0; k < 4; k++) {
    const e = (1 - side) * 4 + k;
    if (g.fAlive[e] && g.fCell[e] >= 0 && range(g, g.fCell[f], g.fCell[e]) < bd) { bd = range(g, g.fCell[f], g.fCell[e]); best = g.fCell[e]; }
  }
  return best;
}

export function scriptedActivate(g: OwamGame, f: number, p: PolicyParams): void {
  const side = g.sideOfFt(f);
  freePlays(g, f, p);
  for (let a = 0; a < 2; a++) {
    if (!mayAct(g) || !g.fAlive[f] || g.fCell[f] < 0) return;
    if (!oneAction(g, f, p, side)) return; // passes the rest (item 46)
    if (g.fAlive[f] && g.fManeuvers[f] >= 2) runAttack(g, f);
  }
}

/** Free plays at W1 (R7): Recognition, disarming, Field Dressing / Repairs, Attention, Grenade, Lucky Shot, Last Stand. */
function freePlays(g: OwamGame, f: number, p: PolicyParams): void {
  const side = g.sideOfFt(f);
  for (let k = 0; k < 4; k++) { const e = (1 - side) * 4 + k; if (g.fAlive[e] && g.fStealth[e] && g.fCell[e] >= 0) recognize(g, f, e); }
  disarm(g, f);
  if (!g.fAlive[f]) return;
  for (let k = 0; k < g.fSize[f]; k++) {
    const s = g.member(f, k);
    if (g.cond[s] === WOUNDED) { const i = findCd(g, side, CD.field_dressing); if (i >= 0) fieldDressing(g, side, i, s); }
    if (g.jammed[s]) { const i = findCd(g, side, CD.field_repairs); if (i >= 0) fieldRepairs(g, side, i, s); }
  }
  const supp = suppressedIn(g, f);
  if (supp >= 3) { const i = findCd(g, side, CD.last_stand); if (i >= 0) lastStand(g, side, i, f); }
  if (suppressedIn(g, f) >= 2 && orderCard(g, side, SO_RALLY, false) < 0) { const i = findCd(g, side, CD.attention); if (i >= 0) attention(g, side, i, f); }
  if (p.digIn && exposure(g, side, g.fCell[f]) >= 2 && !g.smoke[g.fCell[f]]) { const i = findCd(g, side, CD.smoke); if (i >= 0) smoke(g, side, i, f, g.fCell[f]); }
  intel(g, side);
  const e = bestEnemy(g, f, 3);
  if (e >= 0 && adjacent(g, g.fCell[f], g.fCell[e])) { const i = spareCd(g, side, CD.grenade); if (i >= 0) grenade(g, side, i, f, e); }
  if (e >= 0 && g.fAlive[e] && p.valorPlays) { const i = spareCd(g, side, CD.lucky_shot); if (i >= 0) luckyShot(g, side, i, f, e); }
  if (e >= 0 && g.fAlive[e] && p.valorPlays && g.fAlive[f]) {
    const i = spareCd(g, side, CD.act_of_valor), s = bestShooter(g, f, e);
    if (i >= 0 && s >= 0) actOfValor(g, side, i, s, e);
  }
  combatOp(g, side, f);
}

/** Item 58 by choice: Artillery at the enemy FT that holds most soldiers away from own FTs, etc. */
export function combatOp(g: OwamGame, side: number, f: number): void {
  const i = findCd(g, side, CD.combat_operation);
  if (i < 0) return;
  const op = g.scn.combatOp;
  let c = -1;
  if (op === OP_ARTILLERY && g.artyLoaded && g.artyRound !== g.round) {
    let bv = 0;
    for (let k = 0; k < 4; k++) {
      const e = (1 - side) * 4 + k;
      if (!g.fAlive[e] || g.fCell[e] < 0 || g.fSize[e] <= bv) continue;
      let near = false;
      for (let j = 0; j < 4; j++) { const o = side * 4 + j; if (g.fAlive[o] && g.fCell[o] >= 0 && range(g, g.fCell[o], g.fCell[e]) <= 1) near = true; }
      if (!near) { bv = g.fSize[e]; c = g.fCell[e]; }
    }
  } else if (op === OP_SMOKE && f >= 0 && exposure(g, side, g.fCell[f]) >= 2) c = g.fCell[f];
  else if (op === OP_STAR_SHELL && f >= 0) { const e = bestEnemy(g, f, 7); if (e >= 0) c = g.fCell[e]; }
  else if (op === OP_SATCHEL && f >= 0) {
    for (let d = 0; d < g.cells && c < 0; d++) if (range(g, g.fCell[f], d) <= 1 && ftAt(g, side, d) < 0 && (ftAt(g, 1 - side, d) >= 0 || (g.scn.mission === M_BRIDGES && side === 0 && d === g.scn.objective))) c = d;
  } else if (op === OP_REINFORCEMENTS && g.handN[g.player(side)] <= 3) c = 0;
  else if (op === OP_SUPPLY_TRUCK && side !== ATTACKER && g.truckState === 1) c = g.truckCell;
  if (c >= 0) combatOperation(g, side, i, f, c);
}

/**
 * §4.2 card-for-CD holding: a card with this CD whose Standing Order is not an Attack (an
 * Attack order is worth more than an offensive CD), or −1.
 */
function spareCd(g: OwamGame, side: number, cd: number): number {
  if (g.scn.level === 0) return -1;
  for (let i = 0; i < g.handN[g.player(side)]; i++) { const c = handCard(g, side, i); if (g.cat.cd[c] === cd && g.cat.so[c] !== SO_ATTACK) return i; }
  return -1;
}

/** Act of Valor's soldier: the fit soldier with the best mean lethality at that range. */
function bestShooter(g: OwamGame, f: number, e: number): number {
  const r = range(g, g.fCell[f], g.fCell[e]);
  let best = -1, bv = 0;
  for (let k = 0; k < g.fSize[f]; k++) {
    const s = g.member(f, k);
    if (g.cond[s] === WOUNDED || g.jammed[s] || g.feeds[s] >= 0) continue;
    lethalityInto(g, s, r);
    const v = EST[0];
    if (v > bv) { bv = v; best = s; }
  }
  return best;
}

const INTEL_WANTS = Int32Array.of(CD.fubar, CD.evade, CD.chain_of_command);

/** Item 66: discard the opponent's F.U.B.A.R., else an Evade, else a Chain of Command. */
function intel(g: OwamGame, side: number): void {
  const i = findCd(g, side, CD.intelligence);
  if (i < 0) return;
  const o = 1 - side;
  for (let w = 0; w < INTEL_WANTS.length; w++) {
    for (let j = 0; j < g.handN[g.player(o)]; j++) if (g.cat.cd[handCard(g, o, j)] === INTEL_WANTS[w]) { intelligence(g, side, i, j); return; }
  }
}

/** §4.6: lay a LOS-blocking Terrain card between the FT and the enemy FT that sees it best. */
function blockSight(g: OwamGame, f: number): boolean {
  const side = g.sideOfFt(f);
  let ti = -1;
  for (let i = 0; i < g.handN[g.player(side)] && ti < 0; i++) { const t = g.cat.terrain[handCard(g, side, i)]; if (t >= 0 && (TERRAIN_FLAGS[t] & TF_BLOCK)) ti = i; }
  if (ti < 0) return false;
  for (let c = 0; c < g.cells; c++) {
    if (!canPlaceTerrain(g, f, c, false) || !adjacent(g, c, g.fCell[f])) continue;
    for (let e = (1 - side) * 4; e < (1 - side) * 4 + 4; e++) {
      if (!g.fAlive[e] || g.fCell[e] < 0 || !los(g, g.fCell[e], g.fCell[f])) continue;
      if (range(g, g.fCell[e], c) < range(g, g.fCell[e], g.fCell[f])) { placeTerrain(g, side, ti, c, false); return true; }
    }
  }
  return false;
}

function runAttack(g: OwamGame, f: number): void {
  const side = g.sideOfFt(f), e = bestEnemy(g, f, 1);
  if (e < 0) return;
  const i = findCd(g, side, CD.on_the_run);
  if (i >= 0) onTheRun(g, side, i, f, e);
}

/** The value found by the last bestEnemy call ([0]; a module `let` holding a double boxed it on every store). */
const BEST = new Float64Array(1);

/** The enemy FT with the best attack value for `count` firers, or −1. */
export function bestEnemy(g: OwamGame, f: number, count: number): number {
  const side = g.sideOfFt(f);
  let best = -1, bv = -1e8;
  for (let k = 0; k < 4; k++) {
    const e = (1 - side) * 4 + k;
    attackValueInto(g, f, e, count);
    const v = EST[5];
    if (v > bv) { bv = v; best = e; }
  }
  BEST[0] = bv;
  return best;
}

/** One Standard Action; false = pass. */
function oneAction(g: OwamGame, f: number, p: PolicyParams, side: number): boolean {
  const hold = p.holdReactive;
  // Finish a move already begun (item 41): second Maneuver or Double Time.
  if (g.fDest[f] >= 0) {
    const dt = findCd(g, side, CD.double_time);
    if (dt >= 0) { doubleTime(g, side, dt, f); return true; }
    const i = orderCard(g, side, SO_MANEUVER, hold);
    if (i >= 0 && canMoveTo(g, f, g.fDest[f])) { maneuver(g, f, g.fDest[f], i); return true; }
  }
  const n = g.fSize[f];
  const ri = orderCard(g, side, SO_RALLY, hold);
  if (ri >= 0 && suppressedIn(g, f) >= Math.max(1, p.rallyShare * n)) { rallyAction(g, f, ri); return true; }
  if (g.scn.mission === M_ROAD && side === ATTACKER && g.truckCell >= 0 && range(g, g.fCell[f], g.truckCell) <= 1) {
    const ai = orderCard(g, side, SO_ATTACK, hold);
    if (ai >= 0) { attackTruck(g, f, ai); return true; }
  }
  if (g.scn.mission === M_ROAD && side !== ATTACKER && g.truckState === 1 && g.fCell[f] === g.truckCell) { repairTruck(g, f); return true; }
  const ai = orderCard(g, side, SO_ATTACK, hold);
  if (ai >= 0) {
    const count = Math.round(MEAN[g.cat.soColour[handCard(g, side, ai)]]);
    const e = bestEnemy(g, f, count);
    if (e >= 0 && BEST[0] >= p.attackMargin && canAttack(g, f, e)) { attack(g, f, e, ai); return true; }
  }
  const mi = orderCard(g, side, SO_MANEUVER, hold);
  if (mi >= 0 && crewed(g, f) && (ai < 0 || bestEnemy(g, f, 2) < 0)) uncrewFt(g, f); // nothing to shoot: free to move again
  if (mi >= 0 && g.fDest[f] < 0) {
    const d = bestMove(g, f, p);
    if (d >= 0) {
      maneuver(g, f, d, mi);
      const cf = findCd(g, side, CD.covering_fire);
      if (cf >= 0 && g.fDest[f] >= 0 && exposure(g, side, g.fCell[f]) > 0) coveringFire(g, side, cf, f);
      return true;
    }
  }
  if (p.digIn) {
    if (exposure(g, side, g.fCell[f]) > 0 && blockSight(g, f)) return true;
    if (canStealth(g, f) && g.handN[g.player(side)] >= 4 && exposure(g, side, g.fCell[f]) > 0) { stealthAction(g, f, spareCard(g, side)); return true; }
    const ei = orderCard(g, side, SO_ENTRENCH, hold);
    if (ei >= 0 && !g.fEntrenched[f] && !g.entrench[g.fCell[f]]) { entrenchAction(g, f, ei); return true; }
    const gunner = crewCandidate(g, f);
    if (gunner >= 0 && g.handN[g.player(side)] >= 4 && g.tmp[0] !== gunner) { crewAction(g, f, gunner, g.tmp[0], spareCard(g, side)); return true; }
  }
  if (consolidate(g, f)) return true;
  if (g.handN[g.player(side)] > 0) { // nothing useful done: Discard and Redraw up to 3 cards it cannot use now (§4.2)
    let k = 0;
    for (let i = g.handN[g.player(side)] - 1; i >= 0 && k < 3; i--) if (useless(g, f, handCard(g, side, i), p)) g.tmp[k++] = i;
    if (k > 0) { discardRedraw(g, side, g.tmp, k); return true; }
  }
  return false;
}

/** §4.9: an FT down to 2 soldiers or fewer sends them to an adjacent friendly FT with room (Transfer, 1 card each). */
function consolidate(g: OwamGame, f: number): boolean {
  const side = g.sideOfFt(f);
  if (g.fSize[f] > 2 || g.handN[g.player(side)] < g.fSize[f] + 2) return false;
  for (let o = side * 4; o < side * 4 + 4; o++) {
    if (o === f || !g.fAlive[o] || g.fCell[o] < 0 || g.fSize[o] + g.fSize[f] > 8 || !adjacent(g, g.fCell[f], g.fCell[o])) continue;
    let moved = false;
    for (let k = g.fSize[f] - 1; k >= 0 && g.fAlive[f]; k--) if (transfer(g, f, o, g.member(f, k), spareCard(g, side))) moved = true;
    return moved;
  }
  return false;
}

/** A card the FT cannot use now (and, when holding reactive CDs, whose CD is not worth keeping). */
function useless(g: OwamGame, f: number, c: number, p: PolicyParams): boolean {
  const cd = g.cat.cd[c];
  if (p.holdReactive && (cd === CD.fubar || cd === CD.evade || cd === CD.chain_of_command)) return false;
  if (g.cat.terrain[c] >= 0) return true;
  const so = g.cat.so[c];
  if (so === SO_ENTRENCH) return !p.digIn || g.entrench[g.fCell[f]] === 1;
  if (so === SO_RALLY) return suppressedIn(g, f) === 0;
  // Attack orders with nobody to shoot: keep two for later, cycle the rest to find Maneuvers.
  if (so === SO_ATTACK) return bestEnemy(g, f, 1) < 0 && countSo(g, g.sideOfFt(f), SO_ATTACK) > 2;
  return false;
}

function countSo(g: OwamGame, side: number, so: number): number {
  let n = 0;
  for (let i = 0; i < g.handN[g.player(side)]; i++) if (g.cat.so[handCard(g, side, i)] === so) n++;
  return n;
}

/** The least useful hand card (a Terrain card, else an Entrench order, else the last). */
export function spareCard(g: OwamGame, side: number): number {
  for (let i = 0; i < g.handN[g.player(side)]; i++) if (g.cat.terrain[handCard(g, side, i)] >= 0) return i;
  for (let i = 0; i < g.handN[g.player(side)]; i++) if (g.cat.so[handCard(g, side, i)] === SO_ENTRENCH) return i;
  return g.handN[g.player(side)] - 1;
}

/** §4.5: the adjacent card scoring best (closer to the goal, cover, exposure); −1 to stay. */
export function bestMove(g: OwamGame, f: number, p: PolicyParams): number {
  const side = g.sideOfFt(f), here = g.fCell[f], goal = goalCell(g, f);
  cellScore(g, f, here, goal, p);
  let best = -1, bv = CELL[0] + 0.25;
  for (let c = 0; c < g.cells; c++) {
    if (!adjacent(g, here, c) || !canMoveTo(g, f, c)) continue;
    const e = ftAt(g, 1 - side, c);
    if (e >= 0 && fitCount(g, f) < p.assaultRatio * fitCount(g, e)) continue; // §4.12: no hopeless assaults
    cellScore(g, f, c, goal, p);
    const v = CELL[0] + (e >= 0 ? 2 : 0);
    if (v > bv) { bv = v; best = c; }
  }
  return best;
}

/** cellScore's result (a returned double is boxed when the call is not inlined). */
const CELL = new Float64Array(1);

/** The worth of card c for FT f on its way to `goal` into CELL[0]. */
function cellScore(g: OwamGame, f: number, c: number, goal: number, p: PolicyParams): void {
  const side = g.sideOfFt(f);
  let v = p.coverWeight * cover(g, c) - p.exposureWeight * exposure(g, side, c);
  if (goal >= 0) v -= p.approachWeight * range(g, c, goal);
  CELL[0] = v;
}
