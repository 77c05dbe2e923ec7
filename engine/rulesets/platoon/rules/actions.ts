/**
 * Orders (items 2, 5–12; R1, R4, R8, R25): giving a unit its die, the order test, the
 * FUBAR table, carrying the order out, and officers passing their order on.
 */
import { ADVANCE, AMBUSH, DOWN, FIRE, RALLY, RANK_EXTRA_ORDERS, RUN } from '../data/tables.ts';
import { AMBUSH_END, springAmbushesTo } from './ambush.ts';
import { assault } from './assault.ts';
import { rollTest } from './dice-math.ts';
import { CAUSE_BUILDING, destroyUnit, inOfficerRange, testTarget } from './losses.ts';
import { MOVE, placed, planMoveTo, setHeading } from './movement.ts';
import { buildingOf, canSee } from './sight.ts';
import { canShoot, shoot } from './shooting.ts';
import type { PlatoonGame } from './state.ts';
import { tracedTest, traceFubar, traceMove, traceOrder, tracePins } from './trace-log.ts';

function countTest(g: PlatoonGame, s: number, k: number): void {
  g.count.orderTests.add(s, k);
}

/** Item 2: a die of `side` was drawn; its player orders a unit (and an officer may pass the order on, R4). */
export function activation(g: PlatoonGame, side: number): void {
  g.planUnit = -1;
  g.decide[side].activate(g, side);
  const u = g.planUnit;
  if (u < 0 || g.dieInBag[u] === 0 || g.alive[u] === 0 || g.scn.side[u] !== side) throw new Error(`platoon: policy of side ${side} ordered no eligible unit (${u})`);
  const order = g.planOrder;
  MOVE[0] = g.planX; MOVE[1] = g.planY;
  if (g.trace !== null) traceOrder(g, u, order, MOVE[0], MOVE[1], g.planTarget, -1);
  giveOrderTo(g, u, order, g.planTarget);
  const rank = g.scn.rank[u];
  if (rank === 0 || !g.scn.rules.officer_extra_orders || g.alive[u] === 0) return;
  g.decide[side].officerOrders(g, u, order, RANK_EXTRA_ORDERS[rank]);
  // g.list is reused by nothing the orders below call, so copy-free iteration is safe.
  // The rules, not the players, hold an extra order to the officer's range (items 16–19):
  // a unit beyond it is refused and keeps its die (measured after the officer's own action).
  const n = g.listLen < RANK_EXTRA_ORDERS[rank] ? g.listLen : RANK_EXTRA_ORDERS[rank];
  for (let i = 0; i < n; i++) {
    const v = g.list[i];
    if (g.alive[v] === 0 || g.dieInBag[v] === 0 || g.scn.side[v] !== side || !inOfficerRange(g, u, v) || !g.bag.take(side)) continue;
    g.count.officerOrders.add(side);
    g.decide[side].planMove(g, v, order);
    MOVE[0] = g.planX; MOVE[1] = g.planY;
    if (g.trace !== null) traceOrder(g, v, order, MOVE[0], MOVE[1], g.planTarget, u);
    giveOrderTo(g, v, order, g.planTarget);
  }
}

/** Items 2–3, R1: u takes its die with `order`; a pinned unit tests (not for Down); then the action. */
export function giveOrder(g: PlatoonGame, u: number, order: number, tx: number, ty: number, target: number): void {
  MOVE[0] = tx; MOVE[1] = ty;
  giveOrderTo(g, u, order, target);
}

/**
 * giveOrder with the destination in MOVE[0..1] (movement.ts): coordinates travel in typed
 * arrays, as double arguments are boxed on every call V8 does not inline (docs/gc-audit.md).
 */
export function giveOrderTo(g: PlatoonGame, u: number, order: number, target: number): void {
  const scn = g.scn, r = scn.rules, s = scn.side[u];
  g.dieInBag[u] = 0;
  g.order[u] = order;
  if (g.mustLeave[u] === 1) { leaveBurning(g, u); return; }
  if (g.pins[u] > 0 && (order !== DOWN || r.test_for_down)) {
    const res = g.trace === null ? rollTest(g.rng, testTarget(g, u), r.double1_auto_pass) : tracedTest(g, u, testTarget(g, u), 'order test');
    if (res === 1) {
      countTest(g, s, 0);
      g.pins[u] = g.pins[u] > r.pass_removes_pin ? g.pins[u] - r.pass_removes_pin : 0;
    } else if (res === 2 && r.double6_fubar) {
      fubar(g, u);
      return;
    } else {
      countTest(g, s, 1);
      g.order[u] = DOWN;
      countOrder(g, u);
      return;
    }
  }
  executeTo(g, u, order, target);
}

function countOrder(g: PlatoonGame, u: number): void {
  g.count.orders.add(g.scn.side[u], g.order[u]);
}

/** Items 5–10: carries out an order that was obeyed. */
export function execute(g: PlatoonGame, u: number, order: number, tx: number, ty: number, target: number): void {
  MOVE[0] = tx; MOVE[1] = ty;
  executeTo(g, u, order, target);
}

