// The pure helpers of bench/gate-power.ts (bench/gate-resample.ts): the Wilson interval, the
// median, the seeded generator and a resampled gate run on hand-made pools.
import { describe, expect, it } from 'vitest';
import { median, mulberry32, pairedEffect, resampledRun, wilson, type Pool } from '../bench/gate-resample.ts';

const settings = { budget: 4000, batch: 1000, alpha: 0.001, points: 1 };

/** A pool of `n` games, 2 metrics: a result (1, ½ or 0) and a score, drawn from `rand`. */
function pool(n: number, rand: () => number, pWin = 0.45): Pool {
  const r = new Float64Array(n), s = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const u = rand();
    r[i] = u < pWin ? 1 : u < pWin + 0.1 ? 0.5 : 0;
    s[i] = Math.floor(rand() * 100);
  }
  return { values: [r, s], games: n };
}

describe('bench/gate-resample.ts', () => {
  it('wilson: hand values, edges and bad input', () => {
    const w = wilson(10, 100);
    expect(w.p).toBe(0.1);
    expect(w.lo).toBeCloseTo(0.05523, 4);
    expect(w.hi).toBeCloseTo(0.17437, 4);
    const z = wilson(0, 2000);
    expect(z.lo).toBe(0);
    expect(z.hi).toBeCloseTo(0.00192, 4);
    expect(wilson(5, 5).hi).toBe(1);
    expect(() => wilson(3, 2)).toThrow(RangeError);
    expect(() => wilson(0, 0)).toThrow(RangeError);
  });

  it('median: odd, even, unsorted input left unchanged, empty', () => {
    const xs = [5, 1, 3];
    expect(median(xs)).toBe(3);
    expect(xs).toEqual([5, 1, 3]);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
  });

  it('mulberry32: deterministic per seed, in [0, 1), seeds differ', () => {
    const a = mulberry32(7), b = mulberry32(7), c = mulberry32(8);
    const xa = Array.from({ length: 1000 }, a), xb = Array.from({ length: 1000 }, b), xc = Array.from({ length: 1000 }, c);
    expect(xa).toEqual(xb);
    expect(xa).not.toEqual(xc);
    expect(xa.every((x) => x >= 0 && x < 1)).toBe(true);
    expect(Math.abs(xa.reduce((s, x) => s + x, 0) / 1000 - 0.5)).toBeLessThan(0.05);
  });

  it('resampledRun: identical pools pass at the first look; paired draws share the game index', () => {
    const p = pool(5000, mulberry32(1));
    const o = resampledRun(p, p, { ...settings, paired: true }, mulberry32(2));
    expect(o).toEqual({ failed: false, games: 1000, firstShiftAt: null, resultShifted: false });
    // Unpaired draws of the same pool are the null with nothing shared: no stop at the first look.
    const u = resampledRun(p, p, { ...settings, paired: false }, mulberry32(2));
    expect(u.games).toBeGreaterThan(1000);
    expect(u.failed).toBe(false);
  });

  it('resampledRun: a planted 3-point result shift on a few games is caught paired, and the run is deterministic', () => {
    const ref = pool(5000, mulberry32(3));
    // The current build turns 1 game in 33 from a loss into a win: +3 points, the same games otherwise.
    const r = Float64Array.from(ref.values[0]);
    for (let i = 0, flipped = 0; i < r.length && flipped < 5000 / 33; i++) if (r[i] === 0) (r[i] = 1), flipped++;
    const cur: Pool = { values: [r, ref.values[1]], games: 5000 };
    expect(pairedEffect(ref, cur).mean).toBeCloseTo(152 / 5000, 10);
    const o = resampledRun(ref, cur, { ...settings, paired: true }, mulberry32(4));
    expect(o.failed).toBe(true);
    expect(o.resultShifted).toBe(true);
    expect(o.firstShiftAt).not.toBeNull();
    expect(resampledRun(ref, cur, { ...settings, paired: true }, mulberry32(4))).toEqual(o);
    // What the pairing buys: paired, one pair's sd is ~0.17 and every run catches it; unpaired
    // (sd ~0.65, half-width ~0.045 at 4,000 games) most runs cannot.
    const rand = mulberry32(5), runs = 20;
    let paired = 0, unpaired = 0;
    for (let i = 0; i < runs; i++) {
      if (resampledRun(ref, cur, { ...settings, paired: true }, rand).failed) paired++;
      if (resampledRun(ref, cur, { ...settings, paired: false }, rand).failed) unpaired++;
    }
    expect(paired).toBe(runs);
    expect(unpaired).toBeLessThan(runs / 2);
  });

  it('resampledRun: pools of different sizes cannot be paired', () => {
    expect(() => resampledRun(pool(10, mulberry32(1)), pool(11, mulberry32(1)), { ...settings, paired: true }, mulberry32(1))).toThrow(RangeError);
  });
});
