/**
 * Playing whole games in tests, the way the runner does (engine/ruleset.ts playOne): one
 * game object with its GameEnv, games seeded from (master, index), accumulators summed in
 * the env's tally. Works for any ruleset.
 */
import { GameEnv } from '../engine/env.ts';
import { playOne, type CompiledScenario, type Ruleset } from '../engine/ruleset.ts';

export class Player<S extends CompiledScenario, G> {
  readonly env: GameEnv;
  readonly game: G;

  constructor(readonly ruleset: Ruleset<S, G>, readonly scn: S) {
    this.env = new GameEnv(scn.plan);
    this.game = ruleset.createGame(scn, this.env);
  }

  /** Plays game `index` of master seed `master` and adds it to the accumulators. */
  play(master: number, index: number): this {
    playOne(this.ruleset as unknown as Ruleset<CompiledScenario, G>, this.game, this.env, master, index);
    return this;
  }

  /** Plays games [from, to). */
  playRange(master: number, from: number, to: number): this {
    for (let i = from; i < to; i++) this.play(master, i);
    return this;
  }

  /** The accumulators so far. */
  get acc(): Float64Array {
    return this.env.tally.acc;
  }

  /** A block of the accumulators, flattened. */
  block(name: string): number[] {
    const b = this.scn.plan.layout.block(name);
    return Array.from(this.acc.subarray(b.offset, b.offset + b.size));
  }

  /** Starts the accumulators afresh. */
  clear(): this {
    this.acc.fill(0);
    return this;
  }
}

export function player<S extends CompiledScenario, G>(ruleset: Ruleset<S, G>, scn: S): Player<S, G> {
  return new Player(ruleset, scn);
}
