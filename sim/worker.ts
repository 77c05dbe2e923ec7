import { getRuleset } from '../engine/rulesets/index.ts';
import { runChunkWith, type ChunkTask } from './chunk-play.ts';

// Chunks on this thread (run --workers 0, tests). The worker threads' own entry is
// sim/worker-entry.ts (dist/worker.js), which loads only the ruleset a config names.
export { cloneable, type ChunkConfigError, type ChunkTask } from './chunk-play.ts';

/**
 * Plays games [start, start + count) on this thread and returns the chunk's accumulators
 * (see runChunkWith): the same numbers a worker thread returns for the task.
 */
export function runChunk(task: ChunkTask): Float64Array {
  return runChunkWith(task, getRuleset);
}
