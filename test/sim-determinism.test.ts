import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../sim/config.ts';
import { writeResultsAtomic } from '../resultsdoc/format.ts';
import { readResults } from '../resultsdoc/validate.ts';
import { digestOf } from '../resultsdoc/seal.ts';
import { resultsDocOf, runSimulation, type RunResult } from '../sim/run.ts';
import { stableSummary } from '../resultsdoc/summary.ts';
import { runChunk } from '../sim/worker.ts';
import { configHash } from '../resultsdoc/hash.ts';
import { assertDistFresh } from './dist-fresh.ts';

// Worker threads load the built dist/worker.js (npm test builds first); make sure it is
// not older than the sources it bundles, or the comparison below would be meaningless.
const ROOT = join(import.meta.dirname, '..');
const WORKER = join(ROOT, 'dist', 'worker.js');


const GAMES = 4000;
const runs: Record<string, RunResult> = {};
let tmp: string;

beforeAll(async () => {
  assertDistFresh(WORKER, ['sim', 'engine']);
  tmp = mkdtempSync(join(tmpdir(), 'squadsim-det-'));
  // The runner's plumbing, on a small quick matchup (the default matchup's determinism is
  // the conformance suite's).
  const config = loadConfig(join(ROOT, 'test', 'fixtures', 'quick.json'));
  for (const workers of [0, 1, 2]) runs[`w${workers}`] = await runSimulation({ config, games: GAMES, seed: 7, workers, workerFile: WORKER });
  // The real games are slow (~1 ms), so the seed comparison uses fewer of them.
  runs.small7 = await runSimulation({ config, games: 500, seed: 7, workers: 0 });
  runs.small8 = await runSimulation({ config, games: 500, seed: 8, workers: 0 });
});

afterAll(() => {
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

describe('runSimulation determinism', () => {
  it('gives the same summary JSON for 0 (in-process), 1 and 2 workers', () => {
    const ref = JSON.stringify(stableSummary(runs.w0.summary));
    expect(JSON.stringify(stableSummary(runs.w1.summary))).toBe(ref);
    expect(JSON.stringify(stableSummary(runs.w2.summary))).toBe(ref);
    expect(runs.w2.workers).toBe(2);
  });

  it('gives bit-identical accumulators for any worker count', () => {
    const ref = Array.from(runs.w0.acc);
    expect(Array.from(runs.w1.acc)).toEqual(ref);
    expect(Array.from(runs.w2.acc)).toEqual(ref);
  });

  it('summarizes every game', () => {
    const s = runs.w0.summary;
    expect(s.schema).toBe('squadsim.summary/2');
    expect(s.games).toBe(GAMES);
    expect(s.seed).toBe(7);
    expect(s.sides[0].wins + s.sides[1].wins + s.draws).toBe(GAMES);
    expect(s.configHash).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(s.configHash).toBe(configHash(runs.w0.scn.normalized));
    expect(Object.keys(s).slice(-2)).toEqual(['elapsedSeconds', 'gamesPerSecond']);
    for (const side of s.sides) {
      expect(side.winRateInterval[0]).toBeLessThanOrEqual(side.winRate);
      expect(side.winRateInterval[1]).toBeGreaterThanOrEqual(side.winRate);
    }
    expect(s.lethality.meanCasualties).toHaveLength(2);
    expect(s.lethality.meanCasualties[0]).toHaveLength(s.lethality.steps);
  });

  it('gives different results for a different seed', () => {
    expect(Array.from(runs.small8.acc)).not.toEqual(Array.from(runs.small7.acc));
    expect(JSON.stringify(stableSummary(runs.small8.summary))).not.toBe(JSON.stringify(stableSummary(runs.small7.summary)));
    expect(runs.small8.summary.configHash).toBe(runs.small7.summary.configHash);
  });

  it('does not let a game depend on the games played before it in the same worker', () => {
    const { config, configHash: hash } = runs.w0;
    const task = { config, configHash: hash, seed: 7, start: 1000, count: 200 };
    const fresh = Array.from(runChunk(task));
    runChunk({ ...task, seed: 12345, start: 0, count: 300 });
    expect(Array.from(runChunk(task))).toEqual(fresh);
  });

  it('reports progress up to the total', async () => {
    const seen: number[] = [];
    await runSimulation({ config: loadConfig(), games: 600, seed: 1, workers: 0, progress: (done) => seen.push(done) });
    expect(seen.at(-1)).toBe(600);
    expect([...seen].sort((a, b) => a - b)).toEqual(seen);
  });
});

describe('results document', () => {
  it('is written atomically and reads back the same', () => {
    const dir = join(tmp, 'nested', 'out');
    const doc = resultsDocOf(runs.w2);
    const path = writeResultsAtomic(dir, doc);
    expect(path).toBe(join(dir, 'results.json'));
    // Only the final file is left: no temp files.
    expect(readdirSync(dir)).toEqual(['results.json']);
    const back = readResults(path);
    // The same document, sealed with the hash of everything in it.
    const { integrity, ...rest } = back;
    expect(rest).toEqual(JSON.parse(JSON.stringify(doc)));
    expect(integrity).toBe(digestOf(doc));
    expect(back.schema).toBe('squadsim.results/2');
    expect(back.games).toBe(GAMES);
    expect(back.chunkGames).toBe(runs.w2.chunkGames);
    expect(back.summary.sides).toEqual(runs.w0.summary.sides);
    expect(back.accumulators.outcome).toEqual(Array.from(runs.w0.acc.subarray(0, 3)));
    expect(back.layout.map((b) => b.name)).toEqual(expect.arrayContaining(['outcome', 'score', 'casualties', 'survivingValue']));
    const cas = back.layout.find((b) => b.name === 'casualties')!;
    expect(back.accumulators.casualties).toHaveLength(cas.dims[0]);
    expect(back.accumulators.casualties[0]).toHaveLength(cas.dims[1]);
  });

  it('replaces an existing results.json whole', () => {
    const dir = join(tmp, 'replace');
    writeResultsAtomic(dir, resultsDocOf(runs.w0));
    writeResultsAtomic(dir, resultsDocOf(runs.small8));
    expect(readdirSync(dir)).toEqual(['results.json']);
    expect(JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8')).seed).toBe(8);
  });
});
