/**
 * One whole Iron Squad game (items 2–9, 19–24, 68–76; R8, R20): setup, 12 rounds of two
 * turns, missions and scoring, and what it adds to the accumulators.
 */
import type { RecordLayout, Recorder } from '../../record.ts';
import { BLOCK } from '../../ruleset.ts';
import { captainRally, effectiveRange, refreshExploreExtra } from './actions.ts';
import { MARGIN_BINS } from './compile.ts';
import { activate, buildOrder, deploySide, medicsAtTurnStart, medicsReact } from './policy.ts';
import type { IronGame } from './state.ts';
import { isNight, roundHour, startHour, weatherOf } from './time.ts';
import { TYPE_COUNT, T_MG, T_SNIPER } from './units.ts';

/** Accumulator offsets, resolved once per worker. */
export class Offsets {
  readonly outcome: number; readonly vp: number; readonly vpSq: number; readonly cas: number; readonly surv: number;
  readonly start: number; readonly casSq: number; readonly cumCasSq: number; readonly survSq: number; readonly hist: number;
  readonly lostSteps: number; readonly fielded: number; readonly points: number; readonly typeCas: number; readonly pointsLost: number; readonly kills: number;
  readonly nightGames: number; readonly nightCas: number; readonly hpLost: number; readonly nightHpLost: number;
  readonly hourGames: number; readonly hourCas: number; readonly hourHp: number; readonly weather: number; readonly decided: number;
  readonly missionWins: number; readonly vpSource: number; readonly actions: number; readonly endRound: number; readonly solo: number;
  constructor(l: RecordLayout) {
    this.outcome = l.offset(BLOCK.outcome); this.vp = l.offset(BLOCK.vp); this.vpSq = l.offset(BLOCK.vpSq);
    this.cas = l.offset(BLOCK.casualties); this.surv = l.offset(BLOCK.survivingPoints); this.start = l.offset(BLOCK.startingPoints);
    this.casSq = l.offset(BLOCK.casualtiesSq); this.cumCasSq = l.offset(BLOCK.cumCasualtiesSq); this.survSq = l.offset(BLOCK.survivingPointsSq);
    this.hist = l.offset(BLOCK.marginHist); this.fielded = l.offset(BLOCK.typeFielded); this.points = l.offset(BLOCK.typePoints);
    this.typeCas = l.offset(BLOCK.typeCasualties); this.pointsLost = l.offset(BLOCK.typePointsLost); this.kills = l.offset(BLOCK.typeKills);
    this.lostSteps = l.offset(BLOCK.typePointsLostSteps);
    this.nightGames = l.offset('nightGames'); this.nightCas = l.offset('nightCasualties'); this.hpLost = l.offset('healthLost');
    this.nightHpLost = l.offset('nightHealthLost'); this.hourGames = l.offset('hourGames'); this.hourCas = l.offset('hourCasualties');
    this.hourHp = l.offset('hourHealthLost'); this.weather = l.offset('weather'); this.decided = l.offset('decidedBy');
    this.missionWins = l.offset('missionWins'); this.vpSource = l.offset('vpSource'); this.actions = l.offset('actions');
    this.endRound = l.offset('endRound'); this.solo = l.offset('solo');
  }
}

