/**
 * The scripted players `aggressive` and `cautious` (one procedure, weights from
 * policy/knobs.ts) answering every decision of digest §4 (rules/decisions.ts).
 */
import { MAX_SLOTS } from '../data/roster.ts';
import { ADVANCE, AMBUSH, COVER_NONE, DOWN, FIRE, MV_ARTILLERY, RALLY, RANK_RANGE, RUN, T_BUILDING } from '../data/tables.ts';
import { W_FLAGS, TEAM, WEAPON_IDS } from '../data/weapons.ts';
import { friendlyFireTarget } from '../rules/actions.ts';
import { canAssault } from '../rules/assault.ts';
import { MOVE, moveRate, planMoveTo } from '../rules/movement.ts';
import { buildingOf, RANGE, rangeInto } from '../rules/sight.ts';
import { canShoot } from '../rules/shooting.ts';
import type { PlatoonGame } from '../rules/state.ts';
import { casualtiesInto, EV, pointsInto } from './eval.ts';
import { clearSpotQ } from './deploy.ts';
import { TGT_NEAREST, type PolicyParams } from './knobs.ts';

const pol = (g: PlatoonGame, u: number): PolicyParams => g.scn.policies[g.scn.side[u]];

/** The nearest living enemy of u, or −1. */
export function nearestEnemy(g: PlatoonGame, u: number): number {
  const s = g.scn.side[u];
  let best = -1, bd = Infinity;
  for (let v = 0; v < g.n; v++) {
    if (g.alive[v] === 0 || g.scn.side[v] === s) continue;
    const dx = g.x[v] - g.x[u], dy = g.y[v] - g.y[u], d = dx * dx + dy * dy;
    if (d < bd) { bd = d; best = v; }
  }
  return best;
}

/** §4.6: the best target from where u stands: most expected points (or nearest), −1 if none. */
export function bestTarget(g: PlatoonGame, u: number, moving: boolean): number {
  const s = g.scn.side[u], p = pol(g, u);
  let best = -1, bv = 0;
  for (let t = 0; t < g.n; t++) {
    if (g.alive[t] === 0 || g.scn.side[t] === s) continue;
    pointsInto(g, u, t, moving);
    let v = EV[1];
    if (v <= 0) continue;
    if (p.targetRule === TGT_NEAREST) { rangeInto(g, u, t); v = 1000 - RANGE[0]; }
    if (v > bv) { bv = v; best = t; }
  }
  return best;
}

/*
 * Doubles go back and forth through EV, g.tmp, MOVE and table.q, and positions through
 * unit indices: a double argument or result is boxed on every call V8 does not inline, and
 * these run for every unit at every activation (docs/gc-audit.md).
 */

/** The expected points of u's best shot into EV[1] (0 when it has none). */
function bestValue(g: PlatoonGame, u: number, moving: boolean): void {
  const t = bestTarget(g, u, moving);
  if (t < 0) { EV[1] = 0; return; }
  pointsInto(g, u, t, moving);
}

/** Cover class of the piece holding the point table.q (buildings count as hard), for choosing where to stop. */
function coverAtQ(g: PlatoonGame): number {
  let c = COVER_NONE;
  for (let p = 0; p < g.table.polygonCount; p++) {
    const pc = g.category[p] === T_BUILDING ? 2 : g.pieces.cover[p];
    if (pc > c && g.table.insideQ(p)) c = pc;
  }
  return c;
}

/**
 * §4.5: where u should move on an Advance (or Run): toward its nearest enemy until
 * `advance_to_in` away, or to the nearest reachable cover piece (the best-scored spot);
 * writes g.planX/Y.
 */
