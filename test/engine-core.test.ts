/**
 * Engine core: fixed test vectors for engine/rng.ts (any change to the generator, its
 * seeding or gameSeed changes every simulation result, so it must be deliberate), the
 * uniformity of d6 and below(n), and game isolation (a game's result depends only on its
 * seed, never on the games a worker played before it).
 */
import { describe, expect, it } from 'vitest';
import { fmix32, gameSeed, Rng } from '../engine/rng.ts';

describe('engine/rng.ts test vectors (computed once from the current sfc32 implementation)', () => {
  it('new Rng(0): first 8 raw outputs', () => {
    const r = new Rng(0);
    expect(Array.from({ length: 8 }, () => r.nextU32())).toEqual([
      47794497, 2454270595, 3904855535, 1618415911, 2662957284, 1616081501, 3594876139, 3158901832,
    ]);
  });
  it('new Rng(12345): first 8 raw outputs; seed() on a used generator restarts the same stream', () => {
    const want = [3833628664, 3868810187, 1830013216, 2895153340, 3558647913, 3385794890, 1315093078, 1562346565];
    const r = new Rng(12345);
    expect(Array.from({ length: 8 }, () => r.nextU32())).toEqual(want);
    const s = new Rng(0);
    s.nextU32();
    s.seed(12345);
    expect(Array.from({ length: 8 }, () => s.nextU32())).toEqual(want);
  });
  it('new Rng(-1) is seeded from the int32 of the seed', () => {
    const r = new Rng(-1);
    expect([r.nextU32(), r.nextU32()]).toEqual([683205247, 1546384827]);
    const u = new Rng(4294967295);
    expect([u.nextU32(), u.nextU32()]).toEqual([683205247, 1546384827]);
  });
  it('rng.seedGame(master, index) is exactly seed(gameSeed(master, index))', () => {
    for (const [m, i] of [[7, 0], [7, 3], [0, 2], [4294967295, 4294967295], [123456789, 99999]]) {
      const a = new Rng(0), b = new Rng(0);
      a.seedGame(m, i);
      b.seed(gameSeed(m, i));
      const xa = [a.nextU32(), a.nextU32(), a.nextU32()], xb = [b.nextU32(), b.nextU32(), b.nextU32()];
      expect(xa).toEqual(xb);
    }
  });

  it('gameSeed(7, 0..3), gameSeed(0, 0..2) and the extremes', () => {
    expect([0, 1, 2, 3].map((i) => gameSeed(7, i))).toEqual([2065843174, 4028482713, 2490344620, 590298963]);
    expect([0, 1, 2].map((i) => gameSeed(0, i))).toEqual([1611566678, 453183331, 188402660]);
    expect(gameSeed(4294967295, 4294967295)).toBe(2352127115);
  });
  it('fmix32 vectors', () => {
    expect([fmix32(0), fmix32(1), fmix32(0xdeadbeef)]).toEqual([0, 1364076727, 233162409]);
  });
  it('d6, below and float on fixed seeds', () => {
    const a = new Rng(0);
    expect(Array.from({ length: 12 }, () => a.d6())).toEqual([4, 2, 6, 2, 1, 6, 2, 5, 1, 6, 3, 5]);
    const b = new Rng(12345);
    expect(Array.from({ length: 12 }, () => b.below(7))).toEqual([5, 4, 3, 2, 2, 2, 5, 3, 4, 2, 0, 2]);
    const c = new Rng(0);
    expect([c.float(), c.float()]).toEqual([0.011128023499622941, 0.5714294023346156]);
  });
  it('d6() is the same stream as die(6) and below(6) + 1 (one raw draw per die, same rejection)', () => {
    const x = new Rng(9), y = new Rng(9), z = new Rng(9);
    for (let k = 0; k < 10_000; k++) {
      const d = x.d6();
      expect(y.die(6)).toBe(d);
      expect(z.below(6) + 1).toBe(d);
    }
  });
  it('d6() is (raw draw mod 6) + 1 of the raw stream, above 2^31 too, rejecting the 4-value tail', () => {
    const r = new Rng(12), raw = new Rng(12);
    let high = 0;
    for (let k = 0; k < 200_000; k++) {
      let x = raw.nextU32();
      while (x >= 4294967292) x = raw.nextU32();
      if (x >= 2 ** 31) high++;
      expect(r.d6()).toBe((x % 6) + 1);
    }
    expect(high).toBeGreaterThan(90_000); // the fast path's case (no floating-point modulo) was exercised
  });
  it('below(n) rejects exactly the 2^32 mod n tail (also when n is large enough to hit it) and is x mod n of the draw', () => {
    // n = 3·2^29: the tail is x ≥ 3·2^30 (a quarter of the draws); x in [2^32 − n, 3·2^30) is kept.
    for (const n of [1610612736, 2147483648, 2147483647, 1000000007, 7, 3]) {
      const r = new Rng(5), raw = new Rng(5), limit = 4294967296 - (4294967296 % n);
      let rejected = 0;
      for (let k = 0; k < 2000; k++) {
        let x = raw.nextU32();
        while (x >= limit) { x = raw.nextU32(); rejected++; }
        expect(r.below(n)).toBe(x % n);
      }
      if (n === 1610612736) expect(rejected).toBeGreaterThan(300);
    }
  });
  it('floats(out, n) is n calls of float(): the same values and the same state after (all five words)', () => {
    const r = new Rng(77), f = new Rng(77), out = new Float64Array(16);
    for (let k = 0; k < 5000; k++) {
      const n = k % 17;
      r.floats(out, n);
      for (let i = 0; i < n; i++) expect(out[i]).toBe(f.float());
      expect(Array.from(r.s)).toEqual(Array.from(f.s));
    }
  });
  it('below(1) is always 0 and draws one raw value', () => {
    const r = new Rng(3), s = new Rng(3);
    for (let k = 0; k < 100; k++) {
      expect(r.below(1)).toBe(0);
      s.nextU32();
    }
    expect(r.nextU32()).toBe(s.nextU32());
  });
});

