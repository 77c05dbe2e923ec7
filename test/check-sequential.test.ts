/**
 * The statistics of `check --against` (analysis/sequential.ts): the boundary, the stopping
 * rule, and the false-alarm rate under A/A on simulated paired data (seeded: no test here
 * depends on timing or chance beyond a fixed seed).
 */
import { describe, expect, it } from 'vitest';
import {
  addMoments, addPair, addValue, allDecided, bestRho2, decide, detectableShift, emptyMoments, gateFailed, lambertWm1, look,
  lookInterval, mixtureMargin, newGate, sequentialPlan, type Gate, type MetricSpec,
} from '../analysis/sequential.ts';
import { Rng } from '../engine/rng.ts';

describe('the boundary: a normal-mixture confidence sequence', () => {
  it('Lambert W₋₁ solves w·eʷ = x on the lower branch', () => {
    expect(lambertWm1(-0.1)).toBeCloseTo(-3.577152063957297, 12);
    expect(lambertWm1(-1 / Math.E)).toBe(-1);
    for (const x of [-0.3678, -0.3, -0.2, -1e-3, -1e-9, -1e-20]) {
      const w = lambertWm1(x);
      expect(w).toBeLessThanOrEqual(-1);
      expect((w * Math.exp(w)) / x).toBeCloseTo(1, 10);
    }
    expect(() => lambertWm1(0)).toThrow(RangeError);
    expect(() => lambertWm1(-0.5)).toThrow(RangeError);
  });

  it('the unit-variance margin, hand-computed', () => {
    // n = 100, ρ² = 0.01, α = 0.05: √(2·2·ln(√2/0.05) / (100²·0.01)) = √(4 · 3.342366 / 100).
    expect(mixtureMargin(100, 0.01, 0.05)).toBeCloseTo(0.365643, 5);
    expect(mixtureMargin(0, 0.01, 0.05)).toBe(Infinity);
  });

  it('ρ² makes the interval narrowest at the horizon', () => {
    for (const [h, a] of [[20000, 0.001 / 7], [5000, 0.05], [1e6, 1e-5]] as const) {
      const r = bestRho2(h, a), at = (rho2: number) => mixtureMargin(h, rho2, a);
      expect(at(r)).toBeLessThan(at(r * 1.05));
      expect(at(r)).toBeLessThan(at(r / 1.05));
      // The paper's closed-form approximation: ρ²·t ≈ −2 ln α + ln(−2 ln α + 1).
      const approx = -2 * Math.log(a) + Math.log(-2 * Math.log(a) + 1);
      expect(r * h / approx).toBeCloseTo(1, 1);
    }
  });

  it('is wider than a fixed-n interval at the same level at every n (the price of looking often), but not by much at the horizon', () => {
    const plan = sequentialPlan(0.001, 7, 20000);
    const zFixed = 3.8049; // two-sided z at 0.001/7
    for (const n of [100, 500, 1000, 5000, 20000, 100000]) expect(mixtureMargin(n, plan.rho2, plan.alphaEach) * Math.sqrt(n)).toBeGreaterThan(zFixed);
    const atHorizon = mixtureMargin(20000, plan.rho2, plan.alphaEach) * Math.sqrt(20000);
    expect(atHorizon / zFixed).toBeLessThan(1.25);
    // Planning: a result metric with per-pair sd 0.2 is caught at 90% by 20,000 pairs from ~0.85 points.
    expect(detectableShift(0.2, 20000, plan)).toBeGreaterThan(0.008);
    expect(detectableShift(0.2, 20000, plan)).toBeLessThan(0.0085);
  });

  it('the prior pseudo-pair keeps identical pairs from giving a zero-width interval, and fades as 1/n', () => {
    const plan = sequentialPlan(0.001, 1, 20000), spec = { tolerance: 0.01, priorVariance: 0.46 };
    const zeros = (n: number) => ({ n, mean: 0, m2: 0 });
    const at = (n: number) => lookInterval(zeros(n), spec, plan).hi;
    expect(at(500)).toBeGreaterThan(0);
    // Half-width ∝ σ₀ / n for all-zero pairs (the margin itself ∝ 1/√n at small n).
    expect(at(1000) / at(2000)).toBeGreaterThan(1.9);
    expect(lookInterval(emptyMoments(), spec, plan)).toEqual({ lo: -Infinity, hi: Infinity });
  });

  it('Welford and Chan updates agree with the two-pass mean and variance', () => {
    const xs = [1, 0, 0.5, 0, 0, -1, 1, 1, 0.5, -0.5], a = emptyMoments(), b = emptyMoments(), c = emptyMoments();
    for (const x of xs) addValue(a, x);
    xs.slice(0, 4).forEach((x) => addValue(b, x));
    xs.slice(4).forEach((x) => addValue(c, x));
    addMoments(b, c);
    const mean = xs.reduce((s, x) => s + x, 0) / xs.length, m2 = xs.reduce((s, x) => s + (x - mean) ** 2, 0);
    for (const m of [a, b]) {
      expect(m.n).toBe(10);
      expect(m.mean).toBeCloseTo(mean, 14);
      expect(m.m2).toBeCloseTo(m2, 13);
    }
  });
});

