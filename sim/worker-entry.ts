import { move } from 'piscina';
import { ConfigError } from '../engine/errors.ts';
import type { CompiledScenario, Ruleset } from '../engine/ruleset.ts';
import { isRulesetId, RULESET_LOADERS } from '../engine/rulesets/registry.ts';
import { cloneable, rulesetIdOf, runChunkWith, type ChunkConfigError, type ChunkTask } from './chunk-play.ts';

// The worker threads' entry (bundled to dist/worker.js, which piscina loads in each thread).
// A thread loads only the ruleset its configs name: the five rulesets' code is ~750 kB of
// the bundle, and loading all of them cost each thread ~50 ms more CPU at start-up (docs/workers.md).

type AnyRuleset = Ruleset<CompiledScenario, unknown>;

const loaded = new Map<string, AnyRuleset>();
const lookup = (id: string): AnyRuleset | undefined => loaded.get(id);

/** Piscina entry: the buffer goes back by transfer, not by copy. */
export default async function chunkWorker(task: ChunkTask): Promise<ArrayBuffer | ChunkConfigError> {
  const id = rulesetIdOf(task);
  // An unknown id is left to runChunkWith, which reports it as before.
  if (isRulesetId(id) && !loaded.has(id)) loaded.set(id, await RULESET_LOADERS[id]());
  try {
    return move(runChunkWith(task, lookup).buffer as ArrayBuffer) as ArrayBuffer;
  } catch (e) {
    if (!(e instanceof ConfigError)) throw e;
    return { configError: { path: e.path, value: cloneable(e.value), allowed: e.allowed } };
  }
}