describe('uniformity (chi-square, fixed seeds; threshold: the 0.1% critical value of χ² with n − 1 degrees of freedom)', () => {
  /** Pearson's χ² of `counts` against a uniform expectation. */
  function chiSquare(counts: number[]): number {
    const total = counts.reduce((a, b) => a + b, 0);
    const e = total / counts.length;
    return counts.reduce((s, c) => s + ((c - e) * (c - e)) / e, 0);
  }
  /** χ² critical values at p = 0.001 by degrees of freedom. */
  const CRIT: Record<number, number> = { 1: 10.828, 2: 13.816, 5: 20.515, 6: 22.458, 9: 27.877, 99: 148.23 };

  it('d6: 600,000 rolls, χ²(5) < 20.515; every face within 4 SE of 1/6', () => {
    const r = new Rng(2024);
    const counts = [0, 0, 0, 0, 0, 0];
    const N = 600_000;
    for (let k = 0; k < N; k++) counts[r.d6() - 1]++;
    expect(chiSquare(counts)).toBeLessThan(CRIT[5]);
    const se = Math.sqrt((1 / 6) * (5 / 6) / N);
    for (const c of counts) expect(Math.abs(c / N - 1 / 6)).toBeLessThan(4 * se);
  });
  for (const n of [2, 3, 7, 10, 100]) {
    it(`below(${n}): ${n * 20_000} draws, χ²(${n - 1}) under the 0.1% critical value`, () => {
      const r = new Rng(31 + n);
      const counts = new Array(n).fill(0);
      for (let k = 0; k < n * 20_000; k++) counts[r.below(n)]++;
      expect(chiSquare(counts)).toBeLessThan(CRIT[n - 1]);
    });
  }
  it('d6 pairs are independent: 36 cells of consecutive faces, 720,000 pairs, χ²(35) < 66.62', () => {
    const r = new Rng(77);
    const counts = new Array(36).fill(0);
    for (let k = 0; k < 720_000; k++) counts[(r.d6() - 1) * 6 + r.d6() - 1]++;
    expect(chiSquare(counts)).toBeLessThan(66.62);
  });
  it('gameSeed spreads consecutive indices: the low 4 bits of 160,000 game seeds are uniform, χ²(15) < 37.70', () => {
    const counts = new Array(16).fill(0);
    for (let i = 0; i < 160_000; i++) counts[gameSeed(7, i) & 15]++;
    expect(chiSquare(counts)).toBeLessThan(37.7);
  });
});

// Game isolation (a game's result does not depend on the games before it) is checked for
// every registered ruleset by test/conformance.test.ts.
