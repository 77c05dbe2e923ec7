/**
 * The scripted player's answers in the Command Decision windows (R7) and the rules'
 * other questions (firer order, rally, retreat, cells): digest §4.4, 4.7, 4.10, 4.12–4.13.
 */
import { CD, COLOUR_SIDES, SO_ATTACK } from '../data/cards.ts';
import { RANK_DISCIPLINE, RANK_RESOLVE, RANK_VITALITY } from '../data/soldiers.ts';
import { findCd } from '../rules/ccs.ts';
import { fieldDressing, fieldRepairs, marchingOrder, regroup } from '../rules/cds.ts';
import { CELL_START } from '../rules/decisions.ts';
import { fitCount } from '../rules/forces.ts';
import { range } from '../rules/map.ts';
import { WOUNDED, type OwamGame } from '../rules/state.ts';
import { EST, lethalityInto } from './estimate.ts';
import { bestEnemy, combatOp } from './scripted.ts';
import type { PolicyParams } from './knobs.ts';

const pol = (g: OwamGame, side: number): PolicyParams => g.scn.policies[side];

/** W2: F.U.B.A.R. an enemy Attack Order (the active FT's) when allowed by the policy. */
export function respondToCard(g: OwamGame, side: number, card: number, by: number): number {
  const p = pol(g, side);
  const i = findCd(g, side, CD.fubar);
  if (i < 0) return -1;
  // Answer attacks on own FTs, and a F.U.B.A.R. that cancels one of ours.
  if (p.fubarAttacks && by !== side && (g.cat.so[card] === SO_ATTACK && g.phase === 1 && g.cat.cd[card] !== CD.fubar)) return i;
  if (by !== side && g.cat.cd[card] === CD.fubar && g.handN[g.player(side)] > 2 && g.active === side) return i;
  return -1;
}

/** W3: Chain of Command on a flip that lands `coc_margin` or more on the wrong side of the die's middle. */
export function chainOfCommand(g: OwamGame, side: number, colour: number, value: number, goodForHigh: number): number {
  const p = pol(g, side);
  const i = findCd(g, side, CD.chain_of_command);
  if (i < 0) return -1;
  const mid = (COLOUR_SIDES[colour] + 1) / 2;
  const bad = side === goodForHigh ? mid - value : value - mid;
  return bad >= p.cocMargin + 0.5 ? i : -1;
}

/** W4: Evade when the total would suppress or worse. */
export function evade(g: OwamGame, side: number, target: number, total: number): number {
  const i = findCd(g, side, CD.evade);
  if (i < 0) return -1;
  return total >= RANK_RESOLVE[g.scn.sRank[target]] && g.cond[target] !== WOUNDED ? i : -1;
}

/** W4: F.U.B.A.R. the Discipline card when cancelling it crosses Resolve or Vitality. */
export function fubarDiscipline(g: OwamGame, side: number, target: number, total: number, last: number): number {
  const i = findCd(g, side, CD.fubar);
  if (i < 0 || last <= 0) return -1;
  const rk = g.scn.sRank[target], res = RANK_RESOLVE[rk], vit = RANK_VITALITY[rk];
  if (total < vit && total + last >= vit) return i;
  if (!pol(g, side).holdReactive && total < res && total + last >= res && g.cond[target] !== WOUNDED) return i;
  return -1;
}

/** §4.4: firers by mean lethality at the range, best first . */
export function orderFirers(g: OwamGame, ft: number, n: number, r: number): void {
  // Lethalities through EST[0]: a returned double is boxed when the call is not inlined.
  for (let i = 1; i < n; i++) {
    const s = g.cand[i];
    lethalityInto(g, s, r);
    const v = EST[0];
    let j = i - 1;
    for (; j >= 0; j--) {
      lethalityInto(g, g.cand[j], r);
      if (EST[0] >= v) break;
      g.cand[j + 1] = g.cand[j];
    }
    g.cand[j + 1] = s;
  }
}

/** Item 70: Marksman when the closer range adds at least 2 to the mean lethality. */
export function marksman(g: OwamGame, side: number, s: number, r: number): number {
  if (r <= 1) return -1;
  const i = findCd(g, side, CD.marksman);
  if (i < 0) return -1;
  lethalityInto(g, s, r - 1);
  const closer = EST[0];
  lethalityInto(g, s, r);
  return closer - EST[0] >= 2 ? i : -1;
}

