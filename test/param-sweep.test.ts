/**
 * `squadsim sweep` (issue 13): grid points on common seeds, each equal to a plain run of its
 * config, bit-identical at any worker count; values and paths parsed with clear errors;
 * sweep.html checked in headless Chromium like the main report.
 */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { gridConfigs, parseValues, parseVary, runParamSweep, setPath, type SweepPlan } from '../sim/param-sweep.ts';
import { vsFirst } from '../analysis/param-sweep.ts';
import { runSimulation } from '../sim/run.ts';
import { assertDistFresh, QUICK, ROOT } from './dist-fresh.ts';
import { runMain } from './cli-main.ts';
import { checkPage, SKIP_BROWSER, VIEW_WIDTH } from './browser-harness.ts';

const WORKER = join(ROOT, 'dist', 'worker.js');
const quick = JSON.parse(readFileSync(QUICK, 'utf8'));
const plan = (vary: SweepPlan['vary'], games = 500): SweepPlan => ({ base: quick, baseDir: join(ROOT, 'test', 'fixtures'), vary, games, seed: 4 });

describe('sweep values and paths', () => {
  it('parses ranges, lists and JSON values; refuses what it cannot read', () => {
    expect(parseValues('x', '8..16:2')).toEqual([8, 10, 12, 14, 16]);
    expect(parseValues('x', '0..1:0.25')).toEqual([0, 0.25, 0.5, 0.75, 1]);
    expect(parseValues('x', 'nearest,weakest,true,3')).toEqual(['nearest', 'weakest', true, 3]);
    expect(() => parseValues('x', '16..8')).toThrow(/FROM <= TO/);
    expect(() => parseVary('rules.turns')).toThrow(/PATH=VALUES/);
    expect(() => parseVary('rules.turns=4,4')).toThrow(/distinct/);
  });
  it('sets a path through objects, arrays and a policy given as an id', () => {
    const c = structuredClone(quick);
    setPath(c, 'sides.0.policy.aggression', 0.3);
    setPath(c, 'rules.cost_overrides.private', 9);
    expect(c.sides[0].policy).toEqual({ id: 'aggressive', aggression: 0.3 });
    expect(c.rules.cost_overrides).toEqual({ private: 9 });
  });
  it('a bad value names the grid point and the field, before any game', () => {
    expect(() => gridConfigs(plan([{ path: 'rules.turns', values: [4, 99] }]))).toThrow(/--vary \(rules\.turns=99\): rules\.turns/);
    expect(() => gridConfigs(plan([{ path: 'rules.bogus_rule', values: [1] }]))).toThrow(/rules/);
  });
});

describe('sweep play', () => {
  it('each point equals a plain run of its config on the same seed, at 0 and 2 workers', async () => {
    assertDistFresh(WORKER, ['sim', 'engine', 'resultsdoc']);
    const p = plan([{ path: 'rules.turns', values: [3, 5] }, { path: 'sides.1.policy', values: ['cautious', 'random'] }], 600);
    const a = await runParamSweep(p, { workers: 0 });
    const b = await runParamSweep(p, { workers: 2, workerFile: WORKER });
    expect(a.map((x) => x.at)).toEqual([{ 'rules.turns': 3, 'sides.1.policy': 'cautious' }, { 'rules.turns': 3, 'sides.1.policy': 'random' }, { 'rules.turns': 5, 'sides.1.policy': 'cautious' }, { 'rules.turns': 5, 'sides.1.policy': 'random' }]);
    expect(b.map((x) => Array.from(x.acc))).toEqual(a.map((x) => Array.from(x.acc)));
    const plain = await runSimulation({ config: a[2].loaded, games: 600, seed: 4, workers: 0 });
    expect(Array.from(a[2].acc)).toEqual(Array.from(plain.acc));
    expect(Array.from(a[0].acc)).not.toEqual(Array.from(a[2].acc));
    // Each game's side-0 result is kept (win 1, draw ½), identical at any worker count, and
    // sums to the point's outcome block.
    expect(b.map((x) => Array.from(x.side0))).toEqual(a.map((x) => Array.from(x.side0)));
    const o = a[2].loaded.scn.plan.layout.read(a[2].acc, 'outcome') as number[];
    expect(a[2].side0.reduce((s, v) => s + v, 0)).toBeCloseTo(o[0] + o[2] / 2, 9);
  });

  it('a point minus the first is paired game by game: the same difference, a narrower interval', async () => {
    const p = plan([{ path: 'sides.0.policy.aggression', values: [0.2, 0.3] }], 1500);
    const [first, second] = await runParamSweep(p, { workers: 0 });
    const d = vsFirst(first.side0, second.side0, false)!;
    const mean = (x: Float64Array) => x.reduce((s, v) => s + v, 0) / x.length;
    expect(d.diff).toBeCloseTo(mean(second.side0) - mean(first.side0), 12);
    expect(d.lo).toBeLessThanOrEqual(d.diff);
    expect(d.hi - d.diff).toBeLessThan(d.unpairedHalfWidth); // common seeds correlate the points
    expect(vsFirst(first.side0, first.side0, true)).toBeNull();
  });
});

