/** Iron Squad time of day and weather (digest items 8, 19, 20, 64–66; R22), exact vs Monte Carlo. */
import { describe, expect, it } from 'vitest';
import { Rng } from '../engine/rng.ts';
import { WX_CLEAR, WX_FOG, WX_RAIN, isNight, roundHour, startHour, weatherOf } from '../engine/rulesets/iron-squad/rules/time.ts';

describe('Iron Squad time and weather', () => {
  it('8 a D12 result p starts the game at (p − 1) × 2:00', () => {
    expect([1, 2, 7, 12].map(startHour)).toEqual([0, 2, 12, 22]);
  });

  it('19 twelve 2-hour rounds give 8 day and 4 night rounds whatever the start', () => {
    for (let p = 1; p <= 12; p++) {
      const hours = Array.from({ length: 12 }, (_, r) => roundHour(startHour(p), r));
      expect(new Set(hours).size).toBe(12);
      expect(hours.filter(isNight).length).toBe(4);
    }
    expect(roundHour(22, 1)).toBe(0);
  });

  it('64 night is the rounds starting at 20, 22, 0 and 2', () => {
    expect([0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22].filter(isNight)).toEqual([0, 2, 20, 22]);
  });

  it('65 D12 weather: 1–7 Clear, 8–10 Rain, 11–12 Fog (in a Fog window)', () => {
    const at0 = Array.from({ length: 12 }, (_, i) => weatherOf(i + 1, 0));
    expect(at0).toEqual([0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 2, 2]);
  });

  it('66 Fog only at 22–04; a Fog roll is Clear at 06–12 and Rain at 14–20 (R22)', () => {
    const hours = [0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22];
    expect(hours.map((h) => weatherOf(11, h))).toEqual([WX_FOG, WX_FOG, WX_FOG, WX_CLEAR, WX_CLEAR, WX_CLEAR, WX_CLEAR, WX_RAIN, WX_RAIN, WX_RAIN, WX_RAIN, WX_FOG]);
  });

  it('20 per-round weather frequencies: exact vs Monte Carlo (±4 SE)', () => {
    // At 14:00 Fog becomes Rain: Clear 7/12, Rain 5/12. At 02:00: 7/12, 3/12, 2/12.
    const rng = new Rng(5);
    const N = 120_000;
    for (const [hour, exact] of [[14, [7 / 12, 5 / 12, 0]], [2, [7 / 12, 3 / 12, 2 / 12]], [8, [9 / 12, 3 / 12, 0]]] as const) {
      const c = [0, 0, 0];
      for (let i = 0; i < N; i++) c[weatherOf(rng.die(12), hour)]++;
      for (let k = 0; k < 3; k++) {
        const p = exact[k];
        const se = Math.sqrt((p * (1 - p)) / N);
        expect(Math.abs(c[k] / N - p)).toBeLessThanOrEqual(4 * se + 1e-12);
      }
    }
  });
});