/** §4.7: rally the highest rank first (Leaders restore Discipline). */
export function pickRally(g: OwamGame, ft: number, n: number): number {
  let best = 0;
  for (let k = 1; k < n; k++) if (g.scn.sRank[g.cand[k]] > g.scn.sRank[g.cand[best]]) best = k;
  return best;
}

/** Items 81–82 §4.12: fit soldiers with the best Discipline die first, wounded last . */
export function lineUp(g: OwamGame, ft: number, arr: Int32Array, n: number): void {
  for (let i = 1; i < n; i++) {
    const s = arr[i], v = lineKey(g, s);
    let j = i - 1;
    while (j >= 0 && lineKey(g, arr[j]) > v) { arr[j + 1] = arr[j]; j--; }
    arr[j + 1] = s;
  }
}

function lineKey(g: OwamGame, s: number): number {
  return (g.cond[s] === WOUNDED ? 100 : g.cond[s] === 1 ? 10 : 0) + RANK_DISCIPLINE[g.scn.sRank[s]];
}

/** §4.12: retreat when outnumbered in fit soldiers by the policy's ratio. */
export function retreat(g: OwamGame, ft: number, enemy: number): boolean {
  const p = pol(g, g.sideOfFt(ft));
  return fitCount(g, ft) < p.retreatRatio * fitCount(g, enemy);
}

/** Item 65: throw a grenade back whenever holding one. */
export function throwBack(g: OwamGame, side: number): number {
  return findCd(g, side, CD.grenade);
}

/** W5 (every player): Field Dressing on the wounded, Field Repairs on jammed weapons (not at Debrief). */
export function dressAndRepair(g: OwamGame, side: number, debrief: boolean): void {
  for (let s = 0; s < g.n; s++) {
    if (!g.alive[s] || g.scn.sSide[s] !== side || g.ftOf[s] < 0) continue;
    if (g.cond[s] === WOUNDED) { const i = findCd(g, side, CD.field_dressing); if (i >= 0) fieldDressing(g, side, i, s); }
    if (g.jammed[s] && !debrief) { const i = findCd(g, side, CD.field_repairs); if (i >= 0) fieldRepairs(g, side, i, s); }
  }
}

/** W5 (every player): the mission's Combat Operation in Assessment, by the first FT on the map. */
export function assessmentOp(g: OwamGame, side: number, debrief: boolean): void {
  if (debrief) return;
  let f = -1;
  for (let k = 0; k < 4 && f < 0; k++) if (g.fAlive[side * 4 + k] && g.fCell[side * 4 + k] >= 0) f = side * 4 + k;
  if (f >= 0) combatOp(g, side, f);
}

/** W5: Field Dressing and Repairs, Marching Order and Regroup on the track, the Combat Operation. */
export function assessment(g: OwamGame, side: number, debrief: boolean): void {
  dressAndRepair(g, side, debrief);
  // §4.10: Marching Order when the enemy holds both front slots; Regroup to jump an enemy FT that leads the track.
  if (debrief && g.trackLen >= 3 && g.sideOfFt(g.track[0]) !== side && g.sideOfFt(g.track[1]) !== side) {
    const i = findCd(g, side, CD.marching_order);
    if (i >= 0) marchingOrder(g, side, i);
  }
  if (!debrief && g.trackLen >= 2 && g.sideOfFt(g.track[0]) !== side) {
    const i = findCd(g, side, CD.regroup);
    let mine = -1;
    for (let k = 1; k < g.trackLen && mine < 0; k++) if (g.sideOfFt(g.track[k]) === side && g.fCell[g.track[k]] >= 0 && bestEnemy(g, g.track[k], 2) >= 0) mine = g.track[k];
    if (i >= 0 && mine >= 0) regroup(g, side, i, mine, g.track[0]);
  }
  assessmentOp(g, side, debrief);
}

/** §4.1 start cells spread over the start row; retreats to the card farthest from the enemy. */
export function pickCell(g: OwamGame, ft: number, n: number, purpose: number): number {
  const side = g.sideOfFt(ft);
  if (purpose === CELL_START) return ((ft & 3) * 2 + 1) % n;
  let best = 0, bv = -1;
  for (let k = 0; k < n; k++) {
    let d = 99;
    for (let e = (1 - side) * 4; e < (1 - side) * 4 + 4; e++) if (g.fAlive[e] && g.fCell[e] >= 0) d = Math.min(d, range(g, g.cand[k], g.fCell[e]));
    if (d > bv) { bv = d; best = k; }
  }
  return best;
}

