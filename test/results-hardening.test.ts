/**
 * Results documents and shard files that are edited, damaged or mismatched are refused
 * (exit 2, nothing written) by merge, export, report and check: through main() in-process.
 */
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seal } from '../resultsdoc/seal.ts';
import { runMain } from './cli-main.ts';
import { ROOT, QUICK } from './dist-fresh.ts';

const tmp = mkdtempSync(join(tmpdir(), 'squadsim-results-hard-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const at = (...p: string[]): string => join(tmp, ...p);
const json = (p: string): any => JSON.parse(readFileSync(p, 'utf8'));
const put = (name: string, doc: unknown): string => (writeFileSync(at(name), JSON.stringify(doc)), at(name));

async function ok(args: string[]): Promise<void> {
  const r = await runMain(args);
  expect(r.code, r.stderr).toBe(0);
}

/** Runs `args`, expects exit 2 with `msg` on stderr, nothing on stdout, and no `out`. */
async function refused(args: string[], msg: RegExp, out?: string): Promise<void> {
  const r = await runMain(args);
  expect(r.code, r.stderr).toBe(2);
  expect(r.stderr).toMatch(msg);
  expect(r.stdout).toBe('');
  if (out) expect(existsSync(out)).toBe(false);
}

beforeAll(async () => {
  const common = [QUICK, '--games', '1000', '--workers', '0', '--record', 'games'];
  await ok(['run', ...common, '--seed', '1', '--out', at('a')]);
  await ok(['run', ...common, '--seed', '2', '--out', at('b')]);
  await ok(['run', ...common, '--seed', '1', '--shard', '1/2', '--out', at('s1')]);
  await ok(['run', ...common, '--seed', '1', '--shard', '2/2', '--out', at('s2')]);
});

describe('merge', () => {
  it('refuses a shard missing accumulators or summary (it crashed), sealed or not', async () => {
    for (const field of ['accumulators', 'summary']) {
      const d = json(at('s2', 'results.json'));
      delete d[field];
      await refused(['merge', at('s1', 'results.json'), put(`no-${field}.json`, d), '--out', at('m')], /fails its integrity check/, at('m'));
      await refused(['merge', at('s1', 'results.json'), put(`no-${field}-sealed.json`, seal(d)), '--out', at('m')], new RegExp(`no-${field}-sealed\\.json: ${field}: is missing`), at('m'));
    }
  });

  it('refuses a shard whose games.f64 is not its own, and writes no merged games.f64', async () => {
    copyFileSync(at('s2', 'games.f64'), at('s2-games.bak'));
    copyFileSync(at('s1', 'games.f64'), at('s2', 'games.f64')); // same size, other games
    try {
      await refused(['merge', at('s1', 'results.json'), at('s2', 'results.json'), '--out', at('m2')], /gameRows\.file: got "games\.f64"; does not belong to/, at('m2'));
    } finally {
      copyFileSync(at('s2-games.bak'), at('s2', 'games.f64'));
    }
    await ok(['merge', at('s1', 'results.json'), at('s2', 'results.json'), '--out', at('m3')]);
    expect(readFileSync(at('m3', 'games.f64')).equals(readFileSync(at('a', 'games.f64')))).toBe(true);
  });
});

describe('export, report and check', () => {
  it('a games.f64 of another run beside results.json (a kill between the two renames) is refused', async () => {
    rmSync(at('pair'), { recursive: true, force: true });
    await ok(['run', QUICK, '--games', '1000', '--workers', '0', '--record', 'games', '--seed', '1', '--out', at('pair')]);
    copyFileSync(at('b', 'games.f64'), at('pair', 'games.f64')); // the next run's rows, renamed in before its results.json
    await refused(['export', at('pair', 'results.json'), '--table', 'games'], /games\.f64"; does not belong to .*pair\/results\.json/);
    await refused(['export', at('pair', 'results.json'), '--table', 'games', '--out', at('pair.csv')], /does not belong to/, at('pair.csv'));
  });

  it('an edited results.json is refused by export, report and check', async () => {
    const d = json(at('a', 'results.json'));
    d.accumulators.outcome[0] += 1;
    d.accumulators.outcome[1] -= 1;
    const p = put('edited.json', d);
    await refused(['export', p, '--table', 'turns'], /results: got ".*edited\.json"; fails its integrity check/);
    await refused(['report', p, '--out', at('rep')], /fails its integrity check/, at('rep'));
    await refused(['check', p, '--baseline', join(ROOT, 'configs', 'nco', 'baselines', 'smoke.json')], /fails its integrity check/);
  });

  it('a resealed document must still hold together: outcomes add up to games, printable names', async () => {
    const d = json(at('a', 'results.json'));
    d.games = 999;
    d.gameRows.count = 999;
    await refused(['export', put('games.json', seal(d)), '--table', 'turns'], /accumulators\.outcome: got \[.*\]; expected wins and draws adding up to games \(999\)/);
    const n = json(at('a', 'results.json'));
    n.summary.sides[0].name = 'US\nArmy';
    await refused(['report', put('newline.json', seal(n)), '--out', at('rep2')], /summary\.sides\[0\]\.name: got "US\\nArmy"; expected printable text/, at('rep2'));
    // npm run fuzz case 1196: a damaged "what was played" crashed the report (exit 3).
    const p = json(at('a', 'results.json'));
    p.summary.played = -1;
    await refused(['report', put('played.json', seal(p)), '--out', at('rep3')], /summary\.played: got -1; expected an object/, at('rep3'));
  });
});
