import { describe, expect, it } from 'vitest';
import { fairCosts, normalQuantile, zFor, type CostedFeature, type FairCostRow } from '../analysis/fair-cost.ts';
import { bhAdjust, verdicts } from '../analysis/verdicts.ts';
import { fitLogistic, invertSpd, sigmoid, solveSpd } from '../analysis/logistic.ts';
import { Rng } from '../engine/rng.ts';

const logit = (p: number): number => Math.log(p / (1 - p));

describe('IRLS logistic regression', () => {
  it('matches the closed form of a two-group model (β1 = difference of group logits, SE from the group sizes)', () => {
    // Group 0: three rows of 30/100; group 1: three rows of 60/100. Rows within a group agree,
    // so the Pearson dispersion is 0 and the SEs are the plain binomial ones.
    const rows = 6;
    const x = new Float64Array(rows * 2);
    const y = new Float64Array(rows);
    const m = new Float64Array(rows).fill(100);
    for (let i = 0; i < rows; i++) {
      x[i * 2] = 1;
      x[i * 2 + 1] = i < 3 ? 0 : 1;
      y[i] = i < 3 ? 30 : 60;
    }
    const f = fitLogistic({ x, rows, cols: 2, successes: y, trials: m });
    expect(f.converged).toBe(true);
    expect(f.beta[0]).toBeCloseTo(logit(0.3), 10);
    expect(f.beta[1]).toBeCloseTo(logit(0.6) - logit(0.3), 10);
    expect(f.se[0]).toBeCloseTo(Math.sqrt(1 / (300 * 0.3 * 0.7)), 10);
    expect(f.se[1]).toBeCloseTo(Math.sqrt(1 / (300 * 0.3 * 0.7) + 1 / (300 * 0.6 * 0.4)), 10);
    expect(f.dispersion).toBeCloseTo(0, 12);
    expect(f.deviance).toBeCloseTo(0, 10); // the saturated fit
    // Null deviance: both groups at the pooled 45%.
    const d = (yy: number, mu: number): number => 2 * (yy * Math.log(yy / (100 * mu)) + (100 - yy) * Math.log((100 - yy) / (100 * (1 - mu))));
    expect(f.nullDeviance).toBeCloseTo(3 * d(30, 0.45) + 3 * d(60, 0.45), 8);
  });

  it('recovers known coefficients from data generated with them (each within 4 SE)', () => {
    const truth = [0.2, 0.5, -0.3, 0.1];
    const rng = new Rng(42);
    const rows = 1500, cols = 4, trials = 20;
    const x = new Float64Array(rows * cols);
    const y = new Float64Array(rows);
    const m = new Float64Array(rows).fill(trials);
    for (let i = 0; i < rows; i++) {
      x[i * cols] = 1;
      for (let j = 1; j < cols; j++) x[i * cols + j] = rng.below(7) - 3;
      let eta = 0;
      for (let j = 0; j < cols; j++) eta += truth[j] * x[i * cols + j];
      const p = sigmoid(eta);
      for (let t = 0; t < trials; t++) if (rng.nextU32() / 4294967296 < p) y[i]++;
    }
    const f = fitLogistic({ x, rows, cols, successes: y, trials: m });
    expect(f.converged).toBe(true);
    for (let j = 0; j < cols; j++) expect(Math.abs(f.beta[j] - truth[j])).toBeLessThan(4 * f.se[j]);
    // Binomial data: the dispersion is near 1 (sd of Pearson χ²/df is √(2/df) ≈ 0.037).
    expect(f.dispersion).toBeGreaterThan(0.85);
    expect(f.dispersion).toBeLessThan(1.15);
    // The SEs are informative, not huge: 30,000 trials pin each slope to about ±0.01.
    for (let j = 1; j < cols; j++) expect(f.se[j]).toBeLessThan(0.02);
  });

  it('reports a feature that never varies as not identified', () => {
    const x = Float64Array.of(1, 0, 1, 0, 1, 0);
    expect(() => fitLogistic({ x, rows: 3, cols: 2, successes: Float64Array.of(1, 2, 3), trials: Float64Array.of(5, 5, 5) })).toThrow(/not identified/);
  });

  it('solves and inverts symmetric positive definite systems', () => {
    const a = [4, 2, 0, 2, 5, 1, 0, 1, 3];
    const v = solveSpd(a, [2, 3, 4], 3);
    expect(a[0] * v[0] + a[1] * v[1] + a[2] * v[2]).toBeCloseTo(2, 12);
    expect(a[3] * v[0] + a[4] * v[1] + a[5] * v[2]).toBeCloseTo(3, 12);
    expect(a[6] * v[0] + a[7] * v[1] + a[8] * v[2]).toBeCloseTo(4, 12);
    const inv = invertSpd(a, 3);
    for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) {
      let s = 0;
      for (let k = 0; k < 3; k++) s += a[i * 3 + k] * inv[k * 3 + j];
      expect(s).toBeCloseTo(i === j ? 1 : 0, 12);
    }
  });
});

