/**
 * Issue 28, verdicts that hold: the pair bootstrap's standard errors, the replication
 * probability behind a stated call, and "not exercised" from usage counters.
 */
import { describe, expect, it } from 'vitest';
import { analyzeBalance } from '../analysis/balance.ts';
import { pairBootstrap, robustSd } from '../analysis/balance-bootstrap.ts';
import { fitBalance, type BalanceRow } from '../analysis/balance-fit.ts';
import { bhThreshold, replicate } from '../analysis/replication.ts';
import { normalQuantile } from '../engine/stats.ts';
import { normalCdf } from '../analysis/stat-tests.ts';
import { Rng } from '../engine/rng.ts';
import { SIDES, CounterSet } from '../engine/kit/counters.ts';
import { loadSweepObject, runSweep } from '../sim/sweep.ts';
import { ROOT } from './dist-fresh.ts';

const FEATURES = [
  { id: 'a', label: 'A', group: 'types', pool: 'vps', cost: 10 },
  { id: 'b', label: 'B', group: 'types', pool: 'vps', cost: 20 },
  { id: 'c', label: 'C', group: 'types', pool: 'vps', cost: 15 },
  { id: 'd', label: 'D', group: 'items', pool: 'vps', cost: 5 },
];

/** Pairs of random rosters played both ways, outcomes drawn from logit = 0.03·(points difference) with true worths `worth`. */
function synthetic(pairs: number, games: number, worth: readonly number[], seed: number): BalanceRow[] {
  const rng = new Rng(seed);
  const rows: BalanceRow[] = [];
  for (let p = 0; p < pairs; p++) {
    const diff = worth.map(() => rng.below(4) - rng.below(4));
    for (const sign of [1, -1]) {
      const d = diff.map((v) => sign * v);
      const eta = 0.03 * d.reduce((s, v, j) => s + v * worth[j], 0);
      const pr = 1 / (1 + Math.exp(-eta));
      let w = 0;
      for (let g = 0; g < games; g++) if (rng.float() < pr) w++;
      rows.push({ pair: p, diff: d, outcome: [w, games - w, 0], games });
    }
  }
  return rows;
}

const input = (rows: BalanceRow[], over: Record<string, unknown> = {}) => ({
  ruleset: 'test', version: 'test', sweepHash: 'x', sweep: {}, seed: 1, pairs: rows.length / 2, gamesPerPair: rows[0].games, confidence: 0.95,
  features: FEATURES, meanCounts: FEATURES.map(() => 1.5), rows, elapsedSeconds: 0, ...over,
});

describe('pair bootstrap', () => {
  it('robustSd is the SD of a normal sample and ignores a few runaway replicates', () => {
    const rng = new Rng(3);
    const xs = Array.from({ length: 4000 }, () => normalQuantile(Math.min(1 - 1e-12, Math.max(1e-12, rng.float()))) * 2.5);
    expect(robustSd(xs)).toBeCloseTo(2.5, 0.5);
    expect(Math.abs(robustSd(xs) - 2.5)).toBeLessThan(0.15);
    expect(Math.abs(robustSd([...xs, 1e9, -1e9, 1e12]) - 2.5)).toBeLessThan(0.15);
    expect(robustSd([1, 2, 3])).toBeNaN();
  });

  it('on a correctly specified model its SEs agree with the model-based ones, and it is deterministic for a seed', () => {
    const rows = synthetic(400, 20, [10, 20, 15, 5], 11);
    const cols = [0, 1, 2, 3];
    const full = fitBalance(FEATURES, cols, rows, 0.95);
    const bs = pairBootstrap(FEATURES, cols, rows, 0.95, 300, 1);
    expect(bs.failed).toBe(0);
    full.fc.rows.forEach((r, c) => {
      const delta = (r.interval[1] - r.interval[0]) / (2 * 1.959964);
      expect(bs.se[c] / delta).toBeGreaterThan(0.75);
      expect(bs.se[c] / delta).toBeLessThan(1.33);
    });
    expect(pairBootstrap(FEATURES, cols, rows, 0.95, 50, 7)).toEqual(pairBootstrap(FEATURES, cols, rows, 0.95, 50, 7));
    expect(pairBootstrap(FEATURES, cols, rows, 0.95, 50, 7).se).not.toEqual(pairBootstrap(FEATURES, cols, rows, 0.95, 50, 8).se);
  });

  it('resamples roster pairs whole: rows that repeat one pair add no information', () => {
    // Each pair's two rows copied 4 times under the same pair id: the delta method sees 4x the
    // data (SE halves), the pair bootstrap sees the same pairs and keeps the honest SE.
    const rows = synthetic(300, 10, [10, 20, 15, 5], 5);
    const copied = rows.flatMap((r) => [r, r, r, r]);
    const cols = [0, 1, 2, 3];
    // β's spread (fair costs also move with which anchors a replicate drops, which depends on
    // the model-based SEs the copies shrink).
    const honest = pairBootstrap(FEATURES, cols, rows, 0.95, 200, 2).coefficientSe;
    const fromCopies = pairBootstrap(FEATURES, cols, copied, 0.95, 200, 2).coefficientSe;
    const deltaCopies = fitBalance(FEATURES, cols, copied, 0.95).fc.rows.map((r) => r.se);
    honest.forEach((se, c) => {
      expect(fromCopies[c] / se).toBeGreaterThan(0.75);
      expect(fromCopies[c] / se).toBeLessThan(1.33);
      expect(deltaCopies[c] / se).toBeLessThan(0.7);
    });
  });
});

