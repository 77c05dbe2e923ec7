import { ConfigError } from '../engine/errors.ts';
import { GameEnv } from '../engine/env.ts';
import { playOne, type CompiledScenario, type Ruleset } from '../engine/ruleset.ts';

// Playing one chunk, given a way to find the config's ruleset. Kept apart from the ruleset
// registry (engine/rulesets/index.ts, which loads all five): the worker threads' entry
// (sim/worker-entry.ts) loads only the ruleset a config names; this thread's runChunk
// (sim/worker.ts) takes it from the registry.

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

/** Finds a ruleset by id; undefined for an unknown id. */
export type RulesetLookup = (id: string) => Ruleset<CompiledScenario, unknown> | undefined;

interface Cached {
  hash: string;
  ruleset: Ruleset<CompiledScenario, unknown>;
  scn: CompiledScenario;
  env: GameEnv;
  game: unknown;
}

// One compiled scenario and game state per thread, rebuilt only when the config changes.
let cached: Cached | undefined;

/** The id a task's config names, if it is a string. */
export function rulesetIdOf(task: ChunkTask): unknown {
  return (task.config as { ruleset?: unknown } | null)?.ruleset;
}

function prepare(task: ChunkTask, lookup: RulesetLookup): Cached {
  if (cached?.hash === task.configHash) return cached;
  const id = rulesetIdOf(task);
  const ruleset = typeof id === 'string' ? lookup(id) : undefined;
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
export function runChunkWith(task: ChunkTask, lookup: RulesetLookup): Float64Array {
  gameInPlay = task.start;
  try {
    return playChunk(task, lookup);
  } catch (e) {
    // Bad input the main thread's compile could not see (e.g. a generated map's own check):
    // still bad input (exit 2), with the game that met it so it can be reproduced.
    if (!(e instanceof ConfigError)) throw e;
    throw new ConfigError(e.path, e.value, `${e.allowed} (met while playing game ${gameInPlay} of seed ${task.seed})`);
  }
}

/** The game being played, for error messages. */
let gameInPlay = 0;

function playChunk(task: ChunkTask, lookup: RulesetLookup): Float64Array {
  const { ruleset, scn, env, game } = prepare(task, lookup);
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

/** `v` if it survives structuredClone (a worker's message), else its string form. */
export function cloneable(v: unknown): unknown {
  try {
    return structuredClone(v);
  } catch {
    return String(v);
  }
}
