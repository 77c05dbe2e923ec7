/**
 * `squadsim run --queue`: the coordinator side of a queue run. It plays no games: it puts
 * the run's fixed chunks on a BullMQ queue of their own (sim/queue/protocol.ts), and hands
 * each chunk's accumulators to runSimulation (through its `execute` hook) strictly in chunk
 * order, so merging, progress, summary and the results document are the local run's own.
 *
 * Nothing is lost when a process dies: a chunk's result stays in Redis until the merged
 * prefix that holds it is saved there (a sealed checkpoint, sim/checkpoint.ts); a worker
 * killed mid-chunk lets its lock expire and BullMQ gives the chunk to another worker; a
 * coordinator restarted with the same command finds the same queue (its name is a hash of
 * the run), resumes from the saved prefix and merges the chunks played meanwhile.
 */
import { hostname } from 'node:os';
import type { Job, Queue } from 'bullmq';
import { bullmq } from './libs.ts';
import type { Redis } from 'ioredis';
import { ConfigError } from '../../engine/errors.ts';
import type { RecordLayout } from '../../engine/record.ts';
import { checkCheckpoint, checkpointDoc, type CheckpointKey, type Resume } from '../checkpoint.ts';
import { CHUNK_GAMES } from '../chunks.ts';
import type { LoadedConfig } from '../config.ts';
import type { ChunkPlan } from '../execute.ts';
import { packageVersion } from '../paths.ts';
import { processAlive } from '../../resultsdoc/atomic-file.ts';
import { runChunks } from '../run.ts';
import { openRedis } from './connect.ts';
import { sleep } from './sleep.ts';
import { ANNOUNCE_CHANNEL, decodeResult, engineFingerprint, jobId, lockKey, mergedKey, parseRefusal, PREFIX, queueName, recordKey, REGISTRY_KEY, RUN_SCHEMA, type JobData, type RunKey, type RunRecord } from './protocol.ts';
import type { RedisTarget } from './url.ts';

export interface CoordinatorOptions {
  target: RedisTarget;
  /** The flag the address came from, for error messages. */
  flag: string;
  /** Seconds between saves of the merged prefix to Redis (default 2). */
  saveSeconds?: number;
  /** Milliseconds between polls while waiting for the next chunk (default 100). */
  pollMs?: number;
  /** What the coordinator is doing (queued, resuming, waiting for workers). */
  onNotice: (message: string) => void;
  /** Trouble it survives (Redis reconnecting, a save that failed). */
  onWarning: (message: string) => void;
}

/** Every chunk job: a few tries for a worker's crash, results kept until merged and saved. */
const JOB_OPTS = { attempts: 3, backoff: { type: 'fixed', delay: 1000 }, removeOnComplete: false, removeOnFail: false } as const;
/** How often a chunk that failed because its workers kept dying is put back before the run gives up. */
const STALL_RETRIES = 3;
const LOCK_MS = 15_000;

export class QueueCoordinator {
  private chain: Promise<void> = Promise.resolve();
  private lastSave = performance.now();
  private trimmed = 0;
  private saveFailing = false;
  private readonly t0 = performance.now();
  private readonly stallRetries = new Map<string, number>();
  private lockTimer: NodeJS.Timeout | undefined;

  private constructor(
    private readonly o: CoordinatorOptions,
    private readonly redis: Redis,
    private readonly queue: Queue,
    /** BullMQ's Job class (the module is loaded lazily: libs.ts). */
    private readonly jobs: typeof Job,
    /** The run's queue: `run-<config hash>-s<seed>-<plan hash>`. */
    readonly name: string,
    private readonly key: CheckpointKey,
    private readonly layout: RecordLayout,
    private readonly base: number,
    private readonly lockValue: string,
    /** The run record the workers read (protocol.ts). */
    private readonly record: RunRecord,
    /** The merged prefix saved by an earlier coordinator of this run, if any. */
    readonly resume: Resume | undefined,
  ) {}

