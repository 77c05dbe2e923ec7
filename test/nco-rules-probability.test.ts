/**
 * Exact odds against the engine's own code paths (digest items 33, 36, 42–43, 49–54,
 * 62–64; R13). Each Monte Carlo frequency is compared with the exact probability; the
 * tolerance is stated per test as a number of standard errors, SE = sqrt(p(1 − p) / n).
 * All streams are seeded, so the tests are deterministic; 4 SE means a correct engine
 * would fail a given comparison by chance with probability about 6e-5 for a new seed.
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../engine/rng.ts';
import { closeCombat } from '../engine/rulesets/nco/rules/assault.ts';
import { applyHits } from '../engine/rulesets/nco/rules/damage.ts';
import { fireAt, toHitNumber } from '../engine/rulesets/nco/rules/shooting.ts';
import { O_DOWN, O_FIRE } from '../engine/rulesets/nco/rules/state.ts';
import { hitProbability, rollHit } from '../engine/rulesets/nco/rules/tohit.ts';
import { W_LMG, W_SMG } from '../engine/rulesets/nco/data/weapons.ts';
import { build, place, remove, setOrder, stdErr } from './nco-harness.ts';

const K = 4; // tolerance in standard errors

function within(freq: number, p: number, n: number): void {
  if (p === 0 || p === 1) expect(freq).toBe(p);
  else expect(Math.abs(freq - p)).toBeLessThanOrEqual(K * stdErr(p, n));
}

describe('to-hit odds (items 33, 36, R13)', () => {
  it('rollHit frequency matches hitProbability for every target number 2..9 (200k trials each, ±4 SE)', () => {
    const exact = [2, 3, 4, 5, 6, 7, 8, 9].map((t) => hitProbability(t, 8));
    expect(exact).toEqual([5 / 6, 4 / 6, 3 / 6, 2 / 6, 1 / 6, 2 / 36, 1 / 36, 0]);
    const N = 200_000;
    for (let t = 2; t <= 9; t++) {
      const r = new Rng(1000 + t);
      let hits = 0;
      for (let k = 0; k < N; k++) if (rollHit(r, t, 8)) hits++;
      within(hits / N, hitProbability(t, 8), N);
    }
  });
  it('items 42, 43: P(at least one hit) for a 2-dice weapon is 1 − (1 − p)², through fireAt (200k shots, ±4 SE)', () => {
    const h = build({ a: [{ type: 'sergeant', primary: 'smg' }, { type: 'private' }] });
    const g = h.g, S = 0, T = h.b0 + 1;
    remove(g, 1);
    remove(g, h.b0);
    place(g, S, 10, 4);
    place(g, T, 10, 13); // 8" edge to edge: beyond the SMG's half range
    for (let i = 0; i < g.n; i++) setOrder(g, i, O_FIRE);
    g.psyche[S] = 5;
    g.down[T] = 1; // 3 + 1 Down = 4+: p = 1/2
    const tn = toHitNumber(g, S, T, W_SMG, 0, false, false);
    expect(tn).toBe(4);
    const p = hitProbability(tn, 8);
    const atLeastOne = 1 - (1 - p) * (1 - p);
    const N = 200_000;
    const byHits = [0, 0, 0];
    g.rng.seed(77);
    for (let k = 0; k < N; k++) {
      g.health[T] = 100;
      g.psyche[T] = 100;
      byHits[fireAt(g, S, T, W_SMG, 0)]++;
    }
    within((byHits[1] + byHits[2]) / N, atLeastOne, N);
    within(byHits[2] / N, p * p, N);
    within(byHits[1] / N, 2 * p * (1 - p), N);
  });
  it('item 43: an LMG (2 dice, as Cover Fire at −1) hits at least once with 1 − (1 − p)² (100k shots, ±4 SE)', () => {
    const h = build({ a: [{ type: 'sergeant' }, { type: 'veteran-lance-corporal', primary: 'lmg' }] });
    const g = h.g, S = 1, T = h.b0 + 1;
    remove(g, 0);
    remove(g, h.b0);
    place(g, S, 10, 4);
    place(g, T, 10, 20);
    for (let i = 0; i < g.n; i++) setOrder(g, i, O_DOWN);
    g.down[T] = 0;
    g.psyche[S] = 5; // 3 + 1 (LMG −1) = 4+
    const p = hitProbability(toHitNumber(g, S, T, W_LMG, 0, true, false), 8);
    expect(p).toBe(0.5);
    const N = 100_000;
    let any = 0;
    g.rng.seed(78);
    for (let k = 0; k < N; k++) {
      g.health[T] = 100;
      g.psyche[T] = 100;
      if (fireAt(g, S, T, W_LMG, 0) > 0) any++;
    }
    within(any / N, 0.75, N);
  });
});

describe('wound chart distribution (items 49–54)', () => {
  /** The chart as printed: face → [health, psyche]; 7+ is death. */
  const CHART: Record<number, [number, number]> = { 1: [0, 1], 2: [0, 2], 3: [0, 2], 4: [2, 1], 5: [2, 1], 6: [3, 2] };
  /** Exact distribution of one wound roll with modifier `mod`, by enumerating the D6. */
  function exact(mod: number, extra: number): Map<string, number> {
    const m = new Map<string, number>();
    for (let f = 1; f <= 6; f++) {
      const r = f + mod;
      const key = r >= 7 ? 'dead' : `${CHART[r][0]}/${CHART[r][1] + extra}`;
      m.set(key, (m.get(key) ?? 0) + 1 / 6);
    }
    return m;
  }
  for (const [mod, extra, name] of [[0, 0, 'rifle'], [1, 2, 'flamethrower'], [2, 1, 'HE'], [1, 1, 'grenade']] as const) {
    it(`applyHits: one ${name} hit (wound +${mod}, extra psyche ${extra}) matches the chart (200k hits, ±4 SE)`, () => {
      const h = build();
      const g = h.g, T = h.b0 + 1;
      for (let i = 0; i < g.n; i++) setOrder(g, i, O_FIRE);
      const N = 200_000;
      const seen = new Map<string, number>();
      g.rng.seed(500 + 10 * mod + extra);
      for (let k = 0; k < N; k++) {
        g.alive[T] = 1;
        g.health[T] = 100;
        g.psyche[T] = 100;
        applyHits(g, T, 1, mod, extra, 0);
        const key = g.alive[T] ? `${100 - g.health[T]}/${100 - g.psyche[T]}` : 'dead';
        seen.set(key, (seen.get(key) ?? 0) + 1);
      }
      const want = exact(mod, extra);
      expect([...seen.keys()].sort()).toEqual([...want.keys()].sort());
      for (const [key, p] of want) within(seen.get(key)! / N, p, N);
      if (mod > 0) expect(want.get('dead')).toBeCloseTo(mod / 6, 15); // item 53: 7+ with +1 is a 6, with +2 a 5–6
    });
  }
});

