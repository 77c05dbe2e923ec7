/**
 * The turn loop (items 1–6, R8, R19, R20): deployment, then `turns` turns; each turn both
 * players roll a d10 for initiative (Advantage after a commander's Signal, ties re-rolled or
 * to the loser of the last tie) and play their whole turn in that order. Victory: points of
 * enemy units destroyed plus objective_vp per objective held at the end (R20).
 */
import { T_DRONE } from '../data/catalogue.ts';
import { rollSkill } from './attack.ts';
import { ACTIVE, type SkillGame } from './state.ts';
import { traceActivation, traceEnd, traceFirst, traceInitiative, traceTurn } from './trace-log.ts';
import { DRAW } from '../../../tally.ts';

/** Items 1–2, 25, R19: the side that plays first this turn. */
export function rollInitiative(g: SkillGame): number {
  if (g.scn.tiebreakReroll) return rollOff(g);
  const a = rollSkill(g.rng, 10, g.initAdv[0]), b = rollSkill(g.rng, 10, g.initAdv[1]);
  if (g.trace !== null) traceInitiative(g, a, b);
  if (a !== b) return firstBy(g, a > b ? 0 : 1);
  if (g.lastTieLoser >= 0) {
    const w = g.lastTieLoser;
    g.lastTieLoser = 1 - w;
    return firstBy(g, w);
  }
  // The first tie of the game: re-rolled; whoever loses that re-roll lost the tie.
  const first = rollOff(g);
  g.lastTieLoser = 1 - first;
  return first;
}

/** Both d10s (with their Advantage) until they differ; the higher plays first. */
function rollOff(g: SkillGame): number {
  for (;;) {
    const a = rollSkill(g.rng, 10, g.initAdv[0]), b = rollSkill(g.rng, 10, g.initAdv[1]);
    if (g.trace !== null) traceInitiative(g, a, b);
    if (a !== b) return firstBy(g, a > b ? 0 : 1);
  }
}

/** Side `s` plays first; this turn's initiative Advantages are spent. */
function firstBy(g: SkillGame, s: number): number {
  g.initAdv[0] = 0;
  g.initAdv[1] = 0;
  return s;
}

/** Item 3: one player's turn: every unit of `side` activates once, in the policy's order. */
export function playTurn(g: SkillGame, side: number): void {
  const s = g.scn, f0 = s.first[side], f1 = f0 + s.count[side], n = g.n;
  g.turnSide = side;
  for (let u = f0; u < f1; u++) {
    g.reaction[u] = 0; // R8: an unused Reaction expires when the unit's turn starts
    g.signal[u] = 0; // R16: tokens last until the signaller's next turn
    if (g.suppressed[u] === 2) g.suppressed[u] = 1;
    g.moves[u] = 0;
    g.movedIn[u] = 0;
    g.acted[u] = 0;
    g.activated[u] = 0;
    g.focus[u] = 0;
    g.attacks[u] = 0;
    g.assist[u] = 0;
    g.sx[u] = g.table.px[u];
    g.sy[u] = g.table.py[u];
  }
  for (let t = 0; t < n; t++) g.passed[side * n + t] = 0; // passes ride on this side's tokens
  g.decide[side].buildOrder(g, side);
  for (let i = 0; i < g.orderLen; i++) {
    const u = g.order[i];
    if (g.status[u] !== ACTIVE || g.activated[u] !== 0 || g.revivedRound[u] === g.round || s.uType[u] === T_DRONE) continue;
    g.activated[u] = 1;
    if (g.trace !== null) traceActivation(g, u);
    g.decide[side].activate(g, u);
  }
  for (let u = f0; u < f1; u++) {
    g.movedLast[u] = g.movedIn[u] > 0 ? 1 : 0; // R7
    if (g.suppressed[u] === 1) g.suppressed[u] = 0; // R4: until the end of its next turn
    // Item 6: an Action not spent (and not traded for a second Move) is held as a Reaction.
    g.reaction[u] = g.status[u] === ACTIVE && g.acted[u] === 0 && g.focus[u] === 0 && s.uType[u] !== T_DRONE && g.revivedRound[u] !== g.round ? 1 : 0;
  }
  g.turnSide = -1;
}

