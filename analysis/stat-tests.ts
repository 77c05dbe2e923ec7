/**
 * Two-sample tests on the sums the accumulators hold, for `squadsim check`. Large-sample
 * (normal) tests: a run has thousands of games, where the central limit theorem holds.
 */

/**
 * erfc(x) by the Chebyshev fit of Numerical Recipes (erfcc): fractional error < 1.2e-7
 * everywhere, so even p-values of 1e-12 keep 6 good digits.
 */
export function erfc(x: number): number {
  const z = Math.abs(x);
  const t = 1 / (1 + 0.5 * z);
  const r = t * Math.exp(-z * z - 1.26551223 + t * (1.00002368 + t * (0.37409196 + t * (0.09678418 + t * (-0.18628806 +
    t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))));
  return x >= 0 ? r : 2 - r;
}

/** Standard normal distribution function Φ(x). */
export function normalCdf(x: number): number {
  return erfc(-x / Math.SQRT2) / 2;
}

/** Two-sided p-value of a standard normal statistic: P(|Z| ≥ |z|). */
export function twoSidedP(z: number): number {
  if (Number.isNaN(z)) return 1;
  return Math.min(1, erfc(Math.abs(z) / Math.SQRT2));
}

export interface TestResult {
  /** Current minus baseline (rate or mean). */
  diff: number;
  /** Standard error of diff; 0 when both samples are constant. */
  se: number;
  z: number;
  p: number;
}

/**
 * Pooled two-proportion z-test of k1/n1 against k2/n2 (H0: the same rate).
 * When the pooled rate is 0 or 1 both samples are identical: z = 0, p = 1.
 */
export function twoProportionTest(k1: number, n1: number, k2: number, n2: number): TestResult {
  const p1 = k1 / n1, p2 = k2 / n2, pooled = (k1 + k2) / (n1 + n2);
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2));
  const diff = p1 - p2;
  if (!(se > 0)) return { diff, se: 0, z: 0, p: 1 };
  const z = diff / se;
  return { diff, se, z, p: twoSidedP(z) };
}

/** Mean and sample variance of n values from their sum and sum of squares. */
export function meanVar(sum: number, sumSq: number, n: number): { mean: number; variance: number } {
  const mean = sum / n;
  // Clamp: rounding can make a zero variance come out a hair negative.
  return { mean, variance: n > 1 ? Math.max(0, (sumSq - n * mean * mean) / (n - 1)) : 0 };
}

/**
 * Welch's two-sample test of means from sums and sums of squares (H0: equal means), with
 * the normal reference distribution (n in the thousands). Two constant samples: p = 1 if
 * their values agree, else 0 (a certain change).
 */
export function meanDiffTest(sum1: number, sq1: number, n1: number, sum2: number, sq2: number, n2: number): TestResult {
  const a = meanVar(sum1, sq1, n1), b = meanVar(sum2, sq2, n2);
  const diff = a.mean - b.mean;
  const se = Math.sqrt(a.variance / n1 + b.variance / n2);
  if (!(se > 0)) {
    const same = Math.abs(diff) <= 1e-12 * Math.max(1, Math.abs(a.mean));
    return { diff, se: 0, z: same ? 0 : Math.sign(diff) * Infinity, p: same ? 1 : 0 };
  }
  const z = diff / se;
  return { diff, se, z, p: twoSidedP(z) };
}
