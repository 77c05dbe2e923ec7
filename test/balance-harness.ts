/** Shared setup for the balance provider tests: a seeded roster stream and a sweep's ruleset part. */
import { Rng } from '../engine/rng.ts';

/** A stream in [0, 1) like the one sim/sweep.ts gives randomRoster. */
export function randFrom(seed: number): () => number {
  const rng = new Rng(seed);
  return () => rng.nextU32() / 4294967296;
}

/** A BalanceSpec with every field at its default, `over` replacing some. */
export const spec = (over: Record<string, unknown> = {}) => ({ budget: {}, roster: {}, features: 'all', cost_overrides: {}, rules: {}, ...over });