/** R16 alternative: every Signal token and the targets it passed go at the end of the round. */
export function clearSignals(g: SkillGame): void {
  g.signal.fill(0);
  g.passed.fill(0);
}

/** Points of the units of `side` in play. */
export function pointsInPlay(g: SkillGame, side: number): number {
  const s = g.scn, f0 = s.first[side], f1 = f0 + s.count[side];
  let v = 0;
  for (let u = f0; u < f1; u++) if (g.status[u] === ACTIVE) v += s.uCost[u];
  return v;
}

export function unitsInPlay(g: SkillGame, side: number): number {
  const s = g.scn, f0 = s.first[side], f1 = f0 + s.count[side];
  let k = 0;
  for (let u = f0; u < f1; u++) if (g.status[u] === ACTIVE && s.uType[u] !== T_DRONE) k++;
  return k;
}

/** R20: 1 if `side` holds objective o (a unit within the radius, no enemy unit within it). */
export function holds(g: SkillGame, side: number, o: number): boolean {
  const s = g.scn, T = g.table, R = s.rules.objective_radius_in + T.baseRadius;
  let mine = false;
  for (let u = 0; u < g.n; u++) {
    if (g.status[u] !== ACTIVE || s.uType[u] === T_DRONE) continue;
    const dx = T.px[u] - s.objX[o], dy = T.py[u] - s.objY[o];
    if (dx * dx + dy * dy > R * R) continue;
    if (s.side[u] !== side) return false;
    mine = true;
  }
  return mine;
}

/** R20: points of enemy units out of play plus objective_vp per objective held. */
export function score(g: SkillGame, side: number): number {
  const s = g.scn, o = 1 - side, f0 = s.first[o], f1 = f0 + s.count[o];
  let v = 0;
  for (let u = f0; u < f1; u++) if (g.status[u] !== ACTIVE) v += s.uCost[u];
  for (let k = 0; k < s.objX.length; k++) if (holds(g, side, k)) v += s.rules.objective_vp;
  return v;
}

export function playSkillGame(g: SkillGame): void {
  const s = g.scn, t = g.tally;
  for (let side = 0; side < 2; side++) {
    g.decide[side].deploy(g, side);
    const f0 = s.first[side], f1 = f0 + s.count[side];
    for (let u = f0; u < f1; u++) t.field(side, s.uType[u], s.uCost[u], s.uCost[u]);
  }
  let last = 0;
  for (let r = 0; r < s.rules.turns; r++) {
    g.round = r + 1;
    if (g.trace !== null) traceTurn(g);
    const first = rollInitiative(g);
    if (g.trace !== null) traceFirst(g, first);
    g.count.initiativeFirst.add(first);
    playTurn(g, first);
    playTurn(g, 1 - first);
    if (s.rules.signal_token_duration === 'until_end_of_round') clearSignals(g);
    t.surviving[0] = pointsInPlay(g, 0);
    t.surviving[1] = pointsInPlay(g, 1);
    t.endStep();
    last = r;
    if (unitsInPlay(g, 0) === 0 || unitsInPlay(g, 1) === 0) break;
  }
  g.count.endTurn.add(last);
  for (let side = 0; side < 2; side++) for (let k = 0; k < s.objX.length; k++) if (holds(g, side, k)) g.count.objectivesHeld.add(side);
  const a = score(g, 0), b = score(g, 1);
  t.score[0] = a;
  t.score[1] = b;
  if (g.trace !== null) traceEnd(g, a, b);
  // Win class: 0 = the enemy has no unit left in play, 1 = on points.
  const wipe = a > b ? unitsInPlay(g, 1) === 0 : unitsInPlay(g, 0) === 0;
  t.endGame(a > b ? 0 : b > a ? 1 : DRAW, wipe ? 0 : 1);
}
