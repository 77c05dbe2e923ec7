/**
 * The scripted players (aggressive, cautious; policy/knobs.ts) answering rules/decisions.ts:
 * deployment, activation order, each unit's Move and Action, Reactions (digest §4).
 */
import { COVER, IMPASSABLE } from '../../../geometry/flags.ts';
import { isTroop, T_DRONE } from '../data/catalogue.ts';
import { canAct, canMove, doAttack, doControlDrone, doEwScan, doInitiativeSignal, doMainEffort, doMove, doRevive, doSignalTarget, pledgeCrew } from '../rules/actions.ts';
import { canSee, inCover } from '../rules/sight.ts';
import { ACTIVE, CASUALTY, type SkillGame } from '../rules/state.ts';
import { CMD_INITIATIVE, CMD_MAIN_EFFORT, type PolicyParams } from './knobs.ts';
import { deploySlot, rankOfKind, SLOT_ONE } from '../../../dice.ts';
import { BEST, BEST_V, bestAttackFF, EVAL, exposure, fillTargets, gapInto } from './eval.ts';

/**
 * §4.1: a line across the deployment zone, `deploy_spread` of the width, crews beside their
 * gunner. Each leader stands at its own deploySlot (its type and its rank among that type,
 * from one per-game draw: no unit's place depends on another type's units). Side 1 deploys as
 * the 180° rotation of side 0 about the table's centre (the shipped table is point-symmetric),
 * so a mirror match is seat-fair by construction.
 */
export function deployLine(g: SkillGame, side: number, P: PolicyParams): void {
  const s = g.scn, T = g.table, f0 = s.first[side], n = s.count[side];
  const depth = s.rules.deploy_depth_in, W = T.width, H = T.height;
  const base = g.prng.below(SLOT_ONE);
  for (let i = 0; i < n; i++) {
    const u = f0 + i;
    if (s.uCrewOf[u] >= 0) continue;
    const x = W / 2 + (deploySlot(base, s.uType[u], rankOfKind(s.uType, f0, u)) / SLOT_ONE - 0.5) * P.deploySpread * (W - 4);
    PLACE[0] = side === 0 ? x : W - x; PLACE[1] = side === 0 ? depth * 0.6 : H - depth * 0.6;
    placeAt(g, u);
  }
  for (let i = 0; i < n; i++) {
    const u = f0 + i, gun = s.uCrewOf[u];
    if (gun < 0) continue;
    let k = 0; // u's rank among its gun's crew
    for (let v = f0; v < u; v++) if (s.uCrewOf[v] === gun) k++;
    const dx = 1.1 * (1 + (k % 2)) * (k % 4 < 2 ? 1 : -1);
    PLACE[0] = T.px[gun] + (side === 0 ? dx : -dx); PLACE[1] = T.py[gun] + (side === 0 ? -1.1 : 1.1);
    placeAt(g, u);
  }
}

/** Puts u at (x, y) clamped into the table, nudged out of impassable pieces. */
export function place(g: SkillGame, u: number, x: number, y: number): void {
  PLACE[0] = x; PLACE[1] = y;
  placeAt(g, u);
}

/** place's point (double arguments are boxed on every call V8 does not inline: every unit, every game). */
export const PLACE = new Float64Array(2);

/** place at (PLACE[0], PLACE[1]). */
export function placeAt(g: SkillGame, u: number): void {
  const T = g.table, r = T.baseRadius;
  let x = PLACE[0];
  const y = PLACE[1];
  for (let tries = 0; tries < 16; tries++) {
    const cx = x < r ? r : x > T.width - r ? T.width - r : x, cy = y < r ? r : y > T.height - r ? T.height - r : y;
    T.q[0] = cx;
    T.q[1] = cy;
    let bad = false;
    for (let p = 0; p < T.polygonCount && !bad; p++) if ((T.pFlags[p] & IMPASSABLE) !== 0 && T.insideQ(p)) bad = true;
    if (!bad) { T.px[u] = cx; T.py[u] = cy; return; } // T.setPoint, written out
    x += g.scn.side[u] === 0 ? 1.5 : -1.5; // side 1 nudges the mirrored way (its deployment is the 180° rotation)
  }
  T.px[u] = x; T.py[u] = y;
}

/** §4.2: commander first (Main Effort before the shooters), EW, gunners, the rest, crews, medics last. */
export function orderUnits(g: SkillGame, side: number): void {
  const s = g.scn, f0 = s.first[side], n = s.count[side];
  g.orderLen = 0;
  for (let i = 0; i < n; i++) {
    const u = f0 + i;
    const key = s.uCommander[u] ? 0 : s.uEw[u] ? 1 : s.uControls[u] >= 0 ? 1 : s.uMedic[u] ? 5 : s.uCrewOf[u] >= 0 ? 4 : isGunner(g, u) ? 2 : 3;
    let j = g.orderLen++;
    while (j > 0 && g.candScore[j - 1] > key) { g.order[j] = g.order[j - 1]; g.candScore[j] = g.candScore[j - 1]; j--; }
    g.order[j] = u;
    g.candScore[j] = key;
  }
}

