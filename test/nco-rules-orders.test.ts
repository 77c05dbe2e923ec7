/**
 * NCO orders (digest items 16, 19–25, 28, 58, 71, 78, 79): what each order face does when
 * executed, reactive Down, Rally, Cover Fire, and which orders the policies may give.
 *
 * Dice: the executed orders below draw only D6s (to-hit, wound, rally), in that order, so
 * `seedForFaces` predicts them. Both sides use the aggressive policy (it draws no dice for
 * its decisions and never takes a reactive Down) unless a test says otherwise.
 */
import { describe, expect, it } from 'vitest';
import { chooseOrder } from '../engine/rulesets/nco/policy/orders.ts';
import { executeOrder, rallyAmount } from '../engine/rulesets/nco/rules/orders.ts';
import { fireAt } from '../engine/rulesets/nco/rules/shooting.ts';
import { qualifiesForSpecial } from '../engine/rulesets/nco/rules/special.ts';
import {
  O_ADVANCE, O_ASSAULT, O_COVER_FIRE, O_DOWN, O_FIRE, O_HOLD, O_NONE, O_RALLY, O_RUN, SA_MEND,
} from '../engine/rulesets/nco/rules/state.ts';
import { W_FLAMER, W_LMG, W_PISTOL, W_RIFLE } from '../engine/rulesets/nco/data/weapons.ts';
import { assault } from '../engine/rulesets/nco/rules/assault.ts';
import { executeSpecial } from '../engine/rulesets/nco/rules/special.ts';
import { build, dice, place, seedForFaces, setOrder, type BuildOptions } from './nco-harness.ts';
import { AC_REACTIVE_DOWN } from '../engine/rulesets/nco/data/counters.ts';

const CHART: Record<number, [number, number]> = { 1: [0, 1], 2: [0, 2], 3: [0, 2], 4: [2, 1], 5: [2, 1], 6: [3, 2] };

describe('item 16: who qualifies for a special action', () => {
  const h = build({ a: [{ type: 'sergeant' }, { type: 'corporal' }, { type: 'lance-corporal' }, { type: 'veteran-lance-corporal', primary: 'lmg' }] });
  const g = h.g;
  it('item 16: courage ≥ 4 with a Down, Fire or Advance order qualifies; courage 3 never does', () => {
    for (const o of [O_DOWN, O_FIRE, O_ADVANCE, O_NONE]) {
      g.order[1] = o;
      g.order[2] = o;
      expect([qualifiesForSpecial(g, 1), qualifiesForSpecial(g, 2)]).toEqual([true, false]);
    }
  });
  it('item 16: not after a Rally, Cover Fire, Run or Assault order', () => {
    for (const o of [O_RALLY, O_COVER_FIRE, O_RUN, O_ASSAULT]) {
      g.order[1] = o;
      expect(qualifiesForSpecial(g, 1)).toBe(false);
    }
    g.order[1] = O_DOWN;
  });
  it('item 16: a weapon that resolves "as Cover Fire" (LMG Fire order) does not count as a Cover Fire order', () => {
    g.order[3] = O_FIRE;
    expect(qualifiesForSpecial(g, 3)).toBe(true);
  });
  it('items 16, 57: not in breakdown (psyche 0 or broken this turn); current courage counts (courageMod)', () => {
    g.psyche[1] = 0;
    expect(qualifiesForSpecial(g, 1)).toBe(false);
    g.psyche[1] = 3;
    g.brokenNow[1] = 1;
    expect(qualifiesForSpecial(g, 1)).toBe(false);
    g.brokenNow[1] = 0;
    g.courageMod[1] = -1;
    expect(qualifiesForSpecial(g, 1)).toBe(false);
    g.courageMod[1] = 0;
    g.courageMod[2] = 1;
    expect(qualifiesForSpecial(g, 2)).toBe(true);
    g.courageMod[2] = 0;
  });
  it('item 16: rules.special_action_min_courage moves the threshold; a waiting ambusher does not qualify', () => {
    const s = build({ a: [{ type: 'sergeant' }, { type: 'lance-corporal' }], rules: { special_action_min_courage: 3 } });
    expect(qualifiesForSpecial(s.g, 1)).toBe(true);
    s.g.ambush[1] = 1;
    expect(qualifiesForSpecial(s.g, 1)).toBe(false);
  });
});

/**
 * Shooter S = 1 (Corporal, rifle, psyche 4 of 5: no full-psyche bonus; no Inspiring Presence)
 * at (10, 4); the enemy Private T = b0 + 1 at (10, 20), 15" edge to edge: 3+ to hit.
 */
