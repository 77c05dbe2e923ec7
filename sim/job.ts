/**
 * A whole `squadsim run`: checks the options against each other and the output folder,
 * loads the config, resumes from a checkpoint, plays, records per-game rows, and writes
 * the results document. Every bad input is a ConfigError (exit 2) raised before any game
 * is played or file written; the CLI only parses flags and prints.
 */
import { rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { ConfigError } from '../engine/errors.ts';
import { checkOutputDir, writeResultsAtomic } from '../resultsdoc/format.ts';
import { GAME_ROWS_FILE, GAME_ROWS_FORMAT, GameRowsWriter } from '../resultsdoc/game-rows.ts';
import { configHash } from '../resultsdoc/hash.ts';
import { checkpointWriter, readCheckpoint, removeCheckpoint, type CheckpointKey } from './checkpoint.ts';
import { loadConfig } from './config.ts';
import { resultsDocOf, RunInterrupted, runSimulation, type RunResult } from './run.ts';
import type { ProgressFn } from './progress.ts';
import { QueueCoordinator } from './queue/coordinator.ts';
import type { RedisTarget } from './queue/url.ts';
import { shardRange } from './shards.ts';
import { DEFAULT_MAX_GAMES } from './target-error.ts';

export interface JobOptions {
  /** Config file; default configs/nco/default.json. */
  config?: string;
  games: number;
  seed: number;
  workers: number;
  /** Keep playing until each side's 95% win-rate half-width is at most this. */
  targetError?: number;
  /** Cap of a targetError run. */
  maxGames?: number;
  /** Write DIR/results.json. */
  out?: string;
  /** Also store one row per game beside results.json (needs `out`). */
  recordGames?: boolean;
  /** Play only shard K of N. */
  shard?: { index: number; count: number };
  /** Save progress to this file every `checkpointSeconds`, and resume from it. */
  checkpoint?: string;
  checkpointSeconds?: number;
  progress?: boolean | ProgressFn;
  /** Told when a checkpoint was found and the run resumes after its chunks. */
  onResume?: (chunksDone: number) => void;
  /** Told of trouble the run survives (a checkpoint that could not be saved or removed). */
  onWarning?: (message: string) => void;
  /** Aborted (SIGINT, SIGTERM): stop, save the checkpoint if one was asked for, throw JobInterrupted. */
  halt?: AbortSignal;
  /** Aborted after `halt`: drop the chunks in flight instead of finishing them. */
  cancel?: AbortSignal;
  /**
   * Have `squadsim worker` processes play the chunks through a BullMQ queue on this Redis
   * (sim/queue/coordinator.ts) instead of local threads; `flag` names where the address came from.
   */
  queue?: { target: RedisTarget; flag: string; saveSeconds?: number; pollMs?: number };
  /** What a queue run is doing (queued, resuming, waiting for workers). */
  onNotice?: (message: string) => void;
}

export interface JobResult {
  run: RunResult;
  /** DIR/results.json when `out` was given. */
  resultsPath?: string;
}

/** A run interrupted by `halt`: nothing was written to `out`; what was saved, if anything. */
export class JobInterrupted extends Error {
  constructor(
    readonly run: RunInterrupted,
    /** The checkpoint path when one was asked for. */
    readonly checkpoint: string | undefined,
    /** Why the checkpoint could not be saved (then the games played are lost). */
    readonly saveError: Error | undefined,
    /** The queue of a queue run: it keeps the chunks played so far. */
    readonly queue?: string,
  ) {
    super(run.message);
    this.name = 'JobInterrupted';
  }
}

export async function runJob(o: JobOptions): Promise<JobResult> {
  const { games, seed, workers, targetError } = o;
  const maxGames = targetError === undefined ? undefined : (o.maxGames ?? Math.max(DEFAULT_MAX_GAMES, games));
  if (o.recordGames && o.out === undefined) throw new ConfigError('--record', 'games', 'needs --out DIR: the rows are stored beside DIR/results.json');
  if (o.shard && targetError !== undefined) throw new ConfigError('--shard', `${o.shard.index}/${o.shard.count}`, 'cannot be used with --target-error (where a run stops depends on every chunk before it)');
  if (o.shard) shardRange(games, o.shard.index, o.shard.count); // too many shards for the games: exit 2 before any work
  if (o.queue) {
    // (--workers with --queue is refused by the CLI, where it is known whether it was given.)
    if (targetError !== undefined) throw new ConfigError('--target-error', targetError, 'cannot be used with --queue (where such a run stops depends on every chunk before it); give --games N, or run it locally');
    if (o.recordGames) throw new ConfigError('--record', 'games', 'cannot be used with --queue (per-game rows are not carried through the queue); record them in a local run, or with --shard K/N and merge');
    if (o.checkpoint !== undefined) throw new ConfigError('--checkpoint', o.checkpoint, 'cannot be used with --queue: the queue keeps the merged chunks in Redis, and rerunning the same command resumes from them');
  }
  if (o.checkpoint !== undefined && o.recordGames) throw new ConfigError('--checkpoint', o.checkpoint, 'cannot be used with --record games (the per-game rows are not checkpointed)');
  if (o.checkpoint !== undefined) {
    try {
      checkOutputDir(dirname(resolve(o.checkpoint)));
    } catch (e) {
      throw new ConfigError('--checkpoint', o.checkpoint, `expected a file path in a writable folder (${(e as Error).message})`);
    }
  }
  if (o.out !== undefined) checkOutDir(o.out);
  // Bad config input is reported here, before any game is played or any file written.
  const loaded = loadConfig(o.config);
  const width = loaded.scn.plan.rowColumns.length;

  const key: CheckpointKey = {
    ruleset: loaded.ruleset.id, configHash: configHash(loaded.scn.normalized), seed, games,
    maxGames: maxGames ?? null, targetError: targetError ?? null, shard: o.shard ?? null,
  };
  const warn = o.onWarning ?? (() => {});
  // A queue run resumes from what its queue holds; connecting (exit 2 when Redis cannot be used) comes after the config compiled.
  const queue = o.queue ? await QueueCoordinator.open({ ...o.queue, onNotice: o.onNotice ?? (() => {}), onWarning: warn }, loaded, key) : undefined;
  try {
    const resume = queue ? queue.resume : o.checkpoint !== undefined ? readCheckpoint(o.checkpoint, key, loaded.scn.plan.layout) : undefined;
    if (resume && !queue) o.onResume?.(resume.nextChunk);
    const saver = queue ?? (o.checkpoint !== undefined ? checkpointWriter(o.checkpoint, key, o.checkpointSeconds ?? 30, resume?.elapsedSeconds ?? 0, warn) : undefined);
    const rows = o.recordGames ? openRows(o.out!, width) : undefined;
    let run: RunResult;
    try {
      run = await runSimulation({
        config: loaded, games, seed, workers,
        ...(o.progress !== undefined ? { progress: o.progress } : {}),
        ...(o.shard ? { shard: o.shard } : {}),
        ...(resume ? { resume } : {}),
        ...(saver ? { onMerged: saver.onMerged } : {}),
        ...(queue ? { execute: queue.execute } : {}),
        ...(targetError !== undefined ? { targetError, maxGames } : {}),
        ...(rows ? { onRows: (r: Float64Array) => rows.append(r) } : {}),
        ...(o.halt ? { halt: o.halt } : {}),
        ...(o.cancel ? { cancel: o.cancel } : {}),
      });
    } catch (e) {
      rows?.abort();
      if (!(e instanceof RunInterrupted)) throw e;
      throw new JobInterrupted(e, o.checkpoint, await saver?.saveNow(e.chunksDone, e.acc), queue?.name);
    }
    const resultsPath = o.out !== undefined ? writeOut(o.out, run, rows) : undefined;
    if (o.checkpoint !== undefined) {
      const err = removeCheckpoint(o.checkpoint);
      if (err) warn(`the run is complete, but its checkpoint ${o.checkpoint} could not be removed (${err.message}); delete it by hand`);
    }
    const err = await queue?.finish();
    if (err) warn(`the run is complete, but its queue ${queue!.name} could not be cleaned up (${err.message}); its keys stay in Redis`);
    return { run, ...(resultsPath ? { resultsPath } : {}) };
  } finally {
    await queue?.close();
  }
}

/** Fails early (exit 2, nothing run or written) when --out cannot become a writable folder. */
export function checkOutDir(out: string): void {
  if (out.trim() === '') throw new ConfigError('--out', out, 'expected a folder path');
  try {
    checkOutputDir(out);
  } catch (e) {
    throw new ConfigError('--out', out, `expected a writable folder (${(e as Error).message})`);
  }
}

function openRows(out: string, width: number): GameRowsWriter {
  try {
    return new GameRowsWriter(out, width);
  } catch (e) {
    if (!(e as NodeJS.ErrnoException).code) throw e;
    throw new ConfigError('--out', out, `expected a writable folder (${(e as Error).message})`);
  }
}

/**
 * Writes DIR/results.json (after DIR/games.f64, which it then names with its hash). A
 * results folder we cannot write to is bad input (exit 2), not a crash; either way nothing
 * of this run is left behind.
 */
function writeOut(out: string, run: RunResult, rows: GameRowsWriter | undefined): string {
  let committed = false;
  try {
    const doc = resultsDocOf(run);
    if (rows) {
      const { rows: count, sha256 } = rows.commit();
      committed = true;
      if (count !== run.games) throw new Error(`recorded ${count} rows for ${run.games} games`);
      const labels = Object.fromEntries(Object.entries(run.scn.plan.rowLabels).map(([k, v]) => [k, [...v]]));
      doc.gameRows = { file: GAME_ROWS_FILE, format: GAME_ROWS_FORMAT, columns: [...(run.rowColumns ?? [])], labels, count, sha256 };
    }
    return writeResultsAtomic(out, doc);
  } catch (e) {
    if (committed) rmSync(join(out, GAME_ROWS_FILE), { force: true });
    else rows?.abort();
    const code = (e as NodeJS.ErrnoException).code;
    if (!code) throw e;
    throw new ConfigError('--out', out, `expected a writable folder (${(e as Error).message})`);
  }
}
