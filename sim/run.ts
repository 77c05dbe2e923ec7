import { availableParallelism } from 'node:os';
import { BLOCK } from '../engine/tally-plan.ts';
import { type CompiledScenario, type Ruleset } from '../engine/ruleset.ts';
import { CHUNK_GAMES, OrderedMerger, type Chunk } from './chunks.ts';
import { loadConfig, type LoadedConfig } from './config.ts';
import { configHash } from '../resultsdoc/hash.ts';
import { buildResultsDoc, type ResultsDoc, type ShardInfo, type TargetErrorInfo } from '../resultsdoc/format.ts';
import { buildSummary, type Summary } from '../resultsdoc/summary.ts';
import { executeChunks, type ChunkPlan } from './execute.ts';
import { packageVersion } from './paths.ts';
import { makeProgress, type ProgressFn } from './progress.ts';
import { shardRange } from './shards.ts';
import type { Resume } from './checkpoint.ts';
import { DEFAULT_MAX_GAMES, estimateGames, halfWidths, targetMet } from './target-error.ts';
import type { ChunkTask } from './worker.ts';

export interface RunOptions {
  /** A loaded config, or a path to one; default configs/nco/default.json. */
  config?: LoadedConfig | string;
  /** Games to play; with targetError, the minimum. */
  games: number;
  /**
   * Keep playing chunks of CHUNK_GAMES until each side's Wilson 95% win-rate half-width
   * is ≤ this (checked after each chunk is merged, in chunk order), or maxGames is reached.
   */
  targetError?: number;
  /** Cap for targetError runs; default DEFAULT_MAX_GAMES. */
  maxGames?: number;
  /**
   * Record per-game rows (scn.plan.rowColumns): called once per chunk, in chunk order, with the
   * chunk's rows (row-major, rowColumns.length values per game) and its first game index.
   */
  onRows?: (rows: Float64Array, firstGame: number) => void;
  /**
   * Play only shard `index` of `count` (1-based) of games [0, games): a contiguous run of
   * its chunks (sim/shards.ts). `squadsim merge` adds the shards back into the whole run.
   */
  shard?: { index: number; count: number };
  /**
   * Continue a run from a checkpoint (sim/checkpoint.ts): its first `nextChunk` chunks
   * (counted from the run's, or the shard's, first chunk) are already merged into `acc`.
   */
  resume?: Resume;
  /** Called after each chunk is merged, in chunk order, with the chunks merged so far and the accumulators. */
  onMerged?: (chunksDone: number, acc: Float64Array) => void;
  /**
   * The caller's stopping rule (check --against's sequential test): asked after each chunk
   * is merged, in chunk order and after onRows, with the games merged so far; true stops the
   * run there, as --target-error does (no more chunks are handed out, later ones are dropped),
   * so where it stops does not depend on the worker count. The run plays at most `games`.
   */
  until?: (games: number) => boolean;
  /** Master seed, an integer in 0..2^32-1. */
  seed: number;
  /** Worker threads; default os.availableParallelism(). 0 plays on the calling thread. */
  workers?: number;
  /** true: a progress bar on stderr (only on a TTY); or a callback (done, total). */
  progress?: boolean | ProgressFn;
  /** The piscina worker entry; default dist/worker.js (see defaultWorkerFile). */
  workerFile?: string | URL;
  /**
   * Aborted (SIGINT, SIGTERM): stop handing out chunks, let those in flight finish, and
   * throw RunInterrupted with the merged prefix (what a checkpoint can save).
   */
  halt?: AbortSignal;
  /** Aborted after `halt`: drop the chunks in flight too. */
  cancel?: AbortSignal;
  /**
   * Plays the planned chunks somewhere else (run --queue: sim/queue/coordinator.ts) instead of
   * on this machine's threads; it reports results through plan.onResult like executeChunks,
   * and the merge, resume, progress and summary stay the same.
   */
  execute?: (plan: ChunkPlan) => Promise<void>;
}

/** A run stopped by `halt` before its end, with the chunks merged until then (a prefix). */
export class RunInterrupted extends Error {
  constructor(
    /** The abort reason (the signal's name). */
    readonly reason: unknown,
    /** Chunks merged, counted from the run's (or shard's) first chunk, as a checkpoint counts them. */
    readonly chunksDone: number,
    readonly gamesDone: number,
    /** Games the run (or shard) would have played (with targetError: at most). */
    readonly plannedGames: number,
    readonly acc: Float64Array,
  ) {
    super(`run interrupted (${String(reason)}) after ${gamesDone} games`);
    this.name = 'RunInterrupted';
  }
}