export function chooseMove(g: PlatoonGame, u: number, run: boolean): void {
  const p = pol(g, u), e = nearestEnemy(g, u);
  g.planX = g.x[u]; g.planY = g.y[u]; g.planTarget = -1;
  if (e < 0) return;
  const ux = g.x[u], uy = g.y[u];
  const dx = g.x[e] - ux, dy = g.y[e] - uy, dist = Math.sqrt(dx * dx + dy * dy) || 1;
  let goal = run ? 0 : p.advanceToIn;
  if (g.isVehicle(u) && goal < p.vehicleStandOffIn) goal = p.vehicleStandOffIn;
  let bestScore = -1e9;
  // Officers keep to the middle of their platoon (their orders and morale bonus reach 6–12"),
  // in the cover piece nearest to it when there is one within their range of it.
  if (g.scn.rank[u] > 0 && friendsCentre(g, u)) {
    g.planX = g.tmp[4]; g.planY = g.tmp[5];
    nearestCover(g, u, true);
    return;
  }
  // Candidate 0: straight toward the enemy, stopping `goal` short. Candidates 1..: cover pieces' centres.
  for (let c = -1; c < g.table.polygonCount; c++) {
    let tx: number, ty: number;
    if (c < 0) {
      const go = dist - goal;
      tx = ux + (dx / dist) * (go > 0 ? go : 0);
      ty = uy + (dy / dist) * (go > 0 ? go : 0);
    } else {
      if (p.coverWeight === 0 || (g.pieces.cover[c] === COVER_NONE && g.category[c] !== T_BUILDING)) continue;
      const T = g.table;
      tx = (T.bx0[c] + T.bx1[c]) / 2; ty = (T.by0[c] + T.by1[c]) / 2;
      const mx = tx - ux, my = ty - uy;
      if (mx * mx + my * my > moveRate(g, u, run) * moveRate(g, u, run) * 1.2) continue;
    }
    MOVE[0] = tx; MOVE[1] = ty;
    planMoveTo(g, u, run);
    const moved = MOVE[2];
    if (moved < 0.01 && c >= 0) continue;
    const ex = g.tmp[2], ey = g.tmp[3];
    const ddx = g.x[e] - ex, ddy = g.y[e] - ey, after = Math.sqrt(ddx * ddx + ddy * ddy);
    g.table.q[0] = ex; g.table.q[1] = ey;
    const score = -Math.abs(after - goal) * 0.3 + p.coverWeight * coverAtQ(g) + (moved < 0.01 ? -2 : 0);
    if (score > bestScore) { bestScore = score; g.planX = tx; g.planY = ty; }
  }
}

/** The centre of u's living friends (not officers) into g.tmp[4..5]; false when there are none. */
function friendsCentre(g: PlatoonGame, u: number): boolean {
  const s = g.scn.side[u];
  let n = 0, sx = 0, sy = 0;
  for (let v = 0; v < g.n; v++) {
    if (v === u || g.alive[v] === 0 || g.scn.side[v] !== s || g.scn.rank[v] > 0) continue;
    n++; sx += g.x[v]; sy += g.y[v];
  }
  if (n === 0) return false;
  g.tmp[4] = sx / n; g.tmp[5] = sy / n;
  return true;
}

/** Expected points from u's best shot after an Advance to (planX, planY) into EV[1] (u is put back). */
function valueAfterAdvance(g: PlatoonGame, u: number): void {
  MOVE[0] = g.planX; MOVE[1] = g.planY;
  planMoveTo(g, u, false);
  const ox = g.x[u], oy = g.y[u], ob = g.inBuilding[u];
  g.x[u] = g.tmp[2]; g.y[u] = g.tmp[3]; g.posVer[u]++; // setPos, written out
  bestValue(g, u, true);
  g.x[u] = ox; g.y[u] = oy; g.posVer[u]++;
  g.inBuilding[u] = ob;
}

/**
 * §4.3, §4.10, §4.12: unit u's preferred order with its plan (g.planX/Y/Target); returns
 * the order and leaves its expected worth in g.tmp[7].
 */
