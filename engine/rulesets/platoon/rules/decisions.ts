/**
 * What the rules ask of a player (digest §4): the rules call these through `g.decide[side]`
 * and never import a policy; policy/decisions.ts implements them.
 */
import type { PlatoonGame } from './state.ts';

export interface PlatoonDecisions {
  /** §4.2: places every unit of `side` (writes g.x, g.y, g.hx, g.hy) within its deployment zone. */
  deploy(g: PlatoonGame, side: number): void;
  /**
   * §4.3: a die of `side` was drawn: picks an unordered unit and its order, written to
   * g.planUnit / g.planOrder, with g.planX/Y (move destination) and g.planTarget (assault target or −1).
   */
  activate(g: PlatoonGame, side: number): void;
  /** §4.4: the units that receive the officer's order: writes g.list / g.listLen (at most `max`). */
  officerOrders(g: PlatoonGame, officer: number, order: number, max: number): void;
  /** §4.5: fills g.planX/Y/planTarget for unit u carrying out `order` (officer's extra orders, panic excluded). */
  planMove(g: PlatoonGame, u: number, order: number): void;
  /** §4.6: the target of unit u's shooting, or −1 to hold fire. `friendly` = Friendly Fire (R25, chosen by the opponent). */
  target(g: PlatoonGame, u: number, friendly: boolean): number;
  /** §4.7: unit t (no order yet) is about to be shot at by `shooter`: go Down? */
  reactToShot(g: PlatoonGame, t: number, shooter: number): boolean;
  /** §4.7: unit t (no order yet) is assaulted by `attacker`: 0 none, 1 Fire (R7), 2 Down. */
  reactToAssault(g: PlatoonGame, t: number, attacker: number): number;
  /** §4.8: ambusher a may fire at mover m at one of the path samples g.sampleX/Y[0..n): index, or −1 to wait. */
  ambushPoint(g: PlatoonGame, a: number, m: number, n: number): number;
  /** §4.8: keep unit u's Ambush or Down order through the turn end? */
  keepOrder(g: PlatoonGame, u: number): boolean;
  /** §4.10, R19: where the winner of close quarters u regroups (g.planX/Y, up to rules.regroup_in), or false to stay. */
  regroup(g: PlatoonGame, u: number): boolean;
  /** §4.9: the weapon slot of unit u that loses a model (the owner chooses, R13). */
  casualty(g: PlatoonGame, u: number): number;
}