function isGunner(g: SkillGame, u: number): boolean {
  const s = g.scn;
  for (let c = 0; c < g.n; c++) if (s.uCrewOf[c] === u) return true;
  return false;
}

/** §4.6: the subordinate with the best attack now, if any is worth it (−1 otherwise). */
function mainEffortPick(g: SkillGame, c: number, P: PolicyParams): number {
  const s = g.scn, f0 = s.first[s.side[c]], f1 = f0 + s.count[s.side[c]];
  let best = -1, bv = 0;
  for (let u = f0; u < f1; u++) {
    if (u === c || g.status[u] !== ACTIVE || g.activated[u] !== 0 || g.revivedRound[u] === g.round || s.uType[u] === T_DRONE) continue;
    gapInto(g, c, u); // g.gap through EVAL[4] here and below: a returned double boxes
    if (EVAL[4] > g.moveNow[c] && (s.uRadio[c] === 0 || s.uRadio[u] === 0)) continue;
    EVAL[3] = P.friendlyFireRatio;
    bestAttackFF(g, u, false, P.crewAssist);
    if (BEST_V[0] > bv) { bv = BEST_V[0]; best = u; }
  }
  return bv >= 1 ? best : -1;
}

/** Fires a's best attack if it clears the policy's bar; true if it attacked. */
export function fireBest(g: SkillGame, a: number, P: PolicyParams): boolean {
  if (!canAct(g, a)) return false;
  EVAL[3] = P.friendlyFireRatio;
  bestAttackFF(g, a, true, P.crewAssist);
  if (BEST[1] < 0 || BEST_V[1] < P.minKillChance) return false;
  const w = BEST[0], t = BEST[1];
  if (P.crewAssist && g.scn.wCrew[w] > 1) pledgeCrew(g, a);
  const k = fillTargets(g, a, w, t);
  return doAttack(g, a, w, k);
}

/** Nearest objective to u not held solely by u's side (by centre distance); −1 none. */
function nearestObjective(g: SkillGame, u: number): number {
  const s = g.scn, T = g.table;
  let best = -1, bd = Infinity;
  for (let o = 0; o < s.objX.length; o++) {
    const dx = s.objX[o] - T.px[u], dy = s.objY[o] - T.py[u], d = dx * dx + dy * dy;
    if (d < bd) { bd = d; best = o; }
  }
  return best;
}

function nearestEnemy(g: SkillGame, u: number): number {
  const s = g.scn, o = 1 - s.side[u], f0 = s.first[o], f1 = f0 + s.count[o];
  let best = -1, bd = Infinity;
  for (let e = f0; e < f1; e++) {
    if (g.status[e] !== ACTIVE) continue;
    const T = g.table, dx = T.px[e] - T.px[u], dy = T.py[e] - T.py[u], d = Math.sqrt(dx * dx + dy * dy); // T.dist(u, e): written out here and below, a returned double boxes
    if (d < bd) { bd = d; best = e; }
  }
  return best;
}

/** Friends in play within 3" of point slot q, u's own gunner and crew aside. */
function crowding(g: SkillGame, u: number, q: number): number {
  const s = g.scn, side = s.side[u], f0 = s.first[side], f1 = f0 + s.count[side];
  let k = 0;
  for (let f = f0; f < f1; f++) {
    if (f === u || g.status[f] !== ACTIVE || s.uCrewOf[f] === u || s.uCrewOf[u] === f || s.uType[f] === T_DRONE) continue;
    const T = g.table, dx = T.px[q] - T.px[f], dy = T.py[q] - T.py[f];
    if (Math.sqrt(dx * dx + dy * dy) <= 4) k++;
  }
  return k;
}

/** scorePoint's result: a returned double, or double arguments, would be boxed on every call. */
const SCORE = new Float64Array(1);

