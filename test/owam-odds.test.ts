/** `squadsim odds owam`: the exact Firing Sequence distribution (without replacement) vs closed forms and the engine. */
import { describe, expect, it } from 'vitest';
import { buildCatalog } from '../engine/rulesets/owam/data/cards.ts';
import { owamRulesSchema } from '../engine/rulesets/owam/data/params.ts';
import { computeOwamOdds, distribution, owamOdds, parseOdds } from '../engine/rulesets/owam/tools/odds.ts';
import { Rng } from '../engine/rng.ts';
import { ConfigError } from '../engine/errors.ts';

const noIcons = buildCatalog(owamRulesSchema.parse({ icon_counts: { jam: 0, wound: 0, random_effect: 0 } }));

describe('owam odds', () => {
  it('36 exact without replacement equals the closed form: pistol at range 2 (R) minus a red Discipline, +5, on a Private', () => {
    // total = r1 − r2 + 5 ≥ Resolve 6 ⇔ r1 > r2; two distinct cards: 6 ordered pairs × 48 · 48 / (192 · 191).
    const sp = parseOdds({ weapon: 'pistol', range: 2, firer: 'captain', target: 'private', attack: 5 });
    const exact = distribution(sp, noIcons, false), indep = distribution(sp, noIcons, true);
    expect(exact[1]).toBeCloseTo((6 * 48 * 48) / (192 * 191), 12);
    expect(indep[1]).toBeCloseTo(6 / 16, 12);
    expect(exact[0]).toBeCloseTo(1 - (6 * 48 * 48) / (192 * 191), 12);
    expect(exact[3]).toBe(0);
  });

  it('R9 exact Double Discipline: two red flips of distinct cards (the same value twice is rarer than with dice)', () => {
    // Pistol range 1 = G R; Captain DD: − r2 − r3. Kill a Private (Vitality 10) needs g + r1 − r2 − r3 + 10 ≥ 10.
    const sp = parseOdds({ weapon: 'pistol', range: 1, firer: 'captain', double: true, target: 'private', attack: 5, extra: 5 });
    const ex = distribution(sp, noIcons, false), ind = distribution(sp, noIcons, true);
    expect(ex.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    // Independent dice: P(g + r1 ≥ r2 + r3) by brute force.
    let n = 0;
    for (let g = 1; g <= 6; g++) for (let a = 1; a <= 4; a++) for (let b = 1; b <= 4; b++) for (let c = 1; c <= 4; c++) if (g + a - b - c >= 0) n++;
    expect(ind[3]).toBeCloseTo(n / (6 * 64), 12);
    expect(Math.abs(ex[3] - ind[3])).toBeGreaterThan(1e-4);
  });

  it('odds output says the exact distribution is from a full fresh deck without replacement, with the independent approximation beside it', () => {
    const r = computeOwamOdds({ weapon: 'mg', alt: true, range: 2, firer: 'corporal', target: 'corporal' });
    expect(r.notes!.join(' ')).toMatch(/full fresh 192-card core deck without replacement/);
    expect(r.tables![0].rows.map((x) => x.outcome)).toEqual(['no effect', 'suppressed', 'wounded', 'killed', 'routed']);
    expect(r.outcomes.reduce((a, o) => a + o.probability, 0)).toBeCloseTo(1, 10);
  });

  it('the exact distribution agrees with a Monte Carlo of the engine (±4.5 SE), routs on a suppressed target included', () => {
    const req = { weapon: 'semi_rifle', range: 1, firer: 'sergeant', target: 'private', state: 'suppressed', extra: 2 };
    const exact = owamOdds.compute(req).outcomes, trials = 20000;
    const counts = owamOdds.sample(req, new Rng(7), trials);
    exact.forEach((o, k) => {
      const se = Math.sqrt((o.probability * (1 - o.probability)) / trials);
      expect(Math.abs(counts[k] / trials - o.probability)).toBeLessThanOrEqual(4.5 * se + 1e-9);
    });
    expect(exact[4].probability).toBeGreaterThan(0);
  });

  it('88 70 a range the grid marks N/A is refused with a ConfigError; Marksman reads one range closer', () => {
    expect(() => computeOwamOdds({ weapon: 'smg', range: 4 })).toThrow(ConfigError);
    expect(() => computeOwamOdds({ weapon: 'smg', range: 4 })).toThrow(/N\/A/);
    // Item 70: Marksman reads one range closer (3 = G R), so range 4 can fire.
    expect(computeOwamOdds({ weapon: 'smg', range: 4, marksman: true }).outcomes).toHaveLength(5);
    expect(() => computeOwamOdds({ weapon: 'bazooka' })).toThrow(/weapon/);
  });
});
