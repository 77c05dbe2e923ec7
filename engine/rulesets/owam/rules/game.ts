/**
 * The game: setup (items 26–28, R25), rounds of Assessment, Combat and Debrief (items
 * 29–33), the deck timer (R8) and victory (items 111–112, R24), reported to the tally.
 */
import { DRAW, END_ELIMINATION, END_RULES, END_TIME } from '../../../tally.ts';
import { shuffle } from '../../../dice.ts';
import { DECK_SIZE } from '../data/cards.ts';
import { ROUND_BINS } from '../data/counters.ts';
import { M_BRIDGES, M_CHATEAU, M_RANDOM, M_ROAD, M_SKY } from '../data/missions.ts';
import { TR_COMMAND_RADIUS, TR_MEDIC } from '../data/soldiers.ts';
import { drawCard, drawUp } from './ccs.ts';
import { disciplineCheck } from './checks.ts';
import { completeMove } from './actions.ts';
import { rally } from './fire.ts';
import { addMember, leaderless, seatOrder } from './forces.ts';
import { anyFtAt, enterable, range } from './map.ts';
import { CELL_START } from './decisions.ts';
import { startAssault } from './assault.ts';
import { endNow, flagCheck, objectivePoints, satchels, smokeAndShells, truckCapture, truckMoves, WIN_ANNIHILATION, WIN_OBJECTIVE, WIN_POINTS } from './missions.ts';
import { drift } from './cds.ts';
import { flip } from './ccs.ts';
import { OK, SUPPRESSED, WOUNDED, type OwamGame } from './state.ts';
import { cell, ft, traceActivation, traceEnd, traceEvent, traceRound, who } from './trace-log.ts';

export const END_TIMER = 0, END_ANNIHILATION = 1, END_ROUNDS = 2;

/** Per game: deck, map, FTs (start cells chosen by the players), track, hands (items 27–28). */
export function setupGame(g: OwamGame): void {
  g.st.reset();
  const scn = g.scn;
  g.deck.reset(g.rng);
  if (scn.mission === M_RANDOM) dealMap(g);
  if (scn.mission === M_ROAD) g.truckCell = scn.objective;
  if (scn.mission === M_CHATEAU) g.luCell = scn.objective;
  for (let s = 0; s < g.n; s++) addMember(g, scn.sFt[s], s);
  // Item 104: the Axis start with one FT; item 109: paratroopers wait off the map.
  for (let side = 0; side < 2; side++) {
    for (let k = 0; k < 4; k++) {
      const f = side * 4 + k;
      if (g.fSize[f] === 0) continue;
      g.fAlive[f] = 1;
      const waits = (scn.mission === M_BRIDGES && side === 1 && k > 0) || (scn.mission === M_SKY && side === 0);
      if (waits) { g.waiting[side]++; continue; }
      placeAtStart(g, f);
    }
  }
  // Item 27: the Initiative Track is the FT tokens shuffled (waiting Axis FTs join on arrival).
  g.trackLen = 0;
  for (let f = 0; f < 8; f++) if (g.fAlive[f] && (g.fCell[f] >= 0 || (scn.mission === M_SKY && f < 4))) g.track[g.trackLen++] = f;
  shuffle(g.rng, g.track, g.trackLen);
  g.artyLoaded = 0; // item 105, R17: the Artillery card starts yellow
  drawHands(g);
}

