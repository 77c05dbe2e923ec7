/**
 * The `random` player's answers in the Command Decision windows (R7) and the rules' other
 * questions: a coin on env.policy wherever a card could be played, shuffles for orders,
 * any legal cell. A card is looked up before the coin, so no card means no draw.
 */
import { CD } from '../data/cards.ts';
import { findCd } from '../rules/ccs.ts';
import { marchingOrder } from '../rules/cds.ts';
import type { OwamGame } from '../rules/state.ts';
import { assessmentOp, dressAndRepair } from './windows.ts';

/** The hand index `i` when a 1-in-`odds` draw comes up (no draw without a card). */
function maybe(g: OwamGame, i: number, odds: number): number {
  if (i < 0) return -1;
  return g.prng.below(odds) === 0 ? i : -1;
}

function shuffle(g: OwamGame, arr: Int32Array, n: number): void {
  for (let i = n - 1; i > 0; i--) { const j = g.prng.below(i + 1); const t = arr[i]; arr[i] = arr[j]; arr[j] = t; }
}

export const respondRandom = (g: OwamGame, side: number): number => maybe(g, findCd(g, side, CD.fubar), 4);
export const chainOfCommandRandom = (g: OwamGame, side: number): number => maybe(g, findCd(g, side, CD.chain_of_command), 8);
export const evadeRandom = (g: OwamGame, side: number): number => maybe(g, findCd(g, side, CD.evade), 2);

export function fubarDisciplineRandom(g: OwamGame, side: number, _target: number, _total: number, last: number): number {
  const i = findCd(g, side, CD.fubar);
  return last <= 0 ? -1 : maybe(g, i, 4);
}

export const orderFirersRandom = (g: OwamGame, _ft: number, n: number): void => shuffle(g, g.cand, n);

export function marksmanRandom(g: OwamGame, side: number, _s: number, r: number): number {
  return r <= 1 ? -1 : maybe(g, findCd(g, side, CD.marksman), 4);
}

export const pickRallyRandom = (g: OwamGame, _ft: number, n: number): number => g.prng.below(n);
export const lineUpRandom = (g: OwamGame, _ft: number, arr: Int32Array, n: number): void => shuffle(g, arr, n);
export const retreatRandom = (g: OwamGame): boolean => g.prng.below(3) === 0;

/** Item 65: throws a held grenade back on a coin. */
export function throwBackRandom(g: OwamGame, side: number): number {
  const i = findCd(g, side, CD.grenade);
  if (i < 0) return -1;
  return g.prng.below(2) === 0 ? -1 : i;
}

/** W5: the common plays, and a Marching Order now and then at Debrief. */
export function assessmentRandom(g: OwamGame, side: number, debrief: boolean): void {
  dressAndRepair(g, side, debrief);
  if (debrief && g.prng.below(4) === 0) { const i = findCd(g, side, CD.marching_order); if (i >= 0) marchingOrder(g, side, i); }
  assessmentOp(g, side, debrief);
}

export const pickCellRandom = (g: OwamGame, _ft: number, n: number): number => g.prng.below(n);
