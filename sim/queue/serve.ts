/**
 * `squadsim worker --queue`: pulls chunk jobs of every run registered in Redis whose build
 * matches this one, plays them on a local pool of worker threads (sim/pool.ts, the same
 * code a local run uses) and returns their accumulators. Workers can come and go at any
 * time: a run's queue is found by polling the registry, and a chunk whose worker died is
 * given to another one by BullMQ once its lock expires.
 *
 * A job that is malformed, belongs to another config, or whose run's config does not
 * compile here fails with the reason (BullMQ UnrecoverableError: no retry); the worker goes
 * on with the next one. Bad input met while playing fails the job with the ConfigError,
 * which the coordinator reports as a local run would (exit 2).
 */
import { hostname } from 'node:os';
import type { Job, UnrecoverableError, Worker } from 'bullmq';
import { bullmq } from './libs.ts';
import type { Redis } from 'ioredis';
import { ConfigError } from '../../engine/errors.ts';
import { getRuleset } from '../../engine/rulesets/index.ts';
import { configHash } from '../../resultsdoc/hash.ts';
import { packageVersion } from '../paths.ts';
import { ChunkPool, defaultWorkerFile } from '../pool.ts';
import { cloneable } from '../worker.ts';
import { openRedis } from './connect.ts';
import { sleep } from './sleep.ts';
import { ANNOUNCE_CHANNEL, encodeResult, engineFingerprint, jobDataSchema, jobId, PREFIX, recordKey, refusalText, REGISTRY_KEY, runRecordSchema, type ChunkResult, type RunRecord } from './protocol.ts';
import type { RedisTarget } from './url.ts';

export interface ServeOptions {
  target: RedisTarget;
  /** The flag the address came from, for error messages. */
  flag: string;
  /** Worker threads playing chunks (PREFETCH chunk jobs are taken per thread). */
  threads: number;
  /** A chunk's lock lasts this long (renewed while it plays); a dead worker's chunk is retried within about twice this. */
  stallSeconds: number;
  /** Exit once no run has been served for this long; default: serve until stopped. */
  idleExitSeconds?: number;
  /** Milliseconds between looks for new runs (default 1000); a run announced on pub/sub is looked at at once. */
  pollMs?: number;
  workerFile?: string | URL;
  /** Aborted (SIGINT, SIGTERM): take no more chunks, finish those in flight, then return. */
  halt?: AbortSignal;
  /** Aborted after `halt`: drop the chunks in flight (they go back on their queues). */
  cancel?: AbortSignal;
  onLog: (message: string) => void;
}

export interface ServeResult {
  /** Chunks played and returned. */
  chunks: number;
  games: number;
  /** Jobs this worker failed (refused, or bad input met while playing). */
  failed: number;
  /** Why it stopped: the halt signal's reason, or 'idle'. */
  reason: unknown;
}

/**
 * Chunk jobs taken per thread: the next chunk waits in the pool while one plays, so a
 * thread never idles through the Redis round trips between two chunks.
 */
const PREFETCH = 2;

interface Served {
  worker: Worker;
  record: RunRecord;
  /** The run's config compiled here: its hash, or why it cannot be played. */
  compiled: { hash: string } | { error: string };
  chunks: number;
}

