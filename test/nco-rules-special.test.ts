/**
 * NCO special actions (digest items 29–32, 74; R5, R8): Focus Fire, Mend A and B,
 * Idealist, and Ambush (setting it, the interrupt on an enemy move, the die it uses).
 *
 * Ambush geometry: the enemy ambusher at (10, 25); the mover Runs from (5, 10) to (15, 10).
 * The path is sampled every 1" (R5) and the engine stops the mover at the visible sample
 * nearest the ambusher, (10, 10): 14" edge to edge. A rifle Sergeant at full psyche hits
 * on 2+ there; the dice are: to-hit, then the wound roll.
 */
import { describe, expect, it } from 'vitest';
import { assault } from '../engine/rulesets/nco/rules/assault.ts';
import { kill } from '../engine/rulesets/nco/rules/damage.ts';
import { moveSoldier } from '../engine/rulesets/nco/rules/movement.ts';
import { fireAt } from '../engine/rulesets/nco/rules/shooting.ts';
import { W_RIFLE } from '../engine/rulesets/nco/data/weapons.ts';
import { chooseSpecial } from '../engine/rulesets/nco/policy/orders.ts';
import { executeSpecial, qualifiesForSpecial } from '../engine/rulesets/nco/rules/special.ts';
import {
  O_ASSAULT, O_DOWN, O_FIRE, O_HOLD, O_NONE, O_RUN, PHASE_SPECIAL, SA_AMBUSH, SA_FOCUS_FIRE, SA_MEND,
} from '../engine/rulesets/nco/rules/state.ts';
import { build, dice, place, rect, seedForFaces, setOrder, type BuildOptions } from './nco-harness.ts';
import { AC_FOCUS_FIRE, AC_MEND } from '../engine/rulesets/nco/data/counters.ts';

describe('items 29, 31, 74: Focus Fire and Mend', () => {
  it('item 29: a Focus Fire special action ignores the target\'s cover and Down (hits on 3 where Fire needs 5)', () => {
    const results: number[] = [];
    for (const action of [SA_FOCUS_FIRE, -1]) {
      const h = build({ terrain: [rect(8, 18, 12, 22, { name: 'crater', cover: true })] });
      const g = h.g, T = h.b0 + 1;
      place(g, 0, 10, 4);
      place(g, 1, 30, 2);
      place(g, h.b0, 30, 34);
      place(g, T, 10, 20); // inside the crater, 15" away
      for (let i = 0; i < g.n; i++) setOrder(g, i, O_DOWN);
      g.down[T] = 1;
      g.psyche[0] = 5;
      g.health[T] = g.psyche[T] = 10;
      dice(g, seedForFaces([3, 1]));
      if (action === SA_FOCUS_FIRE) executeSpecial(g, 0, SA_FOCUS_FIRE);
      else fireAt(g, 0, T, W_RIFLE, 0); // the same shot as a plain Fire: 3 +1 cover +1 Down = 5+
      results.push(10 - g.psyche[T]);
    }
    expect(results).toEqual([1, 0]);
  });
  it('items 29, 31: a Focus Fire that finds no target Mends instead and is counted once, as a Mend', () => {
    const h = build({ terrain: [rect(0, 17, 36, 19, { obscuring: true, impassable: true, height: 6 })] });
    const g = h.g;
    place(g, 0, 10, 4);
    place(g, h.b0, 10, 34); // behind the wall: nothing to shoot
    g.health[0] = 4;
    executeSpecial(g, 0, SA_FOCUS_FIRE);
    expect(g.health[0]).toBe(5); // Mend A
    expect([g.count.actions.get(0, AC_FOCUS_FIRE), g.count.actions.get(0, AC_MEND)]).toEqual([0, 1]); // focus-fire, mend counters of side 0
  });
  it('item 31: Mend A: +1 health and +1 psyche to himself (no friend nearby)', () => {
    const { g } = build();
    g.health[0] = 4;
    g.psyche[0] = 5;
    executeSpecial(g, 0, SA_MEND);
    expect([g.health[0], g.psyche[0]]).toEqual([5, 6]);
  });
  it('item 31: Mend B: +1 psyche to himself and +2 psyche to a friend within 3"', () => {
    const { g } = build();
    place(g, 0, 10, 10);
    place(g, 1, 14, 10); // 3" edge to edge
    g.psyche[0] = 4;
    g.psyche[1] = 1;
    executeSpecial(g, 0, SA_MEND);
    expect([g.health[0], g.psyche[0], g.psyche[1]]).toEqual([6, 5, 3]);
    const far = build();
    place(far.g, 0, 10, 10);
    place(far.g, 1, 14.5, 10); // 3.5": out of reach, so Mend A
    far.g.psyche[0] = 4;
    far.g.health[0] = 5;
    far.g.psyche[1] = 1;
    executeSpecial(far.g, 0, SA_MEND);
    expect([far.g.health[0], far.g.psyche[0], far.g.psyche[1]]).toEqual([6, 5, 1]);
  });
  it('item 74: Idealist: Mend restores all his psyche and nothing else', () => {
    // (the Political Officer has Idealist built in, but also Natural Leader, which compileNco refuses for now)
    const { g } = build({ a: [{ type: 'sergeant' }, { type: 'corporal', skills: ['idealist'] }] });
    place(g, 1, 10, 10);
    place(g, 0, 12, 10); // a friend within 3" who misses psyche: Idealist still only heals himself
    g.psyche[0] = 2;
    g.health[1] = 2;
    g.psyche[1] = 1;
    executeSpecial(g, 1, SA_MEND);
    expect([g.health[1], g.psyche[1], g.psyche[0]]).toEqual([2, 5, 2]);
  });
});

