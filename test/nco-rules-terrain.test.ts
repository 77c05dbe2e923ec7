/**
 * NCO terrain as the rules engine uses it (digest items 37, 38, 66–70; R1, R2): who can be
 * targeted, when a target counts as in cover, difficult ground for Run/Assault, climbing
 * onto high ground. The geometry itself (LOS clipping, routing) is tested in
 * test/geometry.test.ts; these tests go through the NCO functions that call it.
 */
import { describe, expect, it } from 'vitest';
import { assault } from '../engine/rulesets/nco/rules/assault.ts';
import { executeOrder } from '../engine/rulesets/nco/rules/orders.ts';
import { chooseOrder } from '../engine/rulesets/nco/policy/orders.ts';
import { targetInCover, toHitNumber } from '../engine/rulesets/nco/rules/shooting.ts';
import { O_ADVANCE, O_ASSAULT, O_DOWN, O_FIRE, O_RUN } from '../engine/rulesets/nco/rules/state.ts';
import { W_RIFLE } from '../engine/rulesets/nco/data/weapons.ts';
import { build, place, rect, setOrder, type Piece } from './nco-harness.ts';

/** Side A: Sergeant, Corporal (the shooter, index 1). Side B: Sergeant, Private, Private. */
function field(terrain: Piece[]) {
  const h = build({ a: [{ type: 'sergeant' }, { type: 'corporal' }], b: [{ type: 'sergeant' }, { type: 'private', count: 2 }], terrain });
  const g = h.g;
  setOrder(g, 0, O_DOWN);
  place(g, 0, 34, 2);
  place(g, 1, 10, 4);
  place(g, h.b0, 34, 34);
  place(g, h.b0 + 1, 10, 20);
  place(g, h.b0 + 2, 28, 34);
  g.psyche[1] = 4; // no full-psyche bonus
  return { ...h, S: 1, T: h.b0 + 1, U: h.b0 + 2 };
}

const BLOCK = rect(6, 10, 14, 12, { name: 'house', obscuring: true, impassable: true, height: 6 });

describe('items 37, 66, 67: line of sight and full cover', () => {
  it('items 66, 67: a model completely behind obscuring terrain is out of LOS and is never chosen as a target', () => {
    const { g, S, T, U } = field([BLOCK]);
    expect(g.los(S, T)).toBe(false);
    place(g, U, 24, 18); // visible, in range
    chooseOrder(g, 0);
    expect([g.pick, g.pickOrder, g.pickTarget]).toEqual([S, O_FIRE, U]);
    place(g, U, 12, 24); // now hidden too: no Fire at anyone
    chooseOrder(g, 0);
    expect(g.pickOrder).not.toBe(O_FIRE);
    expect(g.pickTarget).not.toBe(T);
  });
  it('item 37: a hidden model caught by Cover Fire counts that terrain as cover (−1)', () => {
    const { g, S, T } = field([BLOCK]);
    expect(targetInCover(g, S, T)).toBe(true);
    expect(toHitNumber(g, S, T, W_RIFLE, 0, true, targetInCover(g, S, T))).toBe(3 + 2 + 1);
  });
  it('items 37, 66 / R6: a hidden enemy within charge reach is never assaulted by the policy', () => {
    const { g, S, T } = field([rect(9, 7, 11, 9, { name: 'pillar', obscuring: true, impassable: true, height: 6 })]);
    place(g, T, 10, 11);
    expect(g.los(S, T)).toBe(false);
    for (let k = 0; k < 5; k++) {
      chooseOrder(g, 0);
      expect(g.pickOrder === O_ASSAULT && g.pickTarget === T).toBe(false);
    }
    place(g, T, 13, 9); // step out from behind the pillar: now he is charged
    chooseOrder(g, 0);
    expect([g.pickOrder, g.pickTarget]).toEqual([O_ASSAULT, T]);
  });
  it('R1: a model inside obscuring terrain within 1" of the edge it looks through sees and is seen', () => {
    const wood = rect(6, 14, 14, 22, { name: 'thick wood', obscuring: true, cover: true });
    const { g, S, T } = field([wood]);
    place(g, T, 10, 14.8); // 0.8" inside the wood's near edge
    expect(g.los(S, T)).toBe(true);
    expect(targetInCover(g, S, T)).toBe(true);
    place(g, T, 10, 16); // 2" deep: hidden
    expect(g.los(S, T)).toBe(false);
  });
});

