/**
 * What the coordinator (`run --queue`) and the workers (`squadsim worker`) agree on in
 * Redis: key and queue names, the run record, the job payload and the result payload. Kept
 * in one file so the two sides cannot drift apart, and checked with zod on the way in:
 * whatever is in Redis may have been written by anyone.
 *
 * Layout (BullMQ prefix `squadsim`):
 *   squadsim:runs               sorted set of the queue names of runs in progress (score: ms registered);
 *                               a registration is also published on squadsim:runs:announce
 *   squadsim:runs:<queue>       the run record (JSON): its config, plan and build
 *   squadsim:runs:<queue>:merged  the coordinator's merged chunk prefix (a sealed checkpoint)
 *   squadsim:runs:<queue>:lock  the coordinator's lock (one coordinator per run)
 *   squadsim:<queue>:...        BullMQ's own keys; one job per chunk, id `chunk-<i>`
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { z } from 'zod';
import { BLOCK } from '../../engine/tally-plan.ts';
import type { RecordLayout } from '../../engine/record.ts';
import { canonicalJson } from '../../resultsdoc/hash.ts';
import { defaultWorkerFile } from '../pool.ts';

export const PREFIX = 'squadsim';
export const REGISTRY_KEY = `${PREFIX}:runs`;
/** Pub/sub channel on which a coordinator announces a registered run, so idle workers look at once. */
export const ANNOUNCE_CHANNEL = `${PREFIX}:runs:announce`;
export const RUN_SCHEMA = 'squadsim.queue-run/1';

export const recordKey = (queue: string): string => `${REGISTRY_KEY}:${queue}`;
export const mergedKey = (queue: string): string => `${REGISTRY_KEY}:${queue}:merged`;
export const lockKey = (queue: string): string => `${REGISTRY_KEY}:${queue}:lock`;
/** BullMQ job id of chunk i (a custom id may be neither an integer nor contain ':'). */
export const jobId = (chunk: number): string => `chunk-${chunk}`;

/** Everything that makes two runs the same run: equal keys share a queue, and nothing else does. */
export interface RunKey {
  ruleset: string;
  configHash: string;
  seed: number;
  games: number;
  shard: { index: number; count: number } | null;
  chunkGames: number;
  version: string;
  /** Fingerprint of the code that plays the games (engineFingerprint). */
  engine: string;
}

/** The queue of a run: readable (config hash, seed) and unique (a hash of the whole key). */
export function queueName(key: RunKey): string {
  const plan = createHash('sha256').update(canonicalJson(key)).digest('hex').slice(0, 12);
  return `run-${key.configHash.replace(/^sha256:/, '').slice(0, 16)}-s${key.seed}-${plan}`;
}

const uint = z.number().int().nonnegative();
const hash = z.string().regex(/^sha256:[0-9a-f]{64}$/);

/** The run record: what a worker needs to play the run's chunks, stored once per run. */
export const runRecordSchema = z.object({
  schema: z.literal(RUN_SCHEMA),
  ruleset: z.string(),
  configHash: hash,
  seed: uint.max(0xffffffff),
  games: z.number().int().positive(),
  shard: z.object({ index: z.number().int().positive(), count: z.number().int().positive() }).nullable(),
  chunkGames: z.number().int().positive(),
  version: z.string(),
  engine: z.string(),
  /** The run's chunks are [firstChunk, firstChunk + chunks) of the whole run's cut. */
  firstChunk: uint,
  chunks: z.number().int().positive(),
  /** Games end here (the last chunk may be short). */
  endGame: z.number().int().positive(),
  /** The inlined config, as local worker threads get it. */
  config: z.record(z.string(), z.unknown()),
});
export type RunRecord = z.infer<typeof runRecordSchema>;

/** One chunk job's data: the chunk, its games, and the config hash the worker must compile to. */
export const jobDataSchema = z.object({
  chunk: uint,
  start: uint,
  count: z.number().int().positive(),
  seed: uint.max(0xffffffff),
  configHash: hash,
});
export type JobData = z.infer<typeof jobDataSchema>;

/** A chunk's result as stored in Redis: its accumulators, f64le, raw-deflated, base64. */
export const resultSchema = z.object({ chunk: uint, acc: z.string() });
export type ChunkResult = z.infer<typeof resultSchema>;

export function encodeResult(chunk: number, acc: Float64Array): ChunkResult {
  return { chunk, acc: deflateRawSync(new Uint8Array(acc.buffer, acc.byteOffset, acc.byteLength)).toString('base64') };
}

/**
 * Chunk `chunk`'s accumulators from a stored result, or why it cannot be one: the wrong
 * chunk, the wrong size, or outcomes that do not count exactly the chunk's `games`.
 */
export function decodeResult(raw: unknown, chunk: number, games: number, layout: RecordLayout): Float64Array | string {
  const r = resultSchema.safeParse(raw);
  if (!r.success) return `not a chunk result (${r.error.issues[0]?.message ?? 'bad shape'})`;
  if (r.data.chunk !== chunk) return `holds chunk ${r.data.chunk}, not ${chunk}`;
  let bytes: Buffer;
  try {
    bytes = inflateRawSync(Buffer.from(r.data.acc, 'base64'));
  } catch (e) {
    return `its accumulators do not inflate (${(e as Error).message})`;
  }
  if (bytes.length !== layout.size * 8) return `holds ${bytes.length / 8} values; the layout has ${layout.size}`;
  const acc = new Float64Array(layout.size);
  new Uint8Array(acc.buffer).set(bytes);
  const o = layout.block(BLOCK.outcome);
  let n = 0;
  for (let k = o.offset; k < o.offset + o.size; k++) n += acc[k];
  if (n !== games) return `its outcomes count ${n} games; the chunk has ${games}`;
  return acc;
}

/**
 * Why a job failed for good (BullMQ UnrecoverableError): bad input met while playing, which
 * the coordinator reports as the same exit-2 error a local run gives, or a job this worker
 * refuses (malformed, another config).
 */
export type Refusal = { configError: { path: string; value: unknown; allowed: string } } | { refused: string };

export function refusalText(r: Refusal): string {
  return JSON.stringify(r);
}

export function parseRefusal(text: string | undefined): Refusal | undefined {
  try {
    const r = JSON.parse(text ?? '') as Refusal;
    return r && typeof r === 'object' && ('configError' in r || 'refused' in r) ? r : undefined;
  } catch {
    return undefined;
  }
}

let engine: string | undefined;

/**
 * The sha256 of the worker bundle (dist/worker.js) that plays the games. A worker serves
 * only runs whose record names its own fingerprint, so every chunk of a run is played by
 * the same code, and a rebuilt coordinator starts a new queue instead of mixing results.
 */
export function engineFingerprint(): string {
  return (engine ??= 'sha256:' + createHash('sha256').update(readFileSync(defaultWorkerFile())).digest('hex'));
}