export function preferredOrder(g: PlatoonGame, u: number): number {
  const p = pol(g, u), scn = g.scn;
  g.planX = g.x[u]; g.planY = g.y[u]; g.planTarget = -1;
  if (g.pins[u] >= p.rallyPins) { g.tmp[7] = g.pins[u]; return RALLY; }
  // Assault (infantry): the best target within Run reach whose odds beat the threshold.
  const run = moveRate(g, u, true);
  if (!g.isVehicle(u) && run > 0 && scn.moveClass[u] !== MV_ARTILLERY && scn.rank[u] === 0 && (W_FLAGS[scn.slotWeapon[u * MAX_SLOTS]] & TEAM) === 0) {
    let best = -1, bv = 0;
    for (let t = 0; t < g.n; t++) {
      if (!canAssault(g, u, t, run)) continue;
      // R19 odds: expected casualties u deals in close quarters vs what t deals back (roughly).
      // Written here: as a helper, called only with an assault in reach, it stayed in the
      // interpreter and boxed its doubles.
      let o: number;
      if (g.isVehicle(t)) o = scn.slotWeapon[u * MAX_SLOTS] >= 0 && g.panzerfausts[u] > 0 ? 2 : 0;
      else {
        const dvT = 3 + scn.quality[t], dvU = 3 + scn.quality[u];
        const mine = g.models[u] * (7 - dvT) / 6, theirs = g.models[t] * (7 - dvU) / 6 * (g.inBuilding[t] >= 0 ? 1.5 : 1);
        o = theirs <= 0 ? 99 : mine / theirs;
      }
      if (o >= p.assaultOdds && scn.cost[t] * o > bv) { bv = scn.cost[t] * o; best = t; }
    }
    if (best >= 0) { g.planTarget = best; g.tmp[7] = bv; return RUN; }
  }
  bestValue(g, u, false);
  const fire = EV[1];
  const canMove = moveRate(g, u, false) > 0;
  let adv = 0;
  // A shot worth three times the threshold is taken without weighing an Advance (saves the look-ahead).
  if (canMove && fire < 3 * p.fireThreshold) { chooseMove(g, u, false); valueAfterAdvance(g, u); adv = EV[1]; }
  if (fire >= p.fireThreshold && fire >= adv) { g.tmp[7] = fire; return FIRE; }
  if (adv > 0) { g.tmp[7] = adv; return ADVANCE; }
  if (p.ambushWhenIdle && nearestEnemyWithin(g, u, 30)) { g.tmp[7] = 0.2; return AMBUSH; }
  if (canMove) {
    chooseMove(g, u, run > 0);
    g.tmp[7] = 0.1;
    return run > 0 ? RUN : ADVANCE;
  }
  g.tmp[7] = 0;
  return fire > 0 ? FIRE : DOWN;
}

function nearestEnemyWithin(g: PlatoonGame, u: number, d: number): boolean {
  const e = nearestEnemy(g, u);
  if (e < 0) return false;
  rangeInto(g, u, e);
  return RANGE[0] <= d;
}

/** §4.3: the unit to order: the best-valued preferred order; an officer first when friends wait in his range. */
export function scriptedActivate(g: PlatoonGame, side: number): void {
  let bestU = -1, bestV = -Infinity;
  for (let u = 0; u < g.n; u++) {
    if (g.alive[u] === 0 || g.dieInBag[u] === 0 || g.scn.side[u] !== side) continue;
    let v: number;
    if (g.mustLeave[u] === 1) { v = 1e6; g.memoOrder[u] = RUN; }
    else {
      g.memoOrder[u] = preferredOrder(g, u);
      v = g.tmp[7];
      if (g.scn.rank[u] > 0) v += 5 * friendsWaiting(g, u);
    }
    g.memoX[u] = g.planX; g.memoY[u] = g.planY; g.memoTarget[u] = g.planTarget;
    if (v > bestV) { bestV = v; bestU = u; }
  }
  g.planUnit = bestU;
  g.planOrder = g.memoOrder[bestU];
  g.planX = g.memoX[bestU]; g.planY = g.memoY[bestU]; g.planTarget = g.memoTarget[bestU];
  if (g.scn.rank[bestU] > 0 && g.mustLeave[bestU] === 0 && friendsWaiting(g, bestU) > 0) officerOrder(g, bestU);
}

/** Unordered friends within officer o's range. */
function friendsWaiting(g: PlatoonGame, o: number): number {
  const R = RANK_RANGE[g.scn.rank[o]], s = g.scn.side[o];
  let n = 0;
  for (let v = 0; v < g.n; v++) {
    if (v === o || g.alive[v] === 0 || g.dieInBag[v] === 0 || g.scn.side[v] !== s) continue;
    const dx = g.x[v] - g.x[o], dy = g.y[v] - g.y[o];
    if (dx * dx + dy * dy <= R * R) n++;
  }
  return n;
}

