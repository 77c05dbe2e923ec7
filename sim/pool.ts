import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { packageRoot } from './paths.ts';
import { ConfigError } from '../engine/errors.ts';
import type { ChunkConfigError, ChunkTask } from './worker.ts';

/**
 * The worker entry file. From the dist/ bundles it sits beside this code (dist/worker.js);
 * from the TS sources (vitest, tsx) there is no sim/worker.js, so fall back to the built
 * dist/worker.js, which `npm test` builds first.
 */
export function defaultWorkerFile(): string {
  const beside = new URL('./worker.js', import.meta.url);
  if (existsSync(beside)) return fileURLToPath(beside);
  const built = join(packageRoot(), 'dist', 'worker.js');
  if (existsSync(built)) return built;
  throw new Error(`no worker file: neither ${fileURLToPath(beside)} nor ${built} exists; run \`npm run build\` first`);
}

export interface PoolRun {
  workerFile: string | URL;
  threads: number;
  /** An array, or any list built on demand (run --target-error plans up to --max-games). */
  tasks: { readonly length: number; at(index: number): ChunkTask | undefined };
  /** Called once per task as it completes, in completion order (not task order). */
  onResult(index: number, acc: Float64Array): void;
  /** Checked before each task is handed out: true stops handing out more (in-flight ones finish). */
  stop?(): boolean;
  /** Aborted: no more tasks are handed out; those in flight finish (an interrupted run). */
  halt?: AbortSignal;
  /** Aborted: the tasks in flight are dropped too (their workers are terminated). */
  cancel?: AbortSignal;
  /**
   * A warm pool the caller owns and destroys (tune, tournament: many small runs on one set of
   * threads, so each pays thread start-up and JIT warm-up once); default a fresh pool.
   */
  pool?: ChunkPool;
}

/**
 * A long-lived pool of `threads` chunk-playing threads: runOnPool drives a fixed list of
 * tasks through one, and a queue worker (sim/queue/serve.ts) plays the chunks it pulls from
 * Redis on one. Bad input met in a thread comes back as a ConfigError, as on the main thread.
 *
 * Tasks start in the order they are given. piscina's own queue does not promise that (a
 * task given while a thread frees up can overtake one already waiting, so one early chunk
 * could wait until the end of a run, and with it the ordered merge, checkpoints and the
 * progress bar): piscina gets at most one task per thread, the rest wait here, first in
 * first out, and a finished task hands its thread straight to the next.
 */
export class ChunkPool {
  private readonly pool: Piscina<ChunkTask, ArrayBuffer | ChunkConfigError>;
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(workerFile: string | URL, readonly threads: number) {
    const filename = workerFile instanceof URL ? fileURLToPath(workerFile) : workerFile;
    this.pool = new Piscina<ChunkTask, ArrayBuffer | ChunkConfigError>({ filename, minThreads: threads, maxThreads: threads, idleTimeout: 60_000 });
  }

  /** Plays one chunk; its accumulators (and rows) come back by transfer. */
  async run(task: ChunkTask, signal?: AbortSignal): Promise<Float64Array> {
    if (this.running < this.threads) this.running++;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      const out = await this.pool.run(task, signal ? { signal } : {});
      if (!(out instanceof ArrayBuffer)) throw new ConfigError(out.configError.path, out.configError.value, out.configError.allowed);
      return new Float64Array(out);
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }

  destroy(): Promise<void> {
    return this.pool.destroy();
  }
}

/**
 * Runs every task on a fresh ChunkPool of `threads` threads and destroys it at the end.
 * At most a few tasks per thread are in flight, which bounds how many out-of-order
 * results can wait for the ordered merge.
 */
export async function runOnPool({ workerFile, threads, tasks, onResult, stop, halt, cancel, pool: warm }: PoolRun): Promise<void> {
  const pool = warm ?? new ChunkPool(workerFile, threads);
  if (warm) threads = Math.min(threads, warm.threads);
  let next = 0;
  let failed = false;
  const lane = async (): Promise<void> => {
    while (!failed && next < tasks.length && !stop?.() && !halt?.aborted) {
      const i = next++;
      try {
        onResult(i, await pool.run(tasks.at(i)!, cancel));
      } catch (e) {
        if (cancel?.aborted) return; // dropped on purpose: the caller keeps what was merged
        failed = true;
        throw e;
      }
    }
  };
  try {
    // With `stop`, tasks past the stopping point are wasted work: keep fewer in flight.
    const lanes = Math.min(tasks.length, threads * (stop ? 2 : 4));
    await Promise.all(Array.from({ length: lanes }, lane));
  } finally {
    if (!warm) await pool.destroy();
  }
}