/** Serves queue runs until halted (or idle for idleExitSeconds). A Redis that cannot be used at the start is a ConfigError (exit 2). */
export async function serveQueue(o: ServeOptions): Promise<ServeResult> {
  const redis = await openRedis(o.target, o.flag, o.onLog);
  const { DelayedError, UnrecoverableError, Worker } = await bullmq();
  /** A job this worker must not play: failed for good (no retry), with the reason. */
  const refuse = (why: string): UnrecoverableError => new UnrecoverableError(refusalText({ refused: why }));
  const pool = new ChunkPool(o.workerFile ?? defaultWorkerFile(), o.threads);
  const me = { version: packageVersion(), engine: engineFingerprint() };
  const served = new Map<string, Served>();
  const skipped = new Set<string>();
  const total: ServeResult = { chunks: 0, games: 0, failed: 0, reason: 'idle' };
  const redact = o.target.redact;
  o.onLog(`connected to ${o.target.shown}; ${o.threads} thread(s); squadsim ${me.version} build ${me.engine.slice(7, 19)}; waiting for runs`);

  const start = (name: string, record: RunRecord): void => {
    const s: Served = { worker: undefined as unknown as Worker, record, compiled: compileRecord(record), chunks: 0 };
    const play = async (job: Job, token?: string): Promise<ChunkResult> => {
      const d = jobDataSchema.safeParse(job.data);
      if (!d.success) throw refuse(`malformed job data (${d.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ')})`);
      const data = d.data;
      if ('error' in s.compiled) throw refuse(`the run's config does not compile on this worker: ${s.compiled.error}`);
      if (data.configHash !== s.compiled.hash) throw refuse(`its config hash ${data.configHash} is not the run's config, which compiles to ${s.compiled.hash} here`);
      const { seed, chunkGames, firstChunk, chunks, endGame } = record;
      if (job.id !== jobId(data.chunk) || data.seed !== seed || data.chunk < firstChunk || data.chunk >= firstChunk + chunks || data.start !== data.chunk * chunkGames || data.count !== Math.min(chunkGames, endGame - data.start)) {
        throw refuse(`job ${job.id} (chunk ${data.chunk}, games ${data.start}+${data.count}, seed ${data.seed}) is not a chunk of this run (seed ${seed}, chunks ${firstChunk}..${firstChunk + chunks - 1} of ${chunkGames} games up to game ${endGame})`);
      }
      let acc: Float64Array;
      try {
        acc = await pool.run({ config: record.config, configHash: data.configHash, seed, start: data.start, count: data.count }, o.cancel);
      } catch (e) {
        if (o.cancel?.aborted) {
          // Dropped on a second signal: back on the queue at once, without using up one of its attempts.
          await job.moveToDelayed(Date.now(), token);
          throw new DelayedError();
        }
        if (!(e instanceof ConfigError)) throw e;
        throw new UnrecoverableError(refusalText({ configError: { path: e.path, value: cloneable(e.value), allowed: e.allowed } }));
      }
      s.chunks++;
      total.chunks++;
      total.games += data.count;
      return encodeResult(data.chunk, acc);
    };
    s.worker = new Worker(name, play, {
      connection: o.target.options, prefix: PREFIX, concurrency: o.threads * PREFETCH, name: `${hostname()}:${process.pid}`,
      lockDuration: o.stallSeconds * 1000, stalledInterval: o.stallSeconds * 1000, maxStalledCount: 2,
    });
    s.worker.on('error', (e: Error) => o.onLog(`run ${name}: ${redact(e.message)}`));
    s.worker.on('failed', (job: Job | undefined, e: Error) => {
      if (e instanceof UnrecoverableError || e.name === 'UnrecoverableError') total.failed++;
      if (!o.cancel?.aborted) o.onLog(`run ${name}: job ${job?.id ?? '?'} failed: ${redact(e.message)}`);
    });
    s.worker.on('stalled', (id: string) => o.onLog(`run ${name}: job ${id} stalled (the worker playing it stopped); it goes back on the queue`));
    served.set(name, s);
    const what = record.shard ? `shard ${record.shard.index}/${record.shard.count} of ${record.games} games` : `${record.games} games`;
    o.onLog(`serving run ${name} (${record.ruleset}, ${what}, seed ${record.seed}, ${record.chunks} chunk(s))${'error' in s.compiled ? `; its config does not compile here, so its jobs fail: ${s.compiled.error}` : ''}`);
  };

  const stop = async (name: string): Promise<void> => {
    const s = served.get(name)!;
    served.delete(name);
    await s.worker.close();
    // A finished run's coordinator obliterated its queue, but until this worker stopped, its
    // stalled-job check or next fetch could write the queue's meta hash again (BullMQ's
    // scripts set opts.maxLenEvents there): drop it, so a finished run leaves nothing behind.
    // Harmless if a new coordinator of the same run just started: BullMQ re-creates it.
    if ((await redis.exists(recordKey(name))) === 0) await redis.del(`${PREFIX}:${name}:meta`);
    o.onLog(`run ${name} is finished or gone; played ${s.chunks} chunk(s) of it here`);
  };

  const discover = async (): Promise<void> => {
    const names = new Set(await redis.zrange(REGISTRY_KEY, 0, -1));
    for (const name of [...served.keys()]) if (!names.has(name)) await stop(name);
    for (const name of [...skipped]) if (!names.has(name)) skipped.delete(name);
    for (const name of names) {
      if (served.has(name) || skipped.has(name)) continue;
      const why = await checkRecord(redis, name, me);
      if (typeof why === 'string') {
        skipped.add(name);
        o.onLog(`skipping run ${name}: ${why}`);
      } else start(name, why);
    }
  };

  // A coordinator publishes each run it registers: wake the loop below at once (the poll
  // stays, for announcements lost while a connection was down).
  const sub = redis.duplicate();
  let wake = new AbortController();
  sub.on('error', () => {}); // the main client reports connection trouble
  sub.on('message', () => wake.abort());
  await sub.subscribe(ANNOUNCE_CHANNEL);
  let idleSince = performance.now();
  try {
    while (!o.halt?.aborted) {
      wake = new AbortController();
      try {
        await discover();
      } catch (e) {
        o.onLog(`looking for runs: ${redact((e as Error).message)}`);
      }
      if (served.size > 0) idleSince = performance.now();
      else if (o.idleExitSeconds !== undefined && performance.now() - idleSince >= o.idleExitSeconds * 1000) break;
      await sleep(o.pollMs ?? 1000, o.halt, wake.signal);
    }
    if (o.halt?.aborted) total.reason = o.halt.reason;
  } finally {
    // close() lets the chunks in flight finish and return their results; `cancel` aborts them instead.
    await Promise.all([...served.values()].map((s) => s.worker.close().catch(() => {})));
    await pool.destroy();
    sub.disconnect();
    redis.disconnect();
  }
  return total;
}