/** R4: an officer takes the order most friends in range prefer (ties: Fire, Advance, Run); his own plan for it. */
function officerOrder(g: PlatoonGame, o: number): void {
  const R = RANK_RANGE[g.scn.rank[o]], s = g.scn.side[o];
  let fire = 0, adv = 0, run = 0;
  for (let v = 0; v < g.n; v++) {
    if (v === o || g.alive[v] === 0 || g.dieInBag[v] === 0 || g.scn.side[v] !== s) continue;
    const dx = g.x[v] - g.x[o], dy = g.y[v] - g.y[o];
    if (dx * dx + dy * dy > R * R) continue;
    const ord = preferredOrder(g, v);
    if (ord === FIRE) fire++; else if (ord === ADVANCE) adv++; else if (ord === RUN && g.planTarget < 0) run++;
  }
  const order = fire >= adv && fire >= run ? FIRE : adv >= run ? ADVANCE : RUN;
  g.planUnit = o;
  g.planOrder = order;
  planFor(g, o, order);
}

/** §4.4: units in range whose own preferred order is the officer's, best first (up to max). */
export function scriptedOfficerOrders(g: PlatoonGame, o: number, order: number, max: number): void {
  const R = RANK_RANGE[g.scn.rank[o]], s = g.scn.side[o];
  g.listLen = 0;
  for (let v = 0; v < g.n && g.listLen < max; v++) {
    if (v === o || g.alive[v] === 0 || g.dieInBag[v] === 0 || g.scn.side[v] !== s || g.mustLeave[v] === 1) continue;
    const dx = g.x[v] - g.x[o], dy = g.y[v] - g.y[o];
    if (dx * dx + dy * dy > R * R) continue;
    const ord = preferredOrder(g, v);
    if (ord === order && !(ord === RUN && g.planTarget >= 0)) g.list[g.listLen++] = v;
  }
}

/** §4.5: the plan for unit u carrying out `order` (officer's extra orders). */
export function planFor(g: PlatoonGame, u: number, order: number): void {
  g.planX = g.x[u]; g.planY = g.y[u]; g.planTarget = -1;
  if (order === ADVANCE) chooseMove(g, u, false);
  else if (order === RUN) chooseMove(g, u, true);
}

/** §4.10 (R19): regroup into the nearest cover within reach when standing in the open. */
export function scriptedRegroup(g: PlatoonGame, u: number): boolean {
  return nearestCover(g, u, false);
}

/**
 * The centre of the cover piece (or building) into g.planX/Y, true if one was found:
 * for an officer (§4.5) the one nearest his platoon's centre (g.tmp[4..5]), strictly within
 * his range of it, on a spot he may stand on; for a regroup (§4.10) the one nearest u within
 * `regroup_in` (ties: the later piece), none when u already stands in cover. One helper for
 * both: a regroup comes about once in a hundred games, too rarely for V8 to optimise its
 * own code, and interpreted code boxes every double (~27 B/game); the officer's is hot.
 */
function nearestCover(g: PlatoonGame, u: number, officer: boolean): boolean {
  const T = g.table;
  let rx: number, ry: number, bd: number;
  if (officer) {
    const R = RANK_RANGE[g.scn.rank[u]];
    rx = g.tmp[4]; ry = g.tmp[5];
    bd = pol(g, u).coverWeight > 0 ? R * R : -1;
  } else {
    rx = g.x[u]; ry = g.y[u];
    T.q[0] = rx; T.q[1] = ry;
    if (coverAtQ(g) > 0) return false;
    const reach = g.scn.rules.regroup_in;
    bd = reach * reach;
  }
  let found = false;
  for (let c = 0; c < T.polygonCount; c++) {
    if (g.pieces.cover[c] === COVER_NONE && g.category[c] !== T_BUILDING) continue;
    const px = (T.bx0[c] + T.bx1[c]) / 2, py = (T.by0[c] + T.by1[c]) / 2, d = (px - rx) * (px - rx) + (py - ry) * (py - ry);
    if (officer) {
      if (d >= bd) continue;
      T.q[0] = px; T.q[1] = py;
      if (!clearSpotQ(g, u)) continue;
    } else if (d > bd) continue;
    bd = d; g.planX = px; g.planY = py; found = true;
  }
  return found;
}

