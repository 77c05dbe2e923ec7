/**
 * What the rules ask of a player (digest §4): every choice made during a game. The rules
 * and scenario rules call these through `g.decide` and never import a policy;
 * policy/decisions.ts holds the shipped implementation and index.ts wires it in. One object
 * of plain functions taking the game, so every call site stays monomorphic. Answers come
 * back as small integers, booleans, g.pick* fields or point slots: nothing allocates and
 * no double crosses a call.
 */
import type { NcoGame } from './state.ts';

export interface NcoDecisions {
  /** The turn's per-turn state is reset: the policy refreshes its own caches (activation order, cover). */
  turnStarted(g: NcoGame): void;

  // Order phase (items 11–15, 19–28, 73, 88).
  /** Side s received the drawn die: g.pick (soldier, −1 none), g.pickOrder and its target, weapon, destination. */
  chooseOrder(g: NcoGame, s: number): void;
  /** Soldier i was given a die (Natural Leader's bonus die): g.pickOrder and its details. */
  orderFor(g: NcoGame, i: number): void;
  /** Item 13, R4: side `chooser` names the side that receives the next die. */
  streakChoice(g: NcoGame, chooser: number): number;
  /** Item 21: 1 = health, 2 = psyche. */
  rallyWhat(g: NcoGame, i: number): number;
  /** Item 24: the shot after an Advance move (g.pickTarget −1 for none, g.pickWeapon). */
  chooseAdvanceShot(g: NcoGame, i: number): void;
  /** Where a move toward point slot `dest` stops: the distance into g.router.arg[0]. */
  setMoveStop(g: NcoGame, i: number, dest: number): void;
  /** Item 73: who takes Natural Leader i's bonus die, or −1. */
  followerChoice(g: NcoGame, leader: number): number;
  /** Item 88: whether side s announces Intel before this draw. */
  wantsIntel(g: NcoGame, s: number): boolean;

  // Special Actions phase (items 16, 17, 29–32, R8).
  /** Side s's next qualifying soldier (g.pick, −1 none) and his action (g.pickOrder, SA_*). */
  chooseSpecial(g: NcoGame, s: number): void;
  /** Item 31: −1 for Mend option A (self), else the friend to encourage. */
  mendChoice(g: NcoGame, i: number): number;
  /** Item 29: the Focus Fire target and weapon (g.pickTarget, g.pickWeapon). */
  chooseFocusShot(g: NcoGame, i: number): void;

  // Reactions (items 20, 26, 32, R5).
  /** Item 20: go Down before the to-hit roll of an attack hitting with `chance` (1296ths); `futile`: Down changes nothing. */
  wantsReactiveDown(g: NcoGame, i: number, chance: number, futile: boolean): boolean;
  /** Item 26: fire back at the charging `charger` with `weapon`. */
  wantsAssaultResponse(g: NcoGame, i: number, charger: number, weapon: number): boolean;
  /** R5: ambusher a fires at `mover` from the path point in slot g.sp + 2. */
  wantsAmbushTrigger(g: NcoGame, a: number, mover: number): boolean;

  // Events (items 91, 95, R12).
  /** Item 91: side s's Able recipient, or −1. */
  ableChoice(g: NcoGame, s: number): number;
  /** Item 95: the enemy specialist side s jams, or −1. */
  easyChoice(g: NcoGame, s: number): number;

  // Items and the Medic's and Chaplain's Rally (items 78–80, 83–89).
  /** Who gets `item` from soldier i's Down order, or −1 to keep it. */
  downItemRecipient(g: NcoGame, i: number, item: number): number;
  /** Item 80: fire the Extra Magazine now (g.pickTarget, g.pickWeapon). */
  wantsExtraMagazine(g: NcoGame, i: number): boolean;
  /** Item 89: side s uses the Field Map this turn. */
  wantsFieldMap(g: NcoGame, s: number): boolean;
  /** Item 87: soldier t tries the Lucky Trinket on this hit. */
  wantsTrinket(g: NcoGame, t: number): boolean;
  /** Item 78: who gets the Medic's health Rally (himself or a friend within 3"). */
  medicRallyTarget(g: NcoGame, i: number): number;
  /** Item 79: the Chaplain applies his psyche Rally to the friends within 3". */
  ritesTransfer(g: NcoGame, i: number): boolean;

  // Scenarios (items 110–112, R32, R34).
  /** Item 111: side s's Bomber, or −1. */
  chooseBomber(g: NcoGame, s: number): number;
  /** Item 111: side s's supply drop x, into g.obj.mx[s]. */
  chooseDropX(g: NcoGame, s: number): void;
  /** Item 112, R34: a spot for side s's token k into g.obj.mx/my[k], minimums relaxed by `slack`; false if none. */
  chooseTokenSpot(g: NcoGame, s: number, k: number, slack: number): boolean;
  /** Item 112: a carrier at his own edge leaves the table with his intel. */
  wantsLeave(g: NcoGame, i: number): boolean;
  /** R32: side s's guess of the opponent's S4 mission. */
  guessMission(g: NcoGame, s: number): number;
}
