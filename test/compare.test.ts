/**
 * `squadsim compare` and `report --compare` (issue 13): what changed between two runs, and
 * B − A for every headline metric. Paired game by game when both runs recorded per-game
 * rows on the same seeds (the interval is then the per-game differences' mean ± z·sd/√n,
 * recomputed here from the rows), else independent; mismatched runs exit 2.
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { compareRuns, perGame } from '../analysis/compare.ts';
import { loadResults } from '../analysis/load.ts';
import { QUICK, ROOT } from './dist-fresh.ts';
import { runMain } from './cli-main.ts';
import { checkPage, SKIP_BROWSER, VIEW_WIDTH } from './browser-harness.ts';

const dir = mkdtempSync(join(tmpdir(), 'squadsim-compare-'));
const quick = JSON.parse(readFileSync(QUICK, 'utf8'));
const run = async (name: string, cfg: unknown, extra: string[] = []) => {
  const path = join(dir, `${name}.json`);
  writeFileSync(path, JSON.stringify(cfg));
  const r = await runMain(['run', path, '-n', '600', '-w', '0', '-s', '5', '--out', join(dir, name), ...extra]);
  if (r.code !== 0) throw new Error(r.stderr);
  return join(dir, name, 'results.json');
};

describe('compare', () => {
  let A: string, B: string, Bplain: string;
  beforeAll(async () => {
    A = await run('a', quick, ['--record', 'games']);
    B = await run('b', { ...quick, rules: { ...quick.rules, turns: 5 } }, ['--record', 'games']);
    Bplain = await run('b2', { ...quick, rules: { ...quick.rules, turns: 5 } });
  });

  it('names the change and pairs game by game; the interval is the per-game differences\' mean ± 1.96·sd/√n', () => {
    const a = loadResults(A), b = loadResults(B);
    const ra = perGame(a, A)!, rb = perGame(b, B)!;
    const c = compareRuns(a, b, ra, rb);
    expect(c.changes).toEqual([{ path: 'rules.turns', a: 4, b: 5 }]);
    expect(c.paired).toBe(true);
    const m = c.metrics[3]; // side 0's mean score
    const d = Array.from(rb.score0, (x, i) => x - ra.score0[i]), n = d.length, mean = d.reduce((s, x) => s + x, 0) / n;
    const sd = Math.sqrt(d.reduce((s, x) => s + (x - mean) ** 2, 0) / (n - 1));
    expect(m.diff).toBeCloseTo(mean, 9);
    expect(m.hi - m.diff).toBeCloseTo((1.959963984540054 * sd) / Math.sqrt(n), 9);
    expect(m.b - m.a).toBeCloseTo(b.doc.summary.sides[0].meanScore - a.doc.summary.sides[0].meanScore, 5);
  });
  it('without rows in both it falls back to independent intervals, which are wider on common seeds', () => {
    const a = loadResults(A), b2 = loadResults(Bplain), b = loadResults(B);
    const unpaired = compareRuns(a, b2, perGame(a, A), perGame(b2, Bplain));
    const paired = compareRuns(a, b, perGame(a, A), perGame(b, B));
    expect(unpaired.paired).toBe(false);
    expect(unpaired.why).toMatch(/--record games/);
    expect(unpaired.metrics.map((m) => m.diff)).toEqual(paired.metrics.map((m) => m.diff)); // same games: same means
    expect(unpaired.metrics[3].hi - unpaired.metrics[3].lo).toBeGreaterThan(paired.metrics[3].hi - paired.metrics[3].lo);
  });
  it('CLI: writes compare.json, compare.html and SVGs; report --compare adds the differences; another ruleset exits 2', async () => {
    const out = join(dir, 'cmp');
    const r = await runMain(['compare', A, B, '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/changed: rules\.turns: 4 → 5/);
    expect(r.stdout).toMatch(/paired game by game/);
    for (const f of ['compare.json', 'compare.csv', 'compare.html', 'compare-rates.svg', 'compare-scores.svg', 'compare-differences.svg']) expect(existsSync(join(out, f)), f).toBe(true);
    const rep = await runMain(['report', B, '--compare', A, '--out', join(dir, 'rep')]);
    expect(rep.code, rep.stderr).toBe(0);
    expect(readFileSync(join(dir, 'rep', 'summary.md'), 'utf8')).toMatch(/B − A for every headline metric/);
    const iron = await runMain(['run', join(ROOT, 'configs', 'iron-squad', 'default.json'), '-n', '20', '-w', '0', '--out', join(dir, 'iron')]);
    expect(iron.code).toBe(0);
    const bad = await runMain(['compare', A, join(dir, 'iron', 'results.json'), '--out', join(dir, 'bad')]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/B: ruleset: got "iron-squad"; expected "nco"/);
    expect(existsSync(join(dir, 'bad', 'compare.json'))).toBe(false);
  });
  it('the documented `report CHANGE --compare BASE` agrees in sign and value with `compare BASE CHANGE`, and both pages name A, B, the change, games and seed', async () => {
    const cmp = await runMain(['compare', A, B, '--json']);
    expect(cmp.code, cmp.stderr).toBe(0);
    const c = JSON.parse(cmp.stdout);
    const out = join(dir, 'rep-sign');
    const rep = await runMain(['report', B, '--compare', A, '--out', out]);
    expect(rep.code, rep.stderr).toBe(0);
    const csv = readFileSync(join(out, 'compare.csv'), 'utf8').trim().split('\n').slice(1).map((l) => l.split(','));
    expect(csv.map((r) => r[0])).toEqual(c.metrics.map((m: any) => m.metric));
    csv.forEach((r, k) => {
      expect(Number(r[3]), r[0]).toBeCloseTo(c.metrics[k].diff, 12);
      expect(Math.sign(Number(r[3])), r[0]).toBe(Math.sign(c.metrics[k].diff));
    });
    expect(c.metrics.some((m: any) => m.diff !== 0)).toBe(true); // turns 4 → 5 moves something
    expect(c.runs).toEqual({ a: { games: 600, seed: 5, configHash: expect.any(String) }, b: { games: 600, seed: 5, configHash: expect.any(String) } });
    const html = readFileSync(join(out, 'report.html'), 'utf8'), md = readFileSync(join(out, 'summary.md'), 'utf8');
    for (const page of [html, md]) {
      expect(page).toContain(`A (the reference): ${A}, 600 games, seed 5`);
      expect(page).toContain(`B (the change): ${B}, 600 games, seed 5`);
      expect(page).toMatch(/changed: rules\.turns: 4 in A → 5 in B/);
    }
    const cmpOut = join(dir, 'cmp-names');
    expect((await runMain(['compare', A, B, '--out', cmpOut])).code).toBe(0);
    const page = readFileSync(join(cmpOut, 'compare.html'), 'utf8');
    expect(page).toContain(`A (the reference): ${A}, 600 games, seed 5`);
    expect(page).toContain(`B (the change): ${B}, 600 games, seed 5`);
    expect(page).toMatch(/600 games, seed 5 each/);
    expect(page).toMatch(/changed: rules\.turns: 4 in A → 5 in B/);
    const iron = join(dir, 'iron', 'results.json');
    const bad = await runMain(['report', A, '--compare', iron, '--out', join(dir, 'rep-bad')]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--compare: ruleset: got "iron-squad"; expected "nco"/);
    expect(existsSync(join(dir, 'rep-bad'))).toBe(false);
  });
  it.skipIf(SKIP_BROWSER)('compare.html renders its four charts offline in headless Chromium (rate and score differences on their own axes, then A and B side by side)', async () => {
    const out = join(dir, 'cmp2');
    expect((await runMain(['compare', A, B, '--out', out])).code).toBe(0);
    const c = await checkPage(join(out, 'compare.html'), join(ROOT, 'test-output', 'compare.png'));
    expect(c.problems).toEqual([]);
    expect(c.blocked).toEqual([]);
    expect(c.state).toEqual({ expected: 4, rendered: 4, errors: [] });
    expect(c.charts.map((ch) => ch.id)).toEqual(['compare-differences', 'compare-score-differences', 'compare-rates', 'compare-scores']);
    for (const ch of c.charts) expect(ch.marks, ch.id!).toBeGreaterThan(2);
    expect(c.pageWidth).toBeLessThanOrEqual(VIEW_WIDTH);
  });
});