describe('items 38, 68: cover', () => {
  it('item 68: a target inside cover terrain is in cover (−1)', () => {
    const { g, S, T } = field([rect(8, 18, 12, 22, { name: 'crater', cover: true })]);
    expect(targetInCover(g, S, T)).toBe(true);
    expect(toHitNumber(g, S, T, W_RIFLE, 0, false, targetInCover(g, S, T))).toBe(4);
  });
  it('item 68 / R1: cover crossed within 2" of the target counts; further away it does not', () => {
    const wall = [rect(4, 17, 16, 17.5, { name: 'low wall', cover: true, height: 1 })];
    const { g, S, T } = field(wall);
    place(g, T, 10, 19.4); // 1.9" beyond the wall
    expect(targetInCover(g, S, T)).toBe(true);
    place(g, T, 10, 19.6); // 2.1" beyond
    expect(targetInCover(g, S, T)).toBe(false);
  });
  it('item 38: another model in the line of fire, friend or foe, gives cover', () => {
    const { g, S, T, U } = field([]);
    expect(targetInCover(g, S, T)).toBe(false);
    place(g, U, 10.3, 12); // an enemy between
    expect(targetInCover(g, S, T)).toBe(true);
    place(g, U, 28, 34);
    place(g, 0, 9.7, 14); // the shooter's own Sergeant between
    expect(targetInCover(g, S, T)).toBe(true);
    place(g, 0, 11.2, 14); // 1.2" off the line: the bases do not touch it
    expect(targetInCover(g, S, T)).toBe(false);
  });
});

describe('items 69, 70 / R2: difficult ground and high ground', () => {
  const BAND = rect(0, 10, 36, 14, { name: 'river', difficult: true });
  it('item 69: no Run across difficult ground (the engine then does not move him at all)', () => {
    const { g, S } = field([BAND]);
    g.table.setPoint(g.sp + 3, 10, 18);
    g.pickDest = g.sp + 3;
    executeOrder(g, S, O_RUN);
    expect([g.table.px[S], g.table.py[S]]).toEqual([10, 4]);
  });
  it('item 69: a normal move (Advance) may enter difficult ground', () => {
    const { g, S } = field([BAND]);
    g.table.setPoint(g.sp + 3, 10, 18);
    g.pickDest = g.sp + 3;
    executeOrder(g, S, O_ADVANCE);
    expect(g.table.py[S]).toBeCloseTo(9, 9);
    g.order[S] = 0;
    g.unordered[0]++;
    g.moved[S] = 0;
    executeOrder(g, S, O_ADVANCE);
    expect(g.table.py[S]).toBeCloseTo(14, 9);
  });
  it('item 69: no Assault across difficult ground: no move, no close combat', () => {
    const { g, S, T } = field([BAND]);
    place(g, T, 10, 15);
    setOrder(g, T, O_DOWN);
    setOrder(g, S, O_ASSAULT);
    expect(assault(g, S, T, 10, false)).toBe(false);
    expect([g.table.py[S], g.alive[T]]).toEqual([4, 1]);
  });
  it('items 27, 70 / R2: climbing onto a 4" hill needs a Run (vertical inches count); then he has high ground (+1)', () => {
    const hill = [rect(6, 8, 14, 14, { name: 'hill', height: 4 })];
    const run = field(hill);
    run.g.table.setPoint(run.g.sp + 3, 10, 9);
    run.g.pickDest = run.g.sp + 3;
    executeOrder(run.g, run.S, O_RUN);
    expect(run.g.table.py[run.S]).toBeCloseTo(9, 9); // 4" walk + 4" climb + 1" = 9 of his 10
    expect(run.g.elevC[run.S]).toBe(4);
    place(run.g, run.T, 10, 25); // 15" away, on the ground
    run.g.moved[run.S] = 0;
    expect(toHitNumber(run.g, run.S, run.T, W_RIFLE, 0, false, false)).toBe(2);
    const walk = field(hill);
    walk.g.table.setPoint(walk.g.sp + 3, 10, 9);
    walk.g.pickDest = walk.g.sp + 3;
    executeOrder(walk.g, walk.S, O_ADVANCE);
    expect(walk.g.table.py[walk.S]).toBeLessThan(8); // stopped at the foot
    expect(walk.g.elevC[walk.S]).toBe(0);
  });
});
