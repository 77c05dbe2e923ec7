/**
 * Platoon shooting (digest items 25–61; R2, R3, R9–R16): to-hit with every modifier, the
 * 7+ rule, damage values, the weapon and HE tables, pins, morale, indirect fire, special
 * weapons — against the rulebook's tables and exact probabilities.
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../engine/rng.ts';
import { DOWN, INFANTRY_DV, MORALE, VEHICLE_DV } from '../engine/rulesets/platoon/data/tables.ts';
import { HE_BLD_COUNT, HE_BLD_SIDES, HE_PEN, HE_PIN_SIDES, W_FLAGS, W_HE, W_MIN_RANGE, W_PEN, W_RANGE, W_SHOTS, WEAPON_IDS, ASSAULT, TEAM, FIXED, SHAPED, ONE_SHOT, FLAMER, INDIRECT, HOWITZER, SHOTS_D6, SHOTS_D6P1, W_INDIRECT_RANGE } from '../engine/rulesets/platoon/data/weapons.ts';
import { hitChance36, rollHit, HIT, damageNeed } from '../engine/rulesets/platoon/rules/dice-math.ts';
import { indirectNeed, shoot, NO_FIRE, DIRECT, INDIRECT_FIRE } from '../engine/rulesets/platoon/rules/shooting.ts';
import { computePlatoonOdds, platoonOdds } from '../engine/rulesets/platoon/tools/odds.ts';
import { canSee, rangeTo } from '../engine/rulesets/platoon/rules/sight.ts';
import { makeGame, put, rig, SECTION, square, directNeedAt, slotModeAt } from './platoon-harness.ts';

const need = (g: ReturnType<typeof makeGame>, u: number, t: number, moving = false, k = 0) => directNeedAt(g, u, k, t, moving, rangeTo(g, u, t), 0);

describe('platoon to-hit (items 25–27, R9–R12)', () => {
  it('26 base to-hit 3+; 27 each modifier alone', () => {
    const g = makeGame({ a: [{ ...SECTION, smg: 1 }, { unit: 'infantry-section', quality: 'inexperienced' }], b: [SECTION, { unit: 'mmg-team' }, { unit: 'medium-tank' }] });
    put(g, 0, 36, 10); put(g, 1, 30, 10); put(g, 2, 36, 20); put(g, 3, 20, 20); put(g, 4, 50, 20);
    expect(need(g, 0, 2)).toBe(3); // 10": neither point blank nor long (rifle 24")
    put(g, 2, 36, 15); expect(need(g, 0, 2)).toBe(2); // point blank +1 (≤6")
    put(g, 2, 36, 30); expect(need(g, 0, 2)).toBe(4); // long −1 (>12")
    put(g, 2, 36, 20);
    g.pins[0] = 2; expect(need(g, 0, 2)).toBe(5); g.pins[0] = 0; // −1 per pin
    expect(need(g, 0, 2, true)).toBe(4); // on the move −1
    put(g, 2, 36, 16);
    expect(need(g, 0, 2, true)).toBe(3); // point blank +1, on the move −1
    expect(need(g, 0, 2, true, 1)).toBe(2); // R11: the SMG (Assault) is exempt from the −1
    put(g, 2, 36, 20);
    put(g, 1, 36, 10); expect(need(g, 1, 2)).toBe(4); // Inexperienced −1
    g.order[2] = DOWN; expect(need(g, 0, 2)).toBe(5); // item 10 and 27: Down −2, once
    put(g, 3, 36, 20); expect(need(g, 0, 3)).toBe(4); // small unit (team of 3) −1
    g.order[4] = DOWN; put(g, 4, 36, 21); expect(need(g, 0, 4)).toBe(3); // Down gives nothing to a vehicle
  });

  it('27 cover: soft −1, hard −2; R10 behind cover counts within 1" of the target', () => {
    const g = makeGame({ a: [SECTION], b: [SECTION, SECTION, SECTION], terrain: [square(20, 20, 2, { cover: 'soft' }), { polygon: [[34, 17], [40, 17], [40, 18], [34, 18]], cover: 'hard', category: 'obstacle' }, { polygon: [[50, 15], [56, 15], [56, 16], [50, 16]], cover: 'hard', category: 'obstacle' }] });
    put(g, 0, 36, 10);
    put(g, 1, 20, 20); expect(need(g, 0, 1)).toBe(5); // soft −1, long range −1 (18.9" > 12")
    put(g, 2, 37, 18.8); expect(need(g, 0, 2)).toBe(5); // wall crossed 0.8" before it: hard −2
    put(g, 3, 53, 20); expect(need(g, 0, 3)).toBe(4); // wall 4" in front of it: no cover, long −1
  });

  it('R10 a vehicle just in front of the target is soft cover, its wreck hard cover', () => {
    const g = makeGame({ a: [SECTION], b: [SECTION, { unit: 'soft-skin-truck' }] });
    put(g, 0, 36, 10); put(g, 1, 36, 25); put(g, 2, 36, 23, 1, 0); // the truck 2" in front, lying across the line
    expect(need(g, 0, 1)).toBe(5); // long −1, soft −1
    g.alive[2] = 0; put(g, 2, 36, 23, 1, 0);
    expect(need(g, 0, 1)).toBe(6);
    put(g, 2, 36, 18, 1, 0);
    expect(need(g, 0, 1)).toBe(4); // 7" in front: no cover, long −1
  });

  it('R12 a natural 1 always misses; 7, 8, 9 need a 6 then 4+, 5+, 6; 10+ cannot hit (exact vs rolled)', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(hitChance36)).toEqual([30, 30, 24, 18, 12, 6, 3, 2, 1, 0]);
    const rng = new Rng(5), N = 200_000;
    for (const n of [2, 7, 8, 9]) {
      let h = 0;
      for (let i = 0; i < N; i++) if (rollHit(rng, n) === HIT) h++;
      const p = hitChance36(n) / 36, se = Math.sqrt((p * (1 - p)) / N);
      expect(Math.abs(h / N - p)).toBeLessThan(4.5 * se);
    }
  });

  it('R9 point blank is ≤6", long range beyond half the weapon range', () => {
    const g = makeGame({ a: [{ unit: 'mmg-team' }], b: [SECTION] });
    put(g, 0, 36, 10); put(g, 1, 36, 16); expect(need(g, 0, 1)).toBe(2);
    put(g, 1, 36, 28); expect(need(g, 0, 1)).toBe(3); // 18" = half of 36": not long
    put(g, 1, 36, 28.5); expect(need(g, 0, 1)).toBe(4);
  });
});

describe('platoon weapon tables (items 31–61)', () => {
  const row = (id: string) => { const w = WEAPON_IDS.indexOf(id); return [W_RANGE[w], W_SHOTS[w], W_PEN[w], W_FLAGS[w]]; };
  it('31–37 small arms: range, shots, pen, special rules', () => {
    expect(row('rifle')).toEqual([24, 1, 0, 0]);
    expect(row('pistol')).toEqual([6, 1, 0, ASSAULT]);
    expect(row('smg')).toEqual([12, 2, 0, ASSAULT]);
    expect(row('auto-rifle')).toEqual([30, 2, 0, 0]);
    expect(row('assault-rifle')).toEqual([18, 2, 0, ASSAULT]);
    expect(row('lmg')).toEqual([36, 4, 0, TEAM]);
    expect(row('mmg')).toEqual([36, 5, 0, TEAM | FIXED]);
  });
  it('38–57 heavy weapons: range, shots, pen, HE and special rules', () => {
    const he = (id: string) => W_HE[WEAPON_IDS.indexOf(id)];
    expect(row('hmg')).toEqual([36, 3, 1, TEAM | FIXED]);
    expect([...row('light-autocannon'), he('light-autocannon')]).toEqual([48, 2, 2, TEAM | FIXED, 1]);
    expect([...row('heavy-autocannon'), he('heavy-autocannon')]).toEqual([72, 2, 3, TEAM | FIXED, 1]);
    expect(row('at-rifle')).toEqual([36, 1, 2, TEAM]);
    expect(row('piat')).toEqual([12, 1, 5, TEAM | SHAPED]);
    expect(row('bazooka')).toEqual([24, 1, 5, TEAM | SHAPED]);
    expect(row('panzerschreck')).toEqual([24, 1, 6, TEAM | SHAPED]);
    expect(row('panzerfaust')).toEqual([12, 1, 6, ONE_SHOT | SHAPED]);
    expect([...row('light-at-gun'), he('light-at-gun')]).toEqual([48, 1, 4, TEAM | FIXED, 1]);
    expect([...row('medium-at-gun'), he('medium-at-gun')]).toEqual([60, 1, 5, TEAM | FIXED, 1]);
    expect([...row('heavy-at-gun'), he('heavy-at-gun')]).toEqual([72, 1, 6, TEAM | FIXED, 2]);
    expect([...row('super-heavy-at-gun'), he('super-heavy-at-gun')]).toEqual([84, 1, 7, TEAM | FIXED, 3]);
    expect(row('flamethrower')).toEqual([6, SHOTS_D6, 3, TEAM | FLAMER]);
    expect(row('vehicle-flamethrower')).toEqual([12, SHOTS_D6P1, 3, FLAMER]);
    const ind = (id: string) => { const w = WEAPON_IDS.indexOf(id); return [W_MIN_RANGE[w], W_RANGE[w], W_INDIRECT_RANGE[w], W_HE[w], W_FLAGS[w]]; };
    expect(ind('light-mortar')).toEqual([12, 24, 24, 1, TEAM | INDIRECT]);
    expect(ind('medium-mortar')).toEqual([12, 60, 60, 2, TEAM | FIXED | INDIRECT]);
    expect(ind('heavy-mortar')).toEqual([12, 72, 72, 3, TEAM | FIXED | INDIRECT]);
    expect(ind('light-howitzer')).toEqual([24, 48, 60, 2, TEAM | FIXED | HOWITZER]);
    expect(ind('medium-howitzer')).toEqual([30, 60, 72, 3, TEAM | FIXED | HOWITZER]);
    expect(ind('heavy-howitzer')).toEqual([36, 72, 84, 4, TEAM | FIXED | HOWITZER]);
  });
  it('58–61 the HE table: pen = size, pins D2/D3/D3/D6, hits in buildings D3/D6/2D6/3D6', () => {
    expect(Array.from(HE_PEN.slice(1))).toEqual([1, 2, 3, 4]);
    expect(Array.from(HE_PIN_SIDES.slice(1))).toEqual([2, 3, 3, 6]);
    expect(Array.from(HE_BLD_COUNT.slice(1)).map((c, i) => `${c}D${HE_BLD_SIDES[i + 1]}`)).toEqual(['1D3', '1D6', '2D6', '3D6']);
  });
});

describe('platoon damage (items 28–30; R2, R3, R13, R14)', () => {
  it('28 infantry damage values 3+/4+/5+ by quality, soft-skins 6+; 29 armour 7+–11+', () => {
    expect(Array.from(INFANTRY_DV)).toEqual([3, 4, 5]);
    expect(Array.from(VEHICLE_DV.slice(1))).toEqual([6, 7, 8, 9, 10, 11]);
    expect(damageNeed(4, 0)).toBe(4);
    expect(damageNeed(4, 3)).toBe(2); // R13: pen adds against soft targets; a 1 never damages
  });

  it('R13 each damaging hit removes a model the owner picks (riflemen before the LMG crew); R2 one pin per attack', () => {
    const g = makeGame({ a: [{ unit: 'mmg-team' }], b: [{ ...SECTION, men: 6, lmg: 1 }] });
    put(g, 0, 36, 10); put(g, 1, 36, 25); // 15": no modifiers → 3+
    rig(g, [3, 3, 3, 1, 2, 4, 4, 4]); // 5 shots: 3 hits; damage 4, 4, 4 (regular 4+)
    shoot(g, 0, 1, false, 0);
    expect(g.models[1]).toBe(3);
    expect(g.slotCount[1 * 5]).toBe(1); // riflemen went first (4 → 1), LMG crew kept
    expect(g.slotCrew[1 * 5 + 1]).toBe(2);
    expect(g.pins[1]).toBe(1);
  });

  it('R3 a unit at ≤50% of its models checks morale (2D6 ≤ Morale − pins); a fail destroys it', () => {
    const g = makeGame({ a: [{ unit: 'mmg-team' }], b: [{ ...SECTION, men: 6 }] });
    put(g, 0, 36, 10); put(g, 1, 36, 25);
    rig(g, [3, 3, 3, 3, 1, 4, 4, 4, 1, 6, 5]); // 4 hits, 3 casualties → 3 of 6 left; morale 6+5 = 11 > 9 − 1
    shoot(g, 0, 1, false, 0);
    expect(g.alive[1]).toBe(0);
    const t = g.tally;
    expect(t.acc[t.offset('losses') + 1 * 6 + 1]).toBe(1); // lost to morale
  });

  it('R3 the threshold is the unit\'s starting models: a section worn 10 → 7 → 5 by separate attacks checks', () => {
    const g = makeGame({ a: [{ unit: 'mmg-team' }], b: [SECTION] });
    put(g, 0, 36, 10); put(g, 1, 36, 25);
    rig(g, [3, 3, 3, 1, 1, 4, 4, 4]); // 3 hits, 3 casualties: 7 of 10 left, no check
    shoot(g, 0, 1, false, 0);
    expect(g.models[1]).toBe(7);
    expect(g.alive[1]).toBe(1);
    rig(g, [3, 3, 1, 1, 1, 4, 4, 6, 5]); // 2 hits, 2 casualties: 5 of 10 (≤ 50%) → 2D6 11 > 9 − 2 fails
    shoot(g, 0, 1, false, 0);
    expect(g.alive[1]).toBe(0);
    const t = g.tally;
    expect(t.acc[t.offset('losses') + 1 * 6 + 1]).toBe(1); // lost to morale
  });

  it('R3 a unit already at ≤50% checks after each attack with casualties, not after one without', () => {
    const g = makeGame({ a: [{ unit: 'mmg-team' }], b: [SECTION] });
    put(g, 0, 36, 10); put(g, 1, 36, 25);
    g.models[1] = 4; g.slotCount[1 * 5] = 4; // worn down earlier
    rig(g, [3, 1, 1, 1, 1, 3]); // 1 hit, no damage: no check (the next die would be a morale roll)
    shoot(g, 0, 1, false, 0);
    expect(g.models[1]).toBe(4);
    rig(g, [3, 1, 1, 1, 1, 4, 6, 6]); // 1 hit, 1 casualty: 3 of 10 → double 6 fails
    shoot(g, 0, 1, false, 0);
    expect(g.alive[1]).toBe(0);
  });

  it('R2 pins ≥ Morale destroy the unit (excess_pins_mode = destroyed)', () => {
    const g = makeGame({ a: [SECTION], b: [SECTION] });
    put(g, 0, 36, 10); put(g, 1, 36, 30);
    g.pins[1] = MORALE[1] - 1;
    rig(g, [6, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]); // one hit, no damage: +1 pin reaches 9
    shoot(g, 0, 1, false, 0);
    expect(g.alive[1]).toBe(0);
  });

  it('R13 no-pen weapons cannot harm armour; 30 side +1, rear +2, long −1 (not shaped charges)', () => {
    const g = makeGame({ a: [SECTION, { unit: 'at-rifle-team' }], b: [{ unit: 'armoured-car' }] });
    put(g, 2, 36, 30); // heading +y
    put(g, 0, 36, 25);
    rig(g, [6, 6, 6, 6, 6, 6, 6, 6, 6, 6]);
    shoot(g, 0, 2, false, 0);
    expect(g.pins[2]).toBe(0); // ten rifle hits, no pen: nothing
    expect(computePlatoonOdds({ weapon: 'at-rifle', range: 10, target: 'armoured-car', facing: 'rear' }).outcomes.find((o) => o.outcome === 'no effect')!.probability)
      .toBeLessThan(computePlatoonOdds({ weapon: 'at-rifle', range: 10, target: 'armoured-car', facing: 'front' }).outcomes.find((o) => o.outcome === 'no effect')!.probability);
  });

  it('R14 an HE hit in the open causes D2/D3/D6/2D6 hits at pen = HE size; pins 1 + the HE table', () => {
    const g = makeGame({ a: [{ unit: 'light-howitzer' }], b: [SECTION] });
    put(g, 0, 36, 4); put(g, 1, 36, 30); // 26": direct fire, long (>24) −1 → 4+
    rig(g, [5, 3, 2, 2, 2, 3]); // hit; D3 = 3 hits; damage 2,2,2 at pen 2 vs 4+ → 2+ needed... all wound; pins: 1 + D3 (3)
    shoot(g, 0, 1, false, 0);
    expect(g.models[1]).toBe(7);
    expect(g.pins[1]).toBe(4);
  });
});

describe('platoon weapon rules (R11, R15, R16)', () => {
  it('R11 Fixed weapons cannot fire on an Advance; a Team weapon with one crewman fires at −1', () => {
    const g = makeGame({ a: [{ unit: 'mmg-team' }, { ...SECTION, lmg: 1 }], b: [SECTION] });
    put(g, 0, 36, 10); put(g, 1, 30, 10); put(g, 2, 36, 25);
    expect(slotModeAt(g, 0, 0, 2, true, true, 15)).toBe(NO_FIRE);
    expect(slotModeAt(g, 1, 1, 2, true, true, 15)).toBe(DIRECT); // the LMG may (at −1)
    expect(need(g, 0, 2)).toBe(3);
    g.slotCrew[0] = 1;
    expect(need(g, 0, 2)).toBe(4);
  });

  it('R15 indirect fire: 6+ at a new target, one better each later turn, 2+ once zeroed; only pins modify', () => {
    const g = makeGame({ a: [{ unit: 'medium-mortar-team' }], b: [SECTION], terrain: [square(36, 30, 3, { cover: 'hard' })] });
    put(g, 0, 36, 4); put(g, 1, 36, 30);
    expect(slotModeAt(g, 0, 0, 1, false, canSee(g, 0, 1), 26)).toBe(INDIRECT_FIRE);
    expect(indirectNeed(g, 0, 1)).toBe(6);
    g.turn = 0; rig(g, [5]); shoot(g, 0, 1, false, 0); // a miss
    g.turn = 1; expect(indirectNeed(g, 0, 1)).toBe(5);
    rig(g, [5, 1, 1, 1, 1]); shoot(g, 0, 1, false, 0); // a hit: zeroed
    g.turn = 2; expect(indirectNeed(g, 0, 1)).toBe(2);
    g.pins[0] = 1; expect(indirectNeed(g, 0, 1)).toBe(3);
    put(g, 0, 36, 20); expect(slotModeAt(g, 0, 0, 1, false, true, 10)).toBe(NO_FIRE); // inside the 12" minimum
    // A howitzer: direct within its plain range, indirect in its bracket when it or an officer sees the target.
    const h = makeGame({ a: [{ unit: 'light-howitzer' }, { unit: 'second-lieutenant' }], b: [SECTION], size: [72, 96], terrain: [square(36, 60, 1, { blocks_los: 'all' })] });
    put(h, 0, 36, 2); put(h, 1, 20, 40); put(h, 2, 36, 56);
    expect(slotModeAt(h, 0, 0, 2, false, canSee(h, 0, 2), 54)).toBe(INDIRECT_FIRE); // 54" > 48": indirect, seen by itself
    put(h, 2, 36, 40);
    expect(slotModeAt(h, 0, 0, 2, false, true, 38)).toBe(DIRECT);
    put(h, 0, 36, 62); put(h, 2, 36, 20); // the wood at y 59–61 hides the target from the gun
    expect(canSee(h, 0, 2)).toBe(false);
    expect(slotModeAt(h, 0, 0, 2, false, false, 42)).toBe(INDIRECT_FIRE); // the officer at (20, 40) spots it (R15)
    h.alive[1] = 0;
    expect(slotModeAt(h, 0, 0, 2, false, false, 42)).toBe(NO_FIRE);
  });

  it('R16 Panzerfausts fire once; shaped charges ignore the long-range −1 to pen', () => {
    const g = makeGame({ a: [{ ...SECTION, panzerfaust: 2 }], b: [{ unit: 'light-tank' }] });
    put(g, 1, 36, 20); put(g, 0, 36, 10);
    rig(g, [1, 1]);
    shoot(g, 0, 1, false, 0);
    expect(g.panzerfausts[0]).toBe(0);
    const longShaped = computePlatoonOdds({ weapon: 'bazooka', range: 20, target: 'medium-tank' });
    const shortShaped = computePlatoonOdds({ weapon: 'bazooka', range: 11, target: 'medium-tank' });
    const ko = (r: typeof longShaped) => r.outcomes.find((o) => o.outcome === 'knocked out')!.probability;
    expect(ko(longShaped) / (18 / 36)).toBeCloseTo(ko(shortShaped) / (24 / 36), 10); // 4+ vs 3+ to hit: only the to-hit differs
  });

  it('R16 a flamethrower hit: D6 hits at +3, +D3 pins and a morale check; a natural 1 runs it dry', () => {
    const g = makeGame({ a: [{ unit: 'flamethrower-team' }], b: [SECTION] });
    put(g, 0, 36, 10); put(g, 1, 36, 15);
    rig(g, [1]); shoot(g, 0, 1, false, 0);
    expect(g.fuelOut[0]).toBe(1);
    const h = makeGame({ a: [{ unit: 'flamethrower-team' }], b: [SECTION] });
    put(h, 0, 36, 10); put(h, 1, 36, 15);
    rig(h, [3, 2, 1, 1, 2, 1, 1]); // hit; 2 hits; damage 1 (never), 1; pins 1 + D3 (2); morale 1+1 passes
    shoot(h, 0, 1, false, 0);
    expect(h.models[1]).toBe(10);
    expect(h.pins[1]).toBe(3);
    expect(h.alive[1]).toBe(1);
  });
});

describe('platoon odds (the exact distribution against the engine)', () => {
  it('odds: probabilities sum to 1 and agree with the engine on a rifle section in soft cover', () => {
    const req = { weapon: 'rifle', count: 8, range: 18, target: 'regular', cover: 'soft' };
    const exact = computePlatoonOdds(req).outcomes;
    expect(exact.reduce((a, o) => a + o.probability, 0)).toBeCloseTo(1, 12);
    // 8 shots at 5+ (long −1, soft −1), each wounding on 4+: P(no hit) = (2/3)^8.
    expect(exact[0]).toMatchObject({ outcome: '0 casualties, 0 pins' });
    expect(exact[0].probability).toBeCloseTo((2 / 3) ** 8, 12);
    const n = 20_000, counts = platoonOdds.sample(req, new Rng(3), n);
    exact.forEach((o, k) => expect(Math.abs(counts[k] / n - o.probability)).toBeLessThanOrEqual(4.5 * Math.sqrt((o.probability * (1 - o.probability)) / n) + 1e-9));
  });
});