export interface RunResult {
  ruleset: Ruleset<CompiledScenario, unknown>;
  scn: CompiledScenario;
  /** The inlined config the workers compiled. */
  config: Record<string, unknown>;
  configHash: string;
  games: number;
  seed: number;
  /** Threads actually used (0 = in-process). */
  workers: number;
  chunkGames: number;
  /** How a targetError run stopped; absent otherwise. */
  targetError?: TargetErrorInfo;
  /** The games a sharded run played; absent otherwise. */
  shard?: ShardInfo;
  /** The per-game row columns when onRows was given. */
  rowColumns?: readonly string[];
  /** The merged accumulators, laid out by scn.plan.layout. */
  acc: Float64Array;
  elapsedSeconds: number;
  summary: Summary;
}

/**
 * Plays games [0, games) and merges their accumulators in chunk order, so every result
 * except the timings is bit-identical for any worker count.
 */
export async function runSimulation(opts: RunOptions): Promise<RunResult> {
  const { seed, targetError, onRows } = opts;
  const minGames = opts.games;
  if (!Number.isSafeInteger(minGames) || minGames < 1) throw new RangeError(`games must be a positive integer, got ${minGames}`);
  const maxGames = targetError === undefined ? minGames : (opts.maxGames ?? DEFAULT_MAX_GAMES);
  if (targetError !== undefined && !(targetError > 0 && targetError < 1)) throw new RangeError(`targetError must be in (0, 1), got ${targetError}`);
  if (!Number.isSafeInteger(maxGames) || maxGames < minGames) throw new RangeError(`maxGames must be an integer >= games (${minGames}), got ${maxGames}`);
  if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff) throw new RangeError(`seed must be an integer in 0..4294967295, got ${seed}`);
  const workers = opts.workers ?? availableParallelism();
  if (!Number.isInteger(workers) || workers < 0) throw new RangeError(`workers must be an integer >= 0, got ${workers}`);
  const loaded = typeof opts.config === 'object' ? opts.config : loadConfig(opts.config);
  const { ruleset, scn, config } = loaded;
  const hash = configHash(scn.normalized);
  const rows = onRows !== undefined;
  if (opts.shard && targetError !== undefined) throw new RangeError('a targetError run cannot be sharded: its stopping point depends on every chunk before it');
  if (opts.until && (targetError !== undefined || opts.shard || opts.resume)) throw new RangeError('a run with its own stopping rule (until) cannot also use targetError, shard or resume');
  const { shard, base, endGame, total } = runChunks(minGames, maxGames, opts.shard);
  const resume = opts.resume;
  if (resume && (resume.nextChunk > total || resume.acc.length !== scn.plan.layout.size)) throw new RangeError(`resume: ${resume.nextChunk} chunks of ${resume.acc.length} values do not fit a run of ${total} chunks of ${scn.plan.layout.size}`);
  // Chunks already merged by a checkpointed run are skipped.
  const first = base + (resume?.nextChunk ?? 0);

  const t0 = performance.now();
  // Up to maxGames in fixed chunks; a targetError run stops at the first chunk boundary
  // (at or after minGames) where the criterion holds, so only that prefix is ever merged.
  // Chunk i is computed on demand (the same cut as planChunks): --max-games may be huge.
  const chunk = (i: number): Chunk => [(first + i) * CHUNK_GAMES, Math.min(CHUNK_GAMES, endGame - (first + i) * CHUNK_GAMES)];
  const outcomeAt = scn.plan.layout.offset(BLOCK.outcome);
  let games = Math.min(first * CHUNK_GAMES, endGame) - base * CHUNK_GAMES;
  // A targetError run checkpointed at its stopping point has nothing left to play.
  let reached = resume !== undefined && targetError !== undefined && games >= minGames && targetMet(resume.acc.subarray(outcomeAt, outcomeAt + 2), games, targetError);
  const tasks = {
    length: reached ? 0 : Math.ceil(endGame / CHUNK_GAMES) - first,
    at: (i: number): ChunkTask => ({ config, configHash: hash, seed, start: chunk(i)[0], count: chunk(i)[1], ...(rows ? { rows } : {}) }),
  };
  const progress = makeProgress(opts.progress, shard ? shard.games : minGames);
  if (games > 0) progress.update(games);
  const merger = new OrderedMerger(resume ? Float64Array.from(resume.acc) : new Float64Array(scn.plan.layout.size), (i, buf) => {
    const [start, count] = chunk(i);
    if (rows) onRows(buf.subarray(scn.plan.layout.size), start);
    games = start + count - base * CHUNK_GAMES;
    opts.onMerged?.(first - base + i + 1, merger.dst);
    if (opts.until) return opts.until(games);
    if (targetError === undefined || games < minGames) return false;
    const wins = merger.dst.subarray(outcomeAt, outcomeAt + 2);
    reached = targetMet(wins, games, targetError);
    if (!reached && games < maxGames) progress.setTotal(Math.min(maxGames, Math.max(games + count, estimateGames(wins, games, targetError))));
    return reached;
  });
  const onResult = (i: number, acc: Float64Array): void => {
    merger.add(i, acc);
    progress.update(games);
  };
  const stop = (): boolean => merger.stopped;
  // No point starting more threads than there are chunks.
  const threads = Math.min(workers, tasks.length);
  try {
    await (opts.execute ?? executeChunks)({
      tasks, threads, onResult, ...(opts.workerFile ? { workerFile: opts.workerFile } : {}), ...(targetError !== undefined || opts.until ? { stop } : {}),
      ...(opts.halt ? { halt: opts.halt } : {}), ...(opts.cancel ? { cancel: opts.cancel } : {}),
    });
  } finally {
    progress.stop();
  }
  if (!merger.stopped && merger.merged !== tasks.length) {
    if (opts.halt?.aborted) throw new RunInterrupted(opts.halt.reason, first - base + merger.merged, games, endGame - base * CHUNK_GAMES, Float64Array.from(merger.dst));
    throw new Error(`merged ${merger.merged} of ${tasks.length} chunks`);
  }
  const elapsedSeconds = (performance.now() - t0) / 1000 + (resume?.elapsedSeconds ?? 0);

  const acc = merger.dst;
  const summary = buildSummary({ ruleset, scn, games, seed, configHash: hash, acc, elapsedSeconds, version: packageVersion(), presets: loaded.presets });
  const result: RunResult = { ruleset, scn, config, configHash: hash, games, seed, workers: threads, chunkGames: CHUNK_GAMES, acc, elapsedSeconds, summary };
  if (targetError !== undefined) {
    const wins = acc.subarray(outcomeAt, outcomeAt + 2);
    result.targetError = { target: targetError, minGames, maxGames, halfWidth: halfWidths(wins, games), reached };
  }
  if (shard) result.shard = shard;
  if (rows) result.rowColumns = scn.plan.rowColumns;
  return result;
}

