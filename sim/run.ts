import { availableParallelism } from 'node:os';
import type { CompiledScenario, Ruleset } from '../engine/ruleset.ts';
import { CHUNK_GAMES, OrderedMerger, planChunks } from './chunks.ts';
import { loadConfig, type LoadedConfig } from './config.ts';
import { configHash } from './hash.ts';
import { defaultWorkerFile, runOnPool } from './pool.ts';
import { makeProgress, type ProgressFn } from './progress.ts';
import { buildSummary, type Summary } from './summary.ts';
import { runChunk, type ChunkTask } from './worker.ts';

export interface RunOptions {
  /** A loaded config, or a path to one; default configs/nco/default.json. */
  config?: LoadedConfig | string;
  games: number;
  /** Master seed, an integer in 0..2^32-1. */
  seed: number;
  /** Worker threads; default os.availableParallelism(). 0 plays on the calling thread. */
  workers?: number;
  /** true: a progress bar on stderr (only on a TTY); or a callback (done, total). */
  progress?: boolean | ProgressFn;
  /** The piscina worker entry; default dist/worker.js (see defaultWorkerFile). */
  workerFile?: string | URL;
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
  /** The merged accumulators, laid out by scn.layout. */
  acc: Float64Array;
  elapsedSeconds: number;
  summary: Summary;
}

/**
 * Plays games [0, games) and merges their accumulators in chunk order, so every result
 * except the timings is bit-identical for any worker count.
 */
export async function runSimulation(opts: RunOptions): Promise<RunResult> {
  const { games, seed } = opts;
  if (!Number.isSafeInteger(games) || games < 1) throw new RangeError(`games must be a positive integer, got ${games}`);
  if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff) throw new RangeError(`seed must be an integer in 0..4294967295, got ${seed}`);
  const workers = opts.workers ?? availableParallelism();
  if (!Number.isInteger(workers) || workers < 0) throw new RangeError(`workers must be an integer >= 0, got ${workers}`);
  const loaded = typeof opts.config === 'object' ? opts.config : loadConfig(opts.config);
  const { ruleset, scn, config } = loaded;
  const hash = configHash(scn.normalized);

  const t0 = performance.now();
  const chunks = planChunks(games, CHUNK_GAMES);
  const tasks: ChunkTask[] = chunks.map(([start, count]) => ({ config, configHash: hash, seed, start, count }));
  const merger = new OrderedMerger(new Float64Array(scn.layout.size));
  const progress = makeProgress(opts.progress, games);
  let done = 0;
  const onResult = (i: number, acc: Float64Array): void => {
    merger.add(i, acc);
    done += tasks[i].count;
    progress.update(done);
  };
  // No point starting more threads than there are chunks.
  const threads = Math.min(workers, tasks.length);
  try {
    if (threads === 0) {
      for (let i = 0; i < tasks.length; i++) {
        onResult(i, runChunk(tasks[i]));
        // Let timers (the progress bar) and signals run between chunks.
        await new Promise((r) => setImmediate(r));
      }
    } else {
      await runOnPool({ workerFile: opts.workerFile ?? defaultWorkerFile(), threads, tasks, onResult });
    }
  } finally {
    progress.stop();
  }
  if (merger.merged !== tasks.length) throw new Error(`merged ${merger.merged} of ${tasks.length} chunks`);
  const elapsedSeconds = (performance.now() - t0) / 1000;

  const acc = merger.dst;
  const summary = buildSummary({ ruleset, scn, games, seed, configHash: hash, acc, elapsedSeconds });
  return { ruleset, scn, config, configHash: hash, games, seed, workers: threads, chunkGames: CHUNK_GAMES, acc, elapsedSeconds, summary };
}
