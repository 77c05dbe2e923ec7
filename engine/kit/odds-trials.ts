/**
 * The trial harness of every odds sampler (OddsProvider.sample, issue 27): the game is built
 * by the ruleset's own createGame (so no field it sets is skipped), the tally begun once, and
 * each trial re-seeds the dice from the caller's stream and resets the game before the
 * sampler sets up and plays one attack. The sampler only says what a trial is.
 */
import { GameEnv } from '../env.ts';
import type { Rng } from '../rng.ts';
import type { CompiledScenario } from '../ruleset.ts';

export interface TrialGame<S extends CompiledScenario, G> {
  createGame(scn: S, env: GameEnv): G;
  resetGame(game: G): void;
}

/**
 * Plays `trials` trials on one game of `scn`; `trial` sets up and plays one (the game was
 * just reset, its dice freshly seeded) and returns the outcome's index in 0..outcomes-1.
 */
export function oddsTrials<S extends CompiledScenario, G>(
  rs: TrialGame<S, G>, scn: S, rng: Rng, trials: number, outcomes: number, trial: (g: G, env: GameEnv, k: number) => number,
): number[] {
  const env = new GameEnv(scn.plan);
  const g = rs.createGame(scn, env);
  env.tally.beginGame(0);
  const counts = new Array<number>(outcomes).fill(0);
  for (let k = 0; k < trials; k++) {
    env.dice.seed(rng.nextU32());
    rs.resetGame(g);
    const at = trial(g, env, k);
    if (!Number.isInteger(at) || at < 0 || at >= outcomes) throw new Error(`odds: trial ${k} gave outcome ${at}, expected 0..${outcomes - 1}`);
    counts[at]++;
  }
  return counts;
}
