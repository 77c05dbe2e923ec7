import { availableParallelism } from 'node:os';
import { CHUNK_GAMES, OrderedMerger, planChunks } from './chunks.ts';
import type { LoadedConfig } from './config.ts';
import { seatResult } from '../engine/tally.ts';
import { configHash } from '../resultsdoc/hash.ts';
import { executeChunks } from './execute.ts';
import type { ChunkPool } from './pool.ts';
import { makeProgress, type ProgressFn } from './progress.ts';
import type { ChunkTask } from './worker.ts';

/** One matchup of a batch: games [start, start + games) of master seed `seed`. */
export interface BatchJob {
  loaded: LoadedConfig;
  seed: number;
  start: number;
  games: number;
  /**
   * Per-game rows (scn.plan.rowColumns, row-major), once per chunk in chunk order with the
   * chunk's first game index (as RunOptions.onRows).
   */
  onRows?: (rows: Float64Array, firstGame: number) => void;
}

export interface BatchOptions {
  /** Worker threads; default os.availableParallelism(). 0 plays on the calling thread. */
  workers?: number;
  progress?: boolean | ProgressFn;
  workerFile?: string | URL;
  /** A warm pool the caller owns and destroys (many batches, one start-up); ignored with workers 0. */
  pool?: ChunkPool;
}

/**
 * Plays many small matchups (e.g. the roster pairs of a balance sweep) on ONE worker pool
 * and returns each job's merged accumulators. Every job is cut into the same fixed chunks
 * as a run and merged in chunk order, so each result is bit-identical for any worker count
 * (and equal to runSimulation of that job's config over the same games).
 */
export async function runBatch(jobs: readonly BatchJob[], opts: BatchOptions = {}): Promise<Float64Array[]> {
  const workers = opts.workers ?? availableParallelism();
  if (!Number.isInteger(workers) || workers < 0) throw new RangeError(`workers must be an integer >= 0, got ${workers}`);
  const tasks: ChunkTask[] = [];
  const owner: { job: number; local: number }[] = [];
  const mergers = jobs.map((j, ji) => {
    if (!Number.isSafeInteger(j.games) || j.games < 1) throw new RangeError(`job ${ji}: games must be a positive integer, got ${j.games}`);
    const hash = configHash(j.loaded.scn.normalized), size = j.loaded.scn.plan.layout.size;
    const chunks = planChunks(j.games, CHUNK_GAMES), onRows = j.onRows;
    chunks.forEach(([start, count], local) => {
      tasks.push({ config: j.loaded.config, configHash: hash, seed: j.seed, start: j.start + start, count, ...(onRows ? { rows: true } : {}) });
      owner.push({ job: ji, local });
    });
    return new OrderedMerger(new Float64Array(size), onRows ? (local, buf) => void onRows(buf.subarray(size), j.start + chunks[local][0]) : undefined);
  });
  const total = jobs.reduce((n, j) => n + j.games, 0);
  const progress = makeProgress(opts.progress, total);
  let done = 0;
  const onResult = (i: number, acc: Float64Array): void => {
    mergers[owner[i].job].add(owner[i].local, acc);
    done += tasks[i].count;
    progress.update(done);
  };
  try {
    await executeChunks({
      tasks: { length: tasks.length, at: (i) => tasks[i] }, threads: workers, onResult,
      ...(opts.workerFile ? { workerFile: opts.workerFile } : {}), ...(opts.pool ? { pool: opts.pool } : {}),
    });
  } finally {
    progress.stop();
  }
  return mergers.map((m) => m.dst);
}

/**
 * A BatchJob's onRows that adds the result of the side in `seat` (seatResult: win 1, draw ½)
 * of each game into out[game - offset], read from the per-game rows' winner column.
 */
export function resultRows(loaded: LoadedConfig, seat: 0 | 1, out: Float64Array, offset: number): (rows: Float64Array, first: number) => void {
  const cols = loaded.scn.plan.rowColumns, width = cols.length, w = cols.indexOf('winner');
  if (w < 0) throw new Error(`ruleset ${loaded.ruleset.id}: per-game rows have no winner column`);
  return (rows, first) => {
    for (let r = 0; r * width < rows.length; r++) out[first - offset + r] += seatResult(rows[r * width + w], seat);
  };
}
