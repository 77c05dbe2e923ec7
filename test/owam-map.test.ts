/** The terrain-card grid: range, LOS, flanking, friendly fire, terrain values (items 8–9, 88–94, R2, R5, R6). */
import { describe, expect, it } from 'vitest';
import { TERRAIN_ATTACK, TERRAIN_DEFENSE, TERRAIN_FLAGS, TERRAIN_IDS, TERRAIN_RANGE_LIMIT, TF_BLOCK, TF_FAST, TF_NO_MOVE, TF_NO_STEALTH } from '../engine/rulesets/owam/data/terrain.ts';
import { additiveMods, canAttack } from '../engine/rulesets/owam/rules/attack.ts';
import { adjacent, flanks, friendlyBeyond, los, range, segmentTouches } from '../engine/rulesets/owam/rules/map.ts';
import { cell, makeGame, put } from './owam-harness.ts';

const T = (id: string) => TERRAIN_IDS.indexOf(id as never);

describe('owam map', () => {
  it('88 90 range counts cards to the target (king moves), adjacency includes diagonals', () => {
    const g = makeGame({ layout: ['.....', '.....', '.....', '.....', '.....'] });
    expect(range(g, cell(g, 0, 0), cell(g, 3, 1))).toBe(3);
    expect(range(g, cell(g, 0, 0), cell(g, 2, 4))).toBe(4);
    expect(adjacent(g, cell(g, 1, 1), cell(g, 2, 2))).toBe(true);
    expect(adjacent(g, cell(g, 1, 1), cell(g, 1, 1))).toBe(false);
  });

  it('89 R5 LOS is blocked by touching another blocking card, but not by a single corner point', () => {
    // Blocking Woods at (1,1). Diagonal (0,0)→(2,2) passes through its interior.
    const g = makeGame({ layout: ['....', '.W..', '....', '....'] });
    expect(los(g, cell(g, 0, 0), cell(g, 2, 2))).toBe(false);
    expect(los(g, cell(g, 0, 0), cell(g, 3, 0))).toBe(true);
    // (0,1)→(2,1) runs straight through it.
    expect(los(g, cell(g, 0, 1), cell(g, 2, 1))).toBe(false);
    // Firer's and target's own cards never block.
    expect(los(g, cell(g, 1, 1), cell(g, 3, 3))).toBe(true);
    // The diagonal (0,0)→(1,1) passes exactly through the corner it shares with Woods at (1,0) and (0,1): not blocked.
    const h = makeGame({ layout: ['.W..', 'W...', '....', '....'] });
    expect(los(h, cell(h, 0, 0), cell(h, 1, 1))).toBe(true);
    expect(los(h, cell(h, 0, 0), cell(h, 2, 2))).toBe(true);
    expect(los(h, cell(h, 0, 0), cell(h, 2, 0))).toBe(false);
    // A line that meets the blocker only at its corner: segment (0,0)→(4,4) in card units would; test the geometry directly.
    expect(segmentTouches(0, 0, 2.8, 2, 1.4, 1, 2.8, 2)).toBe(true); // through the rectangle
    expect(segmentTouches(0, 2, 1.4, -1, 1.4, 0, 2.8, 1)).toBe(false); // ends exactly at its corner (1.4, 1)
    expect(segmentTouches(0, 1, 4, 0, 1.4, 1, 2.8, 2)).toBe(true); // along its edge: touching the border blocks
  });

  it('R2 terrain values and icons (Hill +3/+1, Road fast, Woods blocks with range limit 2, Building no-stealth, Lake no movement); terrain_stats overrides', () => {
    expect([TERRAIN_ATTACK[T('hill')], TERRAIN_DEFENSE[T('hill')]]).toEqual([3, 1]);
    expect(TERRAIN_FLAGS[T('road')] & TF_FAST).toBeTruthy();
    expect(TERRAIN_FLAGS[T('woods')] & TF_BLOCK).toBeTruthy();
    expect(TERRAIN_RANGE_LIMIT[T('woods')]).toBe(2);
    expect(TERRAIN_FLAGS[T('building')] & TF_NO_STEALTH).toBeTruthy();
    expect([TERRAIN_ATTACK[T('building')], TERRAIN_DEFENSE[T('building')]]).toEqual([1, 3]);
    expect(TERRAIN_FLAGS[T('lake')] & TF_NO_MOVE).toBeTruthy();
    expect(TERRAIN_FLAGS[T('lake')] & TF_BLOCK).toBe(0);
    expect([TERRAIN_ATTACK[0], TERRAIN_DEFENSE[0]]).toEqual([0, 0]); // item 9: Field
    expect([TERRAIN_ATTACK[T('chateau')], TERRAIN_DEFENSE[T('chateau')]]).toEqual([1, 3]);
    // rules.terrain_stats overrides a terrain's attack and defense; an unknown terrain is a ConfigError.
    const g = makeGame({ layout: ['H...', '....', '....', 'R...'], rules: { terrain_stats: { hill: { attack: 2, defense: 0 }, road: { attack: 0, defense: 3 } } } });
    put(g, 0, 0, 0); put(g, 4, 0, 3);
    expect(additiveMods(g, 0, 4)).toBe(2 - 3);
    expect(() => makeGame({ rules: { terrain_stats: { swamp: { attack: 1, defense: 1 } } } })).toThrow(/rules\.terrain_stats\.swamp/);
  });

  it('91 R6 flanking: both friendly FTs adjacent to the enemy at an angle of at least 90° and under 180°', () => {
    const g = makeGame({ layout: ['....', '....', '....', '....'] });
    const e = cell(g, 1, 1);
    expect(flanks(g, e, cell(g, 1, 0), cell(g, 2, 1))).toBe(true); // 90°
    expect(flanks(g, e, cell(g, 0, 0), cell(g, 2, 1))).toBe(true); // 135°-ish
    expect(flanks(g, e, cell(g, 1, 0), cell(g, 1, 2))).toBe(false); // 180°
    expect(flanks(g, e, cell(g, 0, 0), cell(g, 1, 0))).toBe(false); // 45°
    expect(flanks(g, e, cell(g, 1, 0), cell(g, 3, 1))).toBe(false); // not adjacent
  });

  it('92 R6 friendly fire: no attack when a friendly FT lies beyond the target on the same line (within 1°)', () => {
    const g = makeGame({ layout: ['....', '....', '....', '....'] });
    expect(friendlyBeyond(g, cell(g, 0, 0), cell(g, 0, 1), cell(g, 0, 3), 1)).toBe(true);
    expect(friendlyBeyond(g, cell(g, 0, 0), cell(g, 1, 1), cell(g, 3, 3), 1)).toBe(true);
    expect(friendlyBeyond(g, cell(g, 0, 0), cell(g, 1, 1), cell(g, 3, 2), 1)).toBe(false);
    expect(friendlyBeyond(g, cell(g, 0, 0), cell(g, 0, 2), cell(g, 0, 1), 1)).toBe(false); // in front, not beyond
    put(g, 0, 0, 0); put(g, 4, 0, 1); put(g, 1, 0, 3); put(g, 5, 3, 3);
    expect(canAttack(g, 0, 4)).toBe(false);
    put(g, 1, 3, 0);
    expect(canAttack(g, 0, 4)).toBe(true);
  });

  it('94 visibility: a moon mission makes attacks beyond its range Double Discipline unless a Star Shell lights the target', async () => {
    const { ddFlips } = await import('../engine/rulesets/owam/rules/attack.ts');
    const g = makeGame({ mission: 'chateau', layout: ['....', '....', '....', '....', '....', '....'] });
    put(g, 0, 0, 0); put(g, 4, 0, 3);
    expect(ddFlips(g, 0, 2, 4, 3)).toBe(2);
    expect(ddFlips(g, 0, 2, 4, 2)).toBe(1);
    g.star[cell(g, 1, 3)] = 2; // yellow: lights its card and the adjacent ones (item 79)
    expect(ddFlips(g, 0, 2, 4, 3)).toBe(1);
    g.star[cell(g, 1, 3)] = 1; // red: only its own card
    expect(ddFlips(g, 0, 2, 4, 3)).toBe(2);
  });
});