describe('replication: a call is stated only when a fresh sweep would likely repeat it', () => {
  const c = bhThreshold(0.05, 3, 37);
  it('the Benjamini–Hochberg threshold', () => {
    expect(c).toBeCloseTo(normalQuantile(1 - (0.05 * 3) / 74), 12);
    expect(bhThreshold(0.05, 0, 10)).toBeCloseTo(normalQuantile(1 - 0.05 / 20), 12); // Bonferroni when nothing is flagged
  });
  it('a flag at the threshold repeats half the time (unsettled); one 1.81 further repeats 90% (stated)', () => {
    expect(replicate(c, 'over-costed', c, 0.9, 1000)).toMatchObject({ verdict: 'unsettled', lean: 'over-costed' });
    expect(replicate(c, 'over-costed', c, 0.9, 1000).replication).toBeCloseTo(0.5, 6);
    const far = c + Math.SQRT2 * normalQuantile(0.9);
    expect(replicate(far + 1e-4, 'over-costed', c, 0.9, 1000)).toMatchObject({ verdict: 'over-costed', gamesToSettle: null });
    expect(replicate(-(far + 1e-4), 'under-costed', c, 0.9, 1000).verdict).toBe('under-costed');
    // z grows as √games: 4x the games doubles z, so a flag at z = far/2 needs about 4x the games.
    expect(replicate(far / 2, 'over-costed', c, 0.9, 1000).gamesToSettle).toBe(4000);
  });
  it('"ok" claims nothing and is never held back, but reports how often a fresh sweep keeps it ok', () => {
    const r = replicate(0, 'ok', c, 0.9, 1000);
    expect(r.verdict).toBe('ok');
    expect(r.replication).toBeCloseTo(1 - 2 * normalCdf(-c / Math.SQRT2), 12);
    expect(replicate(2, 'ok', c, 0.9, 1000).replication).toBeLessThan(r.replication);
  });
});

