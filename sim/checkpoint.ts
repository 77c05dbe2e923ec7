import { readFileSync, rmSync } from 'node:fs';
import { ConfigError } from '../engine/errors.ts';
import { writeFileAtomic } from '../resultsdoc/atomic-file.ts';
import { CHUNK_GAMES } from './chunks.ts';
import { packageVersion } from './paths.ts';

/**
 * `run --checkpoint FILE`: a long run saves its merged chunk prefix now and then, and a
 * rerun of the same command resumes after it. Chunks are merged in order, so the resumed
 * run adds the same chunks in the same order and its results are identical to an
 * uninterrupted run's.
 */
export const CHECKPOINT_SCHEMA = 'squadsim.checkpoint/1';

/** What must match for a checkpoint to belong to this run. */
export interface CheckpointKey {
  ruleset: string;
  configHash: string;
  seed: number;
  games: number;
  maxGames: number | null;
  targetError: number | null;
  shard: { index: number; count: number } | null;
}

interface CheckpointDoc extends CheckpointKey {
  schema: typeof CHECKPOINT_SCHEMA;
  version: string;
  chunkGames: number;
  /** Chunks merged, counted from the run's (or the shard's) first chunk. */
  nextChunk: number;
  elapsedSeconds: number;
  acc: number[];
}

export interface Resume {
  nextChunk: number;
  acc: Float64Array;
  elapsedSeconds: number;
}

/**
 * Reads `path` if it exists: undefined when there is none (a fresh start); a ConfigError
 * (exit 2, nothing run) when it is unreadable or belongs to another run.
 */
export function readCheckpoint(path: string, key: CheckpointKey, size: number): Resume | undefined {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new ConfigError('--checkpoint', path, `expected a readable checkpoint file or none (${(e as Error).message})`);
  }
  let doc: CheckpointDoc;
  try {
    doc = JSON.parse(text) as CheckpointDoc;
  } catch (e) {
    throw new ConfigError('--checkpoint', path, `is not valid JSON (${(e as Error).message}); delete it to start afresh`);
  }
  if (doc?.schema !== CHECKPOINT_SCHEMA) throw new ConfigError('--checkpoint', path, `expected a ${CHECKPOINT_SCHEMA} file; delete it to start afresh`);
  const want: Record<string, unknown> = { ...key, version: packageVersion(), chunkGames: CHUNK_GAMES };
  for (const [k, v] of Object.entries(want)) {
    const got = (doc as unknown as Record<string, unknown>)[k];
    if (JSON.stringify(got) !== JSON.stringify(v)) {
      throw new ConfigError('--checkpoint', path, `belongs to another run (${k} ${JSON.stringify(got)}, this run ${JSON.stringify(v)}); use another path or delete it`);
    }
  }
  if (!Number.isSafeInteger(doc.nextChunk) || doc.nextChunk < 0 || !Array.isArray(doc.acc) || doc.acc.length !== size || !doc.acc.every((x) => typeof x === 'number')) {
    throw new ConfigError('--checkpoint', path, `is damaged (expected nextChunk and ${size} accumulator values); delete it to start afresh`);
  }
  return { nextChunk: doc.nextChunk, acc: Float64Array.from(doc.acc), elapsedSeconds: Number(doc.elapsedSeconds) || 0 };
}

/**
 * An `onMerged` callback for runSimulation that writes the checkpoint atomically at most
 * every `everySeconds` (the first time after one interval). `elapsedBefore` is the time
 * a resumed run had already spent.
 */
export function checkpointWriter(path: string, key: CheckpointKey, everySeconds: number, elapsedBefore = 0): (chunksDone: number, acc: Float64Array) => void {
  const t0 = performance.now();
  let last = t0;
  return (chunksDone, acc) => {
    const now = performance.now();
    if (now - last < everySeconds * 1000) return;
    last = now;
    const doc: CheckpointDoc = {
      schema: CHECKPOINT_SCHEMA, version: packageVersion(), ...key, chunkGames: CHUNK_GAMES,
      nextChunk: chunksDone, elapsedSeconds: elapsedBefore + (now - t0) / 1000, acc: Array.from(acc),
    };
    writeFileAtomic(path, JSON.stringify(doc) + '\n');
  };
}

/** Removes the checkpoint once the run's results are safely written. */
export function removeCheckpoint(path: string): void {
  rmSync(path, { force: true });
}
