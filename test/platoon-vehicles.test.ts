/**
 * Platoon movement and vehicles (digest items 20–24, 29–30, 62–66; R17, R20, R21): rates,
 * pivots, reversing, the terrain table, roads, wrecks, footprints and facing, damage
 * grades and the vehicle damage table.
 */
import { describe, expect, it } from 'vitest';
import { GRADE_FULL, GRADE_MASSIVE, GRADE_NONE, GRADE_SUPERFICIAL, ORDER_LABELS, VD_IMMOBILISED, VD_KNOCKED_OUT, VD_ON_FIRE, VD_STUNNED, vehicleDamageResult, FACE_FRONT, FACE_REAR, FACE_SIDE } from '../engine/rulesets/platoon/data/tables.ts';
import { ARC_Q_FRONT, ARC_Q_REAR, ARC_Q_SIDE, pivotsNeeded, quadrantOf, rectDistance, segmentCircleEntry } from '../engine/geometry/footprint.ts';
import { mayEnter, moveRate, planMove } from '../engine/rulesets/platoon/rules/movement.ts';
import { facingFrom, rangeTo } from '../engine/rulesets/platoon/rules/sight.ts';
import { NO_FIRE, DIRECT } from '../engine/rulesets/platoon/rules/shooting.ts';
import { applyResult, damageGrade, damageVehicle } from '../engine/rulesets/platoon/rules/vehicles.ts';
import { execute } from '../engine/rulesets/platoon/rules/actions.ts';
import { makeGame, put, rig, SECTION, square, slotModeAt } from './platoon-harness.ts';

const DOWN = ORDER_LABELS.indexOf('Down');
const [FIRE, ADVANCE, RUN, AMBUSH] = (['Fire', 'Advance', 'Run', 'Ambush'] as const).map((o) => ORDER_LABELS.indexOf(o));