const feat = (id: string, cost: number): CostedFeature => ({ id, label: id, group: 'types', pool: 'vps', cost });

function diag(vals: number[]): number[] {
  return vals.flatMap((v, i) => vals.map((_, j) => (i === j ? v : 0)));
}

describe('fair costs from coefficients', () => {
  it('normal quantiles', () => {
    expect(zFor(0.95)).toBeCloseTo(1.959964, 6);
    expect(normalQuantile(0.995)).toBeCloseTo(2.575829, 6);
    expect(normalQuantile(0.001)).toBeCloseTo(-3.090232, 6);
  });

  it('two features: leave-one-out scale and the hand-computed delta-method SE', () => {
    // β = λ·c with λ = 0.01; SE 0.01 each. Feature 0 is judged with λ from feature 1 alone:
    // Var(fair0) = s0²/λ² + β0²·Var(λ)/λ⁴, Var(λ) = s1²/c1² → 1 + 0.25.
    const r = fairCosts([feat('a', 10), feat('b', 20)], [0.1, 0.2], diag([1e-4, 1e-4]), 0.95);
    expect(r.rows[0].fairCost).toBeCloseTo(10, 10);
    const se0 = (r.rows[0].interval[1] - r.rows[0].fairCost) / zFor(0.95);
    expect(se0).toBeCloseTo(Math.sqrt(1.25), 8);
    // Feature 1 with λ from feature 0: Var = s1²/λ² + β1²·(s0²/c0²)/λ⁴ = 1 + 4.
    const se1 = (r.rows[1].interval[1] - r.rows[1].fairCost) / zFor(0.95);
    expect(se1).toBeCloseTo(Math.sqrt(5), 8);
    expect(r.lambda).toBeCloseTo(0.01, 12);
    // GLS over both: Var λ = 1 / Σ c²/s² = 1 / (1e6 + 4e6).
    expect(r.lambdaSe).toBeCloseTo(Math.sqrt(1 / 5e6), 12);
    expect(r.rows.every((x) => x.flag === 'ok' && x.anchor)).toBe(true);
  });

  it('fair prices flag nothing; one feature priced 4x its worth is flagged over-costed and leaves the others alone', () => {
    const costs = [20, 18, 16, 14, 12, 10, 8, 17];
    const lambda = 0.02;
    const se = 0.01;
    const fair = fairCosts(costs.map((c, i) => feat(`f${i}`, c)), costs.map((c) => lambda * c), diag(costs.map(() => se * se)), 0.95);
    expect(fair.rows.map((r) => r.flag)).toEqual(costs.map(() => 'ok'));
    expect(fair.lambda).toBeCloseTo(lambda, 12);

    // f6 is printed at 32 but plays like an 8.
    const printed = costs.map((c, i) => (i === 6 ? 32 : c));
    const beta = costs.map((c) => lambda * c);
    const r = fairCosts(printed.map((c, i) => feat(`f${i}`, c)), beta, diag(costs.map(() => se * se)), 0.95);
    expect(r.rows[6].flag).toBe('over-costed');
    expect(r.rows[6].anchor).toBe(false);
    expect(r.dropped).toEqual(['f6']);
    expect(r.rows[6].fairCost).toBeCloseTo(8, 8);
    expect(r.lambda).toBeCloseTo(lambda, 12);
    expect(r.rows.filter((x) => x.id !== 'f6').every((x) => x.flag === 'ok')).toBe(true);

    // A free feature worth 5 points is flagged under-costed (its printed 0 is below the interval).
    const withFree = fairCosts([...costs.map((c, i) => feat(`f${i}`, c)), feat('free', 0)], [...beta, lambda * 5], diag([...costs, 0].map(() => se * se)), 0.95);
    expect(withFree.rows[8].flag).toBe('under-costed');
    expect(withFree.rows[8].fairCost).toBeCloseTo(5, 8);
  });
});

