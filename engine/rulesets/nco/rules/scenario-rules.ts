/**
 * The scenario rules (S1–S6, alternative deployment: items 8, 104–113) at the points where
 * the turn loop, the Order phase and movement hand over to them. The rules call these
 * through `g.scenarioRules` and import nothing from scenarios/; scenarios/hooks.ts holds
 * the implementation and index.ts wires it in. Each returns at once in the basic game.
 */
import type { NcoGame } from './state.ts';

export interface ScenarioRules {
  /** After deployment: markers, zones, missions, the off-table start (items 8, 105, 106, 110–112). */
  setupScenario(g: NcoGame): void;
  /** Items 105, 110: after `turn`, whether the next turn is played (the variable end). */
  playsNextTurn(g: NcoGame, turn: number): boolean;
  /** End of game: adds the scenario bonuses to g.vp and counts them (g.count). */
  scoreScenario(g: NcoGame): void;
  /** Soldier i was given `order`: enters the table (item 8); returns the order made legal (items 8, 107). */
  scenarioOrder(g: NcoGame, i: number, order: number): number;
  /** An order aimed at the S3 pilot (g.pickTarget = TARGET_PILOT, item 108); true if handled. */
  pilotOrder(g: NcoGame, i: number, order: number, budget: number): boolean;
  /** A chosen Down: pick-ups and the bomb (items 107, 111, 112). */
  onChosenDown(g: NcoGame, i: number): void;
  /** A move just made, from point slot `start`: R33's exclusion zone around a side's own drop. */
  enforceExclusion(g: NcoGame, i: number, start: number): void;
  /** A completed move: delivering the pilot, leaving with intel (items 109, 112). */
  afterMove(g: NcoGame, i: number): void;
}
