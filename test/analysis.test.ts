import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../engine/errors.ts';
import { wilson } from '../engine/stats.ts';
import { analyze } from '../analysis/index.ts';
import { meanInterval } from '../analysis/intervals.ts';
import { checkResults, loadResults } from '../analysis/load.ts';
import { seal } from '../resultsdoc/seal.ts';
import { standardOnly, tinyResults } from './results-fixture.ts';

const Z = 1.959963984540054;
const tmp = mkdtempSync(join(tmpdir(), 'squadsim-analysis-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

type Row = Record<string, any>;
const rows = (t: { objects(): object[] } | null): Row[] => (t ? (t.objects() as Row[]) : []);
const find = (rs: Row[], where: Row): Row => {
  const hit = rs.find((r) => Object.entries(where).every(([k, v]) => r[k] === v));
  if (!hit) throw new Error(`no row ${JSON.stringify(where)}`);
  return hit;
};

describe('meanInterval', () => {
  it('is mean ± z·sd/√n with the sample sd', () => {
    // values 10, 20, 0, 10: mean 10, sample variance 200/3
    const m = meanInterval(40, 600, 4);
    expect(m.mean).toBe(10);
    expect(m.sd).toBeCloseTo(Math.sqrt(200 / 3), 12);
    expect(m.lo).toBeCloseTo(10 - (Z * Math.sqrt(200 / 3)) / 2, 12);
    expect(m.hi).toBeCloseTo(10 + (Z * Math.sqrt(200 / 3)) / 2, 12);
  });
  it('has no interval without a sum of squares or with one game', () => {
    expect(meanInterval(3, null, 4)).toEqual({ mean: 0.75, sd: null, lo: null, hi: null });
    expect(meanInterval(3, 9, 1).lo).toBeNull();
  });
});

describe('win rates and victory points', () => {
  const a = analyze(checkResults(tinyResults()));
  it('gives each side and draws with Wilson intervals', () => {
    const w = rows(a.winRates);
    expect(w.map((r) => [r.outcome, r.kind, r.games, r.rate])).toEqual([['Blue', 'win', 2, 0.5], ['Red', 'win', 1, 0.25], ['draw', 'draw', 1, 0.25]]);
    const [lo, hi] = wilson(2, 4);
    expect(w[0].lo).toBe(lo);
    expect(w[0].hi).toBe(hi);
    // Wilson for 2/4 at 95%: centre (0.5 + z²/8)/(1 + z²/4) = 0.5, half-width ≈ 0.4010
    expect(w[0].lo).toBeCloseTo(0.1500, 4);
    expect(w[0].hi).toBeCloseTo(0.8500, 4);
  });
  it('gives the mean score with intervals from score and scoreSq', () => {
    const v = rows(a.scores);
    expect(v[0]).toMatchObject({ side: 'Blue', mean: 10 });
    expect(v[0].sd).toBeCloseTo(Math.sqrt(200 / 3), 12);
    expect(v[1]).toMatchObject({ side: 'Red', mean: 7.5, sd: 5 });
    expect(v[1].lo).toBeCloseTo(7.5 - Z * 2.5, 12);
  });
  it('gives the score margin distribution without empty end bins', () => {
    expect(rows(a.margins)).toEqual([
      { bin: '-10', order: 0, value: -10, games: 1, share: 0.25 },
      { bin: '0', order: 1, value: 0, games: 1, share: 0.25 },
      { bin: '10', order: 2, value: 10, games: 2, share: 0.5 },
    ]);
  });
  it('gives the classes of win from the winClass block', () => {
    const m = rows(a.winClasses);
    expect(m.map((r) => [r.side, r.class, r.games, r.rate])).toEqual([
      ['Blue', 'Win big', 1, 0.25], ['Blue', 'Win small', 1, 0.25], ['Red', 'Win big', 0, 0], ['Red', 'Win small', 1, 0.25],
    ]);
    expect(m[2].lo).toBe(0);
    expect(m[2].hi).toBeCloseTo(wilson(0, 4)[1], 12);
  });
});

describe('lethality', () => {
  const a = analyze(checkResults(tinyResults()));
  const side = rows(a.sideLethality);
  it('gives per-step and cumulative casualties with bands', () => {
    expect(side).toHaveLength(4);
    const b1 = find(side, { side: 'Blue', step: 1 });
    // Blue turn 1 casualties 1,0,1,0: mean 0.5, sample variance 1/3
    expect(b1.casualties).toBe(0.5);
    expect(b1.casualtiesLo).toBeCloseTo(0.5 - (Z * Math.sqrt(1 / 3)) / 2, 12);
    const b2 = find(side, { side: 'Blue', step: 2 });
    // cumulative 1,2,2,0: mean 1.25, variance (9 − 4·1.5625)/3 = 11/12
    expect(b2.cumCasualties).toBe(1.25);
    expect(b2.cumCasualtiesHi).toBeCloseTo(1.25 + (Z * Math.sqrt(11 / 12)) / 2, 12);
    expect(b2.casualties).toBe(0.75);
    // surviving 40,30,30,50: mean 37.5, variance (5900 − 4·1406.25)/3 = 275/3
    expect(b2.survivingValue).toBe(37.5);
    expect(b2.survivingValueLo).toBeCloseTo(37.5 - (Z * Math.sqrt(275 / 3)) / 2, 12);
    expect(b2.startingValue).toBe(50);
    expect(b2.survivingShare).toBe(0.75);
    const r2 = find(side, { side: 'Red', step: 2 });
    // every game the same: the band collapses onto the mean
    expect([r2.cumCasualties, r2.cumCasualtiesLo, r2.cumCasualtiesHi]).toEqual([2, 2, 2]);
    expect(r2.stepLabel).toBe('turn 2');
  });
  it('gives per-type casualties and lost shares with Wilson bands', () => {
    const t = rows(a.typeLethality);
    expect(t.map((r) => `${r.side}/${r.type}/${r.step}`)).toEqual(['Blue/rifleman/1', 'Blue/rifleman/2', 'Blue/mg/1', 'Blue/mg/2', 'Red/rifleman/1', 'Red/rifleman/2']);
    const r = find(t, { side: 'Blue', type: 'rifleman', step: 2 });
    expect(r).toMatchObject({ casualties: 0.5, cumCasualties: 0.75, fieldedPerGame: 2, lostShare: 3 / 8, costFielded: 20, costRemaining: 12.5 });
    expect(find(t, { side: 'Blue', type: 'mg', step: 1 })).toMatchObject({ costFielded: 20, costRemaining: 15 });
    expect([r.lostShareLo, r.lostShareHi]).toEqual(wilson(3, 8));
    expect(find(t, { side: 'Red', type: 'rifleman', step: 1 }).lostShare).toBe(4 / 12);
  });
});

describe('cost-effectiveness', () => {
  it('gives cost, losses and kills per unit of cost by type', () => {
    const c = rows(analyze(checkResults(tinyResults())).costEffectiveness);
    expect(c.map((r) => `${r.side}/${r.type}`)).toEqual(['Blue/rifleman', 'Blue/mg', 'Red/rifleman']);
    expect(c[0]).toMatchObject({ fieldedPerGame: 2, costPerGame: 20, costShare: 0.5, costLostPerGame: 7.5, lossRate: 0.375, killsPerGame: 1.25, killsPerCost: 0.0625, killsPer100Cost: 6.25, casualtyRate: 0.375 });
    expect(c[0].lossShare).toBeCloseTo(3 / 7, 12);
    expect(c[1]).toMatchObject({ fieldedPerGame: 1, costShare: 0.5, lossRate: 0.5, killsPerCost: 3 / 80, casualtyRate: 0.5 });
    expect(c[2]).toMatchObject({ fieldedPerGame: 3, costPerGame: 30, costShare: 1, lossShare: 1, killsPerCost: 5 / 120 });
    expect(c[2].lossRate).toBeCloseTo(2 / 3, 12);
    expect([c[1].casualtyRateLo, c[1].casualtyRateHi]).toEqual(wilson(2, 4));
  });
});

describe('a ruleset with only the blocks the tally always records', () => {
  const a = analyze(checkResults(standardOnly()));
  it('still gives win rates and side lethality with bands', () => {
    expect(rows(a.winRates)).toHaveLength(3);
    const b1 = find(rows(a.sideLethality), { side: 'Blue', step: 2 });
    expect(b1).toMatchObject({ casualties: 0.75, cumCasualties: 1.25 });
    expect(b1.casualtiesLo).toBeLessThan(0.75);
  });
  it('leaves out what needs optional blocks', () => {
    expect([a.margins, a.winClasses, a.typeLethality, a.costEffectiveness]).toEqual([null, null, null, null]);
  });
});

describe('loading', () => {
  const write = (name: string, text: string): string => {
    const p = join(tmp, name);
    writeFileSync(p, text);
    return p;
  };
  it('reads a good file', () => {
    const r = loadResults(write('ok.json', JSON.stringify(seal(tinyResults()))));
    expect(r.sides).toEqual(['Blue', 'Red']);
    expect(r.steps).toBe(2);
    expect(r.unit).toBe('turn');
  });
  const bad: [string, (d: any) => void, RegExp][] = [
    ['a missing standard block', (d) => { d.layout = d.layout.filter((b: any) => b.name !== 'scoreSq'); delete d.accumulators.scoreSq; }, /scoreSq.*missing/],
    ['an accumulator block not in the layout', (d) => { d.accumulators.extra = [1]; }, /accumulators\.extra: got "extra"; is not a block of the layout/],
    ['a side name with a line break', (d) => { d.summary.sides[0].name = 'A\nB'; }, /summary\.sides\[0\]\.name: .*printable text/],
    ['two sides of one name', (d) => { d.summary.sides[1].name = 'Blue'; }, /summary\.sides\[1\]\.name: got "Blue"; expected a name other than/],
    ['a games.f64 path outside the folder', (d) => { d.gameRows = { file: '../x.f64', format: 'f64le', columns: ['a'], labels: {}, count: 4, sha256: 'x' }; }, /gameRows\.file: .*a file name beside results\.json/],
    ['a shard range outside its run', (d) => { d.shard = { index: 2, count: 2, totalGames: 6, firstGame: 4, games: 4 }; }, /shard: .*inside the run's 6/],
    ['accumulators shaped unlike the layout', (d) => { d.accumulators.casualties = [[1, 2, 3], [4, 5]]; }, /accumulators\.casualties\[0\]/],
    ['a non-number', (d) => { d.accumulators.score = [1, 'x']; }, /finite number/],
    ['an optional block of the wrong shape', (d) => {
      Object.assign(d.layout.find((b: any) => b.name === 'typeCasualties'), { dims: [2, 2, 3], labels: null });
      d.accumulators.typeCasualties = [[[1, 2, 0], [1, 1, 0]], [[4, 4, 0], [0, 0, 0]]];
    }, /typeCasualties\.dims/],
    ['outcomes not adding up to games', (d) => { d.games = 5; }, /adding up to games/],
    ['another schema', (d) => { d.schema = 'squadsim.summary/2'; }, /schema/],
    ['an older results schema', (d) => { d.schema = 'squadsim.results/1'; }, /older squadsim/],
    ['missing nouns', (d) => { delete d.summary.nouns; }, /summary\.nouns/],
  ];
  for (const [what, spoil, message] of bad) {
    it(`rejects ${what} with a ConfigError`, () => {
      const doc = tinyResults();
      spoil(doc);
      // Sealed, so the checks behind the integrity hash are what refuses it.
      const p = write(`bad-${what.replace(/\W+/g, '-')}.json`, JSON.stringify(seal(doc)));
      expect(() => loadResults(p)).toThrow(ConfigError);
      expect(() => loadResults(p)).toThrow(message);
    });
  }
  it('rejects a file edited after it was written (integrity), or one without the hash', () => {
    const doc = seal(tinyResults());
    (doc.accumulators.score as number[])[0] += 1;
    expect(() => loadResults(write('edited.json', JSON.stringify(doc)))).toThrow(/fails its integrity check: its content was edited or damaged/);
    expect(() => loadResults(write('unsealed.json', JSON.stringify(tinyResults())))).toThrow(/has no "integrity" hash/);
  });
  it('rejects a file that is not JSON', () => {
    expect(() => loadResults(write('junk.json', '{ nope'))).toThrow(ConfigError);
    expect(() => loadResults(join(tmp, 'absent.json'))).toThrow(ConfigError);
  });
});
