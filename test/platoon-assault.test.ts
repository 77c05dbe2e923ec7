/**
 * Platoon close quarters and buildings (digest items 67–74; R7, R18, R19): the assault
 * sequence, the fight, reactions, and the building rules (cover, protection, collapse, fire).
 */
import { describe, expect, it } from 'vitest';
import { assault, canAssault } from '../engine/rulesets/platoon/rules/assault.ts';
import { execute, giveOrder } from '../engine/rulesets/platoon/rules/actions.ts';
import { DOWN, FIRE, RUN, T_ROUGH } from '../engine/rulesets/platoon/data/tables.ts';
import { shoot } from '../engine/rulesets/platoon/rules/shooting.ts';
import { rangeTo } from '../engine/rulesets/platoon/rules/sight.ts';
import { planMove } from '../engine/rulesets/platoon/rules/movement.ts';
import { computePlatoonOdds } from '../engine/rulesets/platoon/tools/odds.ts';
import { makeGame, put, rig, SECTION, square, directNeedAt } from './platoon-harness.ts';

const quiet = { reactToAssault: () => 0, reactToShot: () => false };
const count = (g: ReturnType<typeof makeGame>, k: number) => g.tally.acc[g.tally.offset('assaults') + k];

describe('platoon close quarters (items 67–68; R7, R19)', () => {
  it('67 declare, move into contact, attackers strike first (D6 against the damage value), the loser is destroyed', () => {
    const g = makeGame({ a: [SECTION], b: [{ ...SECTION, men: 5 }] }, 1, [quiet, quiet]);
    put(g, 0, 36, 10); put(g, 1, 36, 18);
    rig(g, [6, 6, 6, 6, 6]);
    execute(g, 0, RUN, 0, 0, 1);
    expect(rangeTo(g, 0, 1)).toBeLessThanOrEqual(1.5);
    expect(g.alive[1]).toBe(0);
    expect([count(g, 0), count(g, 1), count(g, 2)]).toEqual([1, 1, 1]);
  });

  it('68 an assault is a Run: the target must be within Run reach; a blocked move ends without a fight', () => {
    const g = makeGame({ a: [SECTION, SECTION], b: [SECTION, SECTION], terrain: [{ polygon: [[0, 30], [30, 30], [30, 31], [0, 31]], category: 'obstacle' }] }, 1, [quiet, quiet]);
    put(g, 0, 36, 10); put(g, 2, 36, 24); put(g, 1, 10, 26); put(g, 3, 10, 34);
    expect(canAssault(g, 0, 2, 12)).toBe(false); // 14" > 12" + 1.5"
    expect(canAssault(g, 1, 3, 12)).toBe(true);
    assault(g, 1, 3); // the hedge stops a Run
    expect([g.alive[1], g.alive[3], count(g, 1)]).toEqual([1, 1, 0]);
  });

  it('R19 the side that inflicts fewer casualties loses; a draw fights another round', () => {
    const g = makeGame({ a: [SECTION, { ...SECTION, men: 5 }], b: [{ ...SECTION, men: 5 }, { ...SECTION, men: 5 }] }, 1, [quiet, quiet]);
    put(g, 0, 36, 10); put(g, 2, 36, 14); put(g, 1, 10, 10); put(g, 3, 10, 14);
    rig(g, [4, 1, 1, 1, 1, 1, 1, 1, 1, 1, 4, 4, 1, 1]); // 1 inflicted, 2 suffered
    assault(g, 0, 2);
    expect([g.alive[0], g.alive[2], g.models[2]]).toEqual([0, 1, 4]);
    rig(g, [4, 1, 1, 1, 1, 4, 1, 1, 1, /* round 2 */ 4, 4, 1, 1, 1, 1, 1]);
    assault(g, 1, 3);
    expect([g.alive[1], g.alive[3], g.models[3]]).toEqual([1, 0, 2]);
  });

  it('R19 the winner regroups up to 6 inches (the scripted player into the nearest cover); 24 dug-in guns cannot move', () => {
    const g = makeGame({ a: [SECTION], b: [{ ...SECTION, men: 5 }], terrain: [square(36, 20, 1, { cover: 'soft' }), square(10, 10, 3, { category: 'rough', cover: 'soft' })] }, 1, [quiet, quiet]);
    put(g, 0, 36, 10); put(g, 1, 36, 16);
    rig(g, [6, 6, 6, 6, 6]);
    assault(g, 0, 1);
    expect(g.alive[1]).toBe(0);
    expect(g.y[0]).toBeCloseTo(20, 9); // from contact (y 15.25) into the cover piece 4.75" on
    const h = makeGame({ a: [{ unit: 'light-at-gun' }], b: [SECTION], terrain: [square(10, 10, 3, { category: 'rough', cover: 'soft' })] });
    put(h, 0, 10, 10);
    expect(planMove(h, 0, 30, 10, false)).toBe(0);
  });

  it('R19 infantry against a vehicle: each model D6 + 2 against its damage value on the rear, one round', () => {
    const g = makeGame({ a: [{ ...SECTION, men: 5 }], b: [{ unit: 'light-tank' }] }, 1, [quiet, quiet]);
    put(g, 0, 36, 10); put(g, 1, 36, 16);
    rig(g, [1, 2, 3, 4, 5, 5]); // 6 (sup.: D6−3 = 2 immobilised? no: 5−3 = 2), …
    assault(g, 0, 1);
    expect(g.alive[0]).toBe(1); // vehicles do not strike back
    expect(g.pins[1]).toBeGreaterThan(0);
  });

  it('R7 a target without an order may react: Down when shot at, Fire at −1 or Down when assaulted (using its die)', () => {
    const g = makeGame({ a: [SECTION, SECTION], b: [SECTION, SECTION] }, 1, [quiet, { reactToShot: () => true, reactToAssault: () => 1 }]);
    put(g, 0, 36, 10); put(g, 2, 36, 20); put(g, 1, 10, 10); put(g, 3, 10, 20);
    for (let u = 0; u < 4; u++) g.dieInBag[u] = 1;
    g.bag.startTurn();
    shoot(g, 0, 2, false, 0);
    expect([g.order[2], g.dieInBag[2], g.bag.inBag[1]]).toEqual([DOWN, 0, 1]);
    assault(g, 1, 3);
    expect(g.order[3]).toBe(FIRE);
    expect(g.bag.inBag[1]).toBe(0);
  });
});