describe('platoon movement (items 20–24; R20, R21)', () => {
  it('20 rates: infantry 6/12, tracked and half-tracked 9/18, wheeled 12/24; R20 guns 6" and no Run', () => {
    const g = makeGame({ a: [SECTION, { unit: 'light-tank' }, { unit: 'half-track-carrier' }, { unit: 'armoured-car' }, { unit: 'light-at-gun' }], b: [SECTION] });
    expect([0, 1, 2, 3, 4].map((u) => [moveRate(g, u, false), moveRate(g, u, true)])).toEqual([[6, 12], [9, 18], [9, 18], [12, 24], [6, 0]]);
    put(g, 0, 10, 10);
    expect(planMove(g, 0, 10, 40, true)).toBeCloseTo(12, 9);
  });

  it('21 pivots: a tracked vehicle turns 90° once on an Advance and not at all on a Run; wheeled turns twice', () => {
    expect([pivotsNeeded(0, 1, 0, 5), pivotsNeeded(0, 1, 5, 5), pivotsNeeded(0, 1, 5, -5)]).toEqual([0, 1, 2]);
    const g = makeGame({ a: [{ unit: 'light-tank' }, { unit: 'soft-skin-truck' }], b: [SECTION] });
    put(g, 0, 36, 20); put(g, 1, 20, 20);
    planMove(g, 0, 46, 20, false); // square to the right: one quarter turn, to +x
    expect(g.tmp[0]).toBeCloseTo(1, 12);
    expect(g.tmp[2]).toBeCloseTo(45, 9);
    planMove(g, 0, 46, 10, false); // behind: two quarter turns needed, so it reverses (item 22)
    expect([g.tmp[0], g.tmp[1], g.tmp[3]]).toEqual([0, 1, 15.5]);
    planMove(g, 0, 46, 30, true); // on a Run: no pivot, straight ahead (as far as the destination is)
    expect(g.tmp[2]).toBe(36);
    expect(g.tmp[3]).toBeCloseTo(20 + Math.hypot(10, 10), 9);
    planMove(g, 1, 12, 14, false); // wheeled: two pivots suffice to face it
    expect(Math.hypot(g.tmp[2] - 12, g.tmp[3] - 14)).toBeCloseTo(0, 9);
  });

  it('22 reversing: straight back at half the Advance rate; a recce vehicle at full rate keeping its facing', () => {
    const g = makeGame({ a: [{ unit: 'light-tank' }, { unit: 'armoured-car' }], b: [SECTION] });
    put(g, 0, 36, 30); put(g, 1, 20, 30);
    expect(planMove(g, 0, 36, 10, false)).toBeCloseTo(4.5, 9);
    expect([g.tmp[0], g.tmp[1]]).toEqual([0, 1]); // still facing forward
    expect(planMove(g, 1, 20, 10, false)).toBeCloseTo(12, 9);
    expect([g.tmp[0], g.tmp[1]]).toEqual([0, 1]);
  });

  it('23–24 the terrain table: No Run, No, OK* (anti-tank), No(!) for buildings; R20 half-tracks No over obstacles', () => {
    const terrain = [
      square(10, 10, 2, { category: 'rough' }), square(20, 10, 2, { category: 'obstacle' }), square(30, 10, 2, { category: 'obstacle', anti_tank: true }),
      square(40, 10, 2, { category: 'building' }), square(50, 10, 2, { category: 'road' }),
    ];
    const g = makeGame({ a: [SECTION, { unit: 'light-at-gun' }, { unit: 'soft-skin-truck' }, { unit: 'half-track-carrier' }, { unit: 'light-tank' }], b: [SECTION], terrain });
    const table = [0, 1, 2, 3, 4].map((u) => [0, 1, 2, 3, 4].map((p) => `${mayEnter(g, u, p, false) ? 'A' : '-'}${mayEnter(g, u, p, true) ? 'R' : '-'}`).join(' '));
    expect(table).toEqual([
      'A- A- A- AR AR', // infantry: rough and obstacles No Run; buildings and roads OK
      '-- -- -- -- AR', // artillery: No* / No / No* (no Run anywhere: rates)
      '-- -- -- -- AR', // wheeled
      'A- -- -- -- AR', // half-track: Tracked column, obstacles No (R20)
      'A- AR -- -- AR', // tracked: OK* stops at an anti-tank obstacle; buildings No(!)
    ]);
    put(g, 0, 10, 4);
    expect(planMove(g, 0, 10, 16, true)).toBeLessThan(4); // a Run stops at the rough ground's edge
    expect(planMove(g, 0, 10, 16, false)).toBeCloseTo(6, 9);
  });

  it('R21 a road doubles a vehicle\'s rate only when the whole move lies on it', () => {
    const g = makeGame({ a: [{ unit: 'soft-skin-truck' }], b: [SECTION], terrain: [{ polygon: [[34, 0], [38, 0], [38, 48], [34, 48]], category: 'road' }] });
    put(g, 0, 36, 2);
    expect(planMove(g, 0, 36, 40, false)).toBeCloseTo(24, 9);
    put(g, 0, 30, 2);
    expect(planMove(g, 0, 30, 40, false)).toBeCloseTo(12, 9);
  });

  it('64 an immobilised vehicle cannot move; 66 wrecks are impassable', () => {
    const g = makeGame({ a: [{ unit: 'light-tank' }, { unit: 'light-tank' }], b: [SECTION] });
    put(g, 0, 36, 10); put(g, 1, 36, 16);
    g.alive[1] = 0; // a wreck 6" ahead
    expect(planMove(g, 0, 36, 30, false)).toBeLessThan(6 - 2.25 - 1.25 + 0.01);
    g.immobilised[0] = 1;
    expect(planMove(g, 0, 20, 10, false)).toBe(0);
    expect(segmentCircleEntry(0, 0, 10, 0, 5, 0, 1)).toBeCloseTo(0.4, 12);
  });
});

