/**
 * Queue mode (`run --queue`, `squadsim worker`) against a real redis-server on loopback:
 * the results document must equal a local run's byte for byte (timings and the integrity
 * hash that covers them aside) whatever happens to the processes: a worker SIGKILLed
 * mid-chunk, a worker that joins late, a coordinator SIGKILLed and restarted.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Job, Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stableSummary } from '../resultsdoc/summary.ts';
import { configHash } from '../resultsdoc/hash.ts';
import { CHUNK_GAMES } from '../sim/chunks.ts';
import { loadConfig } from '../sim/config.ts';
import { packageVersion } from '../sim/paths.ts';
import { decodeResult, engineFingerprint, RUN_SCHEMA } from '../sim/queue/protocol.ts';
import { runChunk } from '../sim/worker.ts';
import { cliSandbox } from './cli-harness.ts';
import { QUICK } from './dist-fresh.ts';
import { skipWithoutRedis, spawnCli, startRedis, stopAll, until, type RedisServer } from './redis-harness.ts';

describe.skipIf(skipWithoutRedis())('queue mode against a real redis-server', () => {
  const { cli, dir } = cliSandbox('squadsim-queue-');
  let redis: RedisServer;
  let client: Redis;
  beforeAll(async () => {
    redis = await startRedis();
    client = new Redis(redis.port, '127.0.0.1');
  });
  afterAll(async () => {
    client?.disconnect();
    await stopAll();
    await redis?.stop();
  });

  /** The results document minus the timings and the integrity hash that covers them: what must be identical. */
  const stable = (out: string): string => {
    const { integrity: _hash, ...doc } = JSON.parse(readFileSync(join(dir(), out, 'results.json'), 'utf8'));
    return JSON.stringify({ ...doc, summary: stableSummary(doc.summary) });
  };
  const registered = (): Promise<string> => until(async () => (await client.zrange('squadsim:runs', 0, -1))[0], 'a run in the registry');
  const worker = (...extra: string[]) => spawnCli(['worker', '--queue', redis.url, '--workers', '1', '--stall-seconds', '2', ...extra], dir());

  it('a coordinator and two workers, one joining late and one SIGKILLed mid-chunk, write the local run\'s results; the queue is then gone', async () => {
    const args = ['run', QUICK, '--games', '100000', '--seed', '11'];
    const coord = spawnCli([...args, '--queue', redis.url, '--out', 'queued'], dir());
    const a = worker();
    const q = await registered();
    // (Played chunks leave the completed set once a saved prefix holds them, every 2 s.)
    await until(async () => (await client.zcard(`squadsim:${q}:completed`)) >= 10 || (await client.exists(`squadsim:runs:${q}:merged`)) === 1, 'worker A to play 10 chunks');
    const b = worker(); // joins a run under way
    await b.waitFor(/serving run/);
    // Both workers hold chunks (each takes two, one playing and one next): A dies in the middle of one.
    await until(async () => (await client.llen(`squadsim:${q}:active`)) >= 3, 'both workers playing a chunk');
    a.child.kill('SIGKILL');
    expect(await coord.exited, coord.stderr()).toBe(0);
    expect(await a.exited).toBe(null);
    expect(b.stderr()).toMatch(/job chunk-\d+ stalled \(the worker playing it stopped\); it goes back on the queue/);
    expect(coord.stderr()).toMatch(new RegExp(`queue ${q} on redis://127\\.0\\.0\\.1:${redis.port}: 200 chunk\\(s\\) to merge`));

    const local = cli([...args, '--workers', '2', '--out', 'local']);
    expect(local.code, local.stderr).toBe(0);
    expect(stable('queued')).toBe(stable('local'));
    expect(await client.keys('*')).toEqual([]);
    await b.waitFor(new RegExp(`run ${q} is finished or gone`));
    b.child.kill('SIGTERM');
    expect(await b.exited).toBe(143);
    expect(b.stderr()).toMatch(/stopped by SIGTERM: played [1-9]\d* chunk\(s\)/);
  });

  it('a coordinator SIGKILLed mid-run and run again resumes from the chunks merged and played meanwhile', async () => {
    // 300 chunks, ~4 s for one worker thread: the coordinator saves its prefix 2 s in, well before the end.
    const args = ['run', QUICK, '--games', '150000', '--seed', '12', '--queue', redis.url, '--out', 'restarted'];
    const first = spawnCli(args, dir());
    const q = await registered();
    const w = worker('--idle-exit', '1'); // after the run is registered: idle means no run to serve
    // The merged prefix is saved to Redis every 2 s.
    await until(async () => (await client.exists(`squadsim:runs:${q}:merged`)) === 1, 'a saved prefix');
    first.child.kill('SIGKILL');
    expect(await first.exited).toBe(null);
    expect(existsSync(join(dir(), 'restarted'))).toBe(false);
    // The worker plays the rest with no coordinator.
    await until(async () => (await client.llen(`squadsim:${q}:wait`)) + (await client.llen(`squadsim:${q}:active`)) === 0, 'the queue to drain');
    const again = cli(args);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toMatch(/chunk\(s\) to merge, [1-9]\d* of them already played; [1-9]\d* were merged before/);
    const local = cli(['run', QUICK, '--games', '150000', '--seed', '12', '--workers', '2', '--out', 'local12']);
    expect(local.code, local.stderr).toBe(0);
    expect(stable('restarted')).toBe(stable('local12'));
    // Once everyone is done (the worker stops serving the finished run, then idles out), nothing is left.
    expect(await w.exited, w.stderr()).toBe(0);
    expect(await client.keys('*')).toEqual([]);
    expect(w.stderr()).toMatch(/idle, exiting: played [1-9]\d* chunk/);
  });

  it('a worker fails malformed jobs, jobs of another config and runs whose config does not compile, with the reason, and goes on', async () => {
    const w = worker();
    await w.waitFor(/waiting for runs/);
    const loaded = loadConfig(QUICK);
    const hash = configHash(loaded.scn.normalized);
    const record = (config: unknown) => JSON.stringify({
      schema: RUN_SCHEMA, ruleset: 'nco', configHash: hash, seed: 5, games: 1500, shard: null, chunkGames: CHUNK_GAMES,
      version: packageVersion(), engine: engineFingerprint(), firstChunk: 0, chunks: 3, endGame: 1500, config,
    });
    await client.set('squadsim:runs:run-test-good', record(loaded.config));
    await client.set('squadsim:runs:run-test-bad', record({ ruleset: 'nco', sides: 'none' }));
    await client.zadd('squadsim:runs', 1, 'run-test-good', 2, 'run-test-bad');
    const connection = { host: '127.0.0.1', port: redis.port };
    const good = new Queue('run-test-good', { connection, prefix: 'squadsim' });
    const bad = new Queue('run-test-bad', { connection, prefix: 'squadsim' });
    try {
      const data = (chunk: number) => ({ chunk, start: chunk * CHUNK_GAMES, count: CHUNK_GAMES, seed: 5, configHash: hash });
      await good.add('chunk', { chunk: 0, seed: 'x' }, { jobId: 'chunk-0' });
      await good.add('chunk', { ...data(1), configHash: 'sha256:' + '0'.repeat(64) }, { jobId: 'chunk-1' });
      await good.add('chunk', data(7), { jobId: 'chunk-7' });
      await good.add('chunk', data(2), { jobId: 'chunk-2' });
      await bad.add('chunk', data(0), { jobId: 'chunk-0' });
      const settled = (queue: Queue, id: string) => until(async () => {
        const state = await queue.getJobState(id);
        // Read the job once it has settled (read before, it may lack its failedReason).
        return state === 'completed' || state === 'failed' ? { job: (await Job.fromId(queue, id))!, state } : undefined;
      }, `job ${id} of ${queue.name} to settle`);
      const failed = async (queue: Queue, id: string): Promise<string> => {
        const { job, state } = await settled(queue, id);
        expect(state, id).toBe('failed');
        return job.failedReason;
      };
      expect(await failed(good, 'chunk-0')).toMatch(/"refused":"malformed job data \(start: .*seed: /);
      expect(await failed(good, 'chunk-1')).toMatch(/its config hash sha256:0{64} is not the run's config, which compiles to sha256:[0-9a-f]{64} here/);
      expect(await failed(good, 'chunk-7')).toMatch(/job chunk-7 \(chunk 7, games 3500\+500, seed 5\) is not a chunk of this run/);
      expect(await failed(bad, 'chunk-0')).toMatch(/the run's config does not compile on this worker: sides/);
      const { job, state } = await settled(good, 'chunk-2');
      expect(state).toBe('completed');
      const acc = decodeResult(job.returnvalue, 2, CHUNK_GAMES, loaded.scn.plan.layout);
      const want = runChunk({ config: loaded.config, configHash: hash, seed: 5, start: 1000, count: CHUNK_GAMES });
      expect(acc).toEqual(want);
      expect(w.child.exitCode).toBe(null);
      expect(w.stderr()).toMatch(/run run-test-good: job chunk-1 failed: /);
    } finally {
      await good.obliterate({ force: true });
      await bad.obliterate({ force: true });
      await good.close();
      await bad.close();
      await client.del('squadsim:runs:run-test-good', 'squadsim:runs:run-test-bad', 'squadsim:runs');
    }
    await w.waitFor(/run run-test-bad is finished or gone/);
    w.child.kill('SIGINT');
    expect(await w.exited).toBe(130);
  });

  it('a password in REDIS_URL (requirepass) works and shows in no output or file; a wrong or missing one is exit 2', async () => {
    const pw = 'Sq-s3cret-pw-77';
    const secure = await startRedis(pw);
    try {
      const env = { ...process.env, REDIS_URL: secure.url };
      const c = spawnCli(['run', QUICK, '--games', '3000', '--seed', '13', '--queue', '--out', 'secure', '--json'], dir(), env);
      // The worker starts once the run is queued: started first, its 1 s --idle-exit could
      // run out while a loaded machine is still starting the coordinator.
      await c.waitFor(/chunk\(s\) to merge/);
      const w = spawnCli(['worker', '--workers', '1', '--idle-exit', '1'], dir(), env);
      expect(await c.exited, c.stderr()).toBe(0);
      expect(await w.exited, w.stderr()).toBe(0);
      expect(c.stderr()).toMatch(new RegExp(`on redis://:\\*\\*\\*@127\\.0\\.0\\.1:${secure.port}:`));
      const local = cli(['run', QUICK, '--games', '3000', '--seed', '13', '--workers', '1', '--out', 'local13']);
      expect(local.code, local.stderr).toBe(0);
      expect(stable('secure')).toBe(stable('local13'));
      const bad = cli(['run', QUICK, '--games', '1000', '--queue', `redis://:wrong-${pw}@127.0.0.1:${secure.port}`, '--out', 'wrong']);
      expect(bad.code).toBe(2);
      expect(bad.stderr).toMatch(new RegExp(`--queue: got "redis://:\\*\\*\\*@127\\.0\\.0\\.1:${secure.port}"; cannot be used \\((WRONGPASS|NOAUTH)`));
      const none = cli(['run', QUICK, '--games', '1000', '--queue', `redis://127.0.0.1:${secure.port}`, '--out', 'none']);
      expect(none.code).toBe(2);
      expect(none.stderr).toMatch(/cannot be used \(NOAUTH/);
      for (const text of [c.stdout(), c.stderr(), w.stderr(), bad.stdout, bad.stderr, local.stdout, readFileSync(join(dir(), 'secure', 'results.json'), 'utf8')]) expect(text).not.toContain(pw);
      expect(existsSync(join(dir(), 'wrong'))).toBe(false);
      expect(existsSync(join(dir(), 'none'))).toBe(false);
    } finally {
      await secure.stop();
    }
  });
});