describe('platoon buildings (items 69–74; R18)', () => {
  const house = (extra: Record<string, unknown> = {}) => square(36, 30, 3, { category: 'building', cover: 'hard', ...extra });

  it('69–70 small arms and heavy weapons at a building: −2 to hit and +1 damage value (R18 extra protection)', () => {
    const g = makeGame({ a: [SECTION, { unit: 'hmg-team' }], b: [SECTION], terrain: [house()] });
    put(g, 0, 36, 15); put(g, 1, 30, 15); put(g, 2, 36, 30);
    expect(g.inBuilding[2]).toBe(0);
    expect(directNeedAt(g, 0, 0, 2, false, 15, 0)).toBe(6); // long −1, building −2
    expect(directNeedAt(g, 1, 0, 2, false, rangeTo(g, 1, 2), 0)).toBe(5);
    const open = computePlatoonOdds({ weapon: 'rifle', range: 10, target: 'regular' }).outcomes;
    const inside = computePlatoonOdds({ weapon: 'rifle', range: 10, target: 'regular', cover: 'building' }).outcomes;
    expect(open.find((o) => o.outcome === '1 casualties, 1 pins')!.probability).toBeCloseTo((24 / 36) * (3 / 6), 12);
    expect(inside.find((o) => o.outcome === '1 casualties, 1 pins')!.probability).toBeCloseTo((12 / 36) * (2 / 6), 12);
  });

  it('71 HE at a building: no modifier, no protection, D3–3D6 hits; R18 10+ hits collapse it on its occupants', () => {
    const g = makeGame({ a: [{ unit: 'medium-howitzer' }], b: [SECTION], terrain: [house()] });
    put(g, 0, 36, 4); put(g, 1, 36, 30);
    expect(directNeedAt(g, 0, 0, 1, false, 26, 0)).toBe(3); // 26" of 60": no modifier at all
    rig(g, [4, 6, 5]); // hit; 2D6 = 11 hits ≥ 10
    shoot(g, 0, 1, false, 0);
    expect(g.alive[1]).toBe(0);
    expect(g.category[0]).toBe(T_ROUGH);
  });

  it('69–71 one row per shot: AT guns, autocannons and howitzers firing HE at a building use the HE row (dual_purpose_at_building)', () => {
    const units = [{ unit: 'medium-at-gun' }, { unit: 'armoured-car', main: 'light-autocannon' }, { unit: 'medium-howitzer' }];
    const g = makeGame({ a: units, b: [SECTION], terrain: [house()] });
    put(g, 0, 36, 4); put(g, 1, 30, 15); put(g, 2, 42, 4); put(g, 3, 36, 30);
    // Default 'he': no building modifier for any of them (26" of 60" and ~16" of 48": not long).
    expect(directNeedAt(g, 0, 0, 3, false, rangeTo(g, 0, 3), 0)).toBe(3);
    expect(directNeedAt(g, 1, 0, 3, false, rangeTo(g, 1, 3), 0)).toBe(3);
    expect(directNeedAt(g, 2, 0, 3, false, rangeTo(g, 2, 3), 0)).toBe(3);
    rig(g, [3, 3, 3, 3, 3, 1]); // AT gun: hit; HE 1" in a building D3 = 3 hits; damage 3s at pen 1 vs 4+ (no protection); pins 1 + D2 (1)
    shoot(g, 0, 3, false, 0);
    expect(g.models[3]).toBe(7);
    expect(g.pins[3]).toBe(2);
    expect(computePlatoonOdds({ weapon: 'medium-at-gun', range: 26, target: 'regular', cover: 'building' }).outcomes[0].probability).toBeCloseTo(12 / 36, 12);
    // 'heavy': the AT gun and the autocannon take the heavy-weapons row (−2, one hit at their pen, +1 DV); the howitzer has HE only.
    const h = makeGame({ a: units, b: [SECTION], terrain: [house()], rules: { dual_purpose_at_building: 'heavy' } });
    put(h, 0, 36, 4); put(h, 1, 30, 15); put(h, 2, 42, 4); put(h, 3, 36, 30);
    expect(directNeedAt(h, 0, 0, 3, false, rangeTo(h, 0, 3), 0)).toBe(5);
    expect(directNeedAt(h, 1, 0, 3, false, rangeTo(h, 1, 3), 0)).toBe(5);
    expect(directNeedAt(h, 2, 0, 3, false, rangeTo(h, 2, 3), 0)).toBe(3);
    rig(h, [5, 2, 3]); // AT gun: hit; one hit at pen 5 vs 4 + 1 → 2+; 1 pin; (next die would be an HE count)
    shoot(h, 0, 3, false, 0);
    expect(h.models[3]).toBe(9);
    expect(h.pins[3]).toBe(1);
  });

  it('72 a flamethrower ignores the building; on 4+ it burns and R18 the occupants must Run out', () => {
    const g = makeGame({ a: [{ unit: 'flamethrower-team' }], b: [SECTION], terrain: [house()] }, 1, [quiet, quiet]);
    put(g, 0, 36, 25); put(g, 1, 36, 30);
    expect(directNeedAt(g, 0, 0, 1, false, 5, 0)).toBe(3); // point blank +1, long −1: no building modifier
    rig(g, [4, 1, 1, 1, 1, 1, 5, 5]); // hit; 1 hit; no damage; pins +1; morale 1+1; fire 5 ≥ 4
    shoot(g, 0, 1, false, 0);
    expect(g.burning[0]).toBe(1);
    expect(g.mustLeave[1]).toBe(1);
    giveOrder(g, 1, FIRE, 0, 0, -1); // any order: it runs out instead (it stands 3" inside)
    expect(g.inBuilding[1]).toBe(-1);
    expect(g.alive[1]).toBe(1);
  });

  it('73 close quarters into a building: the defenders strike first (Defensive Position), no extra protection', () => {
    const g = makeGame({ a: [{ ...SECTION, men: 5 }], b: [{ ...SECTION, men: 5 }], terrain: [house()] }, 1, [quiet, quiet]);
    put(g, 0, 36, 20); put(g, 1, 36, 28);
    rig(g, [4, 4, 4, 4, 4]); // the defenders' five blows come first: all wound
    assault(g, 0, 1);
    expect(g.alive[0]).toBe(0);
    expect(g.models[1]).toBe(5);
  });

  it('74 bunkers (R18): hard cover −3 and they do not collapse', () => {
    const g = makeGame({ a: [SECTION, { unit: 'heavy-howitzer' }], b: [SECTION], terrain: [house({ bunker: true })] });
    put(g, 0, 36, 15); put(g, 1, 20, 4); put(g, 2, 36, 30);
    expect(directNeedAt(g, 0, 0, 2, false, 15, 0)).toBe(3 + 1 + 3);
    rig(g, [6, 6, 6, 6, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]); // hit; 3D6 = 18 hits, no damage
    shoot(g, 1, 2, false, 0);
    expect(g.category[0]).not.toBe(T_ROUGH);
    expect(g.alive[2]).toBe(1);
  });
});