/** execute with the destination in MOVE[0..1]. */
function executeTo(g: PlatoonGame, u: number, order: number, target: number): void {
  g.order[u] = order;
  countOrder(g, u);
  if (order === FIRE) {
    AMBUSH_END[0] = g.x[u]; AMBUSH_END[1] = g.y[u];
    if (!springAmbushesTo(g, u)) return;
    const t = g.decide[g.scn.side[u]].target(g, u, false);
    if (t >= 0 && canShoot(g, u, t, false)) shoot(g, u, t, false, 0);
  } else if (order === ADVANCE) {
    if (!moveToPlanned(g, u, false)) return;
    const t = g.decide[g.scn.side[u]].target(g, u, false);
    if (t >= 0 && canShoot(g, u, t, true)) shoot(g, u, t, true, 0);
  } else if (order === RUN) {
    if (target >= 0) assault(g, u, target);
    else moveToPlanned(g, u, true);
  } else if (order === RALLY) {
    const lose = g.rng.d6() + 1; // item 9: D6+1 pins
    g.pins[u] = g.pins[u] > lose ? g.pins[u] - lose : 0;
    if (g.trace !== null) tracePins(g, u, -lose);
  }
  // AMBUSH and DOWN: the die says it all (items 8, 10).
}

/** A move with ambushes along it (R5); false if the unit did not survive. */
export function moveTo(g: PlatoonGame, u: number, tx: number, ty: number, run: boolean): boolean {
  MOVE[0] = tx; MOVE[1] = ty;
  return moveToPlanned(g, u, run);
}

/** moveTo toward (MOVE[0], MOVE[1]). */
function moveToPlanned(g: PlatoonGame, u: number, run: boolean): boolean {
  planMoveTo(g, u, run);
  const ex = g.tmp[2], ey = g.tmp[3];
  setHeading(g, u);
  AMBUSH_END[0] = ex; AMBUSH_END[1] = ey;
  if (!springAmbushesTo(g, u)) return false;
  g.x[u] = ex; g.y[u] = ey;
  placed(g, u);
  if (g.trace !== null) traceMove(g, u);
  return true;
}

/** Items 11–12: the FUBAR table after a double 6. */
export function fubar(g: PlatoonGame, u: number): void {
  const scn = g.scn, s = scn.side[u], fd = g.rng.d6();
  if (g.trace !== null) traceFubar(g, u, fd);
  if (fd <= 2) {
    countTest(g, s, 2);
    // Item 11, R25: the opponent picks a friendly target with an enemy within 12".
    const t = g.decide[1 - s].target(g, u, true);
    if (t >= 0 && friendlyFireTarget(g, u, t)) {
      g.order[u] = FIRE;
      countOrder(g, u);
      shoot(g, u, t, false, 0);
      return;
    }
    g.order[u] = DOWN;
    countOrder(g, u);
    return;
  }
  countTest(g, s, 3);
  // Item 12: Run away from the closest visible enemy, or go Down.
  let e = -1, best = Infinity;
  for (let v = 0; v < g.n; v++) {
    if (g.alive[v] === 0 || scn.side[v] === s || !canSee(g, u, v)) continue;
    const dx = g.x[v] - g.x[u], dy = g.y[v] - g.y[u], d = dx * dx + dy * dy;
    if (d < best) { best = d; e = v; }
  }
  if (e >= 0) {
    const dx = g.x[u] - g.x[e], dy = g.y[u] - g.y[e], l = Math.sqrt(dx * dx + dy * dy) || 1;
    MOVE[0] = g.x[u] + (dx / l) * 48; MOVE[1] = g.y[u] + (dy / l) * 48;
    planMoveTo(g, u, true);
    if (MOVE[2] > 0.1) {
      g.order[u] = RUN;
      countOrder(g, u);
      MOVE[0] = g.x[u] + (dx / l) * 48; MOVE[1] = g.y[u] + (dy / l) * 48;
      moveToPlanned(g, u, true);
      return;
    }
  }
  g.order[u] = DOWN;
  countOrder(g, u);
}

/** Item 11: t is a legal Friendly Fire target of u: a friend (not u) u can shoot, with an enemy within 12". */
export function friendlyFireTarget(g: PlatoonGame, u: number, t: number): boolean {
  const scn = g.scn, s = scn.side[u];
  if (t === u || g.alive[t] === 0 || scn.side[t] !== s || !canShoot(g, u, t, false)) return false;
  for (let v = 0; v < g.n; v++) {
    if (g.alive[v] === 0 || scn.side[v] === s) continue;
    const dx = g.x[v] - g.x[t], dy = g.y[v] - g.y[t];
    if (dx * dx + dy * dy <= 144) return true;
  }
  return false;
}

/** R18: a unit in a burning building Runs out at its activation, or is destroyed. */
function leaveBurning(g: PlatoonGame, u: number): void {
  const b = g.inBuilding[u];
  g.mustLeave[u] = 0;
  g.order[u] = RUN;
  countOrder(g, u);
  if (b < 0) return;
  // Out through the nearest side of the building's bounding box.
  const T = g.table, x = g.x[u], y = g.y[u];
  const dl = x - T.bx0[b], dr = T.bx1[b] - x, dd = y - T.by0[b], du = T.by1[b] - y;
  let tx = x, ty = y;
  const m = Math.min(dl, dr, dd, du);
  if (m === dl) tx = T.bx0[b] - 1; else if (m === dr) tx = T.bx1[b] + 1; else if (m === dd) ty = T.by0[b] - 1; else ty = T.by1[b] + 1;
  MOVE[0] = tx; MOVE[1] = ty;
  if (!moveToPlanned(g, u, true)) return;
  if (buildingOf(g, u) === b) destroyUnit(g, u, CAUSE_BUILDING, -1);
}

export { AMBUSH };