/** Which of the whole run's fixed chunks a run (or one shard of it) plays. */
export interface RunChunks {
  shard?: ShardInfo;
  /** The first chunk played: chunks [base, base + total) of the run's cut. */
  base: number;
  total: number;
  /** One past the last game that may be played. */
  endGame: number;
  /** Games played once the first k of those chunks are merged. */
  gamesAfter(k: number): number;
}

/** The chunk range of a run of `games` (up to `maxGames` with --target-error), or of one shard of it. */
export function runChunks(games: number, maxGames: number, shardOf?: { index: number; count: number }): RunChunks {
  const shard = shardOf ? shardRange(games, shardOf.index, shardOf.count) : undefined;
  const base = shard ? shard.firstGame / CHUNK_GAMES : 0;
  const endGame = shard ? shard.firstGame + shard.games : maxGames;
  return {
    ...(shard ? { shard } : {}), base, endGame, total: Math.ceil(endGame / CHUNK_GAMES) - base,
    gamesAfter: (k) => Math.min((base + k) * CHUNK_GAMES, endGame) - base * CHUNK_GAMES,
  };
}

/** The results document of a finished run. */
export function resultsDocOf(run: RunResult): ResultsDoc {
  return buildResultsDoc({
    ruleset: run.ruleset.id, seed: run.seed, games: run.games, chunkGames: run.chunkGames, configHash: run.configHash,
    config: run.scn.normalized, layout: run.scn.plan.layout, acc: run.acc, summary: run.summary,
    ...(run.targetError ? { targetError: run.targetError } : {}),
    ...(run.shard ? { shard: run.shard } : {}),
  });
}
