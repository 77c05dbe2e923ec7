import { move } from 'piscina';
import { ConfigError } from '../engine/errors.ts';
import { GameEnv } from '../engine/env.ts';
import { playOne, type CompiledScenario, type Ruleset } from '../engine/ruleset.ts';
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
  env: GameEnv;
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
  const env = new GameEnv(scn.plan);
  cached = { hash: task.configHash, ruleset, scn, env, game: ruleset.createGame(scn, env) };
  return cached;
}

/**
 * Plays games [start, start + count) and returns the chunk's accumulators. Each game's
 * dice come from gameSeed(seed, i) alone, so the result does not depend on which worker
 * ran the chunk or what it ran before. With `rows`, the buffer continues with one row of
 * scn.plan.rowColumns.length values per game, in game order (one buffer: one transfer).
 */
export function runChunk(task: ChunkTask): Float64Array {
  gameInPlay = task.start;
  try {
    return playChunk(task);
  } catch (e) {
    // Bad input the main thread's compile could not see (e.g. a generated map's own check):
    // still bad input (exit 2), with the game that met it so it can be reproduced.
    if (!(e instanceof ConfigError)) throw e;
    throw new ConfigError(e.path, e.value, `${e.allowed} (met while playing game ${gameInPlay} of seed ${task.seed})`);
  }
}

/** The game being played, for error messages. */
let gameInPlay = 0;

function playChunk(task: ChunkTask): Float64Array {
  const { ruleset, scn, env, game } = prepare(task);
  const { layout, rowColumns } = scn.plan;
  const size = layout.size, width = task.rows ? rowColumns.length : 0;
  // One buffer per chunk (accumulators, then the rows): it is transferred away, so it is
  // never reused; the tally adds into its first `size` values.
  const out = new Float64Array(size + task.count * width);
  const tally = env.tally;
  tally.attach(out.subarray(0, size));
  const row = width > 0 ? new Float64Array(width) : null;
  tally.row = row;
  const end = task.start + task.count;
  for (let i = task.start; i < end; i++) {
    if (row !== null) row.fill(NaN); // a column the ruleset forgot to fill shows as NaN, not a stale value
    gameInPlay = i;
    playOne(ruleset, game, env, task.seed, i);
    if (row !== null) out.set(row, size + (i - task.start) * width);
  }
  tally.row = null;
  return out;
}

/** What a worker sends back for bad input: a thrown ConfigError would arrive as a plain Error. */
export interface ChunkConfigError {
  configError: { path: string; value: unknown; allowed: string };
}

/** Piscina entry: the buffer goes back by transfer, not by copy. */
export default function chunkWorker(task: ChunkTask): ArrayBuffer | ChunkConfigError {
  try {
    return move(runChunk(task).buffer as ArrayBuffer) as ArrayBuffer;
  } catch (e) {
    if (!(e instanceof ConfigError)) throw e;
    return { configError: { path: e.path, value: cloneable(e.value), allowed: e.allowed } };
  }
}

/** `v` if it survives structuredClone (a worker's message), else its string form. */
export function cloneable(v: unknown): unknown {
  try {
    return structuredClone(v);
  } catch {
    return String(v);
  }
}
