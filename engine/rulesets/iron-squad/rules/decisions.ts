/**
 * What the rules ask of a player (digest §4): the turn loop calls these through `g.decide`
 * and never imports a policy. policy/players.ts implements them for each player.
 */
import type { IronGame } from './state.ts';

export interface IronDecisions {
  /** Items 5–6: places units [first, first + count) of `side` on its deployment zone. */
  deploySide(g: IronGame, side: number, first: number, count: number): void;
  /** Item 21: this turn's activation order of `side`, into g.order / g.orderLen. */
  buildOrder(g: IronGame, side: number): void;
  /** Items 21–22: unit u's whole activation (reveal, fire, move, face, heal). */
  activate(g: IronGame, u: number): void;
  /** R15: the Medics of `side` at the start of its turn. */
  medicsAtTurnStart(g: IronGame, side: number): void;
  /** R15 with rules.medic_reactive: the Medics of `side` during the enemy's turn. */
  medicsReact(g: IronGame, side: number, closesRound: boolean): void;
}