describe('squadsim sweep (CLI)', () => {
  it('writes sweep.json, sweep.csv, sweep.html and SVGs; bad input exits 2 and writes nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'squadsim-sweep-'));
    const r = await runMain(['sweep', QUICK, '--vary', 'sides.0.policy.aggression=0,0.5,1', '--vary', 'rules.turns=3,5', '-n', '200', '-w', '0', '--out', dir]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/sweep: nco, 6 points × 200 games/);
    expect(r.stdout).toMatch(/map: quick, 24×24 in/);
    const doc = JSON.parse(readFileSync(join(dir, 'sweep.json'), 'utf8'));
    expect(doc.format).toBe('squadsim.sweep/1');
    expect(doc.rows).toHaveLength(6);
    expect(doc.rows[0].vsFirst).toBeNull();
    expect(doc.rows[1].vsFirst).toMatchObject({ diff: expect.any(Number), lo: expect.any(Number), hi: expect.any(Number) });
    expect(r.stdout).toMatch(/vs first \(paired\)/);
    expect(readFileSync(join(dir, 'sweep.csv'), 'utf8').split('\n')[0]).toMatch(/^sides\.0\.policy\.aggression,rules\.turns,games,side0_win_rate/);
    for (const f of ['sweep.html', 'sweep-win-rate.svg', 'sweep-score.svg']) expect(existsSync(join(dir, f)), f).toBe(true);

    const bad = mkdtempSync(join(tmpdir(), 'squadsim-sweep-'));
    const e = await runMain(['sweep', QUICK, '--vary', 'rules.turns=4,99', '-n', '10', '-w', '0', '--out', bad]);
    expect(e.code).toBe(2);
    expect(e.stderr).toMatch(/rules\.turns=99/);
    expect(existsSync(join(bad, 'sweep.json'))).toBe(false);
    expect((await runMain(['sweep', QUICK, '--vary', 'a=1', '--vary', 'b=2', '--vary', 'c=3', '-w', '0'])).code).toBe(2);
  });

  it.skipIf(SKIP_BROWSER)('sweep.html renders its three charts offline in headless Chromium (win rate, the paired change from the first point, score), with no console errors', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'squadsim-sweep-'));
    expect((await runMain(['sweep', QUICK, '--vary', 'rules.turns=3..6', '-n', '100', '-w', '0', '--out', dir])).code).toBe(0);
    const c = await checkPage(join(dir, 'sweep.html'), join(ROOT, 'test-output', 'sweep.png'));
    expect(c.problems).toEqual([]);
    expect(c.blocked).toEqual([]);
    expect(c.state).toEqual({ expected: 3, rendered: 3, errors: [] });
    expect(c.charts.map((ch) => ch.id)).toEqual(['sweep-win-rate', 'sweep-paired', 'sweep-score']);
    for (const ch of c.charts) expect(ch.marks, ch.id!).toBeGreaterThan(4);
    expect(c.pageWidth).toBeLessThanOrEqual(VIEW_WIDTH);
  });
});
