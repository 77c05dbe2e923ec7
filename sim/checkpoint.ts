import { rmSync } from 'node:fs';
import { z } from 'zod';
import { ConfigError } from '../engine/errors.ts';
import { BLOCK } from '../engine/tally-plan.ts';
import type { RecordLayout } from '../engine/record.ts';
import { parseOrThrow } from '../engine/validate.ts';
import { writeFileAtomic } from '../resultsdoc/atomic-file.ts';
import { MissingFileError } from '../resultsdoc/input-file.ts';
import { readJsonFile } from '../resultsdoc/read-json.ts';
import { checkSeal, seal } from '../resultsdoc/seal.ts';
import { CHUNK_GAMES } from './chunks.ts';
import { packageVersion } from './paths.ts';
import { runChunks } from './run.ts';

/**
 * `run --checkpoint FILE`: a long run saves its merged chunk prefix now and then, and a
 * rerun of the same command resumes after it. Chunks are merged in order, so the resumed
 * run adds the same chunks in the same order and its results are identical to an
 * uninterrupted run's. A checkpoint is sealed (resultsdoc/seal.ts) and must hold what a
 * prefix of this run can hold, so an edited or damaged one is refused rather than
 * resumed into a wrong result.
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

export interface CheckpointDoc extends CheckpointKey {
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

const docSchema = z.looseObject({
  nextChunk: z.number().int().nonnegative(),
  elapsedSeconds: z.number().finite().nonnegative(),
  acc: z.array(z.number()),
});

/**
 * Reads `path` if it exists: undefined when there is none (a fresh start); a ConfigError
 * (exit 2, nothing run) when it is unreadable, edited, damaged or belongs to another run.
 */
export function readCheckpoint(path: string, key: CheckpointKey, layout: RecordLayout): Resume | undefined {
  let raw: unknown;
  try {
    raw = readJsonFile(path, { field: '--checkpoint', allowed: 'expected a checkpoint file or none' });
  } catch (e) {
    if (e instanceof MissingFileError) return undefined;
    throw e;
  }
  return checkCheckpoint(raw, key, layout, '--checkpoint', path);
}

/**
 * The resume point in a parsed checkpoint document (a file, or the merged prefix a queue
 * run keeps in Redis), after checking its seal, that it belongs to the run `key` and that
 * it holds what a prefix of that run can hold. Anything else is a ConfigError on `field`.
 */
export function checkCheckpoint(raw: unknown, key: CheckpointKey, layout: RecordLayout, field: string, shown: string): Resume {
  const bad = (why: string): ConfigError => new ConfigError(field, shown, `${why}; delete it to start afresh`);
  if ((raw as { schema?: unknown } | null)?.schema !== CHECKPOINT_SCHEMA) throw bad(`is not a ${CHECKPOINT_SCHEMA} file`);
  checkSeal(raw, field, shown, 'a checkpoint (delete it to start afresh)');
  const doc = raw as CheckpointDoc;
  const want: Record<string, unknown> = { ...key, version: packageVersion(), chunkGames: CHUNK_GAMES };
  for (const [k, v] of Object.entries(want)) {
    const got = (doc as unknown as Record<string, unknown>)[k];
    if (JSON.stringify(got) !== JSON.stringify(v)) {
      throw new ConfigError(field, shown, `belongs to another run (${k} ${JSON.stringify(got)}, this run ${JSON.stringify(v)}); use another path or delete it`);
    }
  }
  try {
    parseOrThrow(docSchema, doc);
  } catch (e) {
    if (!(e instanceof ConfigError)) throw e;
    throw bad(`is damaged (${e.message})`);
  }
  // What a prefix of this run can hold: at most its chunks, integer sums, and an outcome
  // block that counts exactly the games of the chunks merged.
  const plan = runChunks(key.games, key.maxGames ?? key.games, key.shard ?? undefined);
  if (doc.nextChunk > plan.total) throw bad(`is damaged (nextChunk ${doc.nextChunk} is past this run's ${plan.total} chunks)`);
  if (doc.acc.length !== layout.size) throw bad(`is damaged (${doc.acc.length} accumulator values; this run has ${layout.size})`);
  const k = doc.acc.findIndex((x) => !Number.isSafeInteger(x));
  if (k >= 0) throw bad(`is damaged (accumulator value ${k} is ${doc.acc[k]}, not an integer sum)`);
  const o = layout.block(BLOCK.outcome);
  const outcome = doc.acc.slice(o.offset, o.offset + o.size);
  const games = plan.gamesAfter(doc.nextChunk);
  if (outcome.some((x) => x < 0) || outcome.reduce((a, x) => a + x, 0) !== games) {
    throw bad(`is damaged (outcomes ${JSON.stringify(outcome)} do not add up to the ${games} games of its ${doc.nextChunk} chunks)`);
  }
  return { nextChunk: doc.nextChunk, acc: Float64Array.from(doc.acc), elapsedSeconds: doc.elapsedSeconds };
}

/** The sealed checkpoint document of a run after `chunksDone` chunks. */
export function checkpointDoc(key: CheckpointKey, chunksDone: number, acc: Float64Array, elapsedSeconds: number): CheckpointDoc {
  return seal({
    schema: CHECKPOINT_SCHEMA, version: packageVersion(), ...key, chunkGames: CHUNK_GAMES,
    nextChunk: chunksDone, elapsedSeconds, acc: Array.from(acc),
  });
}

/** Writes a checkpoint atomically. */
export function writeCheckpoint(path: string, doc: CheckpointDoc): void {
  writeFileAtomic(path, JSON.stringify(doc) + '\n');
}

export interface CheckpointWriter {
  /** An `onMerged` callback for runSimulation: saves at most every `everySeconds`. */
  onMerged(chunksDone: number, acc: Float64Array): void;
  /** Saves now (an interrupted run); returns the error instead of throwing. */
  saveNow(chunksDone: number, acc: Float64Array): Error | undefined;
}

/**
 * Saves the checkpoint at most every `everySeconds` (the first time after one interval).
 * `elapsedBefore` is the time a resumed run had already spent. A save that fails (a full
 * disk, a folder gone) must not end the run or lose its work: `onWarning` is told, the
 * run goes on, and the next interval tries again.
 */
export function checkpointWriter(path: string, key: CheckpointKey, everySeconds: number, elapsedBefore: number, onWarning: (message: string) => void): CheckpointWriter {
  const t0 = performance.now();
  let last = t0;
  let failing = false;
  const save = (chunksDone: number, acc: Float64Array): Error | undefined => {
    try {
      writeCheckpoint(path, checkpointDoc(key, chunksDone, acc, elapsedBefore + (performance.now() - t0) / 1000));
      if (failing) onWarning(`checkpoint ${path} saved again (${chunksDone} chunks)`);
      failing = false;
      return undefined;
    } catch (e) {
      if (!failing) onWarning(`could not save checkpoint ${path} (${(e as Error).message}); the run goes on and tries again in ${everySeconds} s`);
      failing = true;
      return e as Error;
    }
  };
  return {
    onMerged(chunksDone, acc) {
      const now = performance.now();
      if (now - last < everySeconds * 1000) return;
      last = now;
      save(chunksDone, acc);
    },
    saveNow: save,
  };
}

/** Removes the checkpoint once the run's results are safely written; returns the error instead of throwing. */
export function removeCheckpoint(path: string): Error | undefined {
  try {
    rmSync(path, { force: true });
    return undefined;
  } catch (e) {
    return e as Error;
  }
}