  /**
   * Connects (exit 2 if Redis cannot be used), takes the run's lock, registers the run for
   * the workers and reads the prefix an earlier coordinator saved. The config must already
   * be compiled: bad input never reaches Redis.
   */
  static async open(o: CoordinatorOptions, loaded: LoadedConfig, key: CheckpointKey): Promise<QueueCoordinator> {
    const plan = runChunks(key.games, key.games, key.shard ?? undefined);
    const runKey: RunKey = {
      ruleset: key.ruleset, configHash: key.configHash, seed: key.seed, games: key.games, shard: key.shard,
      chunkGames: CHUNK_GAMES, version: packageVersion(), engine: engineFingerprint(),
    };
    const name = queueName(runKey);
    const redis = await openRedis(o.target, o.flag, o.onWarning);
    const lockValue = JSON.stringify({ host: hostname(), pid: process.pid, since: new Date().toISOString() });
    let queue: Queue | undefined;
    try {
      await takeLock(redis, name, lockValue, o);
      const record: RunRecord = { schema: RUN_SCHEMA, ...runKey, firstChunk: plan.base, chunks: plan.total, endGame: plan.endGame, config: loaded.config };
      await register(redis, name, record);
      const bull = await bullmq();
      queue = new bull.Queue(name, { connection: o.target.options, prefix: PREFIX });
      queue.on('error', (e: Error) => o.onWarning(`queue ${name}: ${o.target.redact(e.message)}`));
      const resume = await readPrefix(redis, name, key, loaded.scn.plan.layout, o);
      const c = new QueueCoordinator(o, redis, queue, bull.Job, name, key, loaded.scn.plan.layout, plan.base, lockValue, record, resume);
      c.trimmed = resume?.nextChunk ?? 0;
      c.lockTimer = setInterval(() => void c.refreshLock(), LOCK_MS / 3);
      return c;
    } catch (e) {
      await queue?.close().catch(() => {});
      await releaseLock(redis, name, lockValue).catch(() => {});
      redis.disconnect();
      throw e;
    }
  }

  /** runSimulation's `execute`: queues the planned chunks and reports their results in chunk order. */
  readonly execute = async (plan: ChunkPlan): Promise<void> => {
    const { tasks, onResult, halt, cancel } = plan;
    const n = tasks.length;
    const stopped = (): boolean => !!(halt?.aborted || cancel?.aborted);
    const dataOf = (i: number): JobData => {
      const t = tasks.at(i)!;
      return { chunk: t.start / CHUNK_GAMES, start: t.start, count: t.count, seed: t.seed, configHash: t.configHash };
    };
    // A job id that exists already (played, or still queued) is left as it is: a restarted coordinator adds only what is missing.
    const enqueue = async (from: number): Promise<void> => {
      for (let i = from; i < n && !stopped(); i += 500) {
        const batch = Array.from({ length: Math.min(500, n - i) }, (_, k) => dataOf(i + k));
        await this.queue.addBulk(batch.map((data) => ({ name: 'chunk', data, opts: { jobId: jobId(data.chunk), ...JOB_OPTS } })));
      }
    };
    const retried = await this.retryFailed(true);
    if (retried) this.o.onNotice(`put ${retried} chunk(s) that failed before back on the queue`);
    await enqueue(0);
    const played = await this.queue.getCompletedCount();
    const before = this.resume ? `; ${this.resume.nextChunk} were merged before` : '';
    this.o.onNotice(`queue ${this.name} on ${this.o.target.shown}: ${n} chunk(s) to merge, ${played} of them already played${before}`);
    let i = 0;
    let waitedSince = performance.now();
    let hinted = false;
    while (i < n && !stopped()) {
      // While waiting, only the next chunk is looked at; once it is done, up to 64 at a time.
      const head = await this.jobs.fromId<JobData>(this.queue, jobId(dataOf(i).chunk));
      const ready = head?.finishedOn !== undefined && head.returnvalue != null;
      const ids = Array.from({ length: ready ? Math.min(64, n - i) : 1 }, (_, k) => dataOf(i + k));
      const jobs = [head, ...(await Promise.all(ids.slice(1).map((d) => this.jobs.fromId<JobData>(this.queue, jobId(d.chunk)))))];
      let advanced = 0;
      for (let k = 0; k < jobs.length; k++) {
        const job = jobs[k], d = ids[k];
        if (!job) {
          // Gone behind our back (a Redis restarted without persistence, keys deleted by
          // hand): register the run again and queue what is missing; those chunks are played again.
          this.o.onWarning(`chunk job ${jobId(d.chunk)} of queue ${this.name} is gone from Redis; queueing the missing chunks again`);
          await register(this.redis, this.name, this.record);
          await enqueue(i + k);
          break;
        }
        if (job.finishedOn === undefined || job.returnvalue == null) break;
        const acc = decodeResult(job.returnvalue, d.chunk, d.count, this.layout);
        if (typeof acc === 'string') throw new Error(`queue ${this.name}: the result of chunk ${d.chunk} ${acc}`);
        onResult(i + k, acc);
        advanced++;
      }
      i += advanced;
      if (advanced > 0) {
        waitedSince = performance.now();
        continue;
      }
      if (await this.retryFailed(false)) continue;
      if (!hinted && performance.now() - waitedSince > 10_000) {
        hinted = true;
        this.o.onNotice(`waiting for chunk ${ids[0].chunk}: start \`squadsim worker --queue ${this.o.target.shown}\` on any machine (with the same squadsim build) to play the chunks`);
      }
      await sleep(this.o.pollMs ?? 100, halt, cancel);
    }
  };

