/** One whole NCO game (items 9–18, 101–103): turns, phases, end of turn and scoring. */
import { traceEnd, traceGameEnd, traceTurn } from './trace-log.ts';
import { DRAW } from '../../../tally.ts';
import type { NcoGame } from './state.ts';
import { orderPhase } from './orders.ts';
import { specialPhase } from './special.ts';
import { deploy, setupMap } from './setup.ts';
import { marginClass } from '../data/victory.ts';
import { endOfTurnEvent, startTurnEffects } from './events.ts';
import { fillNcoRow } from './rows.ts';

/** Resets the per-turn state (items 11, 18, 58; ambush tokens stay: item 32). */
function startTurn(g: NcoGame): void {
  for (let i = 0; i < g.n; i++) {
    g.order[i] = 0;
    g.moved[i] = 0;
    g.specialDone[i] = 0;
    g.courageMod[i] = 0;
    g.easyJam[i] = 0;
    g.noSpecial[i] = 0;
    if (g.brokenNow[i]) { g.mustRally[i] = 1; g.brokenNow[i] = 0; } // item 58
    g.down[i] = g.ambush[i] > 0 ? 1 : 0;
  }
  // Item 11: one die per living soldier in the bag (engine/bag.ts).
  g.bag.own(0, g.aliveCount[0]);
  g.bag.own(1, g.aliveCount[1]);
  g.bag.startTurn();
  g.moveMod = 0;
  g.rangeMod = 0;
  g.dogEvent = false;
  g.decide.turnStarted(g); // the policy's per-turn caches (activation order, cover spots)
  startTurnEffects(g); // this turn's event, Flask/Charlie Down, Field Map (events.ts)
}

/**
 * End phase (item 18): the end-of-turn event (none after the game's last turn, R11), Ambush
 * tokens age, the turn is closed in the tally.
 */
function endTurn(g: NcoGame, last: boolean): void {
  endOfTurnEvent(g, last); // items 18, 90–100 (R11); its casualties count in this turn
  for (let i = 0; i < g.n; i++) {
    if (g.ambush[i] > 0 && --g.ambush[i] === 0) g.ambushers[g.side[i]]--;
  }
  surviving(g);
  g.tally.endStep();
}

/** The kill value of each side's soldiers in play, into tally.surviving. */
function surviving(g: NcoGame): void {
  let a = 0, b = 0;
  for (let i = 0; i < g.n; i++) {
    if (!g.alive[i]) continue;
    if (g.side[i] === 0) a += g.scn.killValue[i]; else b += g.scn.killValue[i];
  }
  g.tally.surviving[0] = a;
  g.tally.surviving[1] = b;
}

/** Plays one game from `seed` (tests): seeds and begins like the runner, then resets and plays. */
export function playNco(g: NcoGame, seed: number): void {
  g.rng.seed(seed);
  g.prng.seed(seed ^ 0x5bd1e995); // the players' own stream, apart from the dice
  g.tally.beginGame(0);
  g.reset();
  playNcoGame(g);
}

/** Plays a game whose state is reset and whose dice are seeded: setup, the turns, scoring. */
export function playNcoGame(g: NcoGame): void {
  setupMap(g);
  deploy(g);
  g.scenarioRules.setupScenario(g); // S1–S6 markers, zones, missions; item 8's off-table start
  const t = g.tally, scn = g.scn;
  for (let i = 0; i < g.n; i++) t.field(g.side[i], scn.profile[i], scn.cost[i], scn.killValue[i]);
  const turns = scn.rules.turns;
  for (let k = 0; k < turns; k++) {
    g.turn = k + 1;
    startTurn(g);
    if (g.trace !== null) traceTurn(g);
    orderPhase(g);
    if (!g.over) specialPhase(g);
    g.checkOver();
    // Items 105, 110: the variable end is decided before the End phase, so a game that ends
    // here rolls no event after its last turn (R11).
    const last = g.over || k + 1 >= turns || !g.scenarioRules.playsNextTurn(g, k + 1);
    endTurn(g, last);
    if (last || g.over) break; // X-ray or Victor may end it too
  }
  finish(g);
}

/** Scoring (items 101–103). */
function finish(g: NcoGame): void {
  const t = g.tally;
  g.scenarioRules.scoreScenario(g); // items 104–113: scenario bonuses join the score
  const a = g.vp[0], b = g.vp[1];
  t.score[0] = a;
  t.score[1] = b;
  if (g.trace !== null) { traceGameEnd(g); traceEnd(g); }
  fillNcoRow(g, t);
  t.endGame(a > b ? 0 : a < b ? 1 : DRAW, marginClass(a - b));
}