/** Items 2–9: board, deck, clock, missions, units. The rng is already seeded for this game. */
export function setupGame(g: IronGame): void {
  const scn = g.scn, r = scn.rules, rng = g.rng, b = g.board;
  g.reset();
  if (g.gen) g.gen.generate(b, rng);
  else b.setup(rng);
  refreshExploreExtra(g);
  g.deck.reset(rng, r.explore_deck_empty, r.explore_deck_units_per_nation, r.explore_deck_units_per_nation);
  // Items 4, R8: each side's mission card: an objective in the enemy half and an enemy type to kill.
  for (let s = 0; s < 2; s++) {
    if (r.mission_mode === 'none' || (scn.solo && s !== scn.playerSide)) continue;
    g.missionHex[s] = drawObjective(g, s);
    g.missionType[s] = rng.below(7);
  }
  // Items 5–7: the selected units at Health 5 in their zones.
  for (let s = 0; s < 2; s++) {
    const units = scn.units[s], first = g.n;
    for (let k = 0; k < units.length; k++) g.addUnit(s, units[k], 0, 5, false);
    deploySide(g, s, first, units.length);
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
  if (!held) return false;
  const t = g.missionType[s];
  let fielded = false;
  for (let u = 0; u < g.n; u++) {
    if (g.side[u] === s || g.local[u] !== 0 || g.type[u] !== t) continue;
    fielded = true;
    if (g.alive[u] === 0) return true;
  }
  return !fielded && g.killCount[s] >= r.mission_fallback_kills;
}

/** Items 21–22, 29, 56, 60: one side's turn. */
export function playTurn(g: IronGame, side: number): void {
  g.turnSide = side;
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
  medicsAtTurnStart(g, side);
  buildOrder(g, side);
  const solo = g.scn.solo, player = g.scn.playerSide, reactive = g.scn.rules.medic_reactive;
  while (g.orderPos < g.orderLen) {
    const u = g.order[g.orderPos++];
    if (g.alive[u] === 0) continue;
    activate(g, u);
    if (reactive) medicsReact(g, 1 - side, false);
    if ((!solo || side === player) && g.scn.rules.mission_mode !== 'none' && missionComplete(g, side)) {
      g.missionWinner = side;
      g.over = true;
      return;
    }
  }
  if (reactive) medicsReact(g, 1 - side, side !== firstSide(g));
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

/** Plays one game with the rng already seeded for it, and records it. */
export function playSeeded(g: IronGame, o: Offsets, rec: Recorder): void {
  setupGame(g);
  const scn = g.scn, rounds = scn.rules.rounds, rng = g.rng;
  let r = 0;
  for (; r < rounds; r++) {
    g.round = r;
    g.hour = roundHour(g.startHour, r);
    g.night = isNight(g.hour);
    g.weather = weatherOf(rng.die(12), g.hour);
    g.nightRound[r] = g.night ? 1 : 0;
    g.weatherRound[r] = g.weather;
    for (let u = 0; u < g.n; u++) g.rangeNow[u] = effectiveRange(g, u);
    g.cleared.fill(0); // R17: Engineer paths last until the end of the round
    const first = firstSide(g);
    playTurn(g, first);
    if (!g.over) playTurn(g, 1 - first);
    if (scn.solo && aliveCount(g, scn.playerSide) === 0) g.over = true;
    g.hpEndRound[r] = healthSum(g, 0);
    g.hpEndRound[12 + r] = healthSum(g, 1);
    if (g.over) break;
  }
  g.endRound = r < rounds ? r + 1 : rounds;
  record(g, o, rec);
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

function record(g: IronGame, o: Offsets, rec: Recorder): void {
  const acc = rec.acc, scn = g.scn, steps = scn.steps, r = scn.rules;
  const vp0 = g.vp[0], vp1 = g.vp[1];
  let score0 = vp0, score1 = vp1;
  if (scn.solo) {
    // R20: the solo score: VP + HP left − 3 per unit lost.
    const p = scn.playerSide;
    let lost = 0;
    for (let u = 0; u < g.n; u++) if (g.side[u] === p && g.alive[u] === 0) lost++;
    const sc = g.vp[p] + r.solo_hp_bonus * healthSum(g, p) - r.solo_lost_unit_penalty * lost;
    if (p === 0) score0 = sc; else score1 = sc;
    acc[o.solo] += g.localKills[p];
    acc[o.solo + 1] += g.regularKills[p];
    acc[o.solo + 2] += g.missionWinner === p ? 1 : 0;
    acc[o.solo + 3] += sc;
  }
  const w = endWinner(g, vp0, vp1);
  acc[o.outcome + w]++;
  acc[o.decided + g.val[3]]++;
  if (g.missionWinner >= 0) acc[o.missionWins + g.missionWinner]++;
  acc[o.vp] += score0; acc[o.vp + 1] += score1;
  acc[o.vpSq] += score0 * score0; acc[o.vpSq + 1] += score1 * score1;
  let bin = Math.round((score0 - score1) / 2) + 30;
  bin = bin < 0 ? 0 : bin >= MARGIN_BINS ? MARGIN_BINS - 1 : bin;
  acc[o.hist + bin]++;
  acc[o.endRound + g.endRound - 1]++;
  for (let s = 0; s < 2; s++) {
    let start = 0;
    for (let u = 0; u < g.n; u++) if (g.side[u] === s && u < scn.units[0].length + scn.units[1].length) start += g.startHp[u];
    acc[o.start + s] += start;
    let cum = 0;
    for (let t = 0; t < steps; t++) {
      const played = t < g.endRound;
      const c = played ? g.casRound[s * 12 + t] : 0;
      const hl = played ? g.hpLostRound[s * 12 + t] : 0;
      // Surviving health: after the game ends it stays at its final value.
      const hp = g.hpEndRound[s * 12 + (played ? t : g.endRound - 1)];
      cum += c;
      acc[o.cas + s * steps + t] += c;
      acc[o.casSq + s * steps + t] += c * c;
      acc[o.cumCasSq + s * steps + t] += cum * cum;
      acc[o.surv + s * steps + t] += hp;
      acc[o.survSq + s * steps + t] += hp * hp;
      acc[o.hpLost + s * steps + t] += hl;
      if (played) {
        const hour = roundHour(g.startHour, t) >> 1;
        acc[o.hourCas + s * 12 + hour] += c;
        acc[o.hourHp + s * 12 + hour] += hl;
        if (g.nightRound[t]) {
          acc[o.nightCas + s * steps + t] += c;
          acc[o.nightHpLost + s * steps + t] += hl;
        }
      }
    }
    for (let k = 0; k < 6; k++) acc[o.vpSource + s * 6 + k] += g.vpSource[s * 6 + k];
    for (let k = 0; k < 8; k++) acc[o.actions + s * 8 + k] += g.actions[s * 8 + k];
  }
  for (let t = 0; t < g.endRound; t++) {
    if (g.nightRound[t]) acc[o.nightGames + t]++;
    acc[o.hourGames + (roundHour(g.startHour, t) >> 1)]++;
    acc[o.weather + t * 3 + g.weatherRound[t]]++;
  }
  for (let u = 0; u < g.n; u++) {
    const k = g.side[u] * TYPE_COUNT + g.type[u];
    acc[o.fielded + k]++;
    acc[o.points + k] += g.startHp[u];
    acc[o.pointsLost + k] += g.hpLost[u];
    acc[o.kills + k] += g.kills[u];
    if (g.alive[u] === 0) acc[o.typeCas + k * steps + g.diedRound[u] - 1]++;
    for (let t = 0; t < g.endRound; t++) acc[o.lostSteps + k * steps + t] += g.hpLostUnitRound[u * 12 + t];
  }
  const row = rec.row;
  if (row !== null) {
    row[0] = w; row[1] = g.val[3]; row[2] = score0; row[3] = score1; row[4] = g.endRound; row[5] = g.startHour;
    let c0 = 0, c1 = 0;
    for (let t = 0; t < g.endRound; t++) { c0 += g.casRound[t]; c1 += g.casRound[12 + t]; }
    row[6] = c0; row[7] = c1; row[8] = healthSum(g, 0); row[9] = healthSum(g, 1);
  }
}