function range15(opts: BuildOptions = {}) {
  const h = build({ a: [{ type: 'sergeant' }, { type: 'corporal' }], ...opts });
  const g = h.g, T = h.b0 + 1;
  place(g, S, 10, 4);
  place(g, 0, 30, 2);
  place(g, h.b0, 30, 34);
  place(g, T, 10, 20);
  g.psyche[S] = 4;
  return { ...h, T };
}
const S = 1;

describe('items 19–25: the six orders', () => {
  it('item 19: Down: no move, no shot, no die drawn; Down until the end of the turn (−1 to be hit)', () => {
    const { g } = range15();
    const before = Array.from(g.rng.s);
    executeOrder(g, S, O_DOWN);
    expect([g.order[S], g.down[S], g.table.px[S], g.table.py[S]]).toEqual([O_DOWN, 1, 10, 4]);
    expect(Array.from(g.rng.s)).toEqual(before);
  });
  it('item 20: a target with no order may take a die and go Down before the to-hit roll (cautious policy)', () => {
    // 3+ to hit; the die shows 3. Without a reactive Down it hits; with it the target needs 4+.
    const k = seedForFaces([3, 1]);
    const results: number[][] = [];
    for (const policy of ['aggressive', 'cautious']) {
      const { g, T } = range15({ policies: ['aggressive', policy] });
      const dice1 = g.unordered[1];
      dice(g, k);
      const hits = fireAt(g, S, T, W_RIFLE, 0);
      results.push([hits, g.order[T], g.down[T], dice1 - g.unordered[1], g.count.actions.get(1, AC_REACTIVE_DOWN)]);
    }
    expect(results).toEqual([[1, O_NONE, 0, 0, 0], [0, O_DOWN, 1, 1, 1]]);
  });
  it('item 20: no reactive Down for a soldier who already has an order', () => {
    const { g, T } = range15({ policies: ['aggressive', 'cautious'] });
    setOrder(g, T, O_FIRE);
    dice(g, seedForFaces([3, 1]));
    expect(fireAt(g, S, T, W_RIFLE, 0)).toBe(1);
    expect([g.order[T], g.down[T]]).toEqual([O_FIRE, 0]);
  });
  it('item 21: Rally table 1 → +1, 2–3 → +2, 4–5 → +3, 6 → +4', () => {
    expect([1, 2, 3, 4, 5, 6].map(rallyAmount)).toEqual([1, 2, 2, 3, 3, 4]);
  });
  it('item 21: a health Rally (policy: the more depleted track) restores the table amount, capped at the maximum', () => {
    for (let f = 1; f <= 6; f++) {
      const { g } = range15();
      g.health[S] = 1;
      dice(g, seedForFaces([f]));
      executeOrder(g, S, O_RALLY);
      expect(g.health[S]).toBe(Math.min(5, 1 + rallyAmount(f)));
      const c = range15();
      c.g.health[S] = 4;
      c.g.psyche[S] = 5;
      dice(c.g, seedForFaces([f]));
      executeOrder(c.g, S, O_RALLY);
      expect(c.g.health[S]).toBe(5);
    }
  });
  it('items 78, 79: Field Medicine health Rally is always +3; Religious Rites psyche Rally always +2', () => {
    const h = build({ a: [{ type: 'sergeant' }, { type: 'medic' }, { type: 'chaplain' }] });
    const g = h.g;
    g.health[1] = 1; // Medic H3: the table's +1 would give 2
    g.psyche[2] = 1; // Chaplain P6: the table's +4 would give 5
    g.mustRally[2] = 1; // forces the psyche choice
    dice(g, seedForFaces([1, 6]));
    executeOrder(g, 1, O_RALLY);
    executeOrder(g, 2, O_RALLY);
    expect([g.health[1], g.psyche[2]]).toEqual([3, 3]);
  });
  it('item 22: Cover Fire hits soldiers within 2" of the point, friend or foe, at −2; hit unordered soldiers go Down', () => {
    // Aim at the enemy Sergeant (10, 20). In the area (centre ≤ 2.5"): enemy Private (11.5, 20),
    // the shooter's own Private (10, 22.4). Outside: enemy Private (10, 22.6).
    let hitIn = [0, 0, 0], hitOut = 0, downOk = 0;
    for (let k = 1; k <= 300; k++) {
      const h = build({ b: [{ type: 'sergeant' }, { type: 'private', count: 2 }] });
      const g = h.g, aim = h.b0, near = h.b0 + 1, far = h.b0 + 2, own = 1;
      place(g, 0, 10, 4);
      place(g, aim, 10, 20);
      place(g, near, 11.5, 20);
      place(g, own, 10, 22.4);
      place(g, far, 10, 22.6);
      setOrder(g, own, O_DOWN);
      const snapshot = () => [aim, near, own, far].map((i) => g.health[i] * 100 + g.psyche[i] + 10000 * g.alive[i]);
      const before = snapshot();
      g.pickTarget = aim;
      g.pickWeapon = W_RIFLE;
      dice(g, k);
      executeOrder(g, 0, O_COVER_FIRE);
      const after = snapshot();
      [aim, near, own].forEach((i, j) => {
        if (after[j] !== before[j]) {
          hitIn[j]++;
          if (g.alive[i] && i !== own) { expect([g.order[i], g.down[i]]).toEqual([O_DOWN, 1]); downOk++; }
        } else if (i !== own) expect(g.order[i]).toBe(O_NONE);
      });
      if (after[3] !== before[3]) hitOut++;
      expect(g.order[own]).toBe(O_DOWN);
    }
    expect(hitIn.every((c) => c > 0)).toBe(true);
    expect(hitOut).toBe(0);
    expect(downOk).toBeGreaterThan(0);
    // −2 at 15": 3 +2 −1 (the Sergeant is at full psyche) = 4+: P(hit) = 1/2 per target.
    expect(hitIn[0] / 300).toBeGreaterThan(0.4);
    expect(hitIn[0] / 300).toBeLessThan(0.6);
  });
  it('item 23: Fire: one weapon at one enemy; one to-hit die (rifle), then one wound roll per hit', () => {
    for (const [hit, wound] of [[3, 4], [2, 6], [6, 1]]) {
      const { g, T, b0 } = range15();
      setOrder(g, T, O_DOWN);
      g.down[T] = 0;
      g.health[T] = g.psyche[T] = 10;
      g.pickTarget = T;
      g.pickWeapon = W_RIFLE;
      dice(g, seedForFaces([hit, wound]));
      executeOrder(g, S, O_FIRE);
      const want = hit >= 3 ? CHART[wound] : [0, 0];
      expect([10 - g.health[T], 10 - g.psyche[T]]).toEqual(want);
      expect([g.health[b0], g.psyche[b0], g.alive[b0]]).toEqual([6, 6, 1]);
    }
  });
  it('item 24: Advance: move up to M (5"), then one shot at −1 for moving', () => {
    const { g, T } = range15();
    setOrder(g, T, O_DOWN);
    g.down[T] = 0;
    g.table.setPoint(g.sp + 3, 30, 4);
    g.pickDest = g.sp + 3;
    g.health[T] = g.psyche[T] = 10;
    // After the move the target is ~16.3" away: 3 + 1 moved = 4+. Die 4 hits, wound 5: −2 h −1 p.
    dice(g, seedForFaces([4, 5]));
    executeOrder(g, S, O_ADVANCE);
    expect(g.table.px[S]).toBeCloseTo(15, 9);
    expect(g.moved[S]).toBe(1);
    expect([g.health[T], g.psyche[T]]).toEqual([8, 9]);
    const miss = range15();
    setOrder(miss.g, miss.T, O_DOWN);
    miss.g.down[miss.T] = 0;
    miss.g.table.setPoint(miss.g.sp + 3, 30, 4);
    miss.g.pickDest = miss.g.sp + 3;
    dice(miss.g, seedForFaces([3, 5]));
    executeOrder(miss.g, S, O_ADVANCE);
    expect(miss.g.psyche[miss.T]).toBe(3); // 3 is not enough after moving
  });
  it('item 25: Run: up to 2×M (10") and no shot', () => {
    const { g, T } = range15();
    g.table.setPoint(g.sp + 3, 30, 4);
    g.pickDest = g.sp + 3;
    const before = Array.from(g.rng.s);
    executeOrder(g, S, O_RUN);
    expect(g.table.px[S]).toBeCloseTo(20, 9);
    expect([g.moved[S], g.psyche[T], g.order[T]]).toEqual([1, 3, O_NONE]);
    expect(Array.from(g.rng.s)).toEqual(before);
  });
});