/** Scores ending u's move (from where it stands) at point slot SLOT_TMP, into SCORE[0] (policy weights). */
function scorePoint(g: SkillGame, u: number, P: PolicyParams, obj: number, foe: number): void {
  const s = g.scn, T = g.table, q = g.SLOT_TMP, x0 = T.px[u], y0 = T.py[u];
  let v = 0;
  if (obj >= 0) {
    const ax = s.objX[obj] - x0, ay = s.objY[obj] - y0, bx = s.objX[obj] - T.px[q], by = s.objY[obj] - T.py[q];
    const d0 = Math.sqrt(ax * ax + ay * ay), d1 = Math.sqrt(bx * bx + by * by); // Math.hypot allocates (a heap number per call)
    v += P.objectiveWeight * (d0 - d1);
  }
  if (foe >= 0) {
    const fx = T.px[foe] - x0, fy = T.py[foe] - y0;
    const gx = T.px[q] - T.px[foe], gy = T.py[q] - T.py[foe];
    const d0 = Math.sqrt(fx * fx + fy * fy), d1 = Math.sqrt(gx * gx + gy * gy);
    v += P.advanceWeight * (d1 > 6 ? d0 - d1 : 0);
  }
  if (inCover(g, q)) v += P.coverWeight;
  exposure(g, u, q);
  v -= P.exposureWeight * EVAL[2];
  if (P.spacingWeight > 0) v -= P.spacingWeight * crowding(g, u, q);
  // Expected attack value from there (u stands at q for the estimate).
  const ux = T.px[u], uy = T.py[u];
  T.px[u] = T.px[q]; T.py[u] = T.py[q]; // T.setPoint written out: double arguments box when a call is not inlined
  EVAL[3] = P.friendlyFireRatio;
  bestAttackFF(g, u, false, false);
  v += (P.attackWeight / 10) * BEST_V[0];
  T.px[u] = ux; T.py[u] = uy;
  SCORE[0] = v;
}

/** §4.3: picks u's move destination among a few candidates into SLOT_DEST; false to stay. */
export function chooseMove(g: SkillGame, u: number, P: PolicyParams): boolean {
  const s = g.scn, T = g.table, q = g.SLOT_TMP, m = g.moveNow[u];
  const x0 = T.px[u], y0 = T.py[u];
  const obj = nearestObjective(g, u), foe = nearestEnemy(g, u);
  T.px[q] = x0; T.py[q] = y0; // T.setPoint written out here and below (double arguments)
  scorePoint(g, u, P, obj, foe);
  let best = SCORE[0] + 0.01, found = false;
  // Candidates: toward the objective, the nearest enemy, each cover piece, and two flanks.
  for (let c = 0; c < 5 + T.polygonCount; c++) {
    let tx: number, ty: number;
    if (c === 0) { if (obj < 0) continue; tx = s.objX[obj]; ty = s.objY[obj]; }
    else if (c <= 3) {
      if (foe < 0) continue;
      const dx = T.px[foe] - x0, dy = T.py[foe] - y0, L = Math.sqrt(dx * dx + dy * dy) || 1;
      const side = c === 1 ? 0 : c === 2 ? 1 : -1;
      tx = x0 + (dx - side * dy) / L * m; ty = y0 + (dy + side * dx) / L * m;
    } else if (c === 4) continue;
    else {
      const p = c - 5;
      if ((T.pFlags[p] & COVER) === 0) continue;
      tx = (T.bx0[p] + T.bx1[p]) / 2; ty = (T.by0[p] + T.by1[p]) / 2;
    }
    const dx = tx - x0, dy = ty - y0, L = Math.sqrt(dx * dx + dy * dy);
    if (L < 0.5) continue;
    const k = L > m ? m / L : 1;
    T.px[q] = x0 + k * dx; T.py[q] = y0 + k * dy;
    if (T.px[q] < 0.5 || T.py[q] < 0.5 || T.px[q] > T.width - 0.5 || T.py[q] > T.height - 0.5) continue;
    scorePoint(g, u, P, obj, foe);
    const v = SCORE[0];
    if (v > best) {
      best = v;
      found = true;
      T.px[g.SLOT_DEST] = T.px[q]; T.py[g.SLOT_DEST] = T.py[q];
    }
  }
  return found;
}

/** §4.7: the medic's nearest friendly casualty within reach this turn (−1 none). */
function casualtyInReach(g: SkillGame, m: number): number {
  const s = g.scn, f0 = s.first[s.side[m]], f1 = f0 + s.count[s.side[m]];
  let best = -1, bd = g.moveNow[m] + s.rules.touch_in;
  for (let t = f0; t < f1; t++) {
    if (g.status[t] !== CASUALTY) continue;
    gapInto(g, m, t);
    const d = EVAL[4];
    if (d <= bd) { bd = d; best = t; }
  }
  return best;
}

