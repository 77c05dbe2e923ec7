/**
 * The Order Dice phase (items 11–15, 19–28, 58, R4): the shared bag, the streak rule, and
 * carrying out each of the six orders.
 */
import { traceOrder, traceRally } from './trace-log.ts';
import { AC_ASSAULT } from '../data/counters.ts';
import {
  O_ADVANCE, O_ASSAULT, O_COVER_FIRE, O_DOWN, O_FIRE, O_HOLD, O_RALLY, O_RUN,
  PHASE_ORDERS, type NcoGame,
} from './state.ts';
import { TARGET_PILOT } from './objective-state.ts';
import { S_FIELD_MEDICINE, S_INSPIRING, S_RELIGIOUS_RITES } from '../data/roster-types.ts';
import { inspire } from './dice-bag.ts';
import { areaFire, fireAt, F_ADVANCE, F_COVER_ORDER } from './shooting.ts';
import { assault } from './assault.ts';
import { moveSoldier } from './movement.ts';
import { heal } from './special.ts';
import { extraMagazine, useDownItems } from './items.ts';
import { executeDrawn, useIntel } from './leader.ts';
import { healthRally, psycheRallyTransferred } from './rites.ts';

/** Rally table (item 21): 1 → +1, 2–3 → +2, 4–5 → +3, 6 → +4. */
export function rallyAmount(roll: number): number {
  return roll === 1 ? 1 : roll <= 3 ? 2 : roll <= 5 ? 3 : 4;
}

/** Draws every die from the bag and carries out each order (items 11–14, R4). */
export function orderPhase(g: NcoGame): void {
  g.phase = PHASE_ORDERS;
  g.firstSide = -1;
  g.bag.breakStreak();
  const limit = g.scn.rules.streak_limit;
  while (g.unordered[0] + g.unordered[1] > 0 && !g.over) {
    if (useIntel(g)) continue; // item 88: announced before a draw
    let side: number;
    if (g.bag.streakLen >= limit) {
      // Item 13: the opponent openly chooses who gets the next die; blind draws resume after.
      side = g.decide.streakChoice(g, 1 - g.bag.streakSide);
      g.bag.breakStreak();
    } else side = g.bag.pick(g.rng); // the die goes to the soldier the policy picks (executeOrder takes it)
    if (g.firstSide < 0) g.firstSide = side; // item 12
    g.decide.chooseOrder(g, side);
    if (g.pick < 0) { g.unordered[side] = 0; continue; } // defensive: no soldier left for a die
    executeDrawn(g, g.pick, g.pickOrder); // Natural Leader, forced Down (leader.ts)
    g.checkOver();
  }
  if (g.firstSide < 0) g.firstSide = 0;
}

/** Gives soldier i the order and carries it out at once (items 11, 19–28). */
export function executeOrder(g: NcoGame, i: number, order: number): void {
  const entering = g.obj.offTable[i] !== 0; // item 8 entry order: he cannot have been hurt yet
  if (g.obj.markers > 0 || g.scn.scenario.alternativeDeployment) order = g.scenarioRules.scenarioOrder(g, i, order); // items 8, 107
  if (!entering && g.health[i] === 1 && (order === O_RUN || order === O_ADVANCE || order === O_COVER_FIRE)) {
    // Item 28: no policy may give a Walking Wounded soldier Run, Advance or Cover Fire. The
    // rules refuse it (Down is legal for everyone) and count it: tests keep the count at 0.
    g.illegalOrders++;
    order = O_DOWN;
  }
  g.order[i] = order;
  if (g.trace !== null) traceOrder(g, i, order);
  g.bag.take(g.side[i]);
  if (order === O_HOLD) return;
  if (g.ambush[i] > 0) { // item 32: a new order cancels the Ambush
    g.ambush[i] = 0;
    g.ambushers[g.side[i]]--;
    g.down[i] = 0;
  }
  g.count.actions.add(g.side[i], order === O_ASSAULT ? AC_ASSAULT : order - 1); // O_DOWN … O_RUN are 1 … 6
  if ((g.scn.skills[i] & S_INSPIRING) !== 0 && order !== O_RALLY && order !== O_DOWN) inspire(g, i);
  const move = g.moveIn[i] + g.moveMod;
  if (g.pickTarget === TARGET_PILOT && g.scenarioRules.pilotOrder(g, i, order, 2 * move)) return; // item 108
  switch (order) {
    case O_DOWN:
      g.down[i] = 1;
      g.scenarioRules.onChosenDown(g, i); // items 107, 111, 112: pickups and the bomb need a chosen Down
      useDownItems(g, i); // items 83–86
      return;
    case O_RALLY: {
      const what = g.decide.rallyWhat(g, i);
      const d6 = g.rng.d6();
      let amount = rallyAmount(d6);
      if (what === 1) {
        if ((g.scn.skills[i] & S_FIELD_MEDICINE) !== 0) amount = 3; // item 78
        const to = healthRally(g, i, amount); // item 78: the Medic may transfer it
        if (g.trace !== null) traceRally(g, i, d6, amount, true, to);
      } else {
        if ((g.scn.skills[i] & S_RELIGIOUS_RITES) !== 0) amount = 2; // item 79
        if (psycheRallyTransferred(g, i, amount)) return; // item 79: to all within 3"
        g.brokenNow[i] = 0;
        heal(g, i, 0, amount);
        g.mustRally[i] = 0;
        if (g.trace !== null) traceRally(g, i, d6, amount, false, i);
      }
      return;
    }
    case O_COVER_FIRE:
      if (g.pickTarget >= 0 && g.alive[g.pickTarget]) areaFire(g, i, g.pickTarget, g.pickWeapon, F_COVER_ORDER);
      return;
    case O_FIRE:
      if (g.pickTarget >= 0 && g.alive[g.pickTarget]) { fireAt(g, i, g.pickTarget, g.pickWeapon, 0); extraMagazine(g, i, 0); }
      return;
    case O_ADVANCE: {
      const dest = g.pickDest;
      g.decide.setMoveStop(g, i, dest);
      if (!moveSoldier(g, i, dest, move, false)) return;
      if (!g.alive[i]) return;
      g.decide.chooseAdvanceShot(g, i);
      if (g.pickTarget >= 0) fireAt(g, i, g.pickTarget, g.pickWeapon, F_ADVANCE); // item 24: −1 for moving
      return;
    }
    case O_RUN:
      g.decide.setMoveStop(g, i, g.pickDest);
      moveSoldier(g, i, g.pickDest, 2 * move, true);
      return;
    case O_ASSAULT:
      if (g.pickTarget >= 0 && g.alive[g.pickTarget]) assault(g, i, g.pickTarget, 2 * move, false);
      return;
  }
}