describe('items 28, 58, 71: policy constraints and order side effects', () => {
  it('item 28: Walking Wounded soldiers are never given Run, Advance, Cover Fire or Assault (random and scripted policies)', () => {
    const seen = new Set<number>();
    for (const policy of ['random', 'aggressive', 'cautious']) {
      for (let k = 1; k <= 400; k++) {
        const h = build({ a: [{ type: 'sergeant' }, { type: 'veteran-lance-corporal', primary: 'lmg' }, { type: 'corporal', primary: 'smg' }], b: [{ type: 'sergeant' }, { type: 'private', count: 3 }], policies: [policy, 'aggressive'], seed: k });
        const g = h.g;
        const d = 2 + (k % 23); // from base contact to out of range
        for (let i = 0; i < 3; i++) { place(g, i, 8 + 6 * i, 5); g.health[i] = 1; }
        for (let i = h.b0; i < g.n; i++) place(g, i, 6 + 4 * (i - h.b0), 5 + d);
        chooseOrder(g, 0);
        expect(g.pick).toBeGreaterThanOrEqual(0);
        expect([O_RUN, O_ADVANCE, O_COVER_FIRE, O_ASSAULT]).not.toContain(g.pickOrder);
        seen.add(g.pickOrder);
      }
    }
    expect(seen.has(O_FIRE) && seen.has(O_DOWN) && seen.has(O_RALLY)).toBe(true);
  });
  it('items 78, 79: the Medic and Chaplain are never given Fire, Cover Fire or Assault', () => {
    for (const policy of ['random', 'aggressive', 'cautious']) {
      for (let k = 1; k <= 200; k++) {
        const h = build({ a: [{ type: 'sergeant' }, { type: 'medic' }, { type: 'chaplain' }], policies: [policy, 'aggressive'], seed: k });
        const g = h.g;
        setOrder(g, 0, O_DOWN);
        place(g, 1, 10, 5);
        place(g, 2, 14, 5);
        place(g, h.b0, 10, 7 + (k % 20));
        if (k % 3 === 0) g.health[1] = 1;
        chooseOrder(g, 0);
        expect([O_FIRE, O_COVER_FIRE, O_ASSAULT]).not.toContain(g.pickOrder);
      }
    }
  });
  it('item 58: a soldier in breakdown last turn gets his side\'s first die, with a psyche Rally', () => {
    const { g } = build({ a: [{ type: 'sergeant' }, { type: 'private' }, { type: 'private' }] });
    g.mustRally[2] = 1;
    g.psyche[2] = 0;
    chooseOrder(g, 0);
    expect([g.pick, g.pickOrder]).toEqual([2, O_RALLY]);
    dice(g, seedForFaces([1]));
    executeOrder(g, 2, O_RALLY);
    expect([g.psyche[2], g.mustRally[2], g.health[2]]).toEqual([1, 0, 3]);
    chooseOrder(g, 0);
    expect(g.pick).not.toBe(2);
  });
  it('item 71: Inspiring Presence: an order other than Rally or Down gives allies within 4" (himself too) +1 psyche', () => {
    const h = build({ a: [{ type: 'sergeant' }, { type: 'private', count: 2 }] });
    const g = h.g;
    place(g, 0, 10, 10);
    place(g, 1, 15, 10); // 4" edge to edge
    place(g, 2, 15.5, 10.5); // beyond 4"
    for (const i of [0, 1, 2]) g.psyche[i] = 1;
    executeOrder(g, 0, O_DOWN);
    expect([g.psyche[0], g.psyche[1], g.psyche[2]]).toEqual([1, 1, 1]);
    g.order[0] = O_NONE;
    g.unordered[0]++;
    g.pickTarget = -1;
    executeOrder(g, 0, O_FIRE);
    expect([g.psyche[0], g.psyche[1], g.psyche[2]]).toEqual([2, 2, 1]);
  });
  it('item 71: Inspiring Presence (2) reaches 8"', () => {
    const h = build({ a: [{ type: 'sergeant', skills: ['inspiring-presence-2'] }, { type: 'private' }] });
    const g = h.g;
    place(g, 0, 10, 10);
    place(g, 1, 19, 10);
    g.psyche[1] = 1;
    g.pickTarget = -1;
    executeOrder(g, 0, O_FIRE);
    expect(g.psyche[1]).toBe(2);
  });
  it('R5: a side whose only unordered soldiers are ambushers holds the drawn die (order O_HOLD), keeping the Ambush', () => {
    const h = build();
    const g = h.g;
    setOrder(g, 0, O_DOWN);
    g.ambush[1] = 1;
    g.ambushers[0] = 1;
    chooseOrder(g, 0);
    expect([g.pick, g.pickOrder]).toEqual([1, O_HOLD]);
    executeOrder(g, 1, O_HOLD);
    expect([g.order[1], g.unordered[0], g.ambush[1]]).toEqual([O_HOLD, 0, 1]);
  });
  it('item 32: a new order for an ambusher cancels the Ambush', () => {
    const h = build();
    const g = h.g;
    g.ambush[1] = 1;
    g.ambushers[0] = 1;
    g.down[1] = 1;
    executeOrder(g, 1, O_DOWN);
    expect([g.ambush[1], g.ambushers[0]]).toEqual([0, 0]);
  });
  it('items 22, 43: an LMG Fire order resolves as Cover Fire around the target (a bystander within 2" can be hit)', () => {
    let bystanderHit = 0;
    for (let k = 1; k <= 100; k++) {
      const h = build({ a: [{ type: 'sergeant' }, { type: 'veteran-lance-corporal', primary: 'lmg' }] });
      const g = h.g;
      place(g, 1, 10, 4);
      place(g, h.b0, 10, 20);
      place(g, h.b0 + 1, 11.5, 20);
      setOrder(g, h.b0 + 1, O_DOWN);
      g.down[h.b0 + 1] = 0;
      g.pickTarget = h.b0;
      g.pickWeapon = W_LMG;
      dice(g, k);
      executeOrder(g, 1, O_FIRE);
      if (g.psyche[h.b0 + 1] < 3 || !g.alive[h.b0 + 1]) bystanderHit++;
      expect(g.order[1]).toBe(O_FIRE);
    }
    expect(bystanderHit).toBeGreaterThan(0);
  });
});

