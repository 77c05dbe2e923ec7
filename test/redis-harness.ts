/**
 * A real Redis for the queue tests: Debian's redis-server on a free loopback port, with no
 * persistence, in a temp folder; and CLI processes started in the background (coordinator,
 * workers) that the tests can signal. Everything started here is stopped by `stopAll`
 * (call it in afterAll), so no test leaves a process behind.
 *
 * Without redis-server the queue tests skip (skipWithoutRedis) with one loud line, so
 * `npm test` passes on a fresh clone. SQUADSIM_REQUIRE_REDIS=1 (set by .ci/run) makes a missing
 * one a failure instead. SQUADSIM_REDIS_SERVER points at another binary.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLI } from './cli-harness.ts';
import { HANG_MS } from './limits.ts';

export const REDIS_SERVER = process.env.SQUADSIM_REDIS_SERVER || '/usr/bin/redis-server';
/** CI: a missing redis-server fails the queue tests instead of skipping them. */
export const REQUIRE_REDIS = process.env.SQUADSIM_REQUIRE_REDIS === '1';

/**
 * True (and says so in one loud line) when the caller's tests that need a real redis-server
 * must skip: none is installed and SQUADSIM_REQUIRE_REDIS=1 is not set. For describe.skipIf.
 */
export function skipWithoutRedis(): boolean {
  if (existsSync(REDIS_SERVER) || REQUIRE_REDIS) return false;
  console.warn(
    `SKIPPED: this file's queue tests against a real Redis (no redis-server at ${REDIS_SERVER}). ` +
      'To run them: `sudo apt-get install redis-server` (or SQUADSIM_REDIS_SERVER=/path/to/redis-server); SQUADSIM_REQUIRE_REDIS=1 (.ci/run) makes a missing one a failure.',
  );
  return true;
}

export interface RedisServer {
  port: number;
  /** redis://[:password@]127.0.0.1:port */
  url: string;
  stop(): Promise<void>;
}

export interface Bg {
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  /** Resolves once stderr matches `re` (rejects after `ms`, or if the process exits first). */
  waitFor(re: RegExp, ms?: number): Promise<void>;
}

const live = new Set<ChildProcess>();

/** A TCP port nobody listens on right now (the kernel's pick). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
  });
}

/** Starts redis-server on 127.0.0.1 with no persistence; `password` sets requirepass. */
export async function startRedis(password?: string): Promise<RedisServer> {
  if (!existsSync(REDIS_SERVER)) throw new Error(`${REDIS_SERVER} is missing${REQUIRE_REDIS ? ' and SQUADSIM_REQUIRE_REDIS=1 says it must be there' : ''}: apt-get install redis-server (.ci/run installs it), or point SQUADSIM_REDIS_SERVER at one`);
  const dir = mkdtempSync(join(tmpdir(), 'squadsim-redis-'));
  for (let attempt = 0; ; attempt++) {
    const port = await freePort();
    const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir, '--daemonize', 'no', ...(password ? ['--requirepass', password] : [])];
    const child = spawn(REDIS_SERVER, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    live.add(child);
    let out = '';
    const ready = await new Promise<boolean>((resolve) => {
      const t = setTimeout(() => resolve(false), HANG_MS);
      child.stdout!.on('data', (d: Buffer) => {
        out += d.toString();
        if (/Ready to accept connections/.test(out)) {
          clearTimeout(t);
          resolve(true);
        }
      });
      child.on('exit', () => {
        clearTimeout(t);
        resolve(false);
      });
    });
    if (!ready) {
      await kill(child);
      if (attempt < 2) continue; // the port was taken in between: try another
      rmSync(dir, { recursive: true, force: true });
      throw new Error(`redis-server did not start: ${out.slice(-2000)}`);
    }
    const auth = password ? `:${encodeURIComponent(password)}@` : '';
    return {
      port,
      url: `redis://${auth}127.0.0.1:${port}`,
      stop: async () => {
        await kill(child);
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
}

/** Starts `node dist/cli.js ...args` in the background. */
export function spawnCli(args: readonly string[], cwd: string, env: NodeJS.ProcessEnv = process.env): Bg {
  const child = spawn(process.execPath, [CLI, ...args], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  live.add(child);
  let stdout = '', stderr = '';
  const waiters: (() => void)[] = [];
  child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr!.on('data', (d: Buffer) => {
    stderr += d.toString();
    for (const w of waiters) w();
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => {
    live.delete(child);
    resolve(code);
  }));
  return {
    child, exited, stdout: () => stdout, stderr: () => stderr,
    waitFor: (re, ms = HANG_MS) => new Promise((resolve, reject) => {
      const check = (): void => {
        if (re.test(stderr)) {
          clearTimeout(t);
          resolve();
        }
      };
      const t = setTimeout(() => reject(new Error(`no ${re} on stderr after ${ms} ms:\n${stderr}`)), ms);
      waiters.push(check);
      void exited.then(() => {
        check();
        clearTimeout(t);
        reject(new Error(`exited before ${re} showed on stderr:\n${stderr}`));
      });
      check();
    }),
  };
}

/** Polls `fn` until it returns a truthy value (or throws after `ms`). */
export async function until<T>(fn: () => Promise<T> | T, what: string, ms = HANG_MS): Promise<NonNullable<T>> {
  const t0 = Date.now();
  for (;;) {
    const v = await fn();
    if (v) return v as NonNullable<T>;
    if (Date.now() - t0 > ms) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

async function kill(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) {
    live.delete(child);
    return;
  }
  const gone = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const t = setTimeout(() => child.kill('SIGKILL'), 5000);
  await gone;
  clearTimeout(t);
  live.delete(child);
}

/** Stops every process started here that is still running. */
export async function stopAll(): Promise<void> {
  await Promise.all([...live].map(kill));
}