describe('the stopping rule', () => {
  it('decides equivalent inside ±tolerance, shifted when 0 is excluded, undecided otherwise', () => {
    expect(decide({ lo: -0.004, hi: 0.006 }, 0.01)).toBe('equivalent');
    // Real but smaller than the tolerance: still equivalent.
    expect(decide({ lo: 0.001, hi: 0.006 }, 0.01)).toBe('equivalent');
    expect(decide({ lo: 0.002, hi: 0.03 }, 0.01)).toBe('shifted');
    expect(decide({ lo: -0.05, hi: -0.012 }, 0.01)).toBe('shifted');
    expect(decide({ lo: -0.004, hi: 0.012 }, 0.01)).toBe('undecided');
    expect(decide({ lo: -0.01, hi: 0.005 }, 0.01)).toBe('undecided');
  });

  const specs: MetricSpec[] = [{ tolerance: 0.01, priorVariance: 0.46 }, { tolerance: 0.05, priorVariance: 2 }];
  const feed = (g: Gate, n: number, pair: (i: number) => number[]): void => {
    for (let i = 0; i < n; i++) addPair(g, pair(i));
  };

  it('identical builds (every difference 0) stop at the first look of 1,000 pairs as equivalent', () => {
    const g = newGate(sequentialPlan(0.001, 2, 20000), specs);
    feed(g, 1000, () => [0, 0]);
    expect(look(g)).toBe(true);
    expect(g.tracks.map((t) => t.decision)).toEqual(['equivalent', 'equivalent']);
    expect(g.tracks.map((t) => t.decidedAt)).toEqual([1000, 1000]);
    expect(gateFailed(g)).toBe(false);
  });

  it('a clear shift in one metric is shifted (the gate fails); the other stays equivalent; decisions stick', () => {
    const rng = new Rng(5), g = newGate(sequentialPlan(0.001, 2, 20000), specs);
    // Metric 0: a quarter of the games change result, net +10 points; metric 1 unchanged.
    const pair = () => [rng.float() < 0.25 ? (rng.float() < 0.7 ? 1 : -1) : 0, 0];
    feed(g, 1000, pair);
    look(g);
    expect(g.tracks[0].decision).toBe('shifted');
    expect(g.tracks[0].lo).toBeGreaterThan(0);
    expect(g.tracks[1].decision).toBe('equivalent');
    expect(allDecided(g)).toBe(true);
    expect(gateFailed(g)).toBe(true);
    const before = { lo: g.tracks[0].lo, hi: g.tracks[0].hi };
    feed(g, 1000, pair);
    look(g);
    // The running intersection only narrows.
    expect(g.tracks[0].lo).toBeGreaterThanOrEqual(before.lo);
    expect(g.tracks[0].hi).toBeLessThanOrEqual(before.hi);
    expect(g.tracks[0].decidedAt).toBe(1000);
  });

  it('noisy differences with no shift stay undecided at first and end equivalent when the tolerance allows', () => {
    const rng = new Rng(11), g = newGate(sequentialPlan(0.001, 1, 40000), [{ tolerance: 0.02, priorVariance: 0.46 }]);
    const noise = () => [rng.float() < 0.1 ? (rng.float() < 0.5 ? 1 : -1) : 0]; // sd ≈ 0.32
    feed(g, 1000, noise);
    expect(look(g)).toBe(false);
    expect(g.tracks[0].decision).toBe('undecided');
    let n = 1000;
    while (!look(g) && n < 40000) {
      feed(g, 1000, noise);
      n += 1000;
    }
    expect(g.tracks[0].decision).toBe('equivalent');
    expect(n).toBeLessThan(40000);
  });

  it('refuses specs that do not fit the plan', () => {
    expect(() => newGate(sequentialPlan(0.001, 2, 100), [specs[0]])).toThrow(/2 metrics/);
    expect(() => newGate(sequentialPlan(0.001, 1, 100), [{ tolerance: 0, priorVariance: 1 }])).toThrow(/tolerance/);
    expect(() => sequentialPlan(1, 1, 100)).toThrow(/alpha/);
  });
});

