/**
 * What the rules ask of a player (digest §4). The rules call these through `g.decide`
 * and never import a policy; policy/decisions.ts implements them for the shipped policies.
 * Every answer is an integer (an index, −1 for "no"), so nothing allocates.
 */
import type { OwamGame } from './state.ts';

export interface OwamDecisions {
  /** Items 31, 46, §4.3: the FT's whole activation (it calls rules/actions.ts). */
  activate(g: OwamGame, ft: number): void;
  /** §4.10, R7 W2: `side` may answer the card just played (F.U.B.A.R.): a hand index or −1. */
  respondToCard(g: OwamGame, side: number, card: number, playedBy: number): number;
  /** R7 W3: after a CCS flip outside a Firing Sequence; `goodForHigh` is the side helped by a high value. Hand index of a Chain of Command or −1. */
  chainOfCommand(g: OwamGame, side: number, colour: number, value: number, goodForHigh: number): number;
  /** R7 W4: the target's side may Evade (hand index or −1); `total` before it, vs the target soldier. */
  evade(g: OwamGame, side: number, target: number, total: number): number;
  /** R7 W4: the firer's side may F.U.B.A.R. the last (Discipline) card: hand index or −1. */
  fubarDiscipline(g: OwamGame, side: number, target: number, total: number, last: number): number;
  /** §4.4: order the eligible firers in g.cand[0..n) by preference (the rules take the first `count`). */
  orderFirers(g: OwamGame, ft: number, n: number, range: number): void;
  /** Item 70: play Marksman for firer s at range r (hand index or −1). */
  marksman(g: OwamGame, side: number, s: number, r: number): number;
  /** Item 65: throw an incoming grenade back at once (hand index of a Grenade or −1). */
  throwBack(g: OwamGame, side: number, ft: number): number;
  /** §4.7: which suppressed soldier to rally (index into g.cand[0..n)). */
  pickRally(g: OwamGame, ft: number, n: number): number;
  /** Items 81–82, §4.12: the assault line of FT ft: reorder arr[0..n) (the soldiers, left to right). */
  lineUp(g: OwamGame, ft: number, arr: Int32Array, n: number): void;
  /** §4.12: after an assault round, does FT `ft` retreat? */
  retreat(g: OwamGame, ft: number, enemy: number): boolean;
  /** R7 W5: Command Decisions in Assessment / Debrief. */
  assessment(g: OwamGame, side: number, debrief: boolean): void;
  /** §4.13: where a paratrooper FT aims / a retreating FT goes: a cell from g.cand[0..n). */
  pickCell(g: OwamGame, ft: number, n: number, purpose: number): number;
}

/** pickCell purposes. */
export const CELL_RETREAT = 0, CELL_START = 1;