describe('close combat odds (items 62–64)', () => {
  /**
   * Exact outcome of a fight written out from the rules (items 62–64, R20): state is
   * (health A, health B, A at 0 courage, B at 0 courage); Walking Wounded adds no courage.
   * Returns [P(A survives), P(B survives), P(both die)].
   */
  function exactFight(cA: number, cB: number, hA: number, hB: number): [number, number, number] {
    const memo = new Map<string, [number, number, number]>();
    const go = (a: number, b: number, za: boolean, zb: boolean): [number, number, number] => {
      const key = `${a},${b},${za},${zb}`;
      const hit = memo.get(key);
      if (hit) return hit;
      const out: [number, number, number] = [0, 0, 0];
      for (let x = 1; x <= 6; x++) for (let y = 1; y <= 6; y++) {
        const ta = x + (za || a === 1 ? 0 : cA), tb = y + (zb || b === 1 ? 0 : cB);
        let r: [number, number, number];
        if (ta === tb) r = [0, 0, 1];
        else if (ta > tb) r = b - (ta - tb) <= 0 ? [1, 0, 0] : go(a, b - (ta - tb), za, true);
        else r = a - (tb - ta) <= 0 ? [0, 1, 0] : go(a - (tb - ta), b, true, zb);
        for (let i = 0; i < 3; i++) out[i] += r[i] / 36;
      }
      memo.set(key, out);
      return out;
    };
    return go(hA, hB, false, false);
  }
  it('closeCombat outcome frequencies match the exact odds: Corporal vs Private and Sergeant vs Veteran Corporal (100k fights, ±4 SE)', () => {
    for (const [a, b, cA, cB, hA, hB] of [['corporal', 'private', 4, 2, 5, 3], ['sergeant', 'veteran-corporal', 7, 5, 6, 5]] as const) {
      const h = build({ a: [{ type: 'sergeant' }, { type: a === 'sergeant' ? 'private' : a }], b: [{ type: 'sergeant' }, { type: b }] });
      const g = h.g;
      const A = a === 'sergeant' ? 0 : 1, B = h.b0 + 1;
      for (let i = 0; i < g.n; i++) setOrder(g, i, O_FIRE);
      const want = exactFight(cA, cB, hA, hB);
      expect(want[0] + want[1] + want[2]).toBeCloseTo(1, 12);
      const N = 100_000;
      const got = [0, 0, 0];
      g.rng.seed(4242);
      for (let k = 0; k < N; k++) {
        g.alive[A] = g.alive[B] = 1;
        g.health[A] = hA;
        g.health[B] = hB;
        closeCombat(g, A, B);
        got[g.alive[A] && !g.alive[B] ? 0 : g.alive[B] && !g.alive[A] ? 1 : 2]++;
      }
      for (let i = 0; i < 3; i++) within(got[i] / N, want[i], N);
    }
  });
});
