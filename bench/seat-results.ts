/**
 * The benches' way to play a config in-process and keep each game's worth to one seat
 * (engine/tally.ts seatResult: win 1, draw ½, loss 0), on one reused game object.
 */
import { GameEnv } from '../engine/env.ts';
import { playOne } from '../engine/ruleset.ts';
import { seatResult } from '../engine/tally.ts';
import type { LoadedConfig } from '../sim/config.ts';

/** Plays games [0, n) of master seed `seed` and returns the result of the side in `seat` in each. */
export function seatPlayer(l: LoadedConfig, seat: 0 | 1): (seed: number, n: number) => Float64Array {
  const env = new GameEnv(l.scn.plan);
  const game = l.ruleset.createGame(l.scn, env);
  return (seed, n) => {
    const x = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      playOne(l.ruleset, game, env, seed, i);
      x[i] = seatResult(env.tally.winner, seat);
    }
    return x;
  };
}
