/**
 * One whole Iron Squad game (items 2–9, 19–24, 68–76; R8, R20): setup, 12 rounds of two
 * turns, missions and scoring, and what it adds to the accumulators.
 */
import { DRAW } from '../../../tally.ts';
import { captainRally, effectiveRange, mpAvailable } from './actions.ts';
import { forgetClearedPaths, refreshExploreExtra } from './moving.ts';
import type { IronGame } from './state.ts';
import { isNight, roundHour, startHour, weatherOf } from './time.ts';
import { T_MG, T_SNIPER } from '../data/units.ts';
import { SOLO_LOCAL, SOLO_REGULAR, SOLO_SCORE, SOLO_WINS } from '../data/counters.ts';
import { traceActivation, traceActivationEnd, traceEnd, traceMission, traceRound, traceTurn } from './trace-log.ts';

/** Items 2–9: board, deck, clock, missions, units. The state is reset and the rng seeded for this game. */
export function setupGame(g: IronGame): void {
  const scn = g.scn, r = scn.rules, rng = g.rng, b = g.board;
  if (g.gen) g.gen.generate(b, rng);
  else b.setup(rng);
  refreshExploreExtra(g);
  g.deck.reset(rng); // item 18: the Explore deck, shuffled per game
  // Items 4, R8: each side's mission card: an objective in the enemy half and an enemy type to kill.
  for (let s = 0; s < 2; s++) {
    if (r.mission_mode === 'none' || (scn.solo && s !== scn.playerSide)) continue;
    g.missionHex[s] = drawObjective(g, s);
    g.missionType[s] = rng.below(7);
  }
  // Items 5–7: the selected units at Health 5 in their zones.
  for (let s = 0; s < 2; s++) {
    const units = scn.units[s], first = g.n;
    for (let k = 0; k < units.length; k++) {
      g.addUnit(s, units[k], 0, 5, false);
      g.tally.field(s, units[k], 5, 5);
    }
    g.decide[s].deploySide(g, s, first, units.length);
  }
  for (let u = 0; u < g.n; u++) if (g.type[u] === T_MG || g.type[u] === T_SNIPER) g.facing[u] = g.side[u] === 0 ? 2 : 5;
  // Items 8, 20: the start time, then the first round's weather.
  g.startHour = startHour(rng.die(12));
}

/** R8: a uniformly drawn objective in the enemy half (any objective if that half has none), −1 if none. */
function drawObjective(g: IronGame, s: number): number {
  const b = g.board;
  let n = 0;
  for (let o = 0; o < b.objectiveCount; o++) if (b.objectiveHex[o] >= 0 && b.objectiveHalf[o] !== s) n++;
  const any = n === 0;
  if (any) for (let o = 0; o < b.objectiveCount; o++) if (b.objectiveHex[o] >= 0) n++;
  if (n === 0) return -1;
  let k = g.rng.below(n);
  for (let o = 0; o < b.objectiveCount; o++) {
    if (b.objectiveHex[o] < 0 || (!any && b.objectiveHalf[o] === s)) continue;
    if (k-- === 0) return b.objectiveHex[o];
  }
  return -1;
}

/**
 * R8 (and items 75 for solo): side s holds its objective hex (a unit there, no enemy) and
 * has killed its target type (or any `mission_fallback_kills` if the enemy never fielded
 * it). Solo: 3 Local kills, 3 Regular kills for the kill part, and the hex.
 */
export function missionComplete(g: IronGame, s: number): boolean {
  const mh = g.missionHex[s];
  if (mh < 0 && !g.scn.solo) return false;
  let own = false, enemy = false;
  for (let u = 0; u < g.n; u++) {
    if (g.alive[u] === 0 || g.hex[u] !== mh) continue;
    if (g.side[u] === s) own = true;
    else enemy = true;
  }
  const held = mh < 0 || (own && !enemy);
  const r = g.scn.rules;
  if (g.scn.solo) return held && g.localKills[s] >= r.solo_locals_to_kill && g.regularKills[s] >= r.solo_regulars_for_kill_mission;
  return held && missionKillsDone(g, s);
}

