/**
 * A unit's Move and Action (items 3–9, 12, 14, 23–32, R4, R8, R13, R15–R17) as legal steps a
 * policy calls. Each returns false (and changes nothing) when the step is not allowed.
 * After every step of the side whose turn it is, enemy units holding a Reaction that can
 * see the actor are asked whether to react (R8); reactions trigger no reactions.
 */
import { isTroop, T_DRONE } from '../data/catalogue.ts';
import { A_ASSIST, A_ATTACK, A_BLAST, A_DRONE, A_EW, A_FAN, A_INIT, A_MAIN, A_MOVE2, A_REACT, A_REVIVE, A_SIGNAL, RV_DEAD, RV_FULL, RV_NONE, RV_PARTIAL } from '../data/counters.ts';
import { applySuppression, blast, carries, inCone, netAdvantage, oneAttack, targetable } from './attack.ts';
import { canSee } from './sight.ts';
import { ACTIVE, CASUALTY, GONE, type SkillGame } from './state.ts';
import { traceActivation, traceAttack, traceCommand, traceMove, traceRevive } from './trace-log.ts';

/** Counts an action of `side` (extras: actions). */
export function count(g: SkillGame, side: number, k: number): void {
  g.count.actions.add(side, k);
}

/** Is u reacting right now (R8: its saved Action is being spent in the enemy's turn)? */
export function reacting(g: SkillGame, u: number): boolean {
  return g.reactor === u;
}

/** May u spend its Action now (items 4, 6, 14, R4, R13)? */
export function canAct(g: SkillGame, u: number): boolean {
  if (g.status[u] !== ACTIVE) return false;
  if (g.reactor === u) return true;
  if (g.turnSide !== g.scn.side[u] || g.acted[u] !== 0 || g.focus[u] !== 0 || g.revivedRound[u] === g.round) return false;
  return !(g.suppressed[u] !== 0 && g.moves[u] > 0); // R4: Move or Act, not both
}

/** May u Move now: its Move, or (troops) a second Move for its Action (item 5)? */
export function canMove(g: SkillGame, u: number): boolean {
  const s = g.scn;
  if (g.status[u] !== ACTIVE) return false;
  if (g.reactor === u) return s.reactMove;
  if (g.turnSide !== s.side[u] || g.focus[u] !== 0 || g.revivedRound[u] === g.round || g.moveNow[u] <= 0) return false;
  if (g.suppressed[u] !== 0 && (g.acted[u] !== 0 || g.moves[u] > 0)) return false;
  if (g.moves[u] === 0) return true;
  return g.moves[u] === 1 && isTroop(s.uType[u]) && g.acted[u] === 0;
}

/**
 * Items 7–9: u moves toward point slot g.SLOT_DEST along the cheapest route, spending at
 * most its Move (double on mud, snow, uphill; tracked vehicles ignore mud and snow; drones
 * fly straight). A second Move spends the Action.
 */
export function doMove(g: SkillGame, u: number): boolean {
  if (!canMove(g, u)) return false;
  const s = g.scn, T = g.table;
  const x0 = T.px[u], y0 = T.py[u];
  let spent = 0;
  if (s.uType[u] === T_DRONE) {
    const dx = T.px[g.SLOT_DEST] - x0, dy = T.py[g.SLOT_DEST] - y0;
    const d = Math.sqrt(dx * dx + dy * dy), m = g.moveNow[u];
    const k = d > m ? m / d : 1;
    T.px[u] = x0 + k * dx; T.py[u] = y0 + k * dy; // T.setPoint written out: double arguments box when the call is not inlined
    spent = k * d;
  } else {
    spent = g.router.moveToward(u, g.SLOT_DEST, g.moveNow[u], s.uTracked[u] === 1, g.arrive);
  }
  if (g.trace !== null) traceMove(g, u, spent);
  if (g.reactor === u) {
    count(g, s.side[u], A_REACT);
    return true;
  }
  if (g.moves[u] === 1) {
    g.acted[u] = 1;
    count(g, s.side[u], A_MOVE2);
  }
  g.moves[u]++;
  g.movedIn[u] += spent;
  afterStep(g, u);
  return true;
}