describe('platoon vehicles (items 29–30, 62–66; R17)', () => {
  it('R17 facing by 90° quadrants from the centre and heading; range is measured to the footprint', () => {
    expect([quadrantOf(0, 0, 0, 1, 1, 5), quadrantOf(0, 0, 0, 1, 5, 1), quadrantOf(0, 0, 0, 1, -1, -5)]).toEqual([ARC_Q_FRONT, ARC_Q_SIDE, ARC_Q_REAR]);
    expect(rectDistance(0, 0, 0, 1, 6, 3, 0, 10)).toBeCloseTo(7, 12);
    expect(rectDistance(0, 0, 0, 1, 6, 3, 4.5, 7)).toBeCloseTo(5, 12);
    const g = makeGame({ a: [SECTION], b: [{ unit: 'medium-tank' }] });
    put(g, 1, 36, 24); put(g, 0, 36, 14);
    expect(facingFrom(g, 1, g.x[0], g.y[0])).toBe(FACE_REAR);
    expect(rangeTo(g, 0, 1)).toBeCloseTo(10 - 2.75, 12);
    put(g, 0, 46, 24); expect(facingFrom(g, 1, 46, 24)).toBe(FACE_SIDE);
    put(g, 0, 36, 34); expect(facingFrom(g, 1, 36, 34)).toBe(FACE_FRONT);
  });

  it('62 grades (R17): full at the damage value, superficial one below or for HE, massive 3 above; a 1 never', () => {
    expect(damageGrade(4, 9, 9, false, 1, 3)).toBe(GRADE_FULL);
    expect(damageGrade(3, 8, 9, false, 1, 3)).toBe(GRADE_SUPERFICIAL);
    expect(damageGrade(2, 7, 9, false, 1, 3)).toBe(GRADE_NONE);
    expect(damageGrade(2, 7, 9, true, 1, 3)).toBe(GRADE_SUPERFICIAL);
    expect(damageGrade(6, 12, 9, false, 1, 3)).toBe(GRADE_MASSIVE);
    expect(damageGrade(1, 12, 9, false, 1, 3)).toBe(GRADE_NONE);
    expect([0, 1, 2, 3, 4, 5, 6, 7].map(vehicleDamageResult)).toEqual([VD_STUNNED, VD_STUNNED, VD_IMMOBILISED, VD_ON_FIRE, VD_KNOCKED_OUT, VD_KNOCKED_OUT, VD_KNOCKED_OUT, VD_KNOCKED_OUT]);
  });

  it('63 Crew Stunned: +1 pin, Down, turret jam on a 1 (the turret then fires only ahead)', () => {
    const g = makeGame({ a: [{ unit: 'light-tank' }], b: [SECTION] });
    put(g, 0, 36, 20); put(g, 1, 36, 10);
    g.dieInBag[0] = 1;
    rig(g, [1]);
    applyResult(g, 0, VD_STUNNED, -1);
    expect([g.pins[0], g.order[0], g.turretJammed[0]]).toEqual([1, DOWN, 1]);
    expect(slotModeAt(g, 0, 0, 1, false, true, 10)).toBe(NO_FIRE); // behind it
    put(g, 1, 36, 30);
    expect(slotModeAt(g, 0, 0, 1, false, true, 10)).toBe(DIRECT);
  });

  it('64 Immobilised: +1 pin; an acted vehicle turns Down; a second one knocks it out', () => {
    const g = makeGame({ a: [{ unit: 'armoured-car' }], b: [SECTION] });
    g.order[0] = 2;
    rig(g, [6, 6]);
    applyResult(g, 0, VD_IMMOBILISED, -1);
    expect([g.pins[0], g.immobilised[0], g.order[0], g.alive[0]]).toEqual([1, 1, DOWN, 1]);
    applyResult(g, 0, VD_IMMOBILISED, -1);
    expect(g.alive[0]).toBe(0);
  });

  it('65 On Fire: +1 pin and a morale check: a pass halts it (Down), a fail knocks it out', () => {
    const g = makeGame({ a: [{ unit: 'armoured-car' }, { unit: 'armoured-car' }], b: [SECTION] });
    rig(g, [4, 4, 6]); // 8 ≤ 9 − 1: put out; turret jam roll 6
    applyResult(g, 0, VD_ON_FIRE, -1);
    expect([g.alive[0], g.order[0], g.pins[0]]).toEqual([1, DOWN, 1]);
    rig(g, [5, 4]);
    applyResult(g, 1, VD_ON_FIRE, -1);
    expect(g.alive[1]).toBe(0);
  });

  it('66 Knocked Out destroys it; 62 superficial rolls D6−3, massive applies two results, open-topped +1 from indirect fire', () => {
    const g = makeGame({ a: [{ unit: 'medium-tank' }, { unit: 'medium-tank' }, { unit: 'soft-skin-truck' }], b: [SECTION] });
    rig(g, [6, 6]); // superficial: 6 − 3 = 3, On Fire, test 6+6 fails
    damageVehicle(g, 0, GRADE_SUPERFICIAL, 0, -1);
    expect(g.alive[0]).toBe(0);
    rig(g, [2, 6, 2]); // massive: immobilised (jam roll 6), immobilised again → abandoned
    damageVehicle(g, 1, GRADE_MASSIVE, 0, -1);
    expect(g.alive[1]).toBe(0);
    rig(g, [3]); // full, open-topped under indirect fire: 3 + 1 = 4 → knocked out
    damageVehicle(g, 2, GRADE_FULL, 1, -1);
    expect(g.alive[2]).toBe(0);
    const t = g.tally;
    expect(t.acc[t.offset('losses') + 4]).toBe(3);
  });

  it('R17 a vehicle takes 1 pin per damaging hit plus the table\'s pin', () => {
    const g = makeGame({ a: [{ unit: 'heavy-tank' }], b: [SECTION] });
    g.dieInBag[0] = 1;
    rig(g, [4, 3]); // superficial 4 − 3 = 1: stunned; jam roll 3
    damageVehicle(g, 0, GRADE_SUPERFICIAL, 0, -1);
    expect(g.pins[0]).toBe(2);
  });
});