/** §4.6 and R25: a target for u; with `friendly`, the opponent's pick among u's own side. */
export function scriptedTarget(g: PlatoonGame, u: number, friendly: boolean): number {
  if (!friendly) return bestTarget(g, u, g.order[u] === ADVANCE);
  let best = -1, bv = -1;
  for (let t = 0; t < g.n; t++) {
    if (!friendlyFireTarget(g, u, t)) continue;
    pointsInto(g, u, t, false);
    const v = EV[1];
    if (v > bv) { bv = v; best = t; }
  }
  return best;
}

/**
 * §4.7: go Down when the expected loss reaches the policy's threshold. Never a vehicle: Down's
 * −2 to be hit is for infantry and artillery only (item 27), so a vehicle would spend its order
 * die for nothing (issue 29: the tuned preset's threshold 0 cost each tank ~40% of its turns).
 */
export function scriptedReactToShot(g: PlatoonGame, t: number, shooter: number): boolean {
  if (g.isVehicle(t)) return false;
  casualtiesInto(g, shooter, t, g.order[shooter] === ADVANCE);
  return EV[0] >= pol(g, t).reactDownLoss;
}

/** §4.7: fire back at an assaulting unit when it can, else go Down if the threat is big. */
export function scriptedReactToAssault(g: PlatoonGame, t: number, a: number): number {
  if (canShoot(g, t, a, false)) return 1;
  return g.models[a] >= 2 * g.models[t] ? 2 : 0;
}

/** §4.8: fire at the sampled point where the expected loss of the mover is greatest (ties: the earliest). */
export function scriptedAmbushPoint(g: PlatoonGame, a: number, m: number, n: number): number {
  const ox = g.x[m], oy = g.y[m], ob = g.inBuilding[m];
  let best = -1, bv = 0;
  for (let k = 0; k < n; k++) {
    g.x[m] = g.sampleX[k]; g.y[m] = g.sampleY[k]; g.posVer[m]++; // setPos, written out
    g.inBuilding[m] = g.isVehicle(m) ? -1 : buildingOf(g, m);
    pointsInto(g, a, m, false);
    const v = EV[1];
    if (v > bv + 1e-9) { bv = v; best = k; }
  }
  g.x[m] = ox; g.y[m] = oy; g.posVer[m]++;
  g.inBuilding[m] = ob;
  return best;
}

/** §4.8, §4.12: keep Ambush while nothing is in reach; keep Down when pinned enough. */
export function scriptedKeep(g: PlatoonGame, u: number): boolean {
  const p = pol(g, u);
  if (g.order[u] === DOWN) return g.pins[u] >= p.keepDownPins;
  return p.ambushWhenIdle && bestTarget(g, u, false) < 0;
}

/** Weapon worth for casualty choice: riflemen go first, then other small arms, team weapon crews last. */
const KEEP_ORDER = WEAPON_IDS.map((id) => (id === 'rifle' ? 0 : id === 'pistol' ? 3 : id === 'smg' || id === 'assault-rifle' || id === 'auto-rifle' ? 1 : 2));
const KEEP = Int32Array.from(KEEP_ORDER);

/** §4.9: the owner removes the least useful model. */
export function scriptedCasualty(g: PlatoonGame, u: number): number {
  let best = -1, bv = 99;
  for (let k = 0; k < MAX_SLOTS; k++) {
    const i = u * MAX_SLOTS + k, w = g.scn.slotWeapon[i];
    if (w < 0 || (g.slotCount[i] === 0 && g.slotCrew[i] === 0)) continue;
    // A team weapon's loader goes before its gunner: crew above the minimum count as riflemen.
    const v = g.scn.slotCrew[i] > 0 && g.slotCrew[i] > g.scn.rules.team_crew ? 0 : KEEP[w];
    if (v < bv) { bv = v; best = k; }
  }
  return best < 0 ? 0 : best;
}
