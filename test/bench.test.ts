// `node dist/bench.js --quick --json FILE` (issue 14): every field present with sane values,
// identical results on 1 and 2 workers, and `--compare` of a file with itself gives 1.00.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flattenMetrics } from '../bench/report.ts';
import { MAX_NCO_SOLDIERS, perSideOf, sizeConfig } from '../bench/sizes.ts';
import { loadConfig } from '../sim/config.ts';
import { assertDistFresh, QUICK, ROOT } from './dist-fresh.ts';
import { HANG_MS } from './limits.ts';

const BENCH = join(ROOT, 'dist', 'bench.js');
const bench = (args: string[]) => spawnSync(process.execPath, [BENCH, ...args], { cwd: ROOT, encoding: 'utf8', timeout: HANG_MS });

describe('bench --quick --json', () => {
  let tmp = '';
  let file = '';
  let out = { status: null as number | null, stdout: '', stderr: '' };
  let doc: any;
  beforeAll(() => {
    assertDistFresh(BENCH, ['bench', 'engine', 'sim', 'analysis']);
    tmp = mkdtempSync(join(tmpdir(), 'squadsim-bench-'));
    file = join(tmp, 'bench.json');
    out = bench(['--quick', '--config', QUICK, '--json', file]);
    if (out.status !== 0) throw new Error(`bench exited ${out.status}: ${out.stderr}`);
    doc = JSON.parse(readFileSync(file, 'utf8'));
  });
  afterAll(() => {
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  const positive = (x: unknown) => expect(typeof x === 'number' && Number.isFinite(x) && x > 0, `${x} > 0`).toBe(true);

  it('describes the run: schema, commit, node, cpus, date, config', () => {
    expect(doc.schema).toBe('squadsim.bench/1');
    expect(doc.commit === null || /^[0-9a-f]{40}$/.test(doc.commit)).toBe(true);
    expect(doc.node).toBe(process.version);
    expect(doc.cpus).toBeGreaterThanOrEqual(1);
    expect(Number.isNaN(Date.parse(doc.date))).toBe(false);
    expect(doc.config).toBe('test/fixtures/quick.json');
    expect(doc.ruleset).toBe('nco');
    expect(doc.quick).toBe(true);
  });

  it('single thread: games/s and CPU µs per game; GC; dice; peak RSS', () => {
    expect(doc.singleThread.games).toBe(2000);
    positive(doc.singleThread.gamesPerSec);
    positive(doc.singleThread.usPerGame);
    positive(doc.singleThread.wallUsPerGame);
    expect(Number.isInteger(doc.gc.events) && doc.gc.events >= 0).toBe(true);
    expect(doc.gc.ms).toBeGreaterThanOrEqual(0);
    expect(doc.gc.shareOfPlay).toBeGreaterThanOrEqual(0);
    positive(doc.dice.nsPerD6);
    expect(doc.peakRssMiB).toBeGreaterThan(10);
    expect(out.stdout).toMatch(/games\/s, [\d.,]+ µs CPU per game/);
  });

  it('scaling: 1 and 2 workers on each game count, cold and on warm pools, identical results', () => {
    expect(doc.scaling.workers).toBe(2);
    expect(Object.keys(doc.scaling.runs)).toEqual(['1000', '2000']);
    expect(Object.keys(doc.scaling.warm)).toEqual(['1000', '2000']);
    for (const r of [...Object.values<any>(doc.scaling.runs), ...Object.values<any>(doc.scaling.warm)]) {
      for (const w of ['1', '2']) {
        positive(r[w].seconds);
        positive(r[w].gamesPerSec);
      }
      positive(r.speedup);
      expect(r.identical).toBe(true);
    }
    expect(doc.scaling.identical).toBe(true);
  });

  it('sizes: 10/20/40/60 soldiers on the table, µs per game and per soldier, growth exponents', () => {
    expect(doc.sizes.config).toBe('test/fixtures/quick.json');
    const rows = doc.sizes.rows;
    expect(Object.keys(rows)).toEqual(['10', '20', '40', '60']);
    for (const [n, r] of Object.entries<any>(rows)) {
      expect(r.perSide).toBe(Number(n) / 2);
      expect(r.games).toBeGreaterThanOrEqual(20);
      positive(r.usPerGame);
      expect(r.usPerSoldier).toBeCloseTo(r.usPerGame / Number(n), 6);
    }
    expect(rows['10'].exponent).toBeNull();
    for (const n of ['20', '40', '60']) expect(Number.isFinite(rows[n].exponent)).toBe(true);
    // No verdict on the timings (a loaded machine can reorder them): that is `npm run bench`.
  });

  it('time to ±0.5%: games from the win rate variance, CPU and worker seconds', () => {
    const iv = doc.interval;
    expect(iv.halfWidth).toBe(0.005);
    expect(iv.winRate).toBeGreaterThan(0);
    expect(iv.winRate).toBeLessThan(1);
    // Bernoulli: games = ⌈1.96² · p(1−p)·n/(n−1) / 0.005²⌉.
    const n = doc.singleThread.games, p = iv.winRate;
    expect(iv.games).toBe(Math.ceil((1.959963984540054 ** 2 * p * (1 - p) * n) / (n - 1) / 0.005 ** 2));
    expect(iv.cpuSeconds).toBeCloseTo((iv.games * doc.singleThread.usPerGame) / 1e6, 9);
    positive(iv.seconds1Worker);
    positive(iv.seconds2Workers);
  });

  it('--compare OLD NEW of a file with itself prints 1.00 for every metric, without a run', () => {
    const r = bench(['--compare', file, file]);
    expect(r.status).toBe(0);
    const rows = r.stdout.trim().split('\n').slice(2);
    expect(rows.length).toBe(flattenMetrics(doc).size);
    expect(rows.length).toBeGreaterThan(25);
    for (const row of rows) expect(row, row).toMatch(/\s1\.00$/);
    expect(r.stdout).not.toMatch(/single thread/);
  });

  it('--compare refuses a file that is not a bench document before running', () => {
    const r = bench(['--compare', join(ROOT, 'package.json')]);
    expect(r.status).not.toBe(0);
    expect(r.stderr).toMatch(/not a bench document/);
  });
});

describe('bench sizes', () => {
  it('NCO plays at most 64 soldiers: sizes count both sides, 32 a side at most, legal rosters', () => {
    expect([10, 20, 40, 60, 61, 100].map(perSideOf)).toEqual([5, 10, 20, 30, 31, 32]);
    const base = loadConfig(QUICK);
    const l = sizeConfig(base, MAX_NCO_SOLDIERS / 2);
    expect(l.config.sides).toHaveLength(2);
    expect(base.config.rules).not.toHaveProperty('roster_vps'); // the base is left unchanged
  });
});

describe('bench tools refuse bad flags', () => {
  // The house rule for bad input: exit 2, say what was wrong, write nothing (bench/args.ts).
  it.each(['bench', 'gc', 'mapgen', 'variance', 'coverage', 'heap'])('%s.js --bogus exits 2 and names the flag', (tool) => {
    const r = spawnSync(process.execPath, [join(ROOT, 'dist', `${tool}.js`), '--bogus'], { cwd: ROOT, encoding: 'utf8', timeout: HANG_MS });
    expect(r.status, r.stderr).toBe(2);
    expect(r.stderr).toMatch(/Unknown argument: bogus|Missing required argument/);
    expect(r.stdout).toBe('');
  });

  it('mapgen.js --maps 0 exits 2 with the flag, the value and what is allowed', () => {
    const r = spawnSync(process.execPath, [join(ROOT, 'dist', 'mapgen.js'), '--maps', '0'], { cwd: ROOT, encoding: 'utf8', timeout: HANG_MS });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/--maps: 0 is not a whole number ≥ 1/);
  });
});