  /**
   * Failed jobs: bad input met while playing is the exit-2 error a local run gives; a job a
   * worker refused is exit 2 too (the queue holds something this run cannot use); a chunk
   * whose workers kept dying goes back on the queue a few times; anything else is a bug in
   * squadsim (exit 3). `all` (at the start) puts every failed chunk back once.
   */
  private async retryFailed(all: boolean): Promise<number> {
    if ((await this.queue.getFailedCount()) === 0) return 0;
    const failed = await this.queue.getFailed(0, 99);
    for (const job of failed) {
      const reason = this.o.target.redact(job.failedReason ?? '');
      const refusal = parseRefusal(job.failedReason);
      if (!all && refusal && 'configError' in refusal) {
        const { path, value, allowed } = refusal.configError;
        throw new ConfigError(path, value, allowed);
      }
      if (!all && refusal && 'refused' in refusal) {
        throw new ConfigError(this.o.flag, this.o.target.shown, `holds chunk job ${job.id} of queue ${this.name} that a worker refused (${refusal.refused}); stop the coordinator and workers and delete the queue's keys (${PREFIX}:${this.name}:* and ${REGISTRY_KEY}:${this.name}*) to start this run afresh`);
      }
      const n = this.stallRetries.get(job.id!) ?? 0;
      if (!all && !/stalled more than allowable limit/.test(reason)) throw new Error(`queue ${this.name}: chunk job ${job.id} failed on a worker after ${job.attemptsMade} attempt(s): ${reason}`);
      if (!all && n >= STALL_RETRIES) throw new Error(`queue ${this.name}: chunk job ${job.id} stalled ${n + 1} times (its workers died while playing it): ${reason}`);
      if (!all) this.o.onWarning(`chunk job ${job.id} failed because its workers stopped while playing it (${reason}); putting it back on the queue`);
      this.stallRetries.set(job.id!, n + 1);
      await job.retry('failed');
    }
    return failed.length;
  }

  /** runSimulation's `onMerged`: now and then saves the merged prefix to Redis, then drops the results it holds. */
  readonly onMerged = (chunksDone: number, acc: Float64Array): void => {
    const now = performance.now();
    if (now - this.lastSave < (this.o.saveSeconds ?? 2) * 1000) return;
    this.lastSave = now;
    void this.saveNow(chunksDone, acc);
  };

  /** Saves the prefix of `chunksDone` chunks (after any save in progress); returns the error instead of throwing. */
  saveNow(chunksDone: number, acc: Float64Array): Promise<Error | undefined> {
    const snapshot = Float64Array.from(acc);
    const elapsed = (this.resume?.elapsedSeconds ?? 0) + (performance.now() - this.t0) / 1000;
    let error: Error | undefined;
    this.chain = this.chain.then(async () => {
      try {
        await this.redis.set(mergedKey(this.name), JSON.stringify(checkpointDoc(this.key, chunksDone, snapshot, elapsed)));
        if (this.saveFailing) this.o.onWarning(`saved the merged chunks to Redis again (${chunksDone} chunks)`);
        this.saveFailing = false;
        // Only now are the results of those chunks safe to drop.
        for (let j = this.trimmed; j < chunksDone; j += 200) {
          const ids = Array.from({ length: Math.min(200, chunksDone - j) }, (_, k) => jobId(this.base + j + k));
          await Promise.all(ids.map((id) => this.queue.remove(id)));
        }
        this.trimmed = Math.max(this.trimmed, chunksDone);
      } catch (e) {
        error = e as Error;
        if (!this.saveFailing) this.o.onWarning(`could not save the merged chunks to Redis (${this.o.target.redact(error.message)}); the results stay in the queue and the run goes on`);
        this.saveFailing = true;
      }
    });
    return this.chain.then(() => error);
  }

  /** After the results document is written: removes the run's jobs, record and saved prefix. */
  async finish(): Promise<Error | undefined> {
    try {
      await this.chain;
      await this.queue.obliterate({ force: true });
      await this.redis.multi().del(recordKey(this.name), mergedKey(this.name)).zrem(REGISTRY_KEY, this.name).exec();
      return undefined;
    } catch (e) {
      return new Error(this.o.target.redact((e as Error).message));
    }
  }

