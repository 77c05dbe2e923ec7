/**
 * `squadsim verify` (issue 35): an honest file of every kind passes (whole run, shard,
 * merge, --target-error, recorded rows); a forged file that is resealed (so its integrity
 * hash is right) fails: exit 1 naming the value, or exit 2 where the readers refuse it.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { seal } from '../resultsdoc/seal.ts';
import { runMain } from './cli-main.ts';
import { QUICK } from './dist-fresh.ts';

const tmp = mkdtempSync(join(tmpdir(), 'squadsim-verify-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const at = (...p: string[]): string => join(tmp, ...p);
const json = (p: string): any => JSON.parse(readFileSync(p, 'utf8'));
/** A forged copy of run a's results.json, resealed so every reader's hash check passes. */
const forged = (name: string, edit: (d: any) => void): string => {
  const d = json(at('a', 'results.json'));
  delete d.integrity;
  edit(d);
  writeFileSync(at(name), JSON.stringify(seal(d)));
  return at(name);
};

async function ok(args: string[]): Promise<string> {
  const r = await runMain(args);
  expect(r.code, r.stderr).toBe(0);
  return r.stdout;
}

beforeAll(async () => {
  const common = [QUICK, '--games', '1000', '--workers', '0', '--seed', '4'];
  await ok(['run', ...common, '--out', at('a')]);
  await ok(['run', ...common, '--record', 'games', '--out', at('rows')]);
  await ok(['run', ...common, '--shard', '1/2', '--out', at('s1')]);
  await ok(['run', ...common, '--shard', '2/2', '--out', at('s2')]);
  await ok(['merge', at('s1', 'results.json'), at('s2', 'results.json'), '--out', at('m')]);
  await ok(['run', QUICK, '--games', '500', '--target-error', '0.03', '--max-games', '3000', '--workers', '0', '--seed', '4', '--out', at('te')]);
});

describe('verify', () => {
  it.each(['a', 'rows', 's1', 's2', 'm', 'te'])('an honest file passes: %s', async (name) => {
    const out = await ok(['verify', at(name, 'results.json'), '--workers', '0']);
    expect(out).toMatch(/^verified: .* values equal bit for bit/);
    if (name === 'rows') expect(out).toMatch(/per-game rows' sha256 too/);
  });

  it('the same at 2 workers, with --json', async () => {
    const r = JSON.parse(await ok(['verify', at('a', 'results.json'), '--workers', '2', '--json']));
    expect(r).toMatchObject({ differing: 0, games: 1000, seed: 4 });
    expect(r.compared).toBeGreaterThan(1000);
  });

  it.each([
    ['one more win', (d: any) => { d.accumulators.outcome[0] += 1; d.accumulators.outcome[1] -= 1; }, /accumulators\.outcome\[0\]/],
    ['a count outside the outcome block made negative', (d: any) => { d.accumulators.casualties[0][0] = -5; }, /accumulators\.casualties\[0\]\[0\]: file -5/],
    ['a fractional count', (d: any) => { d.accumulators.casualties[1][0] += 0.5; }, /accumulators\.casualties\[1\]\[0\]/],
    ['a huge count', (d: any) => { d.accumulators.scoreSq[0] = 1e300; }, /accumulators\.scoreSq\[0\]: file 1e\+300/],
    ['a summary win rate', (d: any) => { d.summary.sides[0].winRate = 0.99; }, /summary\.sides\[0\]\.winRate/],
    ['another seed claimed', (d: any) => { d.seed = 5; d.summary.seed = 5; }, /accumulators\./],
  ])('a resealed forgery fails: %s', async (_what, edit, named) => {
    const r = await runMain(['verify', forged(`f-${_what.replace(/\W+/g, '-')}.json`, edit), '--workers', '0']);
    if (r.code === 2) return void expect(r.stderr).toMatch(/squadsim: .*results|accumulators|summary/); // the readers refuse it already
    expect(r.code, r.stderr + r.stdout).toBe(1);
    expect(r.stdout).toMatch(/^NOT verified: /);
    expect(r.stdout).toMatch(named);
  });

  it('forged per-game rows with a matching sha256 fail', async () => {
    const f64 = at('rows', 'games.f64');
    const bytes = readFileSync(f64);
    new Float64Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 8)[1] = 1 - new Float64Array(bytes.buffer, bytes.byteOffset, 2)[1];
    writeFileSync(f64, bytes);
    const d = json(at('rows', 'results.json'));
    delete d.integrity;
    d.gameRows.sha256 = 'sha256:' + createHash('sha256').update(bytes).digest('hex');
    writeFileSync(at('rows', 'results.json'), JSON.stringify(seal(d)));
    const r = await runMain(['verify', at('rows', 'results.json'), '--workers', '0']);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stdout).toMatch(/gameRows\.sha256/);
  });

  it('bad input exits 2: a missing file, a bad --workers', async () => {
    const r = await runMain(['verify', at('nope.json')]);
    expect(r.code).toBe(2);
    const w = await runMain(['verify', at('a', 'results.json'), '--workers', 'x']);
    expect(w.code).toBe(2);
    expect(w.stderr).toMatch(/--workers/);
  });
});
