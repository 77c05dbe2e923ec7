#!/usr/bin/env node
// Queue mode throughput (docs/distributed.md): the same run played locally on 1 and 2
// threads, and through a BullMQ queue on a private redis-server (loopback, no persistence)
// with 1, 2 and 4 `squadsim worker` processes of one thread each (and one of two threads);
// then the per-chunk cost of the queue and the sizes of what goes through Redis.
//
//   npm run build && node bench/queue.mjs [--config FILE] [--games N] [--quick-games N] [--repeat R]
//
// Wall times are whole processes (start to exit); the workers are started, and have their
// threads up, before the coordinator. Speed is measured here, never asserted in tests.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';

const root = join(import.meta.dirname, '..');
const CLI = join(root, 'dist', 'cli.js');
const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : dflt;
};
const config = opt('config', join(root, 'configs', 'nco', 'default.json'));
const games = Number(opt('games', '20000'));
const quick = join(root, 'test', 'fixtures', 'quick.json');
const quickGames = Number(opt('quick-games', '100000'));
const repeat = Number(opt('repeat', '1'));

const freePort = () => new Promise((resolve) => {
  const s = createServer().listen(0, '127.0.0.1', () => {
    const { port } = s.address();
    s.close(() => resolve(port));
  });
});

function start(cmd, argv) {
  const child = spawn(cmd, argv, { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '', err = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (err += d));
  const exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, out: () => out, err: () => err };
}

