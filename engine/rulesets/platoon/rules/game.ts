/**
 * One whole game (items 1–4, 75; R5, R6, R23): deployment, turns of an orders phase and a
 * turn end, the game length, victory points and what goes to the tally.
 */
import { DRAW, END_TIME } from '../../../tally.ts';
import { AMBUSH, DOWN, NO_ORDER } from '../data/tables.ts';
import { activation } from './actions.ts';
import { rollCode } from './dice-math.ts';
import { place } from './movement.ts';
import type { PlatoonGame } from './state.ts';
import { traceDraw, traceEnd, traceExtraTurn, tracePinsShed, traceTurn } from './trace-log.ts';

/** Deployment (R23): every unit fielded, then placed by its player within 12" of its long edge. */
export function setupGame(g: PlatoonGame): void {
  const scn = g.scn, t = g.tally;
  for (let u = 0; u < g.n; u++) {
    const s = scn.side[u];
    t.field(s, scn.kind[u], scn.cost[u], scn.cost[u]);
    g.unitsLeft[s]++;
    g.value[s] += scn.cost[u];
  }
  for (let s = 0; s < 2; s++) {
    g.decide[s].deploy(g, s);
    g.bag.own(s, g.unitsLeft[s]);
  }
  for (let u = 0; u < g.n; u++) place(g, u, g.x[u], g.y[u]);
}

/** Items 1–2: the orders phase: dice drawn blind until the bag is empty. */
export function ordersPhase(g: PlatoonGame): void {
  for (let u = 0; u < g.n; u++) {
    if (g.alive[u] === 0) continue;
    if (g.kept[u] === 1) { g.dieInBag[u] = 0; continue; } // R5/R6: its Ambush or Down goes on
    g.order[u] = NO_ORDER;
    g.dieInBag[u] = 1;
  }
  g.bag.startTurn();
  while (g.bag.total() > 0 && g.unitsLeft[0] > 0 && g.unitsLeft[1] > 0) {
    const s = g.bag.draw(g.rng);
    if (g.trace !== null) traceDraw(g, s);
    g.activeSide = s;
    activation(g, s);
  }
}

/** Item 3, R5, R6: dice go back except Ambush and Down kept by choice; a unit Down all turn sheds D3 pins. */
export function turnEnd(g: PlatoonGame): void {
  for (let u = 0; u < g.n; u++) {
    const held = g.kept[u];
    g.kept[u] = 0;
    if (g.alive[u] === 0) continue;
    const o = g.order[u];
    if ((o === AMBUSH || o === DOWN) && g.decide[g.scn.side[u]].keepOrder(g, u)) {
      g.kept[u] = 1;
      g.bag.keep(g.scn.side[u]);
      if (o === DOWN && held === 1) {
        const n = rollCode(g.rng, g.scn.downPins, 0);
        g.pins[u] = g.pins[u] > n ? g.pins[u] - n : 0;
        if (g.trace !== null) tracePinsShed(g, u, n);
      }
    }
  }
}

/** Plays one game whose state is reset and whose dice are seeded, and records it. */
export function playPlatoonGame(g: PlatoonGame): void {
  setupGame(g);
  const scn = g.scn, r = scn.rules, t = g.tally;
  let last = r.turns;
  for (let turn = 0; turn < last; turn++) {
    g.turn = turn;
    if (g.trace !== null) traceTurn(g);
    ordersPhase(g);
    turnEnd(g);
    g.turnsPlayed = turn + 1;
    t.surviving[0] = g.value[0];
    t.surviving[1] = g.value[1];
    t.endStep();
    if (g.unitsLeft[0] === 0 || g.unitsLeft[1] === 0) break;
    // R23: a 7th turn on a D6 of 4+.
    if (turn === r.turns - 1 && scn.maxTurns > r.turns) {
      const d = g.rng.d6();
      if (g.trace !== null) traceExtraTurn(g, d);
      if (d >= r.extra_turn_on) last = r.turns + 1;
    }
  }
  record(g);
}

function record(g: PlatoonGame): void {
  const t = g.tally;
  const v0 = g.vp[0], v1 = g.vp[1];
  const winner = v0 > v1 ? 0 : v1 > v0 ? 1 : DRAW;
  const wipe = g.unitsLeft[0] === 0 || g.unitsLeft[1] === 0;
  const by = winner === DRAW ? 2 : wipe ? 1 : 0;
  g.count.decidedBy.add(by);
  g.count.endTurn.add(g.turnsPlayed - 1);
  if (t.row !== null) t.row[t.plan.rowExtra] = by;
  t.score[0] = v0;
  t.score[1] = v1;
  // Only a wipe-out ends a Platoon game early; otherwise its turns ran out (R23's 7th turn or not).
  if (!wipe) t.endedBy = END_TIME;
  if (g.trace !== null) traceEnd(g);
  t.endGame(winner, -1);
}
