import { move } from 'piscina';
import { Recorder } from '../engine/record.ts';
import type { CompiledScenario, Ruleset } from '../engine/ruleset.ts';
import { getRuleset } from '../engine/rulesets/index.ts';

/** One chunk of games, as sent to a worker. */
export interface ChunkTask {
  /** The inlined config (file references already replaced by their contents). */
  config: unknown;
  /** Identifies the config so each worker compiles it once. */
  configHash: string;
  seed: number;
  start: number;
  count: number;
}

interface Cached {
  hash: string;
  ruleset: Ruleset<CompiledScenario, unknown>;
  scn: CompiledScenario;
  game: unknown;
}

// One compiled scenario and game state per worker thread, rebuilt only when the config changes.
let cached: Cached | undefined;

function prepare(task: ChunkTask): Cached {
  if (cached?.hash === task.configHash) return cached;
  const id = (task.config as { ruleset?: unknown } | null)?.ruleset;
  const ruleset = typeof id === 'string' ? getRuleset(id) : undefined;
  if (!ruleset) throw new Error(`worker: unknown ruleset ${JSON.stringify(id)}`);
  const scn = ruleset.compile(task.config);
  cached = { hash: task.configHash, ruleset, scn, game: ruleset.createGame(scn) };
  return cached;
}

/**
 * Plays games [start, start + count) and returns the chunk's accumulators. Each game's
 * dice come from gameSeed(seed, i) alone, so the result does not depend on which worker
 * ran the chunk or what it ran before.
 */
export function runChunk(task: ChunkTask): Float64Array {
  const { ruleset, scn, game } = prepare(task);
  // A fresh buffer per chunk: it is transferred away, so it cannot be reused.
  const rec = new Recorder(scn.layout);
  const end = task.start + task.count;
  for (let i = task.start; i < end; i++) ruleset.playGame(game, task.seed, i, rec);
  return rec.acc;
}

/** Piscina entry: the buffer goes back by transfer, not by copy. */
export default function chunkWorker(task: ChunkTask): ArrayBuffer {
  return move(runChunk(task).buffer as ArrayBuffer) as ArrayBuffer;
}