function placeAtStart(g: OwamGame, f: number): void {
  const side = g.sideOfFt(f), row = g.scn.startRow[side];
  let n = 0;
  for (let c = 0; c < g.scn.cols; c++) {
    const cell = row * g.scn.cols + c;
    if (enterable(g, cell) && !anyFtAt(g, cell) && cell !== g.truckCell) g.cand[n++] = cell;
  }
  if (n === 0) for (let c = 0; c < g.cells; c++) if (enterable(g, c) && !anyFtAt(g, c)) g.cand[n++] = c;
  const cell = g.cand[g.decide[g.sideOfFt(f)].pickCell(g, f, n, CELL_START)];
  g.fCell[f] = cell;
  g.fHome[f] = cell;
  if (!g.placed[cell]) g.placed[cell] = 1;
  for (let k = 0; k < g.fSize[f]; k++) {
    const s = g.member(f, k);
    g.pts[side] += g.scn.sPoints[s];
    if (g.round === 0) g.tally.field(side, g.scn.sWeapon[s], g.scn.sPoints[s], g.scn.sPoints[s]);
    else g.tally.reinforce(side, g.scn.sWeapon[s], g.scn.sPoints[s]);
  }
}

/** Item 106: terrain cards dealt from the shuffled deck into the '#' positions; the rest go back. */
function dealMap(g: OwamGame): void {
  for (let c = 0; c < g.cells; c++) {
    if (g.scn.layout[c] !== -2) continue;
    let card = -1;
    for (let guard = 0; guard < DECK_SIZE && card < 0; guard++) {
      const d = g.deck.draw();
      if (d < 0) break;
      if (g.cat.terrain[d] >= 0) card = d;
      else g.deck.discard(d);
    }
    g.terrain[c] = card >= 0 ? g.cat.terrain[card] : 0;
    g.placed[c] = card >= 0 ? 1 : 0;
  }
  g.deck.reshuffle(g.rng);
  g.deck.passes = 1;
  g.deck.drawn = 0;
}

/** R25: draws go player by player, in the order of each player's highest FT on the track. */
function drawHands(g: OwamGame): void {
  const first = g.trackLen > 0 ? g.sideOfFt(g.track[0]) : 0;
  for (let k = 0; k < 2; k++) {
    const side = k === 0 ? first : 1 - first;
    for (let j = 0; j < g.scn.players[side]; j++) { g.cur[side] = seatOrder(g, side, j); drawUp(g, side, g.scn.rules.hand_size); }
    g.cur[side] = 0;
  }
}

/** R7 W5: each player, side by side in track order, may play Command Decisions. */
function windowW5(g: OwamGame, debrief: boolean): void {
  const first = g.trackLen > 0 ? g.sideOfFt(g.track[0]) : 0;
  for (let k = 0; k < 2; k++) {
    const side = k === 0 ? first : 1 - first;
    for (let j = 0; j < g.scn.players[side]; j++) { g.cur[side] = seatOrder(g, side, j); g.decide[side].assessment(g, side, debrief); }
    g.cur[side] = 0;
  }
}

/** Item 30: Assessment (from round 2, item 28). */
function assessment(g: OwamGame): void {
  g.phase = 0;
  satchels(g); // (a) mission events: the Satchel Charges placed last round
  truckMoves(g);
  smokeAndShells(g);
  if (g.over) return;
  if (g.scn.level === 2) traits(g); // (b)
  // (c) jammed weapons: a Discipline Check each.
  for (let s = 0; s < g.n; s++) {
    if (!g.alive[s] || !g.jammed[s] || g.ftOf[s] < 0 || g.fCell[g.ftOf[s]] < 0) continue;
    if (g.trace !== null) traceEvent(g, `${who(g, s)} tries to clear his jammed weapon`);
    if (disciplineCheck(g, s, leaderless(g, g.ftOf[s]), 0, 2)) g.jammed[s] = 0;
  }
  g.artyLoaded = 1; // (d) the yellow Artillery card flips to orange
  windowW5(g, false); // (e)
  drawHands(g); // (f)
}