/** Side A: Sergeant, mover (Private 1), bystander (Private 2). Side B: Sergeant (the ambusher by default), `bx`. */
function ambushSetup(opts: BuildOptions & { ambusherOffset?: number } = {}) {
  const h = build({ a: [{ type: 'sergeant' }, { type: 'private', count: 2 }], ...opts });
  const g = h.g;
  const M = 1, A = h.b0 + (opts.ambusherOffset ?? 0);
  for (let i = 0; i < g.n; i++) place(g, i, 30, i < h.b0 ? 2 : 34);
  place(g, 0, 2, 2);
  place(g, 2, 34, 2);
  place(g, M, 5, 10);
  place(g, A, 10, 25);
  setOrder(g, M, O_RUN);
  g.ambush[A] = 1;
  g.ambushers[1] = 1;
  g.down[A] = 1;
  g.table.setPoint(g.sp + 3, 15, 10);
  return { ...h, M, A, dest: g.sp + 3 };
}

describe('item 32 / R5: Ambush', () => {
  it('item 32: the Ambush action puts a token out for this turn and the next; he counts as Down and is busy', () => {
    const { g } = build({ a: [{ type: 'sergeant' }, { type: 'corporal' }] });
    setOrder(g, 1, O_DOWN);
    g.phase = PHASE_SPECIAL;
    executeSpecial(g, 1, SA_AMBUSH);
    expect([g.ambush[1], g.ambushers[0], g.down[1]]).toEqual([2, 1, 1]);
    expect(qualifiesForSpecial(g, 1)).toBe(false);
    const p = build({ rules: { ambush_persists_turns: 0 } });
    executeSpecial(p.g, 0, SA_AMBUSH);
    expect(p.g.ambush[0]).toBe(1);
  });
  it('item 32: an enemy Run in his LOS is stopped at the trigger point; a hit cancels it and makes the order Down', () => {
    const { g, M, A, dest } = ambushSetup();
    const dice1 = g.unordered[1];
    dice(g, seedForFaces([4, 1])); // hit (2+), Graze
    expect((g.router.arg[0] = 0, moveSoldier(g, M, dest, 10, true))).toBe(false);
    expect([g.table.px[M], g.table.py[M]]).toEqual([10, 10]);
    expect([g.order[M], g.down[M], g.psyche[M]]).toEqual([O_DOWN, 1, 2]);
    // R5: triggering in the Order phase uses the ambusher's die; the token is gone, he stands up.
    expect([g.order[A], g.unordered[1], g.ambush[A], g.ambushers[1], g.down[A]]).toEqual([O_FIRE, dice1 - 1, 0, 0, 0]);
  });
  it('item 32: a miss lets the move finish (decision beyond the digest)', () => {
    const { g, M, dest } = ambushSetup();
    dice(g, seedForFaces([1]));
    expect((g.router.arg[0] = 0, moveSoldier(g, M, dest, 10, true))).toBe(true);
    expect(g.table.px[M]).toBeCloseTo(15, 9);
    expect([g.order[M], g.down[M]]).toEqual([O_RUN, 0]);
  });
  it('R5: the path is sampled every ambush_path_step_in inches; the sample nearest the ambusher is the stop', () => {
    const { g, M, dest } = ambushSetup({ rules: { ambush_path_step_in: 4 } }); // samples x = 5, 8.33, 11.67, 15
    dice(g, seedForFaces([4, 1]));
    (g.router.arg[0] = 0, moveSoldier(g, M, dest, 10, true));
    expect(g.table.px[M]).toBeCloseTo(5 + 10 / 3, 9);
  });
  it('item 32 / R5: no trigger without LOS to any point of the path, or out of range', () => {
    const wall = ambushSetup({ terrain: [rect(0, 14, 36, 16, { name: 'hedge', obscuring: true })] });
    wall.g.rng.seed(1);
    const before = Array.from(wall.g.rng.s);
    expect((wall.g.router.arg[0] = 0, moveSoldier(wall.g, wall.M, wall.dest, 10, true))).toBe(true);
    expect([wall.g.ambush[wall.A], wall.g.order[wall.A]]).toEqual([1, O_NONE]);
    expect(Array.from(wall.g.rng.s)).toEqual(before);
    const far = ambushSetup();
    place(far.g, far.A, 10, 32); // 21" edge to edge from the nearest sample: beyond 20"
    expect((far.g.router.arg[0] = 0, moveSoldier(far.g, far.M, far.dest, 10, true))).toBe(true);
    expect(far.g.ambush[far.A]).toBe(1);
  });
  it('R5: in the Order phase an ambusher who already used his die cannot trigger; a held die (O_HOLD) still can, at no cost', () => {
    const used = ambushSetup();
    setOrder(used.g, used.A, O_FIRE);
    expect((used.g.router.arg[0] = 0, moveSoldier(used.g, used.M, used.dest, 10, true))).toBe(true);
    expect(used.g.ambush[used.A]).toBe(1);
    const held = ambushSetup();
    setOrder(held.g, held.A, O_HOLD);
    const dice1 = held.g.unordered[1];
    dice(held.g, seedForFaces([4, 1]));
    expect((held.g.router.arg[0] = 0, moveSoldier(held.g, held.M, held.dest, 10, true))).toBe(false);
    expect([held.g.order[held.A], held.g.unordered[1], held.g.ambush[held.A]]).toEqual([O_HOLD, dice1, 0]);
  });
  it('R5: in the Special phase the ambusher triggers without a die', () => {
    const { g, M, A, dest } = ambushSetup();
    for (let i = 0; i < g.n; i++) if (i !== M) setOrder(g, i, O_DOWN);
    g.down[A] = 1;
    g.phase = PHASE_SPECIAL;
    dice(g, seedForFaces([4, 1]));
    expect((g.router.arg[0] = 0, moveSoldier(g, M, dest, 10, true))).toBe(false);
    expect([g.order[A], g.ambush[A]]).toEqual([O_DOWN, 0]);
  });
  it('R5: an Ambush set in the last turn has no effect, so the policies never set one then', () => {
    let ambushes = 0;
    for (const turn of [5, 6]) {
      for (let k = 1; k <= 300; k++) {
        const h = build({ a: [{ type: 'sergeant' }, { type: 'corporal' }], policies: [k % 2 ? 'random' : 'cautious', 'aggressive'], seed: k });
        const g = h.g;
        g.turn = turn;
        g.phase = PHASE_SPECIAL;
        for (let i = 0; i < g.n; i++) setOrder(g, i, O_DOWN);
        chooseSpecial(g, 0);
        if (g.pickOrder === SA_AMBUSH) {
          expect(turn).toBe(5);
          ambushes++;
        }
      }
    }
    expect(ambushes).toBeGreaterThan(0);
  });
  // Regression test for bug B3 (docs/rules/nco.md), fixed: ambushCheck counted hits on bystanders as hits on the mover.
  it('item 32: an LMG ambush that misses the mover but hits a bystander does not cancel the move', () => {
    const h = ambushSetup({ b: [{ type: 'sergeant' }, { type: 'veteran-lance-corporal', primary: 'lmg' }], ambusherOffset: 1 });
    const { g, M, dest } = h;
    place(g, 2, 11.5, 10); // bystander next to the stop point
    setOrder(g, 2, O_DOWN);
    // LMG: 3+ (−1 as Cover Fire, +1 full psyche). Mover's two dice 1, 2: missed; bystander 5, 1: one hit.
    dice(g, seedForFaces([1, 2, 5, 1, 1]));
    (g.router.arg[0] = 0, moveSoldier(g, M, dest, 10, true));
    expect(g.psyche[2]).toBe(2); // the bystander was grazed
    expect(g.table.px[M]).toBeCloseTo(15, 9);
    expect(g.order[M]).toBe(O_RUN);
  });
  // Regression test for bug B4 (docs/rules/nco.md), fixed: a response Fire did not end the responder's Ambush.
  it('item 32: an ambusher who uses his die to fire at a charger has given a new order: his Ambush ends', () => {
    const h = build({ a: [{ type: 'sergeant' }, { type: 'corporal' }] });
    const g = h.g, C = 1, A = h.b0 + 1;
    place(g, C, 10, 4);
    place(g, A, 10, 20);
    g.ambush[A] = 1;
    g.ambushers[1] = 1;
    g.down[A] = 1;
    setOrder(g, C, O_ASSAULT);
    dice(g, seedForFaces([1]));
    expect(assault(g, C, A, 10, false)).toBe(false); // 15" away: falls short after the response
    expect(g.order[A]).toBe(O_FIRE);
    expect([g.ambush[A], g.ambushers[1], g.down[A]]).toEqual([0, 0, 0]);
  });
});

describe('Ambush bookkeeping', () => {
  // Regression test for bug B5 (docs/rules/nco.md), fixed: kill() did not decrement g.ambushers.
  it('R5: killing an ambusher removes his token from the side\'s count', () => {
    const { g, A } = ambushSetup();
    kill(g, A, 1);
    expect([g.ambush[A], g.ambushers[1]]).toEqual([0, 0]);
  });
});
