/** One whole NCO game (items 9–18, 101–103): turns, phases, end of turn and scoring. */
import type { Recorder } from '../../record.ts';
import { BLOCK } from '../../ruleset.ts';
import type { NcoScenario } from './compile.ts';
import { NcoGame } from './state.ts';
import { orderPhase } from './orders.ts';
import { specialPhase } from './special.ts';
import { deploy, setupMap } from './setup.ts';
import { setupScenario } from './scenario-setup.ts';
import { playsNextTurn } from './objectives.ts';
import { scoreScenario } from './scoring.ts';
import { marginClass } from './victory.ts';
import { refreshSpotDistances } from './cover-spots.ts';
import { endOfTurnEvent, startTurnEffects } from './events.ts';

/** Accumulator offsets, resolved once per worker. */
export class Offsets {
  readonly outcome: number; readonly vp: number; readonly vpSq: number; readonly cas: number;
  readonly surv: number; readonly start: number; readonly margin: number; readonly hist: number;
  readonly profCas: number; readonly fielded: number; readonly kills: number; readonly actions: number;
  readonly points: number; readonly pointsLost: number; readonly pointsLostSteps: number;
  readonly casSq: number; readonly cumCasSq: number; readonly survSq: number;
  constructor(scn: NcoScenario) {
    const l = scn.layout;
    this.outcome = l.offset(BLOCK.outcome); this.vp = l.offset(BLOCK.vp); this.vpSq = l.offset(BLOCK.vpSq);
    this.cas = l.offset(BLOCK.casualties); this.surv = l.offset(BLOCK.survivingPoints); this.start = l.offset(BLOCK.startingPoints);
    this.margin = l.offset('marginClass'); this.hist = l.offset(BLOCK.marginHist); this.profCas = l.offset(BLOCK.typeCasualties);
    this.fielded = l.offset(BLOCK.typeFielded); this.kills = l.offset(BLOCK.typeKills); this.actions = l.offset('actions');
    this.points = l.offset(BLOCK.typePoints); this.pointsLost = l.offset(BLOCK.typePointsLost); this.pointsLostSteps = l.offset(BLOCK.typePointsLostSteps);
    this.casSq = l.offset(BLOCK.casualtiesSq); this.cumCasSq = l.offset(BLOCK.cumCasualtiesSq); this.survSq = l.offset(BLOCK.survivingPointsSq);
  }
}

/** Resets the per-turn state (items 11, 18, 58; ambush tokens stay: item 32). */
function startTurn(g: NcoGame): void {
  g.unordered[0] = 0;
  g.unordered[1] = 0;
  for (let i = 0; i < g.n; i++) {
    g.order[i] = 0;
    g.moved[i] = 0;
    g.specialDone[i] = 0;
    g.courageMod[i] = 0;
    g.easyJam[i] = 0;
    g.noSpecial[i] = 0;
    if (g.brokenNow[i]) { g.mustRally[i] = 1; g.brokenNow[i] = 0; } // item 58
    g.down[i] = g.ambush[i] > 0 ? 1 : 0;
    if (g.alive[i]) g.unordered[g.side[i]]++;
  }
  g.moveMod = 0;
  g.rangeMod = 0;
  g.dogEvent = false;
  sortActivation(g);
  refreshSpotDistances(g);
  startTurnEffects(g); // this turn's event, Flask/Charlie Down, Field Map (events.ts)
}

/** Activation priority for scripted policies: soldiers nearest the enemy first. */
function sortActivation(g: NcoGame): void {
  const n = g.n, alive = g.alive, side = g.side, dd = g.dd, score = g.score, act = g.actOrder;
  for (let i = 0; i < n; i++) {
    let best = 1e9;
    if (alive[i]) {
      const si = side[i], row = i * n;
      for (let j = 0; j < n; j++) {
        if (!alive[j] || side[j] === si) continue;
        const d = dd[row + j];
        if (d < best) best = d;
      }
    }
    score[i] = best;
    act[i] = i;
  }
  for (let a = 1; a < n; a++) { // insertion sort: n is small, and it allocates nothing
    const v = act[a], key = score[v];
    let b = a - 1;
    while (b >= 0 && score[act[b]] > key) { act[b + 1] = act[b]; b--; }
    act[b + 1] = v;
  }
}