/**
 * The kill part of side s's mission (items 23, 69): the enemy unit of the card's type is
 * dead, or, when the enemy never fielded that type, `mission_fallback_kills` kills.
 */
export function missionKillsDone(g: IronGame, s: number): boolean {
  const t = g.missionType[s];
  let fielded = false;
  for (let u = 0; u < g.n; u++) {
    if (g.side[u] === s || g.local[u] !== 0 || g.type[u] !== t) continue;
    fielded = true;
    if (g.alive[u] === 0) return true;
  }
  return !fielded && g.killCount[s] >= g.scn.rules.mission_fallback_kills;
}

/** Items 21–22, 29, 56, 60: one side's turn. */
export function playTurn(g: IronGame, side: number): void {
  g.turnSide = side;
  if (g.trace !== null) traceTurn(g, side);
  if (g.turns < g.turnSeq.length) g.turnSeq[g.turns++] = side;
  for (let u = 0; u < g.n; u++) {
    if (g.side[u] === side) {
      g.markerNow[u] = g.markerNext[u];
      g.markerNext[u] = 0;
      g.fired[u] = 0;
      g.activated[u] = 0;
    } else g.oppUsed[u] = 0; // R10: per enemy turn
  }
  if (!g.scn.rallyOnActivation) captainRally(g, side);
  g.decide[side].medicsAtTurnStart(g, side);
  g.decide[side].buildOrder(g, side);
  const solo = g.scn.solo, player = g.scn.playerSide, reactive = g.scn.rules.medic_reactive;
  while (g.orderPos < g.orderLen) {
    const u = g.order[g.orderPos++];
    if (g.alive[u] === 0) continue;
    const from = g.hex[u];
    if (g.trace !== null) traceActivation(g, u, mpAvailable(g, u));
    g.decide[side].activate(g, u);
    if (g.trace !== null) traceActivationEnd(g, u, from);
    if (reactive) g.decide[1 - side].medicsReact(g, 1 - side, false);
    if ((!solo || side === player) && g.scn.rules.mission_mode !== 'none' && missionComplete(g, side)) {
      g.missionWinner = side;
      g.over = true;
      if (g.trace !== null) traceMission(g, side);
      return;
    }
  }
  if (reactive) g.decide[1 - side].medicsReact(g, 1 - side, side !== firstSide(g));
  for (let u = 0; u < g.n; u++) if (g.side[u] === side) g.markerNow[u] = 0;
}

/** The side that plays first in every round (item 21): the player in solo games, else side 0. */
function firstSide(g: IronGame): number {
  return g.scn.solo ? g.scn.playerSide : 0;
}

function aliveCount(g: IronGame, s: number): number {
  let n = 0;
  for (let u = 0; u < g.n; u++) if (g.alive[u] && g.side[u] === s) n++;
  return n;
}

function healthSum(g: IronGame, s: number): number {
  let n = 0;
  for (let u = 0; u < g.n; u++) if (g.alive[u] && g.side[u] === s) n += g.hp[u];
  return n;
}

/** Plays one game whose state is reset and whose dice are seeded, and records it. */
export function playIronGame(g: IronGame): void {
  setupGame(g);
  const scn = g.scn, rounds = scn.rules.rounds, rng = g.rng, t = g.tally;
  let r = 0;
  for (; r < rounds; r++) {
    g.round = r;
    g.hour = roundHour(g.startHour, r);
    g.night = isNight(g.hour);
    g.weather = weatherOf(rng.die(12), g.hour);
    g.nightRound[r] = g.night ? 1 : 0;
    g.weatherRound[r] = g.weather;
    for (let u = 0; u < g.n; u++) g.rangeNow[u] = effectiveRange(g, u);
    forgetClearedPaths(g); // R17: Engineer paths last until the end of the round
    if (g.trace !== null) traceRound(g);
    const first = firstSide(g);
    playTurn(g, first);
    if (!g.over) playTurn(g, 1 - first);
    if (scn.solo && aliveCount(g, scn.playerSide) === 0) g.over = true;
    t.surviving[0] = healthSum(g, 0);
    t.surviving[1] = healthSum(g, 1);
    t.endStep();
    if (g.over) break;
  }
  g.endRound = r < rounds ? r + 1 : rounds;
  record(g);
}