describe('point scales (issue 28): robust (Huber), anchors, roster', () => {
  const costs = [20, 18, 16, 14, 12, 10, 8, 17];
  const lambda = 0.02, se = 0.01;
  const cov = diag(costs.map(() => se * se));
  it('robust: fair prices give the plain λ; one feature 4x off moves λ little and is set aside', () => {
    const fair = fairCosts(costs.map((c, i) => feat(`f${i}`, c)), costs.map((c) => lambda * c), cov, 0.95, 'robust');
    expect(fair.lambda).toBeCloseTo(lambda, 12);
    expect(fair.dropped).toEqual([]);
    const printed = costs.map((c, i) => (i === 6 ? 32 : c));
    const r = fairCosts(printed.map((c, i) => feat(`f${i}`, c)), costs.map((c) => lambda * c), cov, 0.95, 'robust');
    expect(Math.abs(r.lambda / lambda - 1)).toBeLessThan(0.05); // plain least squares would be 19% low
    expect(r.dropped).toEqual(['f6']);
    expect(r.rows[6].flag).toBe('over-costed');
    expect(r.rows.filter((x) => x.id !== 'f6').every((x) => x.flag === 'ok')).toBe(true);
  });
  it('robust λ moves smoothly as one feature drifts off the line; the anchor scale jumps where it drops it', () => {
    const lam = (scale: 'robust' | 'anchors', worth: number) =>
      fairCosts(costs.map((c, i) => feat(`f${i}`, c)), costs.map((c, i) => lambda * (i === 0 ? worth : c)), cov, 0.95, scale).lambda;
    let maxRobust = 0, maxAnchors = 0;
    for (let w = 20; w < 60; w += 0.5) {
      maxRobust = Math.max(maxRobust, Math.abs(lam('robust', w + 0.5) - lam('robust', w)) / lambda);
      maxAnchors = Math.max(maxAnchors, Math.abs(lam('anchors', w + 0.5) - lam('anchors', w)) / lambda);
    }
    expect(maxRobust).toBeLessThan(0.01); // no step above 1% of λ for a half-point step in worth
    expect(maxAnchors).toBeGreaterThan(0.015); // the anchor scale's drop is a step
  });
  it('roster: one point is what the average roster buys (fair costs of an average roster add up to its printed total)', () => {
    const w = [1, 0.5, 2, 1, 1, 0.3, 2, 1];
    const beta = costs.map((c, i) => lambda * c * (i === 2 ? 2 : 1)); // f2 is worth double
    const r = fairCosts(costs.map((c, i) => feat(`f${i}`, c)), beta, cov, 0.95, 'roster', w);
    const total = (xs: number[]) => xs.reduce((s, v, j) => s + w[j] * v, 0);
    expect(total(r.rows.map((x) => x.fairCost))).toBeCloseTo(total(costs), 8);
    expect(r.rows[2].fairCost).toBeGreaterThan(costs[2] * 1.5);
    expect(() => fairCosts(costs.map((c, i) => feat(`f${i}`, c)), beta, cov, 0.95, 'roster')).toThrow(/mean count/);
  });
});

