/** `squadsim odds skill-die`: exact distributions of one attack against worked values and a Monte Carlo (items 12–18, R2, R11, R19). */
import { describe, expect, it } from 'vitest';
import { Rng } from '../engine/rng.ts';
import { computeSkill, pCaught, oddsInputs, skillOdds } from '../engine/rulesets/skill-die/tools/odds.ts';
import { ConfigError } from '../engine/errors.ts';

const prob = (req: Record<string, unknown>) => computeSkill(req).outcomes.map((o) => o.probability);
const exact = (req: Record<string, unknown>) => computeSkill(req).outcomes.map((o) => o.exact);

describe('skill-die odds', () => {
  it('odds R2 the rulebook sanity check: an average rifleman hits on 6 of 8 and kills half the hits on Defense 4', () => {
    expect(exact({})).toEqual(['1/4', '3/8', '3/8']);
    expect(prob({}).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
  });

  it('odds 18 Advantage and Disadvantage: best or worst of two Skill dice', () => {
    // d6 vs 4: single 1/2; best of two 3/4; worst of two 1/4. Damage d6 vs 3: 2/3.
    expect(computeSkill({ skill: 6, difficulty: 4, advantage: 'advantage', damage: 6, defense: 3 }).outcomes[2].exact).toBe('1/2');
    expect(computeSkill({ skill: 6, difficulty: 4, advantage: 'disadvantage', damage: 6, defense: 3 }).outcomes[2].exact).toBe('1/6');
  });

  it('odds 12 R19 crew bonus reaches a Difficulty beyond the die; without it the attack always misses', () => {
    expect(prob({ skill: 4, difficulty: 6 })[0]).toBe(1);
    expect(computeSkill({ skill: 4, difficulty: 6, crew: 2 }).outcomes[0].exact).toBe('3/4');
  });

  it('odds 16 a d6 cannot scratch a d8 Defense die; a d12 beats a d12 13 times in 24', () => {
    expect(prob({ damage: 6, 'defense-die': 8 })[2]).toBe(0);
    expect(computeSkill({ skill: 8, difficulty: 1, damage: 12, 'defense-die': 12 }).outcomes[2].exact).toBe('13/24');
  });

  it('odds 17 Fan N: P(destroyed) = 1 − (1 − p)^N', () => {
    const p = (6 / 8) * 0.5;
    expect(prob({ fan: 4 })[2]).toBeCloseTo(1 - Math.pow(1 - p, 4), 12);
    expect(prob({ fan: 4 })[0]).toBeCloseTo(Math.pow(2 / 8, 4), 12);
  });

  it('odds 15 R11 a grenade scatter of (2 − 1) × 2" still catches the aim point inside 3"', () => {
    expect(pCaught(oddsInputs({ skill: 8, difficulty: 2, radius: 3 }))).toBe(1);
    expect(pCaught(oddsInputs({ skill: 8, difficulty: 5, radius: 3 }))).toBeCloseTo(5 / 8, 12); // misses by 1 scatter 2" (caught), by 2+ not
    expect(pCaught(oddsInputs({ skill: 8, difficulty: 5, radius: 3, scatter: 0 }))).toBe(0.5);
  });

  it('odds bad input names the option and what is allowed', () => {
    expect(() => computeSkill({ skill: 1 })).toThrow(ConfigError);
    expect(() => computeSkill({ advantage: 'lots' })).toThrow(/advantage/);
  });

  it('odds agree with a Monte Carlo of the same attack through the engine (±4.5 SE, 20,000 trials each)', () => {
    const trials = 20_000;
    for (const req of [...skillOdds.examples, { skill: 6, difficulty: 2, radius: 3, targets: 4, advantage: 'disadvantage' }]) {
      const ex = computeSkill(req).outcomes;
      const counts = skillOdds.sample(req, new Rng(99), trials);
      ex.forEach((o, k) => {
        const se = Math.sqrt((o.probability * (1 - o.probability)) / trials);
        expect(Math.abs(counts[k] / trials - o.probability), `${JSON.stringify(req)} ${o.outcome}`).toBeLessThanOrEqual(4.5 * se + 1e-9);
      });
    }
  });
});
