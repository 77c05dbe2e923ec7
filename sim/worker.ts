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
  /** Also return each game's row (run --record games), after the accumulators. */
  rows?: boolean;
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
 * ran the chunk or what it ran before. With `rows`, the buffer continues with one row of
 * scn.rowColumns.length values per game, in game order (one buffer: one transfer).
 */
export function runChunk(task: ChunkTask): Float64Array {
  const { ruleset, scn, game } = prepare(task);
  const width = task.rows ? (scn.rowColumns?.length ?? 0) : 0;
  if (task.rows && width === 0) throw new Error(`worker: ruleset ${ruleset.id} records no per-game rows`);
  // A fresh buffer per chunk: it is transferred away, so it cannot be reused.
  const rec = new Recorder(scn.layout, width);
  const end = task.start + task.count;
  if (rec.row === null) {
    for (let i = task.start; i < end; i++) ruleset.playGame(game, task.seed, i, rec);
    return rec.acc;
  }
  const size = scn.layout.size, row = rec.row;
  const out = new Float64Array(size + task.count * width);
  for (let i = task.start; i < end; i++) {
    row.fill(NaN); // a column the ruleset forgot to fill shows as NaN, not a stale value
    ruleset.playGame(game, task.seed, i, rec);
    out.set(row, size + (i - task.start) * width);
  }
  out.set(rec.acc, 0);
  return out;
}

/** Piscina entry: the buffer goes back by transfer, not by copy. */
export default function chunkWorker(task: ChunkTask): ArrayBuffer {
  return move(runChunk(task).buffer as ArrayBuffer) as ArrayBuffer;
}
