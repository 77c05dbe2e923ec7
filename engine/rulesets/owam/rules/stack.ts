/**
 * Command Decision windows and the stack (items 39, 64, 75, R7). A card played goes on the
 * stack; in window W2 the other player may F.U.B.A.R. it, that F.U.B.A.R. may be
 * F.U.B.A.R.ed in turn, and the stack resolves top-down: a card survives when the card on
 * top of it does not.
 */
import { CD } from '../data/cards.ts';
import { HAND_MAX, type OwamGame } from './state.ts';
import { spend } from './ccs.ts';
import { seatOrder } from './forces.ts';
import { traceCd } from './trace-log.ts';

/** Statistics: CD plays by side and kind (data/counters.ts: CD id k counts at k − 1). */
export function countCd(g: OwamGame, side: number, kind: number): void {
  g.count.cdPlays.add(side, kind - 1);
  if (g.trace !== null) traceCd(g, side, kind);
}

/** R7 W2: does `card`, just played by `by`, survive the answers (F.U.B.A.R. chains)? */
export function survives(g: OwamGame, by: number, card: number): boolean {
  const r = 1 - by, seat = g.cur[r];
  // R7: the other side's players answer in track order (item 26: each from his own hand).
  for (let k = 0; k < g.scn.players[r]; k++) {
    g.cur[r] = seatOrder(g, r, k);
    const i = g.decide[r].respondToCard(g, r, card, by);
    if (i < 0) continue;
    const f = g.hand[g.player(r) * HAND_MAX + i];
    if (g.cat.cd[f] !== CD.fubar) throw new Error('owam: only F.U.B.A.R. answers a card in window W2');
    spend(g, r, i);
    countCd(g, r, CD.fubar);
    g.cur[r] = seat;
    return !survives(g, r, f);
  }
  g.cur[r] = seat;
  return true;
}

/** Plays hand card i of `side` for its Command Decision: spent, counted, then answered in W2. */
export function playCd(g: OwamGame, side: number, i: number): boolean {
  const c = spend(g, side, i);
  countCd(g, side, g.cat.cd[c]);
  return survives(g, side, c);
}

/** Plays hand card i of `side` for its Standing Order (W2 answers too). */
export function playSo(g: OwamGame, side: number, i: number): boolean {
  const c = spend(g, side, i);
  g.count.actions.add(side, g.cat.so[c] - 1); // SO_ATTACK … SO_ENTRENCH are A_ATTACK + 1 …
  return survives(g, side, c);
}
