import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BLOCK } from '../engine/tally-plan.ts';
import { wilson } from '../engine/stats.ts';
import { CHUNK_GAMES } from '../sim/chunks.ts';
import { loadConfig, type LoadedConfig } from '../sim/config.ts';
import { runSimulation, type RunResult } from '../sim/run.ts';
import { estimateGames, targetMet, wilsonHalfWidth } from '../sim/target-error.ts';
import { CLI, runCli } from './cli-harness.ts';
import { assertDistFresh, ROOT, QUICK } from './dist-fresh.ts';

const WORKER = join(ROOT, 'dist', 'worker.js');

describe('Wilson half-width', () => {
  it('matches hand-computed values', () => {
    // 50/100: the textbook Wilson 95% interval is [0.4038, 0.5962].
    expect(wilsonHalfWidth(50, 100)).toBeCloseTo(0.0961685, 6);
    // 1/10: centre (0.1 + 1.92/10) / 1.384 = 0.2111, half 0.1931.
    expect(wilsonHalfWidth(1, 10)).toBeCloseTo(0.1931369, 6);
    expect(wilsonHalfWidth(0, 0)).toBe(Infinity);
  });

  it('is half the width of the summary interval when that is not clamped', () => {
    for (const [k, n] of [[50, 100], [210, 1000], [3, 40]]) {
      const [lo, hi] = wilson(k, n);
      expect(wilsonHalfWidth(k, n)).toBeCloseTo((hi - lo) / 2, 12);
    }
  });

  it('needs every side under the target', () => {
    // 210/1000 -> 0.02522, 500/1000 -> 0.03094 (both hand-checked with the formula above).
    expect(targetMet([210, 500], 1000, 0.031)).toBe(true);
    expect(targetMet([210, 500], 1000, 0.03)).toBe(false);
    expect(targetMet([210, 100], 1000, 0.026)).toBe(true);
    // p = 0.5, E = 0.01: 1.96² · 0.25 / 0.0001 = 9604 games.
    expect(estimateGames([500, 500], 1000, 0.01)).toBe(9604);
  });
});

describe('run --target-error', () => {
  const E = 0.03;
  const runs: Record<string, RunResult> = {};
  let config: LoadedConfig;

  beforeAll(async () => {
    assertDistFresh(WORKER, ['sim', 'engine']);
    assertDistFresh(CLI, ['cli', 'sim', 'engine']);
    config = loadConfig(QUICK);
    for (const workers of [1, 2]) runs[`w${workers}`] = await runSimulation({ config, games: 500, seed: 11, workers, workerFile: WORKER, targetError: E });
    // The same games without a target, one chunk short of where the target run stopped.
    runs.before = await runSimulation({ config, games: runs.w1.games - CHUNK_GAMES, seed: 11, workers: 1, workerFile: WORKER });
  });

  const wins = (r: RunResult): [number, number] => {
    const o = r.scn.plan.layout.offset(BLOCK.outcome);
    return [r.acc[o], r.acc[o + 1]];
  };

  it('stops at the same chunk boundary with identical results for 1 and 2 workers', () => {
    expect(runs.w2.games).toBe(runs.w1.games);
    expect(Array.from(runs.w2.acc)).toEqual(Array.from(runs.w1.acc));
    expect(runs.w2.summary.sides).toEqual(runs.w1.summary.sides);
    expect(runs.w2.targetError).toEqual(runs.w1.targetError);
    expect(runs.w1.games % CHUNK_GAMES).toBe(0);
    // It had to go beyond the 500-game minimum for this to test anything.
    expect(runs.w1.games).toBeGreaterThan(500);
  });

  it('meets the criterion at the end and did not one chunk earlier', () => {
    const r = runs.w1;
    expect(r.targetError?.reached).toBe(true);
    expect(targetMet(wins(r), r.games, E)).toBe(true);
    for (const h of r.targetError!.halfWidth) expect(h).toBeLessThanOrEqual(E);
    expect(runs.before.games).toBe(r.games - CHUNK_GAMES);
    expect(targetMet(wins(runs.before), runs.before.games, E)).toBe(false);
  });

  it('is the plain run of the same number of games', async () => {
    // Same engine build as the target runs (dist/worker.js), so only the stopping rule differs.
    const plain = await runSimulation({ config, games: runs.w1.games, seed: 11, workers: 1, workerFile: WORKER });
    expect(Array.from(plain.acc)).toEqual(Array.from(runs.w1.acc));
  });

  it('stops at --max-games when the target is out of reach', async () => {
    const r = await runSimulation({ config, games: 500, seed: 11, workers: 0, targetError: 0.001, maxGames: 700 });
    expect(r.games).toBe(700);
    expect(r.targetError).toMatchObject({ reached: false, maxGames: 700, minGames: 500 });
  });
});

describe('squadsim run --target-error (CLI)', () => {
  it('prints a summary whose games stop at a chunk boundary', () => {
    const r = runCli(['run', QUICK, '--target-error', '0.04', '--games', '500', '--seed', '11', '--workers', '1', '--json']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const s = JSON.parse(r.stdout);
    expect(s.games % CHUNK_GAMES).toBe(0);
    for (const side of s.sides) expect((side.winRateInterval[1] - side.winRateInterval[0]) / 2).toBeLessThanOrEqual(0.04 + 1e-6);
  });

  it.each([
    [['--target-error', '0.7'], /--target-error: got 0\.7; expected a number greater than 0/],
    [['--target-error', 'abc'], /--target-error: got "abc"/],
    [['--max-games', '5000'], /--max-games: got 5000; is only used with --target-error/],
    [['--target-error', '0.01', '--games', '2000', '--max-games', '1000'], /--max-games: got 1000; expected an integer >= --games \(2000\)/],
    [['--record', 'games'], /--record: got "games"; needs --out/],
  ])('rejects %j with exit 2', (args, msg) => {
    const r = runCli(['run', ...args, '--workers', '0']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(msg);
    expect(r.stdout).toBe('');
  });
});