describe('balance verdicts on a planted mis-price', () => {
  it('the plant is stated, fairly priced features are not, and an unused feature is "not exercised"', () => {
    // D is printed at 5 but worth 20: under-costed by 15 points.
    const rows = synthetic(500, 20, [10, 20, 15, 20], 21);
    const doc = analyzeBalance(input(rows, { bootstrap: 100, usage: [null, null, null, 0.5] }));
    const d = doc.features.find((f) => f.id === 'd')!;
    expect(d.verdict).toBe('under-costed');
    expect(d.interval[0]).toBeLessThan(20);
    expect(d.interval[1]).toBeGreaterThan(20);
    expect(doc.fit.mostMispriced[0]).toMatchObject({ id: 'd', flag: 'under-costed' });
    expect(doc.fit.uncertainty).toEqual({ method: 'pair bootstrap', replicates: 100, failed: 0 });
    for (const id of ['a', 'b', 'c']) expect(doc.features.find((f) => f.id === id)!.verdict).not.toMatch(/costed/);
    const unused = analyzeBalance(input(rows, { bootstrap: 0, usage: [null, null, null, 0.01] }));
    const u = unused.features.find((f) => f.id === 'd')!;
    expect(u).toMatchObject({ verdict: 'not exercised', flag: 'not exercised', testFlag: 'under-costed', suggestedCost: 5, usage: 0.01 });
    expect(u.note).toMatch(/not the rule's/);
    expect(unused.fit.flagged.notExercised).toEqual(['d']);
    expect(unused.fit.mostMispriced.map((m) => m.id)).not.toContain('d');
    expect(unused.fit.uncertainty.method).toBe('delta method');
  });
});

describe('feature usage from the ruleset counters', () => {
  it('sideCells finds a label for each side of a [sides, labels] counter and refuses other shapes', () => {
    const cs = new CounterSet(['A', 'B'], { uses: { axes: [SIDES, ['x', 'y', 'z']], doc: 'd' }, flat: { axes: [['p', 'q']], doc: 'd' } });
    expect(cs.sideCells('uses', 'y')).toEqual([1, 4]);
    expect(() => cs.sideCells('uses', 'w')).toThrow(/no label w/);
    expect(() => cs.sideCells('flat', 'p')).toThrow(/not a \[sides, labels\]/);
  });

  it('an NCO sweep counts item uses per item fielded per game, and nothing for uncounted features', async () => {
    const ls = loadSweepObject({ ruleset: 'nco', features: ['items', 'private'], pairs: 12, games_per_pair: 4, seed: 2 }, ROOT);
    const d = await runSweep(ls, { workers: 0 });
    const at = (id: string) => d.usage[d.features.findIndex((f) => f.id === id)];
    expect(at('private')).toBeNull();
    expect(at('intel')).toBeNull(); // passive: always in play
    for (const id of ['extra-magazine', 'lucky-trinket', 'letters-from-home', 'morphine', 'flask', 'tobacco']) {
      expect(at(id)).not.toBeNull();
      expect(at(id)!).toBeGreaterThanOrEqual(0);
    }
    // An extra magazine and a lucky trinket are each used at most once a game per item carried
    // (the Medic's and Chaplain's free items can add a little).
    expect(at('extra-magazine')!).toBeLessThan(1.5);
    expect(at('lucky-trinket')!).toBeGreaterThan(0);
  });
});

describe('near-collinear features are explained', () => {
  it('a feature always drawn with another gets a note naming it; independent ones do not', () => {
    const rows = synthetic(300, 10, [10, 20, 15, 5], 31).map((r) => ({ ...r, diff: [r.diff[0], r.diff[1], r.diff[2], r.diff[0] + (r.pair! % 7 === 0 ? 1 : 0)] }));
    const doc = analyzeBalance(input(rows, { bootstrap: 0 }));
    expect(doc.features.find((f) => f.id === 'd')!.note).toMatch(/moves with a's \(correlation 0\.9\d over/);
    expect(doc.features.find((f) => f.id === 'b')!.note ?? '').not.toMatch(/moves with/);
  });
});

describe('features no sweep can tell apart', () => {
  it('a column that is a fixed combination of others is left out and named, and the rest still fit', () => {
    // d's difference is always −(a's): like two officer kinds when every army has exactly one.
    const rows = synthetic(200, 10, [10, 20, 15, 5], 41).map((r) => ({ ...r, diff: [r.diff[0], r.diff[1], r.diff[2], -r.diff[0]] }));
    const doc = analyzeBalance(input(rows, { bootstrap: 20 }));
    expect(doc.notIdentified).toEqual(['d']);
    expect(doc.features.map((f) => f.id)).toEqual(['a', 'b', 'c']);
    expect(doc.notFitted).toEqual([]);
  });
});