describe('platoon vehicles halted by ambush fire (items 8, 63–65; R5)', () => {
  // A light tank (DV 8) advances 9" from (36, 4) toward (36, 40); a medium AT gun (pen 5)
  // on Ambush at (36, 30) fires at the 4th point sampled along its path (R5: every 1", both ends; a Fire: its one point). Dice: 6 hits,
  // damage 3 (3 + 5 = 8: full), then the table roll, then the turret-jam roll (6: none).
  const play = (order: number, table: number | null) => {
    let asked = 0;
    const g = makeGame({ a: [{ unit: 'light-tank' }], b: [{ unit: 'medium-at-gun' }] }, 1, [{ target: () => { asked++; return -1; } }, { ambushPoint: (_g, _a, _m, n) => Math.min(3, n - 1) }]);
    put(g, 0, 36, 4); put(g, 1, 36, 30, 0, -1);
    g.order[1] = AMBUSH;
    rig(g, table === null ? [2] : [6, 3, table, 6]); // null: a miss (2 < the gun's need)
    execute(g, 0, order, 36, 40, -1);
    return { g, asked };
  };

  it('8 63 64 R5 a vehicle stunned or immobilised by ambush fire stops where it was hit and takes no further action (no move on, no fire)', () => {
    const missed = play(ADVANCE, null);
    expect(missed.g.y[0]).toBeCloseTo(13, 9); // the full 9" move, then it looks for a target
    expect(missed.asked).toBe(1);
    for (const table of [1, 2]) { // 1 Crew Stunned, 2 Immobilised: both turn its die to Down
      const { g, asked } = play(ADVANCE, table);
      expect([g.alive[0], g.order[0], g.immobilised[0]]).toEqual([1, DOWN, table === 2 ? 1 : 0]);
      expect(g.y[0]).toBeCloseTo(4 + (3 * 9) / 10, 9); // halted at the ambush point (11 points on 9")
      expect(asked).toBe(0); // the Advance's fire is not taken
    }
    const run = play(RUN, 1);
    expect(run.g.order[0]).toBe(DOWN);
    expect(run.g.y[0]).toBeCloseTo(4 + (3 * 18) / 19, 9); // an 18" Run: 20 points, the 4th 3/19 of the way
    const fire = play(FIRE, 1); // a Fire order interrupted by a stun: its die is Down, no fire
    expect([fire.g.order[0], fire.asked]).toEqual([DOWN, 0]);
  });
});
