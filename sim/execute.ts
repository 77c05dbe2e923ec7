import { defaultWorkerFile, runOnPool, type ChunkPool } from './pool.ts';
import { runChunk, type ChunkTask } from './worker.ts';

/**
 * The one loop that drives chunks (run, batch, and everything built on them): hands tasks
 * to the worker pool, or plays them on this thread when `threads` is 0, and reports each
 * result as it completes. Merging in chunk order is the caller's (OrderedMerger).
 */
export interface ChunkPlan {
  /** An array, or any list built on demand (run --target-error plans up to --max-games). */
  tasks: { readonly length: number; at(index: number): ChunkTask | undefined };
  /** Worker threads; 0 plays on the calling thread. */
  threads: number;
  /** The piscina worker entry; default dist/worker.js (see defaultWorkerFile). */
  workerFile?: string | URL;
  /** Called once per task as it completes, in completion order (not task order). */
  onResult(index: number, buf: Float64Array): void;
  /** Checked before each task is handed out: true stops handing out more (in-flight ones finish). */
  stop?(): boolean;
  /** Aborted (e.g. on SIGINT): no more tasks are handed out; those in flight finish. */
  halt?: AbortSignal;
  /** Aborted: the tasks in flight are dropped too. */
  cancel?: AbortSignal;
  /** A warm pool the caller owns (see PoolRun.pool); `threads` > 0 still selects it. */
  pool?: ChunkPool;
}

export async function executeChunks(plan: ChunkPlan): Promise<void> {
  const { tasks, threads, onResult, stop, halt, cancel } = plan;
  if (threads > 0) {
    await runOnPool({
      workerFile: plan.workerFile ?? defaultWorkerFile(), threads: Math.min(threads, tasks.length), tasks, onResult,
      ...(stop ? { stop } : {}), ...(halt ? { halt } : {}), ...(cancel ? { cancel } : {}), ...(plan.pool ? { pool: plan.pool } : {}),
    });
    return;
  }
  for (let i = 0; i < tasks.length && !stop?.() && !halt?.aborted; i++) {
    onResult(i, runChunk(tasks.at(i)!));
    // Let timers (the progress bar) and signals run between chunks.
    await new Promise((r) => setImmediate(r));
  }
}