/** Item 12: crew members within reach of gunner a give up their Action: +1 each (R9). */
export function pledgeCrew(g: SkillGame, a: number): number {
  const s = g.scn;
  if (g.reactor >= 0) return 0;
  let k = 0;
  const f0 = s.first[s.side[a]], f1 = f0 + s.count[s.side[a]];
  for (let c = f0; c < f1; c++) {
    if (s.uCrewOf[c] !== a || !canAct(g, c)) continue;
    // g.gap(c, a) written out here and in doMainEffort: its double result was boxed whenever the call was not inlined.
    const T = g.table, dx = T.px[a] - T.px[c], dy = T.py[a] - T.py[c], e = Math.sqrt(dx * dx + dy * dy) - 2 * T.baseRadius;
    if ((e > 0 ? e : 0) > s.rules.crew_radius_in) continue;
    g.acted[c] = 1;
    g.assist[a]++;
    count(g, s.side[a], A_ASSIST);
    k++;
  }
  return k;
}

/**
 * Items 11–22: a attacks with weapon w. Fan weapons make wFan attacks, each at the first
 * unit of g.cand[0..k) still in play (all inside one 45° cone, R18); explosives blast at
 * that unit's position (R11). Spends the Action (or the Reaction) and any crew pledges.
 */
export function doAttack(g: SkillGame, a: number, w: number, k: number): boolean {
  const s = g.scn;
  if (k < 1 || !canAct(g, a) || !carries(g, a, w) || !inCone(g, a, k)) return false;
  if (g.reactor === a && !s.reactAttack) return false;
  for (let i = 0; i < k; i++) if (targetable(g, a, g.cand[i], w) === 0) return false;
  const side = s.side[a], bonus = g.assist[a], fan = s.wFan[w], explosive = s.wRadius[w] > 0;
  g.assist[a] = 0;
  if (g.trace !== null) traceAttack(g, a, w, k, bonus);
  count(g, side, A_ATTACK);
  if (fan > 1) count(g, side, A_FAN);
  for (let shot = 0, i = 0; shot < fan; shot++) {
    while (i < k && g.status[g.cand[i]] !== ACTIVE) i++;
    if (i === k) break;
    const t = g.cand[i];
    const net = netAdvantage(g, a, t, w, targetable(g, a, t, w) === 2);
    if (explosive) {
      count(g, side, A_BLAST);
      blast(g, a, t, w, net, bonus);
    } else oneAttack(g, a, t, w, net, bonus);
    g.attacks[a]++;
    if (g.status[a] !== ACTIVE) break; // caught in its own blast
  }
  applySuppression(g);
  spend(g, a);
  return true;
}

/** Spends u's Action, or its Reaction while reacting; then lets the enemy react. */
function spend(g: SkillGame, u: number): void {
  if (g.reactor === u) {
    count(g, g.scn.side[u], A_REACT);
    return;
  }
  g.acted[u] = 1;
  afterStep(g, u);
}

/** Items 26–27: observer o (radio, LOS to t) Signals t's position to its side. */
export function doSignalTarget(g: SkillGame, o: number, t: number): boolean {
  const s = g.scn;
  if (!canAct(g, o) || g.reactor === o || s.uRadio[o] === 0 || g.status[t] !== ACTIVE || s.side[t] === s.side[o] || !canSee(g, o, t)) return false;
  g.passed[s.side[o] * g.n + t] = o + 1;
  g.signal[o] = 1;
  if (g.trace !== null) traceCommand(g, o, 'Signals the position of', t);
  count(g, s.side[o], A_SIGNAL);
  spend(g, o);
  return true;
}

/** Items 23–24, R15–R16: commander c makes u the Main Effort; beyond c's Move it needs radios and a Signal. */
export function doMainEffort(g: SkillGame, c: number, u: number): boolean {
  const s = g.scn;
  if (!canAct(g, c) || g.reactor === c || s.uCommander[c] === 0 || u === c || g.status[u] !== ACTIVE || s.side[u] !== s.side[c]) return false;
  const T = g.table, dx = T.px[u] - T.px[c], dy = T.py[u] - T.py[c], e = Math.sqrt(dx * dx + dy * dy) - 2 * T.baseRadius, gap = e > 0 ? e : 0;
  if (gap > g.moveNow[c]) {
    const radio = s.rules.radio_range_in;
    if (s.uRadio[c] === 0 || s.uRadio[u] === 0 || (radio !== null && gap > radio)) return false; // R16
    g.signal[c] = 1;
  }
  g.mainEffort[u] = g.round;
  if (g.trace !== null) traceCommand(g, c, g.signal[c] === 1 ? 'Signals to designate the Main Effort:' : 'designates the Main Effort:', u);
  count(g, s.side[c], A_MAIN);
  spend(g, c);
  return true;
}

