/**
 * Connecting to the Redis of a queue run: first a one-shot probe that fails fast with a
 * clear exit-2 error (no server there, a wrong password, TLS refused), then the long-lived
 * client that waits out a Redis restart instead of failing the run. Every message passes
 * through the target's redaction, so no password reaches a log or an error.
 */
import type { Redis } from 'ioredis';
import { ioredis } from './libs.ts';
import { ConfigError } from '../../engine/errors.ts';
import type { RedisTarget } from './url.ts';

/** Seconds to wait for the first connection before giving up (exit 2). */
const CONNECT_TIMEOUT_MS = 5000;

/**
 * Connects, checks the server answers (PING), and returns a client that reconnects by
 * itself afterwards. `onWarning` hears about connection trouble later on (at most one
 * message per 10 s); it is redacted.
 */
export async function openRedis(target: RedisTarget, flag: string, onWarning: (message: string) => void): Promise<Redis> {
  await probe(target, flag);
  const { Redis } = await ioredis();
  const client = new Redis({
    ...target.options,
    lazyConnect: true,
    connectTimeout: CONNECT_TIMEOUT_MS,
    // Wait for Redis to come back rather than failing the command (a coordinator or a worker
    // outlives a Redis restart).
    maxRetriesPerRequest: null,
    retryStrategy: (times) => Math.min(250 * times, 5000),
    disconnectTimeout: 500,
  });
  let last = -Infinity;
  client.on('error', (e: Error) => {
    const now = Date.now();
    if (now - last < 10_000) return;
    last = now;
    onWarning(`Redis at ${target.shown}: ${target.redact(e.message)}; retrying`);
  });
  await client.connect();
  return client;
}

/** One connection attempt, no retries: a ConfigError (exit 2) naming `flag` if Redis cannot be used. */
async function probe(target: RedisTarget, flag: string): Promise<void> {
  let lastError: Error | undefined;
  const { Redis } = await ioredis();
  const client = new Redis({
    ...target.options,
    lazyConnect: true,
    connectTimeout: CONNECT_TIMEOUT_MS,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
    // A refused connection may never report 'close'; ioredis would then hold the process up for 2 s.
    disconnectTimeout: 100,
  });
  client.on('error', (e: Error) => (lastError = e));
  try {
    await client.connect();
    const pong = await client.ping();
    if (pong !== 'PONG') throw new Error(`PING answered ${JSON.stringify(pong)}`);
  } catch (e) {
    const why = target.redact((lastError ?? (e as Error)).message || String(e));
    throw new ConfigError(flag, target.shown, `cannot be used (${why}); expected the address of a running Redis server, with the right password and TLS setting`);
  } finally {
    client.disconnect();
  }
}
