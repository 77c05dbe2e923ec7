/**
 * Iron Squad attack resolution (digest items 42–52, 67; R2, R3, R14): the accuracy formula,
 * the result table, the luck dice (exact vs Monte Carlo) and the odds provider, including
 * the rulebook's worked example.
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../engine/rng.ts';
import { cumulativeWeights, rollWeighted } from '../engine/dice.ts';
import { ELEV_AGAINST, ELEV_FAVOUR, ELEV_LEVEL, baseAccuracy, elevationCase, resultDistribution, resultFor } from '../engine/rulesets/iron-squad/rules/combat.ts';
import { computeIronOdds } from '../engine/rulesets/iron-squad/tools/odds.ts';
import { LUCK_DICE, RESULT_DAMAGE, RESULT_MP, TAM_CLEAR, TAM_FOREST, W_GRENADE, W_GUN, W_MG, W_RIFLE, W_SNIPER, hamColumn, resultIndex } from '../engine/rulesets/iron-squad/data/units.ts';
import { ConfigError } from '../engine/errors.ts';

describe('Iron Squad combat', () => {
  it('42 final accuracy = 35 + TAM + EAM + DAM + HAM + NAM (+ DRM)', () => {
    expect(baseAccuracy(W_GUN, TAM_CLEAR, ELEV_LEVEL, 0, 5, false, 0)).toBe(35);
    // MG at a Forest target 1 hex away, from below, Shaken, at night: 35 − 9 − 12 + 4 − 5 − 3.
    expect(baseAccuracy(W_MG, TAM_FOREST, ELEV_AGAINST, 1, 4, false, -3)).toBe(35 - 9 - 12 + 4 - 5 - 3);
    expect(resultFor(35, 1, 0)).toBe(resultIndex(9));
  });

  it('43 the accuracy modifier table, row by row', () => {
    // One cell of each column group per row, read against the printed table.
    expect(baseAccuracy(W_GUN, 1, ELEV_FAVOUR, 2, 2, false, 0)).toBe(35 - 12 + 6 - 8 - 4);
    expect(baseAccuracy(W_RIFLE, 2, ELEV_AGAINST, 3, 3, false, 0)).toBe(35 - 8 - 4 - 8 - 5);
    expect(baseAccuracy(W_SNIPER, 3, ELEV_FAVOUR, 4, 1, false, 0)).toBe(35 - 8 + 10 - 8 - 10);
    expect(baseAccuracy(W_MG, 0, ELEV_LEVEL, 0, 2, false, 0)).toBe(35 + 5 + 6 - 13);
    expect(baseAccuracy(W_GRENADE, 1, ELEV_AGAINST, 1, 1, false, 0)).toBe(35 - 14 - 8 + 4 - 10);
    expect(baseAccuracy(W_SNIPER, 0, ELEV_AGAINST, 0, 5, false, 0)).toBe(35);
  });

  it('44 TAM depends only on the target hex terrain (odds: terrain is the target’s)', () => {
    const a = computeIronOdds({ weapon: 'rifle', terrain: 'forest', distance: 1 });
    const b = computeIronOdds({ weapon: 'rifle', terrain: 'building', distance: 1 });
    expect(a.inputs.accuracyBeforeDie).toBe(35 - 10 - 4);
    expect(b.inputs.accuracyBeforeDie).toBe(35 - 10 - 4);
    expect(computeIronOdds({ weapon: 'rifle', terrain: 'sand', distance: 1 }).inputs.accuracyBeforeDie).toBe(31);
  });

  it('45 EAM: higher attacker in favour, lower against, level none; same hex none', () => {
    expect(elevationCase(1, 0)).toBe(ELEV_FAVOUR);
    expect(elevationCase(0, 1)).toBe(ELEV_AGAINST);
    expect(elevationCase(1, 1)).toBe(ELEV_LEVEL);
    expect(() => computeIronOdds({ distance: 0, elevation: 'in-favour' })).toThrow(ConfigError);
  });

  it('46 DAM: Base is the same hex; distance beyond the weapon range is refused', () => {
    expect(computeIronOdds({ weapon: 'machine-gun', distance: 0 }).inputs.accuracyBeforeDie).toBe(35 + 5 + 6);
    expect(() => computeIronOdds({ weapon: 'gun', distance: 3 })).toThrow(/range 2/);
    expect(computeIronOdds({ weapon: 'sniper', distance: 4 }).inputs.accuracyBeforeDie).toBe(27);
  });

  it('47 HAM columns for normal units: 5 none, 4..1 -> H4..H1', () => {
    expect(hamColumn(5, false)).toBe(-1);
    expect([4, 3, 2, 1].map((h) => hamColumn(h, false))).toEqual([0, 1, 2, 3]);
    expect([5, 4, 3, 2, 1].map((h) => baseAccuracy(W_RIFLE, 0, 0, 0, h, false, 0))).toEqual([35, 32, 30, 28, 25]);
  });

  it('48 HAM columns for explored units: In Order none, Shaken H3, Wounded H1', () => {
    expect([3, 2, 1].map((h) => hamColumn(h, true))).toEqual([-1, 1, 3]);
    expect(computeIronOdds({ local: true, health: 2, distance: 0 }).inputs.accuracyBeforeDie).toBe(30);
    expect(computeIronOdds({ local: true, health: 1, distance: 0 }).inputs.accuracyBeforeDie).toBe(25);
  });

  it('49 NAM −3 at night for every weapon', () => {
    for (const w of [W_GUN, W_RIFLE, W_SNIPER, W_MG, W_GRENADE]) {
      expect(baseAccuracy(w, 0, 0, 1, 5, false, -3)).toBe(baseAccuracy(w, 0, 0, 1, 5, false, 0) - 3);
    }
  });

  it('50 die-roll modifier faces 1..8 = −26, −13, 0, +13 … +65', () => {
    const rows = computeIronOdds({ distance: 0 }).tables![0].rows;
    expect(rows.map((r) => r.drm)).toEqual([-26, -13, 0, 13, 26, 39, 52, 65]);
  });

  it('51 result table bands at 12.5 + 13k (integer FA)', () => {
    const at = (fa: number) => resultIndex(fa);
    expect([12, 13, 25, 26, 38, 39, 51, 52, 64, 65, 77, 78, 90, 91, 200, -50].map(at)).toEqual([0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 0]);
    expect(Array.from(RESULT_DAMAGE)).toEqual([0, 0, 1, 1, 2, 2, 3, 3]);
    expect(Array.from(RESULT_MP)).toEqual([0, 0, 0, 1, 0, 1, 0, 1]);
  });

  it('52 worked example: 35 − 10 + 8 − 6 − 3 − 3 = 21; a 4 gives 34 = D −1H', () => {
    const r = computeIronOdds({ weapon: 'rifle', terrain: 'forest', elevation: 'in-favour', distance: 2, health: 4, night: true, fog: true, luck: 'd8' });
    expect(r.inputs.accuracyBeforeDie).toBe(21);
    expect(r.inputs.effectiveRange).toBe(2);
    const row4 = r.tables![0].rows[3];
    expect(row4).toMatchObject({ face: 4, drm: 13, finalAccuracy: 34, result: 'D −1H' });
    expect(r.notes![0]).toContain('= 21');
    // Full distribution on the d8: faces 1–2 A −1H, 3 none, 4 D−1H, 5 D−1H−4MP, 6 D−2H, 7 D−2H−4MP, 8 D−3H.
    expect(r.outcomes.map((o) => [o.outcome, o.exact])).toEqual([
      ['A −1H', '1/4'], ['—', '1/8'], ['D −1H', '1/8'], ['D −1H −4MP', '1/8'], ['D −2H', '1/8'], ['D −2H −4MP', '1/8'], ['D −3H', '1/8'],
    ]);
  });

  it('67 luck dice: weights of the three dice and Monte Carlo within 4 standard errors', () => {
    expect(LUCK_DICE['d20-flat'].map((w) => w * 5)).toEqual([10, 10, 15, 15, 15, 15, 10, 10]);
    expect(LUCK_DICE['d20-peaked'].map((w) => w * 5)).toEqual([5, 10, 15, 20, 20, 15, 10, 5]);
    const rng = new Rng(42);
    const N = 200_000;
    for (const id of ['d8', 'd20-flat', 'd20-peaked'] as const) {
      const w = LUCK_DICE[id];
      const cum = cumulativeWeights(w);
      const total = w.reduce((a, b) => a + b, 0);
      const counts = new Array(8).fill(0);
      for (let i = 0; i < N; i++) counts[rollWeighted(rng, cum)]++;
      for (let f = 0; f < 8; f++) {
        const p = w[f] / total;
        expect(Math.abs(counts[f] / N - p)).toBeLessThan(4 * Math.sqrt((p * (1 - p)) / N));
      }
    }
  });

  it('67 the luck die changes the exact result distribution (odds vs enumeration)', () => {
    const out = new Float64Array(8);
    resultDistribution(21, 0, LUCK_DICE['d20-peaked'], out);
    const r = computeIronOdds({ weapon: 'rifle', terrain: 'forest', elevation: 'in-favour', distance: 2, health: 4, night: true, luck: 'd20-peaked' });
    for (const o of r.outcomes) expect(o.probability).toBeCloseTo(out[['A −1H', '—', 'D −1H', 'D −1H −4MP', 'D −2H', 'D −2H −4MP', 'D −3H', 'D −3H −4MP'].indexOf(o.outcome)], 12);
    expect(r.outcomes[0]).toMatchObject({ outcome: 'A −1H', exact: '3/20' });
  });

  it('R14 Fog takes one hex off the range, never below 1', () => {
    expect(() => computeIronOdds({ weapon: 'rifle', distance: 3, fog: true })).toThrow(/Fog-reduced range 2/);
    expect(computeIronOdds({ weapon: 'gun', range: 1, distance: 1, fog: true }).inputs.effectiveRange).toBe(1);
  });

  it('R3 a Hills target uses the hills-tam column (default Clear)', () => {
    expect(computeIronOdds({ terrain: 'hills', distance: 0 }).inputs.accuracyBeforeDie).toBe(35);
    expect(computeIronOdds({ terrain: 'hills', 'hills-tam': 'forest', distance: 0 }).inputs.accuracyBeforeDie).toBe(25);
  });

  it('58 grenade splash: same hex FA −13, adjacent FA −20 (odds)', () => {
    const p = computeIronOdds({ weapon: 'grenade', distance: 1 });
    expect(computeIronOdds({ weapon: 'grenade', distance: 1, splash: 'same-hex' }).inputs.accuracyBeforeDie).toBe((p.inputs.accuracyBeforeDie as number) - 13);
    expect(computeIronOdds({ weapon: 'grenade', distance: 1, splash: 'adjacent' }).inputs.accuracyBeforeDie).toBe((p.inputs.accuracyBeforeDie as number) - 20);
    expect(() => computeIronOdds({ weapon: 'rifle', splash: 'adjacent' })).toThrow(ConfigError);
  });
});
