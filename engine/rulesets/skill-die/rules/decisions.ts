/**
 * What the rules ask of a player (digest §4); the turn loop calls these through `g.decide`
 * and never imports a policy. policy/decisions.ts implements them.
 */
import type { SkillGame } from './state.ts';

export interface SkillDecisions {
  /** §4.1: places the units of `side` in its deployment zone (table slots). */
  deploy(g: SkillGame, side: number): void;
  /** §4.2: this turn's activation order of `side`, into g.order / g.orderLen. */
  buildOrder(g: SkillGame, side: number): void;
  /** §4.3, 4.4, 4.6–4.8: unit u's Move and Action, through the rules' action functions. */
  activate(g: SkillGame, u: number): void;
  /** §4.5: unit r holds a Reaction and saw enemy unit `actor` finish a Move or Action; true if it reacted. */
  react(g: SkillGame, r: number, actor: number): boolean;
}
