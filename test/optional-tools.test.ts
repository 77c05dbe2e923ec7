/**
 * Issue 32: `npm test` passes on a fresh clone without Debian's chromium or redis-server.
 * The suites that need them skip with one loud line saying what was skipped and how to run
 * it; SQUADSIM_REQUIRE_BROWSER=1 / SQUADSIM_REQUIRE_REDIS=1 (set by .ci/run) turn a missing
 * one into a failure. Checked by running those suites in a child vitest with the harnesses
 * pointed at binaries that do not exist (SQUADSIM_CHROMIUM, SQUADSIM_REDIS_SERVER).
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from './dist-fresh.ts';
import { HANG_MS } from './limits.ts';

const VITEST = join(ROOT, 'node_modules', 'vitest', 'vitest.mjs');

/** A child vitest run of `files` with `extra` in its environment (asynchronous, so both below run at once). */
function suites(files: string[], extra: Record<string, string>): Promise<{ status: number | null; out: string }> {
  const env: NodeJS.ProcessEnv = {};
  // The child is a fresh vitest run: none of this run's VITEST_* variables, no REQUIRE/SKIP from outside.
  for (const [k, v] of Object.entries(process.env)) if (!/^VITEST|^SQUADSIM_(REQUIRE|SKIP)_/.test(k)) env[k] = v;
  Object.assign(env, { SQUADSIM_CHROMIUM: '/nonexistent/chromium', SQUADSIM_REDIS_SERVER: '/nonexistent/redis-server', NO_COLOR: '1', ...extra });
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [VITEST, 'run', ...files], { cwd: ROOT, env, timeout: HANG_MS });
    let out = '';
    child.stdout.on('data', (b) => (out += String(b)));
    child.stderr.on('data', (b) => (out += String(b)));
    child.on('close', (status) => resolve({ status, out }));
  });
}

describe('without chromium and redis-server', () => {
  // The two child runs (each mostly vitest's own start-up) run side by side: ~half the wall time.
  const FILES = ['test/report-browser.test.ts', 'test/queue.test.ts'];
  let skipped: { status: number | null; out: string };
  let required: { status: number | null; out: string };
  beforeAll(async () => {
    [skipped, required] = await Promise.all([suites(FILES, {}), suites(FILES, { SQUADSIM_REQUIRE_BROWSER: '1', SQUADSIM_REQUIRE_REDIS: '1' })]);
  });

  it('the browser and queue suites skip, each with one loud line saying what and how to run it, and pass', () => {
    const r = skipped;
    expect(r.status, r.out).toBe(0);
    const browser = r.out.match(/SKIPPED: this file's headless-Chromium tests \(no Chromium at \/nonexistent\/chromium\)\. To run them: `sudo apt-get install chromium`/g) ?? [];
    const redis = r.out.match(/SKIPPED: this file's queue tests against a real Redis \(no redis-server at \/nonexistent\/redis-server\)\. To run them: `sudo apt-get install redis-server`/g) ?? [];
    expect(browser, r.out).toHaveLength(1);
    expect(redis, r.out).toHaveLength(1);
    expect(r.out).toMatch(/SQUADSIM_REQUIRE_BROWSER=1 \(\.ci\/run\) makes a missing one a failure/);
    expect(r.out).toMatch(/Tests\s+\d+ skipped/);
    expect(r.out).not.toMatch(/\d+ passed|\d+ failed/);
  });

  it('SQUADSIM_REQUIRE_BROWSER=1 and SQUADSIM_REQUIRE_REDIS=1 make them fail, naming what is missing', () => {
    const r = required;
    expect(r.status, r.out).toBe(1);
    expect(r.out).not.toMatch(/SKIPPED/);
    expect(r.out).toMatch(/Chromium not found at \/nonexistent\/chromium and SQUADSIM_REQUIRE_BROWSER=1 says it must be there/);
    expect(r.out).toMatch(/\/nonexistent\/redis-server is missing and SQUADSIM_REQUIRE_REDIS=1 says it must be there/);
  });
});
