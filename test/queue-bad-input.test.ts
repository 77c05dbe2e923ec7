/**
 * `run --queue` and `squadsim worker`: bad input is exit 2 with the flag, the value (its
 * password masked) and what is allowed, before anything is queued or written. In process
 * (runMain): no Redis is needed, only a loopback port nobody listens on.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRedisUrl, redactUrl, redisTarget } from '../sim/queue/url.ts';
import { runMain } from './cli-main.ts';
import { configErrorOf } from './config-error.ts';
import { QUICK } from './dist-fresh.ts';
import { freePort } from './redis-harness.ts';

const PW = 'Zq-unreachable-pw';

describe('Redis URLs (sim/queue/url.ts)', () => {
  it('parses redis:// and rediss:// with user, password, port and db, and never shows the password', () => {
    const t = parseRedisUrl(`rediss://ops:${encodeURIComponent('p@ss/' + PW)}@redis.example:6390/3`, '--queue');
    expect(t.options).toEqual({ host: 'redis.example', port: 6390, db: 3, username: 'ops', password: 'p@ss/' + PW, tls: { servername: 'redis.example' } });
    expect(t.shown).toBe('rediss://ops:***@redis.example:6390/3');
    expect(t.redact(`AUTH failed for p@ss/${PW} (p%40ss%2F${PW})`)).not.toContain(PW);
    expect(parseRedisUrl('redis://[::1]', '--queue').options).toEqual({ host: '::1', port: 6379, db: 0 });
    expect(redactUrl(`redis://u:${PW}@h:1/0`)).toBe('redis://u:***@h:1/0');
    expect(redactUrl(`${PW}@h`)).toBe('***@h');
  });

  it('refuses what is not a Redis URL, naming the flag and showing the value masked', () => {
    for (const [raw, why] of [
      [`http://u:${PW}@h`, /has the scheme "http"/],
      ['redis://h:0', /port outside 1\.\.65535/],
      ['redis://h/db', /not a database number/],
      ['redis://h/0?tls=1', /query or fragment/],
      ['not a url', /is not a URL/],
    ] as const) {
      const e = configErrorOf(() => parseRedisUrl(raw, '--queue'));
      expect(e.message).toMatch(/^--queue: got ".*"; /);
      expect(e.message).toMatch(why);
      expect(e.message).not.toContain(PW);
    }
    expect(configErrorOf(() => redisTarget('', '--queue', {})).message).toMatch(/^--queue: got ""; needs a Redis URL, or REDIS_URL in the environment/);
    expect(configErrorOf(() => redisTarget(undefined, '--queue', { REDIS_URL: 'ftp://x' })).message).toMatch(/^--queue \(REDIS_URL\): got "ftp:\/\/x"; has the scheme "ftp"/);
  });
});

describe('run --queue / worker: bad input is exit 2 and writes nothing', () => {
  let tmp = '';
  let closed = 0;
  beforeAll(async () => {
    tmp = mkdtempSync(join(tmpdir(), 'squadsim-queue-bad-'));
    closed = await freePort();
  });
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));
  const url = () => `redis://:${PW}@127.0.0.1:${closed}`;

  it('a Redis nobody listens at: a clear error with the address masked, no results, no password anywhere', async () => {
    for (const args of [['run', QUICK, '--games', '1000', '--queue', url(), '--out', join(tmp, 'x')], ['worker', '--queue', url(), '--workers', '1']]) {
      const r = await runMain(args);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toMatch(new RegExp(`^squadsim: --queue: got "redis://:\\*\\*\\*@127\\.0\\.0\\.1:${closed}"; cannot be used \\(.*ECONNREFUSED.*\\); expected the address of a running Redis server`));
      expect(r.stdout + r.stderr).not.toContain(PW);
    }
    expect(existsSync(join(tmp, 'x'))).toBe(false);
  });

  it('bad config input is reported before Redis is contacted', async () => {
    const r = await runMain(['run', join(tmp, 'missing.json'), '--queue', url(), '--out', join(tmp, 'y')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^squadsim: config: got ".*missing\.json"; expected a readable JSON config file/);
    expect(existsSync(join(tmp, 'y'))).toBe(false);
  });

  it('flags that make no sense with --queue are refused', async () => {
    const cases: [string[], RegExp][] = [
      [['--workers', '2'], /--workers: got 2; cannot be used with --queue: the coordinator plays no games/],
      [['--checkpoint', join(tmp, 'c.ckpt')], /--checkpoint: .*cannot be used with --queue: the queue keeps the merged chunks in Redis/],
      [['--target-error', '0.01'], /--target-error: got 0\.01; cannot be used with --queue/],
      [['--record', 'games', '--out', join(tmp, 'z')], /--record: got "games"; cannot be used with --queue/],
    ];
    for (const [extra, msg] of cases) {
      const r = await runMain(['run', QUICK, '--games', '1000', '--queue', url(), ...extra]);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toMatch(msg);
      expect(r.stderr).not.toContain(PW);
    }
    expect(existsSync(join(tmp, 'z'))).toBe(false);
  });

  it('a worker without --queue or REDIS_URL, or with bad numbers, is exit 2', async () => {
    const saved = process.env.REDIS_URL;
    delete process.env.REDIS_URL;
    try {
      expect((await runMain(['worker'])).stderr).toMatch(/--queue: got ""; needs a Redis URL, or REDIS_URL/);
    } finally {
      if (saved !== undefined) process.env.REDIS_URL = saved;
    }
    for (const [extra, msg] of [[['--workers', '0'], /--workers: got 0; expected an integer from 1 to 1024/], [['--stall-seconds', 'x'], /--stall-seconds: got "x"/]] as const) {
      const r = await runMain(['worker', '--queue', url(), ...extra]);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(msg);
    }
  });
});