  /** Releases the lock and the connections (always, also after an error or an interruption). */
  async close(): Promise<void> {
    clearInterval(this.lockTimer);
    await this.chain;
    await releaseLock(this.redis, this.name, this.lockValue).catch(() => {});
    await this.queue.close().catch(() => {});
    this.redis.disconnect();
  }

  private async refreshLock(): Promise<void> {
    try {
      // Ours: extend it; gone (a Redis that lost its data): take it again; someone else's: warn.
      const ok = await this.redis.eval(`local v = redis.call('get', KEYS[1]) if v == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) elseif not v then redis.call('set', KEYS[1], ARGV[1], 'PX', ARGV[2]) return 1 end return 0`, 1, lockKey(this.name), this.lockValue, LOCK_MS);
      if (ok !== 1) this.o.onWarning(`lost the lock of queue ${this.name}: is another coordinator running the same command?`);
    } catch {
      // Redis away for a moment: the client warns and reconnects; the next refresh tries again.
    }
  }
}

/**
 * One coordinator per run. A lock left by a coordinator that died on this machine is taken
 * over at once; one held from elsewhere is waited for until it expires (a coordinator that
 * died there), and refused if it stays held (one still running).
 */
async function takeLock(redis: Redis, name: string, value: string, o: CoordinatorOptions): Promise<void> {
  const key = lockKey(name);
  const deadline = Date.now() + LOCK_MS + 5000;
  let told = false;
  for (;;) {
    if ((await redis.set(key, value, 'PX', LOCK_MS, 'NX')) === 'OK') return;
    const held = await redis.get(key);
    const owner = parseOwner(held);
    if (held !== null && owner && owner.host === hostname() && !processAlive(owner.pid)) {
      const ok = await redis.eval(`if redis.call('get', KEYS[1]) == ARGV[1] then redis.call('set', KEYS[1], ARGV[2], 'PX', ARGV[3]) return 1 end return 0`, 1, key, held, value, LOCK_MS);
      if (ok === 1) return;
      continue;
    }
    if (Date.now() > deadline) {
      throw new ConfigError(o.flag, o.target.shown, `already has a coordinator for this run (queue ${name}, ${owner ? `pid ${owner.pid} on ${owner.host} since ${owner.since}` : 'unknown owner'}); wait for it to finish, or stop it and rerun this command to resume`);
    }
    if (!told) o.onNotice(`queue ${name} is locked by another coordinator (${owner ? `pid ${owner.pid} on ${owner.host}` : 'unknown'}); waiting up to ${Math.round((LOCK_MS + 5000) / 1000)} s for its lock to expire`);
    told = true;
    await sleep(500);
  }
}

/** Publishes the run for the workers: its record, and its queue in the registry. */
async function register(redis: Redis, name: string, record: RunRecord): Promise<void> {
  await redis.multi().set(recordKey(name), JSON.stringify(record)).zadd(REGISTRY_KEY, 'NX', Date.now(), name).publish(ANNOUNCE_CHANNEL, name).exec();
}

async function releaseLock(redis: Redis, name: string, value: string): Promise<void> {
  await redis.eval(`if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0`, 1, lockKey(name), value);
}

function parseOwner(v: string | null): { host: string; pid: number; since: string } | undefined {
  try {
    const o = JSON.parse(v ?? '') as { host?: unknown; pid?: unknown; since?: unknown };
    return typeof o.host === 'string' && Number.isInteger(o.pid) ? { host: o.host, pid: o.pid as number, since: String(o.since) } : undefined;
  } catch {
    return undefined;
  }
}

/** The prefix saved by an earlier coordinator; a damaged one is dropped (its chunks are played again). */
async function readPrefix(redis: Redis, name: string, key: CheckpointKey, layout: RecordLayout, o: CoordinatorOptions): Promise<Resume | undefined> {
  const text = await redis.get(mergedKey(name));
  if (text === null) return undefined;
  try {
    return checkCheckpoint(JSON.parse(text), key, layout, o.flag, `${mergedKey(name)} on ${o.target.shown}`);
  } catch (e) {
    o.onWarning(`dropping the merged chunks saved for queue ${name}: ${e instanceof ConfigError || e instanceof SyntaxError ? e.message : String(e)}; their chunks are played again`);
    await redis.del(mergedKey(name));
    return undefined;
  }
}
