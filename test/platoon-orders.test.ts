/**
 * Platoon orders (digest items 1–12, 16–19; R1, R4–R6, R8, R25, R26): the bag, the six
 * orders, order tests, the FUBAR table, officers, Ambush and Down through the turn end.
 */
import { describe, expect, it } from 'vitest';
import { activation, execute, giveOrder } from '../engine/rulesets/platoon/rules/actions.ts';
import { springAmbushes, samplePath } from '../engine/rulesets/platoon/rules/ambush.ts';
import { ordersPhase, turnEnd } from '../engine/rulesets/platoon/rules/game.ts';
import { officerBonus, testTarget } from '../engine/rulesets/platoon/rules/losses.ts';
import { ADVANCE, AMBUSH, DOWN, FIRE, RALLY, RUN } from '../engine/rulesets/platoon/data/tables.ts';
import { makeGame, put, rig, SECTION } from './platoon-harness.ts';

/** Every unit's die into the bag, as at a turn start. */
function startTurn(g: ReturnType<typeof makeGame>): void {
  for (let u = 0; u < g.n; u++) { g.dieInBag[u] = 1; g.order[u] = 0; }
  g.bag.startTurn();
}

describe('platoon turn and orders (items 1–10)', () => {
  it('1–2 the orders phase draws every die: each unit gets one order, the bag ends empty; 4 one die per unit', () => {
    const g = makeGame({ a: [SECTION, SECTION, { unit: 'mmg-team' }], b: [SECTION, { unit: 'light-mortar-team' }] });
    [[10, 4], [30, 4], [50, 4], [20, 44], [50, 44]].forEach(([x, y], u) => put(g, u, x, y, 0, u < 3 ? 1 : -1));
    expect(Array.from(g.bag.owned)).toEqual([3, 2]);
    ordersPhase(g);
    expect(g.bag.total()).toBe(0);
    const t = g.tally, o = t.offset('orders');
    let given = 0;
    for (let k = 0; k < 14; k++) given += t.acc[o + k];
    expect(given).toBe(5);
    for (let u = 0; u < g.n; u++) { expect(g.order[u]).toBeGreaterThan(0); expect(g.dieInBag[u]).toBe(0); }
  });

  it('3 Ambush and Down kept at the turn end stay out of the next bag; the rest go back', () => {
    const g = makeGame({ a: [SECTION, SECTION, SECTION], b: [SECTION] }, 1, [{ keepOrder: () => true }, {}]);
    [[10, 4], [30, 4], [50, 4], [30, 44]].forEach(([x, y], u) => put(g, u, x, y));
    g.order[0] = AMBUSH; g.order[1] = DOWN; g.order[2] = FIRE; g.order[3] = FIRE;
    turnEnd(g);
    expect(Array.from(g.kept)).toEqual([1, 1, 0, 0]);
    g.bag.startTurn();
    expect(Array.from(g.bag.inBag)).toEqual([1, 1]);
  });

  it('5 Fire: shoots without moving; 6 Advance: moves up to 6" then fires; 7 Run: 12" and no fire', () => {
    const g = makeGame({ a: [SECTION, SECTION, SECTION], b: [SECTION] });
    put(g, 0, 30, 10); put(g, 1, 36, 10); put(g, 2, 42, 10); put(g, 3, 36, 26);
    rig(g, [6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    execute(g, 0, FIRE, 0, 0, -1);
    expect([g.x[0], g.y[0]]).toEqual([30, 10]);
    expect(g.pins[3]).toBe(1);
    execute(g, 1, ADVANCE, 36, 40, -1);
    expect(g.y[1]).toBeCloseTo(16, 9);
    expect(g.pins[3]).toBe(2);
    execute(g, 2, RUN, 42, 40, -1);
    expect(g.y[2]).toBeCloseTo(22, 9);
    expect(g.pins[3]).toBe(2);
  });

  it('8 Ambush: fires at an enemy starting an action in sight (R5: at a point sampled every 1")', () => {
    const g = makeGame({ a: [SECTION], b: [SECTION] }, 1, [{}, { ambushPoint: (_g, _a, _m, n) => n - 1 }]);
    put(g, 0, 36, 4); put(g, 1, 36, 30);
    g.order[1] = AMBUSH;
    expect(samplePath(g, 36, 4, 36, 10)).toBe(8); // 6" move: start, 6 inner points, end
    execute(g, 0, ADVANCE, 36, 40, -1);
    expect(g.order[1]).toBe(FIRE); // the ambush is spent
    expect(g.tally.acc[g.tally.offset('ambushShots') + 1]).toBe(1);
  });

  it('9 Rally: an order test (R8, pinned) then D6+1 pins off; 10 Down needs no test (R1 test_for_down = false)', () => {
    const g = makeGame({ a: [SECTION, SECTION], b: [SECTION] });
    put(g, 0, 10, 4); put(g, 1, 30, 4); put(g, 2, 30, 44);
    g.pins[0] = 6;
    rig(g, [1, 1, 3]); // double 1 passes (−1 pin), then D6 = 3: −4
    giveOrder(g, 0, RALLY, 0, 0, -1);
    expect(g.pins[0]).toBe(1);
    g.pins[1] = 3;
    const q = rig(g, [5, 5]);
    giveOrder(g, 1, DOWN, 0, 0, -1);
    expect(g.order[1]).toBe(DOWN);
    expect(q).toEqual([5, 5]); // no die rolled
    expect(g.pins[1]).toBe(3);
  });
});

describe('platoon order tests and FUBAR (items 11–12; R1, R25)', () => {
  it('R1 a pinned unit tests on 2D6 ≤ Morale − pins: a pass sheds a pin, a fail goes Down, double 1 passes', () => {
    const g = makeGame({ a: [SECTION, SECTION, SECTION], b: [SECTION] });
    put(g, 0, 10, 4); put(g, 1, 30, 4); put(g, 2, 50, 4); put(g, 3, 30, 44);
    g.pins[0] = 1; rig(g, [4, 4]); giveOrder(g, 0, AMBUSH, 0, 0, -1); // 8 ≤ 9 − 1
    expect([g.order[0], g.pins[0]]).toEqual([AMBUSH, 0]);
    g.pins[1] = 2; rig(g, [4, 4]); giveOrder(g, 1, AMBUSH, 0, 0, -1); // 8 > 7
    expect([g.order[1], g.pins[1]]).toEqual([DOWN, 2]);
    g.pins[2] = 7; rig(g, [1, 1]); giveOrder(g, 2, AMBUSH, 0, 0, -1); // target 2: only a double 1
    expect(g.order[2]).toBe(AMBUSH);
    expect(testTarget(g, 2)).toBe(3);
  });

  it('11 Friendly Fire (double 6, then 1–2): the opponent picks a friend with an enemy within 12"; none → Down (R25)', () => {
    let asked = -1;
    const g = makeGame({ a: [SECTION, SECTION, SECTION], b: [SECTION] }, 1, [{}, { target: (gg, u, friendly) => { asked = friendly ? gg.scn.side[u] : -9; return 2; } }]);
    put(g, 0, 36, 4); put(g, 1, 20, 10); put(g, 2, 40, 12); put(g, 3, 40, 22);
    g.pins[0] = 1;
    rig(g, [6, 6, 2, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    giveOrder(g, 0, ADVANCE, 36, 40, -1);
    expect(asked).toBe(0); // side B's player chose among side A's units
    expect(g.order[0]).toBe(FIRE);
    expect(g.pins[2]).toBe(1);
    expect(g.y[0]).toBe(4); // it does not move
    put(g, 3, 70, 46); // no friend has an enemy within 12" now
    g.pins[1] = 1; rig(g, [6, 6, 1]);
    giveOrder(g, 1, FIRE, 0, 0, -1);
    expect(g.order[1]).toBe(DOWN);
  });

  it('12 Panic (double 6, then 3–6): Runs away from the closest visible enemy; none visible → Down', () => {
    const g = makeGame({ a: [SECTION, SECTION], b: [SECTION], terrain: [{ polygon: [[0, 30], [72, 30], [72, 31], [0, 31]], blocks_los: 'all' }] });
    put(g, 0, 36, 20); put(g, 1, 10, 35); put(g, 2, 36, 26);
    g.pins[0] = 1; rig(g, [6, 6, 4]);
    giveOrder(g, 0, FIRE, 0, 0, -1);
    expect(g.order[0]).toBe(RUN);
    expect(g.y[0]).toBeCloseTo(8, 9); // 12" straight away from the enemy at (36, 26)
    put(g, 2, 36, 44); g.pins[1] = 1; put(g, 1, 10, 20); rig(g, [6, 6, 4]); // wall between
    giveOrder(g, 1, FIRE, 0, 0, -1);
    expect(g.order[1]).toBe(DOWN);
  });
});

describe('platoon officers, Ambush and Down (items 16–19; R4–R6, R26)', () => {
  it('16–19 ranks: morale bonus +1..+4 to friends within 6"/6"/12"/12" (R4)', () => {
    for (const [rank, bonus, range] of [['second-lieutenant', 1, 6], ['first-lieutenant', 2, 6], ['captain', 3, 12], ['major', 4, 12]] as const) {
      const g = makeGame({ a: [{ unit: rank }, SECTION, SECTION], b: [SECTION] });
      put(g, 0, 36, 10); put(g, 1, 36, 10 + range); put(g, 2, 36, 10 + range + 0.5); put(g, 3, 36, 44);
      expect([officerBonus(g, 0), officerBonus(g, 1), officerBonus(g, 2)]).toEqual([bonus, bonus, 0]);
      expect(testTarget(g, 1)).toBe(9 + bonus);
    }
  });

  it('R4 an officer passes his order to up to N units in range, each using its own die and test', () => {
    const g = makeGame({ a: [{ unit: 'first-lieutenant' }, SECTION, SECTION, SECTION], b: [SECTION] }, 1, [
      { activate: (gg) => { gg.planUnit = 0; gg.planOrder = AMBUSH; }, officerOrders: (gg) => { gg.list[0] = 1; gg.list[1] = 2; gg.list[2] = 3; gg.listLen = 3; } }, {},
    ]);
    put(g, 0, 36, 10); put(g, 1, 32, 10); put(g, 2, 40, 10); put(g, 3, 36, 14); put(g, 4, 36, 44);
    startTurn(g);
    g.bag.draw(g.rng); // A's die is drawn (4 of 5 dice are A's; seed 1 draws one of them)
    activation(g, 0);
    expect([g.order[0], g.order[1], g.order[2], g.order[3]]).toEqual([AMBUSH, AMBUSH, AMBUSH, 0]); // a 1st Lt passes 2
    expect(g.bag.inBag[0]).toBe(1);
    expect(g.tally.acc[g.tally.offset('officerOrders')]).toBe(2);
  });

  it('R4 the rules refuse an extra order passed to a unit beyond the officer\'s range, whatever the player asks', () => {
    const g = makeGame({ a: [{ unit: 'first-lieutenant' }, SECTION, SECTION], b: [SECTION] }, 1, [
      { activate: (gg) => { gg.planUnit = 0; gg.planOrder = AMBUSH; }, officerOrders: (gg) => { gg.list[0] = 1; gg.list[1] = 2; gg.listLen = 2; } }, {},
    ]);
    put(g, 0, 36, 10); put(g, 1, 36, 16); put(g, 2, 36, 16.5); put(g, 3, 36, 44); // 6" (in range) and 6.5" (beyond a 1st Lt's 6")
    startTurn(g);
    g.bag.draw(g.rng);
    activation(g, 0);
    expect([g.order[0], g.order[1], g.order[2]]).toEqual([AMBUSH, AMBUSH, 0]);
    expect(g.dieInBag[2]).toBe(1); // its die stays in the bag
    expect(g.tally.acc[g.tally.offset('officerOrders')]).toBe(1);
  });

  it('R26 several ambushes on one move: nearest ambusher first', () => {
    const calls: number[] = [];
    const g = makeGame({ a: [SECTION], b: [SECTION, SECTION, SECTION] }, 1, [{}, { ambushPoint: (_g, a) => { calls.push(a); return -1; } }]);
    put(g, 0, 36, 10); put(g, 1, 10, 30); put(g, 2, 40, 20); put(g, 3, 60, 40);
    g.order[1] = AMBUSH; g.order[2] = AMBUSH; g.order[3] = AMBUSH;
    springAmbushes(g, 0, 36, 14);
    expect(calls).toEqual([2, 1, 3]);
  });

  it('R6 a unit Down all turn that keeps Down sheds D3 pins at the turn end', () => {
    const g = makeGame({ a: [SECTION, SECTION], b: [SECTION] }, 1, [{ keepOrder: () => true }, {}]);
    put(g, 0, 10, 4); put(g, 1, 30, 4); put(g, 2, 30, 44);
    g.order[0] = DOWN; g.kept[0] = 1; g.pins[0] = 4; // held since the last turn end
    g.order[1] = DOWN; g.pins[1] = 4; // went Down this turn
    rig(g, [2]);
    turnEnd(g);
    expect([g.pins[0], g.pins[1]]).toEqual([2, 4]);
  });

  it('R5 an Ambush unit fires at most once, as a Fire order, and may be kept through the turn end', () => {
    const g = makeGame({ a: [SECTION, SECTION], b: [SECTION] }, 1, [{}, { ambushPoint: () => 0, keepOrder: () => true }]);
    put(g, 0, 30, 4); put(g, 1, 40, 4); put(g, 2, 36, 30);
    g.order[2] = AMBUSH;
    execute(g, 0, ADVANCE, 30, 40, -1);
    execute(g, 1, ADVANCE, 40, 40, -1);
    expect(g.tally.acc[g.tally.offset('ambushShots') + 1]).toBe(1);
    const h = makeGame({ a: [SECTION], b: [SECTION] }, 1, [{}, { keepOrder: () => true }]);
    put(h, 0, 30, 4); put(h, 1, 36, 44);
    h.order[1] = AMBUSH; h.order[0] = FIRE;
    turnEnd(h);
    expect(h.kept[1]).toBe(1);
    ordersPhase(h);
    expect(h.order[1]).toBe(AMBUSH); // no new order this turn
  });
});

