/**
 * The intervals of analysis/paired.ts are honest: over seeded repetitions with a known true
 * difference, about 95% of the paired 95% intervals contain it (the unpaired ones, on the
 * same common seeds, cover more: they are conservative), and pairing shrinks them only as far
 * as the correlation allows (issue 14).
 *
 * The data are synthetic on purpose: a "game" on seed i is a shared latent draw u_i (the
 * map and dice both variants share); variant A wins when u_i < pA, variant B keeps the same
 * u_i with probability rho (else draws afresh) and wins when it is < pB. So the true
 * difference is exactly pB − pA, which no engine run could give us.
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../engine/rng.ts';
import { meanOf, pairedDiff, unitsForHalfWidth, unpairedDiff } from '../analysis/paired.ts';

function games(rng: Rng, n: number, pA: number, pB: number, rho: number): [Float64Array, Float64Array] {
  const a = new Float64Array(n), b = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const u = rng.float();
    const v = rng.float() < rho ? u : rng.float();
    a[i] = u < pA ? 1 : 0;
    b[i] = v < pB ? 1 : 0;
  }
  return [a, b];
}

// 2,000 repetitions: the coverage's own standard error is √(.95·.05/2000) = 0.49 pp, so
// [93.5%, 96.5%] is ±3 of them around 95%.
const REPS = 2000;
const LO = 0.935, HI = 0.965;

describe('paired and unpaired intervals of a difference', () => {
  for (const [pA, pB, rho] of [[0.36, 0.4, 0.9], [0.5, 0.5, 0.6], [0.2, 0.27, 0.95]] as const) {
    it(`cover the true difference about 95% of the time (pA ${pA}, pB ${pB}, shared seed ${rho})`, () => {
      const rng = new Rng(12345);
      let coveredPaired = 0, coveredUnpaired = 0, widthPaired = 0, widthUnpaired = 0;
      const truth = pB - pA;
      for (let r = 0; r < REPS; r++) {
        const [a, b] = games(rng, 400, pA, pB, rho);
        const p = pairedDiff(a, b), u = unpairedDiff(a, b);
        if (p.lo <= truth && truth <= p.hi) coveredPaired++;
        if (u.lo <= truth && truth <= u.hi) coveredUnpaired++;
        widthPaired += p.hi - p.lo;
        widthUnpaired += u.hi - u.lo;
        expect(p.diff).toBeCloseTo(u.diff, 12); // the same estimate: pairing changes only its spread
      }
      expect(coveredPaired / REPS).toBeGreaterThan(LO);
      expect(coveredPaired / REPS).toBeLessThan(HI);
      // On shared seeds the unpaired interval ignores the correlation: honest but too wide
      // (it covers more than 95%), which is what pairing recovers.
      expect(coveredUnpaired / REPS).toBeGreaterThan(HI);
      // Shared seeds correlate the two results, so the paired interval is narrower.
      expect(widthPaired).toBeLessThan(widthUnpaired);
    });
  }

  it('with nothing shared, pairing gives the unpaired width (no free precision)', () => {
    const rng = new Rng(7);
    const [a, b] = games(rng, 200_000, 0.4, 0.45, 0);
    const p = pairedDiff(a, b), u = unpairedDiff(a, b);
    expect(p.se / u.se).toBeGreaterThan(0.98);
    expect(p.se / u.se).toBeLessThan(1.02);
  });

  it('meanOf covers a known win rate, and unitsForHalfWidth is the textbook n', () => {
    const rng = new Rng(99);
    let covered = 0;
    for (let r = 0; r < REPS; r++) {
      const [a] = games(rng, 300, 0.3, 0, 0);
      const m = meanOf(a);
      if (m.lo <= 0.3 && 0.3 <= m.hi) covered++;
    }
    expect(covered / REPS).toBeGreaterThan(LO);
    expect(covered / REPS).toBeLessThan(HI);
    // p = 0.5, ±0.5%: (1.96 · 0.5 / 0.005)² = 38,415 games.
    expect(unitsForHalfWidth(0.25, 0.005)).toBe(38415);
  });
});