/**
 * Paired differences like a game's: most pairs identical, the others the difference of two
 * independent results (win 1, draw ½, loss 0), for 3 metrics; mean 0 by symmetry.
 */
function aaPair(rng: Rng, out: Float64Array): void {
  const result = () => { const u = rng.float(); return u < 0.36 ? 1 : u < 0.37 ? 0.5 : 0; };
  const changed = rng.float() < 0.3;
  out[0] = changed ? result() - result() : 0;
  out[1] = changed ? rng.below(7) - rng.below(7) : 0; // casualties-like
  out[2] = rng.float() - rng.float(); // a metric that always differs (continuous, sd 0.41)
}

/** Plays `reps` A/A runs of up to `pairs` pairs, a look every `batch`; counts runs that failed. */
function falseAlarms(reps: number, pairs: number, batch: number, alpha: number, seed: number, naive = false): number {
  const rng = new Rng(seed), d = new Float64Array(3);
  const specs: MetricSpec[] = [{ tolerance: 0.002, priorVariance: 0.46 }, { tolerance: 0.02, priorVariance: 8 }, { tolerance: 0.002, priorVariance: 1 / 3 }];
  let fails = 0;
  for (let r = 0; r < reps; r++) {
    const g = newGate(sequentialPlan(alpha, 3, pairs), specs);
    let failed = false;
    for (let n = 0; n < pairs && !failed; ) {
      for (let i = 0; i < batch; i++, n++) {
        aaPair(rng, d);
        addPair(g, d);
      }
      if (naive) {
        // A fixed-n Bonferroni z-test looked at after every batch (what the gate must not be).
        const z = 2.394; // two-sided at 0.05 / 3
        failed = g.tracks.some((t) => Math.abs(t.moments.mean) > z * Math.sqrt(t.moments.m2 / (t.moments.n - 1) / t.moments.n));
      } else {
        look(g);
        failed = gateFailed(g);
        if (allDecided(g)) break;
      }
    }
    if (failed) fails++;
  }
  return fails;
}

describe('false alarms under A/A (simulated paired data)', () => {
  it('at alpha 0.05 over 3 metrics and 20 looks, at most 5% of 2,000 runs fail', () => {
    const reps = 2000, fails = falseAlarms(reps, 4000, 200, 0.05, 1);
    expect(fails / reps).toBeLessThanOrEqual(0.05);
  });

  it('whereas a fixed-n test looked at after every batch fails far more often than its 5% (the test above can fail)', () => {
    const reps = 2000, fails = falseAlarms(reps, 4000, 200, 0.05, 1, true);
    expect(fails / reps).toBeGreaterThan(0.08);
  });
});