/** §4.3: one unit's activation. */
export function activateScripted(g: SkillGame, u: number, P: PolicyParams): void {
  const s = g.scn;
  if (s.uType[u] === T_DRONE) return droneTurn(g, u);
  if (s.uCommander[u] === 1 && P.command !== 2) {
    const pick = P.command === CMD_MAIN_EFFORT ? mainEffortPick(g, u, P) : -1;
    if (pick >= 0) doMainEffort(g, u, pick);
    else if (P.command === CMD_INITIATIVE || s.uRadio[u] === 1) doInitiativeSignal(g, u);
  }
  if (s.uControls[u] >= 0 && g.status[s.uControls[u]] === ACTIVE && hasIndirect(g, s.side[u])) doControlDrone(g, u);
  if (s.uEw[u] === 1 && canAct(g, u) && hasIndirect(g, s.side[u]) && enemySignals(g, s.side[u])) doEwScan(g, u);
  if (s.uMedic[u] === 1 && canAct(g, u)) {
    const t = casualtyInReach(g, u);
    if (t >= 0) {
      gapInto(g, u, t);
      if (EVAL[4] > s.rules.touch_in) {
        doMoveNear(g, u, t);
      }
      if (doRevive(g, u, t)) return;
    }
  }
  const gun = s.uCrewOf[u];
  if (gun >= 0 && g.status[gun] === ACTIVE) {
    // A crew member keeps up with its gunner and holds its Action for the next pledge (item 12).
    gapInto(g, u, gun);
    if (EVAL[4] > s.rules.crew_radius_in) doMoveNear(g, u, gun);
    if (g.activated[gun] !== 0 || !P.crewAssist) fireBest(g, u, P);
    return;
  }
  // Fire first when this spot is at least as good for shooting as the best move's.
  EVAL[3] = P.friendlyFireRatio;
  bestAttackFF(g, u, false, P.crewAssist);
  const here = BEST_V[0];
  const moving = canMove(g, u) && chooseMove(g, u, P);
  if (here > 0 && fireBest(g, u, P)) {
    if (moving && g.status[u] === ACTIVE) doMove(g, u);
    return;
  }
  if (moving) doMove(g, u);
  if (g.status[u] !== ACTIVE) return;
  if (fireBest(g, u, P)) return;
  if (s.uRadio[u] === 1 && canAct(g, u) && hasIndirect(g, s.side[u]) && signalBest(g, u)) return;
  if (P.doubleMove && isTroop(s.uType[u]) && canMove(g, u) && chooseMove(g, u, P)) doMove(g, u);
}

/** Moves u to touch unit t (its own Move, or a second one). */
function doMoveNear(g: SkillGame, u: number, t: number): void {
  const T = g.table;
  T.setPoint(g.SLOT_DEST, T.px[t], T.py[t]);
  if (canMove(g, u) && g.moves[u] === 0) {
    g.arrive = 2 * T.baseRadius + 0.5;
    doMove(g, u);
    g.arrive = 0;
  }
}

/** Does `side` have an indirect-fire weapon in play (worth passing targets to)? */
export function hasIndirect(g: SkillGame, side: number): boolean {
  const s = g.scn, f0 = s.first[side], f1 = f0 + s.count[side];
  for (let u = f0; u < f1; u++) {
    if (g.status[u] !== ACTIVE) continue;
    for (let k = 0; k < 3; k++) { const w = s.uWeapons[u * 3 + k]; if (w >= 0 && s.wIndirect[w] === 1) return true; }
  }
  return false;
}

function enemySignals(g: SkillGame, side: number): boolean {
  const s = g.scn, o = 1 - side, f0 = s.first[o], f1 = f0 + s.count[o];
  for (let t = f0; t < f1; t++) if (g.status[t] === ACTIVE && g.signal[t] === 1 && g.passed[side * g.n + t] === 0) return true;
  return false;
}

/** §4.3: Signal the most valuable visible enemy not yet passed (items 26–27). */
export function signalBest(g: SkillGame, o: number): boolean {
  const s = g.scn, side = s.side[o], e = 1 - side, f0 = s.first[e], f1 = f0 + s.count[e];
  let best = -1, bv = 0;
  for (let t = f0; t < f1; t++) {
    if (g.status[t] !== ACTIVE || g.passed[side * g.n + t] !== 0 || s.uCost[t] <= bv || !canSee(g, o, t)) continue;
    best = t;
    bv = s.uCost[t];
  }
  return best >= 0 && doSignalTarget(g, o, best);
}

/** §4.8: the drone flies toward the nearest enemy (staying 12" off) and Signals what it sees. */
function droneTurn(g: SkillGame, d: number): void {
  const T = g.table, foe = nearestEnemy(g, d);
  if (foe >= 0 && T.dist(d, foe) > 14) {
    const dx = T.px[foe] - T.px[d], dy = T.py[foe] - T.py[d], L = Math.sqrt(dx * dx + dy * dy);
    T.setPoint(g.SLOT_DEST, T.px[foe] - (dx / L) * 12, T.py[foe] - (dy / L) * 12);
    doMove(g, d);
  }
  if (g.status[d] === ACTIVE) signalBest(g, d);
}

/** §4.5: react to `actor`'s step by firing at the best target in reach, if worth it. */
export function reactScripted(g: SkillGame, r: number, actor: number, P: PolicyParams): boolean {
  if (!P.react) return false;
  return fireBest(g, r, P);
}