describe('item 15, items 45, 71, R3: more order details', () => {
  it('item 15: a soldier may not Run off the table (a destination beyond the edge is clamped onto the table)', () => {
    const { g } = range15();
    g.table.setPoint(g.sp + 3, -20, 4);
    g.pickDest = g.sp + 3;
    executeOrder(g, S, O_RUN);
    expect(g.table.px[S]).toBeCloseTo(0.5, 9);
    expect(g.table.py[S]).toBeCloseTo(4, 9);
  });
  // Regression test for bug B6 (docs/rules/nco.md), fixed: the flamethrower never ran out.
  it('item 45 / R17: after 4 uses the flamethrower is dropped for the pistol', () => {
    const h = build({ a: [{ type: 'sergeant' }, { type: 'engineer', primary: 'flamethrower' }] });
    const g = h.g, E = 1, T = h.b0 + 1;
    place(g, E, 10, 4);
    place(g, T, 10, 12);
    for (let use = 1; use <= 4; use++) {
      g.health[T] = g.psyche[T] = 50;
      g.order[E] = O_NONE;
      g.unordered[0] = 1;
      g.pickTarget = T;
      g.pickWeapon = W_FLAMER;
      executeOrder(g, E, O_FIRE);
    }
    expect(g.primary[E]).toBe(W_PISTOL);
  });
  // Regression test for bug B9 (docs/rules/nco.md), fixed: Inspiring Presence was only applied inside executeOrder.
  it('item 71: a Sergeant who uses his die to fire at a charger inspires allies within 4"', () => {
    const h = build({ a: [{ type: 'sergeant' }, { type: 'corporal' }], b: [{ type: 'sergeant' }, { type: 'private' }] });
    const g = h.g, C = 1, SGT = h.b0, P = h.b0 + 1;
    place(g, C, 10, 4);
    place(g, SGT, 10, 20);
    place(g, P, 12, 20);
    g.psyche[P] = 1;
    setOrder(g, C, O_ASSAULT);
    dice(g, seedForFaces([1]));
    assault(g, C, SGT, 10, false); // the Sergeant responds (misses); the charger falls short
    expect(g.order[SGT]).toBe(O_FIRE);
    expect(g.psyche[P]).toBe(2);
  });
  // Regression test for bug B10 (docs/rules/nco.md), fixed: Mend/IP/Ruthless ignored rules.measure.
  it('R3: with measure = centre, Mend B reaches a friend 3" centre to centre, not 3.5"', () => {
    const { g } = build({ rules: { measure: 'centre' } });
    place(g, 0, 10, 10);
    place(g, 1, 13.5, 10); // 3.5" centre to centre, 2.5" edge to edge
    g.psyche[0] = 4;
    g.psyche[1] = 1;
    executeSpecial(g, 0, SA_MEND);
    expect(g.psyche[1]).toBe(1); // out of reach: Mend A on himself
  });
});