/** R20: Command Radius rallies friendly soldiers within 2; a Medic heals one wounded in his FT. */
export function traits(g: OwamGame): void {
  for (let s = 0; s < g.n; s++) {
    if (!g.alive[s] || g.ftOf[s] < 0 || g.cond[s] !== OK) continue;
    const f = g.ftOf[s], side = g.scn.sSide[s];
    if (g.scn.sTraits[s] & TR_COMMAND_RADIUS) {
      for (let o = side * 4; o < side * 4 + 4; o++) {
        if (!g.fAlive[o] || g.fCell[o] < 0 || range(g, g.fCell[o], g.fCell[f]) > 2) continue;
        for (let k = 0; k < g.fSize[o]; k++) if (g.cond[g.member(o, k)] === SUPPRESSED) rally(g, g.member(o, k), false);
      }
    }
    if (g.scn.sTraits[s] & TR_MEDIC) {
      for (let k = 0; k < g.fSize[f]; k++) if (g.cond[g.member(f, k)] === WOUNDED) { g.cond[g.member(f, k)] = OK; break; }
    }
  }
}

/** Item 109: a waiting paratrooper FT drops: a direction flip, 1–4 drifts off the DZ (R19: edge cards). */
function drop(g: OwamGame, f: number): void {
  const d = flip(g, 2);
  let c = g.scn.objective;
  if (d <= 4) { const to = drift(g, c, d); if (to >= 0 && enterable(g, to)) c = to; }
  g.waiting[0]--;
  g.fCell[f] = c;
  g.fHome[f] = c;
  g.placed[c] = 1;
  g.fMovedRound[f] = g.round; // R19: not established
  if (g.trace !== null) traceEvent(g, `${ft(g, f)} drops by parachute onto ${cell(g, c)} (direction flip ${d})`);
  for (let k = 0; k < g.fSize[f]; k++) {
    const s = g.member(f, k);
    g.pts[0] += g.scn.sPoints[s];
    g.tally.reinforce(0, g.scn.sWeapon[s], g.scn.sPoints[s]);
  }
  const enemy = g.fCell[f];
  for (let e = 4; e < 8; e++) if (g.fAlive[e] && g.fCell[e] === enemy) { g.fDest[f] = c; g.fCell[f] = c; startDropAssault(g, f, e); return; }
}

function startDropAssault(g: OwamGame, f: number, e: number): void {
  g.fDest[f] = -1;
  startAssault(g, f, e, -1);
}

/** Items 31, 33, R22: FTs act in track order (the first one that has not acted). */
function combat(g: OwamGame): void {
  g.phase = 1;
  for (let f = 0; f < 8; f++) g.fActed[f] = 0;
  let dropped = false;
  for (let guard = 0; guard < 16; guard++) {
    let f = -1;
    for (let i = 0; i < g.trackLen && f < 0; i++) if (!g.fActed[g.track[i]]) f = g.track[i];
    if (f < 0) return;
    g.fActed[f] = 1;
    const side = g.sideOfFt(f);
    g.active = side;
    g.cur[side] = g.seatOf(f); // item 26: the FT's owner plays from his own hand
    // A paratrooper still in the air: one FT drops per round, the others wait (item 109).
    if (g.fCell[f] < 0 && (dropped || g.waiting[0] === 0)) continue;
    for (let e = 0; e < 8; e++) g.attackedNow[e] = 0;
    for (let s = 0; s < g.n; s++) g.firedNow[s] = 0;
    g.fManeuvers[f] = 0;
    g.turnOver = false;
    // Item 109: landing "does not cost a Standard Action": the FT then takes its turn (a
    // landing on an enemy assaults, which ends the turn, item 80).
    if (g.fCell[f] < 0) { dropped = true; drop(g, f); }
    if (g.fDest[f] >= 0) completeMove(g, f); // item 41: a move left open completes free
    // Item 80: an assault on arrival (a landing or an open move completing) ends the turn.
    if (g.fAlive[f] && g.fCell[f] >= 0 && !g.turnOver) {
      if (g.trace !== null) traceActivation(g, f);
      g.decide[g.sideOfFt(f)].activate(g, f);
    }
    g.active = -1;
    if (g.over || (g.timeUp && g.scn.rules.timer_end === 'after_action') || annihilated(g)) return;
  }
}