async function waitFor(p, re) {
  while (!re.test(p.err()) && !re.test(p.out())) {
    if (p.child.exitCode !== null) throw new Error(`exited: ${p.err()}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Wall seconds of `squadsim ...argv` and its summary. */
async function timed(argv) {
  const t0 = performance.now();
  const p = start(process.execPath, [CLI, ...argv, '--json']);
  const code = await p.exited;
  const s = (performance.now() - t0) / 1000;
  if (code !== 0) throw new Error(`squadsim ${argv.join(' ')} exited ${code}: ${p.err()}`);
  return { s, summary: JSON.parse(p.out()) };
}

async function best(fn) {
  let b;
  for (let i = 0; i < repeat; i++) {
    const r = await fn();
    if (!b || r.s < b.s) b = r;
  }
  return b;
}

const dir = mkdtempSync(join(tmpdir(), 'squadsim-bench-redis-'));
const port = await freePort();
const redis = start('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir]);
const url = `redis://127.0.0.1:${port}`;
const rows = [];
try {
  await waitFor(redis, /Ready to accept connections/);
  const client = new Redis(port, '127.0.0.1');

  async function queueRun(cfg, n, procs, threads, seed) {
    const workers = Array.from({ length: procs }, () => start(process.execPath, [CLI, 'worker', '--queue', url, '--workers', String(threads)]));
    for (const w of workers) await waitFor(w, /waiting for runs/);
    try {
      return await timed(['run', cfg, '--games', String(n), '--seed', String(seed), '--queue', url]);
    } finally {
      for (const w of workers) w.child.kill('SIGTERM');
      await Promise.all(workers.map((w) => w.exited));
    }
  }

  for (const [name, cfg, n] of [['default NCO', config, games], ['quick (test fixture)', quick, quickGames]]) {
    const chunks = Math.ceil(n / 500);
    const local1 = await best(() => timed(['run', cfg, '--games', String(n), '--seed', '1', '--workers', '1']));
    const local2 = await best(() => timed(['run', cfg, '--games', String(n), '--seed', '1', '--workers', '2']));
    const row = (what, r) => rows.push({ config: name, games: n, chunks, what, seconds: r.s.toFixed(2), 'games/s': Math.round(n / r.s), 'vs local 1': (local1.s / r.s).toFixed(2) });
    row('local, 1 thread', local1);
    row('local, 2 threads', local2);
    let seed = 2;
    for (const [procs, threads] of [[1, 1], [2, 1], [4, 1], [1, 2]]) {
      const r = await best(() => queueRun(cfg, n, procs, threads, seed++));
      row(`queue, ${procs} worker process${procs > 1 ? 'es' : ''} × ${threads} thread${threads > 1 ? 's' : ''}`, r);
      if (procs === 1 && threads === 1) {
        // The queue's fixed cost per run (coordinator start-up, connecting, queueing, the last
        // poll) from one-chunk runs; the rest of the difference is per chunk.
        const one = await best(() => queueRun(cfg, 500, 1, 1, 1000 + seed++));
        const oneLocal = await best(() => timed(['run', cfg, '--games', '500', '--seed', '1', '--workers', '1']));
        const fixed = one.s - oneLocal.s;
        rows.push({ config: name, games: n, chunks, what: `queue 1×1 vs local 1: fixed per run ${(fixed * 1000).toFixed(0)} ms, then per chunk`, seconds: '', 'games/s': '', 'vs local 1': `${(((r.s - local1.s - fixed) / chunks) * 1000).toFixed(2)} ms` });
      }
    }
  }
  console.table(rows);

  // What goes through Redis for one run of the default config: the run record, a chunk's
  // job data and its result (stored in the job's hash until the merged prefix is saved).
  const coord = start(process.execPath, [CLI, 'run', config, '--games', '1000', '--seed', '99', '--queue', url, '--json']);
  const q = await (async () => {
    for (;;) {
      const [name] = await client.zrange('squadsim:runs', 0, -1);
      if (name && (await client.exists(`squadsim:${name}:chunk-1`))) return name;
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  const record = await client.strlen(`squadsim:runs:${q}`);
  const data = await client.hstrlen(`squadsim:${q}:chunk-0`, 'data');
  const jobBytes = await client.memory('USAGE', `squadsim:${q}:chunk-0`, 'SAMPLES', 0);
  const w = start(process.execPath, [CLI, 'worker', '--queue', url, '--workers', '1']);
  let result = 0, doneBytes = 0;
  while (!result) {
    result = await client.hstrlen(`squadsim:${q}:chunk-0`, 'returnvalue');
    if (result) doneBytes = await client.memory('USAGE', `squadsim:${q}:chunk-0`, 'SAMPLES', 0);
    await new Promise((r) => setTimeout(r, 5));
  }
  await coord.exited;
  w.child.kill('SIGTERM');
  await w.exited;
  console.table([{ 'run record (config inlined)': `${record} B`, 'job data': `${data} B`, 'job hash, queued': `${jobBytes} B`, 'result (deflated f64, base64)': `${result} B`, 'job hash, played': `${doneBytes} B` }]);

  // Redis's own work per chunk (all clients: coordinator and workers), from INFO commandstats.
  await client.config('RESETSTAT');
  await queueRun(quick, quickGames, 2, 1, 77);
  const stats = await client.info('commandstats');
  let calls = 0, usec = 0;
  for (const m of stats.matchAll(/calls=(\d+),usec=(\d+)/g)) {
    calls += Number(m[1]);
    usec += Number(m[2]);
  }
  const chunks = Math.ceil(quickGames / 500);
  console.table([{ chunks, 'Redis commands per chunk': (calls / chunks).toFixed(1), 'Redis CPU per chunk': `${(usec / chunks).toFixed(0)} µs` }]);

  // The coordinator's own rate: kill it once the chunks are queued, let workers play them
  // all, then time a fresh coordinator that only fetches, checks and merges them.
  const mergeGames = 500 * 1000;
  const mergeArgs = ['run', quick, '--games', String(mergeGames), '--seed', '78', '--queue', url, '--json'];
  const first = start(process.execPath, [CLI, ...mergeArgs]);
  const mq = await (async () => {
    for (;;) {
      const [name] = await client.zrange('squadsim:runs', 0, -1);
      if (name && (await client.llen(`squadsim:${name}:wait`)) === 1000) return name;
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  first.child.kill('SIGKILL');
  await first.exited;
  const players = [1, 2].map(() => start(process.execPath, [CLI, 'worker', '--queue', url, '--workers', '1']));
  while ((await client.zcard(`squadsim:${mq}:completed`)) < 1000) await new Promise((r) => setTimeout(r, 100));
  for (const w of players) w.child.kill('SIGTERM');
  await Promise.all(players.map((w) => w.exited));
  const merged = await timed(mergeArgs.slice(0, -1));
  const startup = await timed(['run', quick, '--games', '500', '--workers', '0']);
  console.table([{ 'chunks already played': 1000, 'coordinator wall': `${merged.s.toFixed(2)} s`, 'a 1-chunk local run (start-up)': `${startup.s.toFixed(2)} s`, 'merge rate': `${Math.round(1000 / Math.max(0.01, merged.s - startup.s))} chunks/s` }]);
  client.disconnect();
} finally {
  redis.child.kill('SIGTERM');
  await redis.exited;
  rmSync(dir, { recursive: true, force: true });
}