/** Item 25: commander c Signals for Advantage on its side's next initiative roll. */
export function doInitiativeSignal(g: SkillGame, c: number): boolean {
  const s = g.scn;
  if (!canAct(g, c) || g.reactor === c || s.uCommander[c] === 0 || s.uRadio[c] === 0) return false;
  g.initAdv[s.side[c]] = 1;
  if (g.trace !== null) traceCommand(g, c, 'Signals for Advantage on the next initiative roll', -1);
  g.signal[c] = 1;
  count(g, s.side[c], A_INIT);
  spend(g, c);
  return true;
}

/** Item 30, R13: medic m tries to revive friendly casualty t it is touching (flat medical die). */
export function doRevive(g: SkillGame, m: number, t: number): boolean {
  const s = g.scn, r = s.rules;
  if (!canAct(g, m) || g.reactor === m || s.uMedic[m] === 0 || g.status[t] !== CASUALTY || s.side[t] !== s.side[m] || g.gap(m, t) > r.touch_in) return false;
  const roll = g.rng.die(r.medical_die), side = s.side[t];
  count(g, side, A_REVIVE);
  if (roll <= r.revive_dead_max) {
    g.status[t] = GONE; // dead and removed (already counted lost)
    g.count.reviveResults.add(side, RV_DEAD);
  } else if (roll <= r.revive_none_max) g.count.reviveResults.add(side, RV_NONE);
  else {
    const partial = roll <= r.revive_partial_max;
    g.status[t] = ACTIVE;
    g.permDis[t] = partial ? 1 : 0;
    g.moveNow[t] = partial ? s.uMove[t] / 2 : s.uMove[t];
    g.revivedRound[t] = g.round;
    g.suppressed[t] = 0;
    g.tally.reinforce(side, s.uType[t], s.uCost[t]);
    g.count.reviveResults.add(side, partial ? RV_PARTIAL : RV_FULL);
  }
  if (g.trace !== null) traceRevive(g, m, t, roll, roll <= r.revive_dead_max ? 0 : roll <= r.revive_none_max ? 1 : roll <= r.revive_partial_max ? 2 : 3);
  spend(g, m);
  return true;
}

/** Item 32, R17: EW unit e Focuses: every enemy with a Signal token is located and (with a radio) shared. */
export function doEwScan(g: SkillGame, e: number): boolean {
  const s = g.scn, range = s.rules.ew_range_in;
  if (!canAct(g, e) || g.reactor === e || s.uEw[e] === 0 || g.moves[e] > 0) return false;
  g.focus[e] = 1;
  const side = s.side[e], o = 1 - side, f0 = s.first[o], f1 = f0 + s.count[o];
  if (s.uRadio[e] === 1) {
    for (let t = f0; t < f1; t++) {
      if (g.status[t] === ACTIVE && g.signal[t] === 1 && (range === null || g.gap(e, t) <= range)) g.passed[side * g.n + t] = e + 1;
    }
    g.signal[e] = 1;
  }
  if (g.trace !== null) traceCommand(g, e, 'Focuses on electronic warfare: enemy Signal tokens located', -1);
  count(g, side, A_EW);
  spend(g, e);
  return true;
}

/** Item 31: controller c Focuses to run its drone, which then takes its own Move and Action. */
export function doControlDrone(g: SkillGame, c: number): boolean {
  const s = g.scn, d = s.uControls[c];
  if (d < 0 || !canAct(g, c) || g.reactor === c || g.moves[c] > 0 || g.status[d] !== ACTIVE) return false;
  g.focus[c] = 1;
  if (g.trace !== null) traceCommand(g, c, 'Focuses to control its drone', d);
  count(g, s.side[c], A_DRONE);
  spend(g, c);
  if (g.status[c] === ACTIVE && g.status[d] === ACTIVE) {
    g.activated[d] = 1;
    if (g.trace !== null) traceActivation(g, d);
    g.decide[s.side[d]].activate(g, d);
  }
  return true;
}

/** R8: after a step by `actor` in its own turn, each enemy holding a Reaction that sees it may react. */
export function afterStep(g: SkillGame, actor: number): void {
  const s = g.scn;
  if (g.reactor >= 0 || g.turnSide !== s.side[actor]) return;
  const o = 1 - s.side[actor], f0 = s.first[o], f1 = f0 + s.count[o];
  for (let r = f0; r < f1; r++) {
    if (g.reaction[r] === 0 || g.status[r] !== ACTIVE || g.reactedRound[r] === g.round || g.status[actor] !== ACTIVE) continue;
    if (!canSee(g, r, actor)) continue;
    g.reactor = r;
    const did = g.decide[o].react(g, r, actor);
    g.reactor = -1;
    if (did) {
      g.reaction[r] = 0;
      g.reactedRound[r] = g.round;
    }
  }
}