/** The run record of queue `name` if this worker can serve it, else why not. */
async function checkRecord(redis: Redis, name: string, me: { version: string; engine: string }): Promise<RunRecord | string> {
  const text = await redis.get(recordKey(name));
  if (text === null) return 'it has no run record';
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return 'its run record is not JSON';
  }
  const r = runRecordSchema.safeParse(raw);
  if (!r.success) return `its run record is not one this squadsim reads (${r.error.issues[0]?.path.join('.')}: ${r.error.issues[0]?.message})`;
  const rec = r.data;
  if (rec.version !== me.version || rec.engine !== me.engine) {
    return `it was queued by squadsim ${rec.version} build ${rec.engine.slice(7, 19)}; this worker is ${me.version} build ${me.engine.slice(7, 19)} (every chunk of a run must be played by the same build)`;
  }
  return rec;
}

/** Compiles a run's config here: its config hash, or why it cannot be played. */
function compileRecord(rec: RunRecord): { hash: string } | { error: string } {
  const ruleset = getRuleset(rec.ruleset);
  if (!ruleset || rec.config.ruleset !== rec.ruleset) return { error: `ruleset ${JSON.stringify(rec.config.ruleset)} is not the run's ${JSON.stringify(rec.ruleset)} or not one this squadsim knows` };
  try {
    return { hash: configHash(ruleset.compile(structuredClone(rec.config)).normalized) };
  } catch (e) {
    return { error: (e as Error).message };
  }
}