/** Item 32: Debrief: last Command Decisions, arrivals (item 104), Fog of War. */
function debrief(g: OwamGame): void {
  g.phase = 2;
  windowW5(g, true);
  if (g.scn.mission === M_BRIDGES && g.waiting[1] > 0) {
    for (let k = 1; k < 4; k++) {
      const f = 4 + k;
      if (g.fAlive[f] && g.fCell[f] < 0) { placeAtStart(g, f); g.waiting[1]--; g.track[g.trackLen++] = f; break; }
    }
  }
  flagCheck(g);
  truckCapture(g);
  const fog = drawCard(g); // the top card goes face down under the track (drawn first: it may reshuffle the pile)
  g.fow[g.fowN++] = fog;
}

function annihilated(g: OwamGame): boolean {
  for (let side = 0; side < 2; side++) {
    let any = g.waiting[side] > 0;
    for (let k = 0; k < 4 && !any; k++) if (g.fAlive[side * 4 + k]) any = true;
    if (!any) return true;
  }
  return false;
}

/** R8, item 80: may a Standard Action still be taken (none once the timer ran out, or after an assault)? */
export function mayAct(g: OwamGame): boolean {
  return !g.over && !g.turnOver && !(g.timeUp && g.scn.rules.timer_end === 'after_action');
}

export function playOwamGame(g: OwamGame): void {
  for (let r = 1; r <= g.scn.rules.max_rounds && !g.over; r++) {
    g.round = r;
    for (let f = 0; f < 8; f++) if (g.fStealth[f]) g.fStealthRound[f] = r; // item 84: stealthed this round
    if (g.trace !== null) traceRound(g);
    if (r > 1) assessment(g);
    if (!g.over) combat(g);
    if (!g.over && !(g.timeUp && g.scn.rules.timer_end === 'after_action')) debrief(g);
    if (g.over) break;
    if (g.timeUp) { g.endReason = END_TIMER; break; }
    if (annihilated(g)) { g.endReason = END_ANNIHILATION; break; }
    if (r === g.scn.rules.max_rounds) g.endReason = END_ROUNDS;
  }
  finish(g);
}

/** Items 111–112, R24: surviving points plus objectives; an immediate win overrides. */
function finish(g: OwamGame): void {
  const t = g.tally;
  if (!g.over) objectivePoints(g);
  t.surviving[0] = g.pts[0];
  t.surviving[1] = g.pts[1];
  t.score[0] = g.pts[0] + g.objPts[0];
  t.score[1] = g.pts[1] + g.objPts[1];
  let winner = g.winner, cls = g.winClass;
  if (!g.over) {
    winner = t.score[0] > t.score[1] ? 0 : t.score[1] > t.score[0] ? 1 : DRAW;
    const byPts = g.pts[0] > g.pts[1] ? 0 : g.pts[1] > g.pts[0] ? 1 : DRAW;
    cls = g.endReason === END_ANNIHILATION ? WIN_ANNIHILATION : winner !== byPts ? WIN_OBJECTIVE : WIN_POINTS;
    endNow(g, winner, cls, g.endReason);
  }
  g.count.endReason.add(g.endReason);
  g.count.rounds.add((g.round < ROUND_BINS ? g.round : ROUND_BINS) - 1);
  g.count.passes.addBy(g.deck.passes, 0);
  if (t.row) { t.row[t.plan.rowExtra] = g.endReason; t.row[t.plan.rowExtra + 1] = g.round; }
  // The deck timer and the round cap are OWAM's clock; annihilation its elimination.
  t.endedBy = g.endReason === END_TIMER || g.endReason === END_ROUNDS ? END_TIME : g.endReason === END_ANNIHILATION ? END_ELIMINATION : END_RULES;
  if (g.trace !== null) traceEnd(g);
  t.endGame(winner, cls);
}