/** End phase (item 18): record the turn, age Ambush tokens. Events are off until implemented. */
function endTurn(g: NcoGame, acc: Float64Array, o: Offsets, t: number): void {
  endOfTurnEvent(g); // items 18, 90–100 (R11); its casualties count in this turn
  const steps = g.scn.steps;
  for (let s = 0; s < 2; s++) {
    acc[o.cas + s * steps + t] += g.casualtiesThisTurn[s];
    acc[o.casSq + s * steps + t] += g.casualtiesThisTurn[s] * g.casualtiesThisTurn[s];
    g.casualtiesThisTurn[s] = 0;
  }
  for (let i = 0; i < g.n; i++) {
    if (g.ambush[i] > 0 && --g.ambush[i] === 0) g.ambushers[g.side[i]]--;
  }
  recordSurviving(g, acc, o, t);
}

function recordSurviving(g: NcoGame, acc: Float64Array, o: Offsets, t: number): void {
  const steps = g.scn.steps;
  let a = 0, b = 0;
  for (let i = 0; i < g.n; i++) {
    if (!g.alive[i]) continue;
    if (g.side[i] === 0) a += g.scn.killValue[i]; else b += g.scn.killValue[i];
  }
  acc[o.surv + t] += a;
  acc[o.surv + steps + t] += b;
  acc[o.survSq + t] += a * a; // squares: bands for the lethality curves
  acc[o.survSq + steps + t] += b * b;
  const lost0 = g.scn.sideStart[1] - g.aliveCount[0], lost1 = g.n - g.scn.sideStart[1] - g.aliveCount[1];
  acc[o.cumCasSq + t] += lost0 * lost0;
  acc[o.cumCasSq + steps + t] += lost1 * lost1;
}

/** Plays one game from `seed` into the recorder (tests; runs use playSeeded). */
export function playNco(g: NcoGame, o: Offsets, seed: number, rec: Recorder): void {
  g.rng.seed(seed);
  playSeeded(g, o, rec);
}

/** Plays one game with the rng already seeded for it: resets all state, then plays. */
export function playSeeded(g: NcoGame, o: Offsets, rec: Recorder): void {
  g.reset();
  setupMap(g);
  deploy(g);
  setupScenario(g); // S1–S6 markers, zones, missions; item 8's off-table start
  const acc = rec.acc;
  const turns = g.scn.rules.turns;
  let t = 0;
  for (; t < turns; t++) {
    g.turn = t + 1;
    startTurn(g);
    orderPhase(g);
    if (!g.over) specialPhase(g);
    g.checkOver();
    endTurn(g, acc, o, t);
    if (g.over || !playsNextTurn(g, t + 1)) break; // items 105, 110: the variable end
  }
  for (let k = t + 1; k < g.scn.steps; k++) recordSurviving(g, acc, o, k); // game ended early
  finish(g, acc, o);
}

/** Scoring (items 101–103). */
function finish(g: NcoGame, acc: Float64Array, o: Offsets): void {
  const scn = g.scn, steps = scn.steps;
  scoreScenario(g, acc); // items 104–113: scenario bonuses join the score
  const a = g.vp[0], b = g.vp[1];
  acc[o.outcome + (a > b ? 0 : a < b ? 1 : 2)]++;
  acc[o.vp] += a; acc[o.vp + 1] += b;
  acc[o.vpSq] += a * a; acc[o.vpSq + 1] += b * b;
  acc[o.start] += scn.startingPoints[0]; acc[o.start + 1] += scn.startingPoints[1];
  if (a !== b) acc[o.margin + (a > b ? 0 : 1) * 5 + marginClass(a - b)]++;
  let bin = Math.round((a - b) / 10) + 30;
  bin = bin < 0 ? 0 : bin > 60 ? 60 : bin;
  acc[o.hist + bin]++;
  for (let i = 0; i < g.n; i++) {
    const s = g.side[i], p = scn.profile[i];
    acc[o.fielded + s * 14 + p]++;
    acc[o.points + s * 14 + p] += scn.cost[i];
    if (!g.alive[i] && g.diedTurn[i] > 0) { // S6 soldiers who left the table are not casualties
      acc[o.profCas + (s * 14 + p) * steps + (g.diedTurn[i] - 1)]++;
      acc[o.pointsLost + s * 14 + p] += scn.cost[i];
      acc[o.pointsLostSteps + (s * 14 + p) * steps + (g.diedTurn[i] - 1)] += scn.cost[i];
    }
  }
  for (let k = 0; k < 28; k++) acc[o.kills + k] += g.killsBy[k];
  for (let k = 0; k < 24; k++) acc[o.actions + k] += g.actions[k];
}
