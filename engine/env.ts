/**
 * What the runner gives every game object: its random streams and the tally. The runner
 * seeds the streams for each game (a pure function of master seed, game index and stream)
 * and begins the tally before it asks the ruleset to reset; a ruleset cannot forget either.
 *
 * Two streams: `dice` for everything the rules randomise (dice, cards, maps, scatter,
 * events), `policy` for the players' own random choices (a random policy, tie-breaks). Two
 * policy variants playing the same game seed then share every die as long as the rules
 * ask for the same rolls, instead of parting at their first different decision.
 */
import { Rng } from './rng.ts';
import { Tally } from './tally.ts';
import type { TallyPlan } from './tally-plan.ts';
import type { GameTrace } from './trace.ts';

export const STREAM_DICE = 0;
export const STREAM_POLICY = 1;

export class GameEnv {
  readonly dice = new Rng();
  readonly policy = new Rng();
  readonly tally: Tally;
  /** `squadsim trace`: the event log of the one game played (set before createGame); null otherwise. */
  trace: GameTrace | null = null;

  constructor(plan: TallyPlan) {
    this.tally = new Tally(plan);
  }

  /** Runner: seeds every stream for game `index` of a run with master seed `master`. */
  seed(master: number, index: number): void {
    this.dice.seedGameStream(master, index, STREAM_DICE);
    this.policy.seedGameStream(master, index, STREAM_POLICY);
  }
}