describe('balance verdicts (issue 13): false discovery rate, shrinkage, notes, ranking', () => {
  it('Benjamini–Hochberg adjusted p-values match the textbook step-up (and are monotone in p)', () => {
    const p = [0.01, 0.04, 0.03, 0.005, 0.2];
    // sorted 0.005, 0.01, 0.03, 0.04, 0.2 → ×5/rank: 0.025, 0.025, 0.05, 0.05, 0.2 (cumulative min from the top)
    expect(bhAdjust(p).map((x) => +x.toFixed(6))).toEqual([0.025, 0.05, 0.05, 0.025, 0.2]);
  });
  it('chance deviations among many features are not flagged; a real one is, first; suggested costs shrink the noisy ones', () => {
    // 30 features fairly priced: 28 off by half their standard error, 2 off by 2.1 (a per-feature 95%
    // interval flags those two by chance); plus one printed at 30 that plays like an 8 (se 2).
    const rows: FairCostRow[] = Array.from({ length: 31 }, (_, k) => {
      const cost = 10 + (k % 7), se = 2;
      const off = k === 30 ? -22 : k < 2 ? 2.1 * se : (k % 2 ? 1 : -1) * 0.5 * se;
      const fair = cost + off, z = zFor(0.95);
      return { ...feat(`f${k}`, k === 30 ? 30 : cost), cost: k === 30 ? 30 : cost, fairCost: k === 30 ? 8 : fair, interval: [(k === 30 ? 8 : fair) - z * se, (k === 30 ? 8 : fair) + z * se], flag: 'ok', coefficient: 0, se: 0, anchor: true };
    });
    const naive = rows.filter((r) => r.cost < r.interval[0] || r.cost > r.interval[1]).length;
    expect(naive).toBe(3); // what per-feature intervals flagged
    const v = verdicts(rows, zFor(0.95), 0.05);
    expect(rows.filter((r) => r.flag !== 'ok').map((r) => r.id)).toEqual(['f30']);
    expect(v.ranked[0]).toMatchObject({ id: 'f30', flag: 'over-costed', printed: 30, fair: 8 });
    // Shrinkage: the spread τ comes from all priced features; the precise outlier keeps most of its estimate.
    expect(v.tau).toBeGreaterThan(3);
    expect(v.rows[30].suggestedCost).toBeCloseTo(10, 9); // pulled toward 30, but by one standard error at most
    expect(Math.abs(v.rows[0].suggestedCost - rows[0].cost)).toBeLessThan(Math.abs(rows[0].fairCost - rows[0].cost)); // pulled toward printed
  });
  it('a negative fair cost is explained: pulled up when it is noise, said plainly when it is not', () => {
    const z = zFor(0.95);
    const mk = (id: string, cost: number, fair: number, se: number): FairCostRow => ({ ...feat(id, cost), fairCost: fair, interval: [fair - z * se, fair + z * se], flag: 'ok', coefficient: 0, se: 0, anchor: true });
    const rows = [mk('a', 10, 11, 1), mk('b', 12, 12.5, 1), mk('c', 14, 13, 1), mk('noisy', 10, -3, 12), mk('clear', 12, -8, 1)];
    const v = verdicts(rows, z, 0.05);
    expect(v.rows[3].note).toMatch(/within noise/);
    expect(v.rows[3].suggestedCost).toBeGreaterThan(0);
    expect(v.rows[4].note).toMatch(/clearly negative.*price it at 0/);
    // Issue 28: a small negative estimate whose interval reaches above 0 is not called "clearly" negative.
    const small = verdicts([...rows.slice(0, 3), mk('small', 3, -0.4, 1.6)], z, 0.05);
    expect(small.rows[3].note).toMatch(/within noise/);
    expect(v.rows[0].note).toBeNull();
  });
});