/**
 * Item 24: compares the sides after the last round: VP, surviving units, total health,
 * tiles revealed, buildings explored. Returns the winner (0, 1) or 2, and the deciding
 * criterion in g.val[3].
 */
export function endWinner(g: IronGame, vp0: number, vp1: number): number {
  if (g.missionWinner >= 0) { g.val[3] = 0; return g.missionWinner; }
  if (g.scn.solo) { g.val[3] = 1; return 1 - g.scn.playerSide; }
  let a = vp0, b = vp1;
  for (let k = 1; k <= 5; k++) {
    if (k === 2) { a = aliveCount(g, 0); b = aliveCount(g, 1); }
    else if (k === 3) { a = healthSum(g, 0); b = healthSum(g, 1); }
    else if (k === 4) { a = g.tiles[0]; b = g.tiles[1]; }
    else if (k === 5) { a = g.explored[0]; b = g.explored[1]; }
    if (a !== b) { g.val[3] = k; return a > b ? 0 : 1; }
  }
  g.val[3] = 6;
  return 2;
}

function record(g: IronGame): void {
  const t = g.tally, scn = g.scn, r = scn.rules, c = g.count;
  const vp0 = g.vp[0], vp1 = g.vp[1];
  let score0 = vp0, score1 = vp1;
  if (scn.solo) {
    // R20: the solo score: VP + HP left − 3 per unit lost.
    const p = scn.playerSide;
    let lost = 0;
    for (let u = 0; u < g.n; u++) if (g.side[u] === p && g.alive[u] === 0) lost++;
    const sc = g.vp[p] + r.solo_hp_bonus * healthSum(g, p) - r.solo_lost_unit_penalty * lost;
    if (p === 0) score0 = sc; else score1 = sc;
    c.solo.addBy(g.localKills[p], SOLO_LOCAL);
    c.solo.addBy(g.regularKills[p], SOLO_REGULAR);
    c.solo.addBy(g.missionWinner === p ? 1 : 0, SOLO_WINS);
    c.solo.addBy(sc, SOLO_SCORE);
  }
  const w = endWinner(g, vp0, vp1);
  c.decidedBy.add(g.val[3]);
  if (g.missionWinner >= 0) c.missionWins.add(g.missionWinner);
  c.endRound.add(g.endRound - 1);
  for (let s = 0; s < 2; s++) {
    for (let k = 0; k < g.endRound; k++) {
      const cas = g.casRound[s * 12 + k], hl = g.hpLostRound[s * 12 + k];
      c.healthLost.addBy(hl, s, k);
      const hour = roundHour(g.startHour, k) >> 1;
      c.hourCasualties.addBy(cas, s, hour);
      c.hourHealthLost.addBy(hl, s, hour);
      if (g.nightRound[k]) {
        c.nightCasualties.addBy(cas, s, k);
        c.nightHealthLost.addBy(hl, s, k);
      }
    }
  }
  for (let k = 0; k < g.endRound; k++) {
    if (g.nightRound[k]) c.nightGames.add(k);
    c.hourGames.add(roundHour(g.startHour, k) >> 1);
    c.weather.add(k, g.weatherRound[k]);
  }
  const row = t.row;
  if (row !== null) {
    row[t.plan.rowExtra] = g.val[3];
    row[t.plan.rowExtra + 1] = g.startHour;
  }
  t.score[0] = score0;
  t.score[1] = score1;
  if (g.trace !== null) traceEnd(g, w);
  t.endGame(w === 2 ? DRAW : w, w === 2 ? -1 : g.val[3]); // win class: how it was decided (DECIDED_BY)
}
