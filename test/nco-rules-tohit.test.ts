/**
 * NCO to-hit numbers (digest items 19, 29, 33–36, 40–44, 70, 75, 76; R13–R16): every
 * modifier of toHitNumber on its own and combined, the 2+ floor, natural 1, 7+ and 8+.
 *
 * Geometry: an open 36×36 table, shooter at (5, 5), target 16" away centre to centre,
 * i.e. 15" base edge to base edge (R3, base radius 0.5): outside a rifle's half range.
 * The shooter's psyche is set one below maximum so the full-psyche +1 is off unless a test
 * turns it on. `toHitNumber(g, shooter, target, weapon, flags, area, cover)`.
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../engine/rng.ts';
import { hitProbability, hitTargetFromMods, rollHit } from '../engine/rulesets/nco/rules/tohit.ts';
import { effectiveRange, F_ADVANCE, F_COVER_ORDER, F_FOCUS, F_RESPONSE, rangeDist, toHitNumber } from '../engine/rulesets/nco/rules/shooting.ts';
import { bestWeapon } from '../engine/rulesets/nco/rules/weapon-choice.ts';
import { W_HE, W_FLAMER, W_GRENADE, W_LMG, W_PISTOL, W_RANGE, W_RIFLE, W_SCOPED, W_SMG, W_HIT_DICE } from '../engine/rulesets/nco/data/weapons.ts';
import { build, place, rect, type BuildOptions, type Harness } from './nco-harness.ts';

/** Side A: Sergeant (rifle), Scout (scoped), VLC (LMG), Medic (pistol), Marksman (Deadeye). Side B: Sergeant, Scout (Covert). */
const A = [
  { type: 'sergeant' },
  { type: 'scout', primary: 'scoped-rifle' },
  { type: 'veteran-lance-corporal', primary: 'lmg' },
  { type: 'medic' },
  { type: 'marksman' },
];
const B = [{ type: 'sergeant' }, { type: 'scout', primary: 'smg' }];
const SG = 0, SCOUT = 1, LMG = 2, MEDIC = 3, MARKS = 4;

function setup(opts: BuildOptions = {}) {
  const h = build({ a: A, b: B, ...opts });
  const g = h.g;
  for (let i = 0; i < g.n; i++) g.psyche[i] = g.maxPsyche[i] - 1; // full-psyche +1 off
  for (const i of [SG, SCOUT, LMG, MEDIC, MARKS]) place(g, i, 5 + 6 * i, 5);
  place(g, h.b0, 5, 21);
  place(g, h.b0 + 1, 30, 30);
  return h;
}

/** Puts the target `edge` inches (base edge to base edge) straight north of shooter s. */
function at(h: Harness, s: number, edge: number, t = h.b0): void {
  const g = h.g;
  place(g, t, g.table.px[s], g.table.py[s] + edge + 2 * g.r);
}

const tn = (h: Harness, s: number, w: number, flags = 0, area = false, cover = false, t = h.b0) => toHitNumber(h.g, s, t, w, flags, area, cover);

describe('items 33–36: to-hit modifiers, each on its own', () => {
  const h = setup();
  const T = h.b0;
  it('item 33: the base to-hit number is 3+ (rifle, 15" edge to edge, no modifier)', () => {
    expect(rangeDist(h.g, SG, T)).toBeCloseTo(15, 12);
    expect(tn(h, SG, W_RIFLE)).toBe(3);
  });
  it('item 34: target in cover −1 → 4+', () => expect(tn(h, SG, W_RIFLE, 0, false, true)).toBe(4));
  it('item 19 / 34: target Down −1 → 4+', () => {
    h.g.down[T] = 1;
    expect(tn(h, SG, W_RIFLE)).toBe(4);
    h.g.down[T] = 0;
  });
  it('item 19 / 75: a Covert target Down −2 → 5+ (not Down: no modifier)', () => {
    const scout = T + 1;
    at(h, SG, 15, scout);
    expect(tn(h, SG, W_RIFLE, 0, false, false, scout)).toBe(3);
    h.g.down[scout] = 1;
    expect(tn(h, SG, W_RIFLE, 0, false, false, scout)).toBe(5);
    h.g.down[scout] = 0;
    place(h.g, scout, 30, 30);
  });
  it('item 34: shooter moved this turn −1 → 4+', () => {
    h.g.moved[SG] = 1;
    expect(tn(h, SG, W_RIFLE)).toBe(4);
    h.g.moved[SG] = 0;
  });
  it('item 34 / 56: shooter Walking Wounded (1 health) −1 → 4+', () => {
    h.g.health[SG] = 1;
    expect(tn(h, SG, W_RIFLE)).toBe(4);
    h.g.health[SG] = 2;
    expect(tn(h, SG, W_RIFLE)).toBe(3);
    h.g.health[SG] = h.g.maxHealth[SG];
  });
  it('item 34: firing in response to an Assault −1 → 4+', () => expect(tn(h, SG, W_RIFLE, F_RESPONSE)).toBe(4));
  it('item 22 / 34: attack counts as Cover Fire −2 → 5+', () => expect(tn(h, SG, W_RIFLE, F_COVER_ORDER, true)).toBe(5));
  it('item 35: shooter at full psyche +1 → 2+', () => {
    h.g.psyche[SG] = h.g.maxPsyche[SG];
    expect(tn(h, SG, W_RIFLE)).toBe(2);
    h.g.psyche[SG]--;
  });
  it('item 35: target within half range +1 → 2+ (R14: 10" edge to edge is within half of 20", 10.01" is not)', () => {
    at(h, SG, 10);
    expect(tn(h, SG, W_RIFLE)).toBe(2);
    at(h, SG, 10.01);
    expect(tn(h, SG, W_RIFLE)).toBe(3);
    at(h, SG, 15);
  });
});

describe('items 33–36: modifiers combined, the floor and the dice', () => {
  it('item 34: all negative modifiers together: 3 +1 cover +2 Covert Down +1 moved +1 WW +1 response +2 Cover Fire = 11', () => {
    const h = setup();
    const scout = h.b0 + 1;
    at(h, SG, 15, scout);
    h.g.down[scout] = 1;
    h.g.moved[SG] = 1;
    h.g.health[SG] = 1;
    expect(tn(h, SG, W_RIFLE, F_RESPONSE | F_COVER_ORDER, true, true, scout)).toBe(11);
    // R13: 9+ or worse cannot hit at all (and draws no die).
    const r = new Rng(5);
    for (let k = 0; k < 1000; k++) expect(rollHit(r, 11, 8)).toBe(false);
    expect(r.nextU32()).toBe(new Rng(5).nextU32());
  });
  it('items 34–35: mixed: full psyche +1, half range +1, cover −1, moved −1, Down −1 → 4+', () => {
    const h = setup();
    h.g.psyche[SG] = h.g.maxPsyche[SG];
    at(h, SG, 8);
    h.g.moved[SG] = 1;
    h.g.down[h.b0] = 1;
    expect(tn(h, SG, W_RIFLE, 0, false, true)).toBe(4);
  });
  it('item 36: modifiers never make it better than 2+ (full psyche, half range, high ground: 3 − 3 → 2)', () => {
    const h = setup({ terrain: [rect(3, 3, 7, 7, { name: 'tower', height: 4 })] });
    h.g.psyche[SG] = h.g.maxPsyche[SG];
    place(h.g, SG, 5, 5);
    at(h, SG, 8);
    expect(h.g.elevC[SG]).toBe(4);
    expect(tn(h, SG, W_RIFLE)).toBe(2);
    expect(hitTargetFromMods(3)).toBe(2);
    expect(hitTargetFromMods(10)).toBe(2);
    expect(hitTargetFromMods(0)).toBe(3);
    expect(hitTargetFromMods(-6)).toBe(9);
  });
  it('item 36: a natural 1 always misses, even at 2+ (and at a raw 1+)', () => {
    for (let k = 1; k <= 3000; k++) {
      const face = new Rng(k).d6();
      expect(rollHit(new Rng(k), 2, 8)).toBe(face >= 2);
      expect(rollHit(new Rng(k), 1, 8)).toBe(face !== 1);
    }
  });
  it('item 36: 3+..6+ hit on that face or better, with one die', () => {
    for (let t = 3; t <= 6; t++) {
      for (let k = 1; k <= 600; k++) {
        const r = new Rng(k);
        const face = r.d6();
        const e = new Rng(k);
        expect(rollHit(e, t, 8)).toBe(face >= t);
        expect(e.nextU32()).toBe(r.nextU32()); // exactly one die drawn
      }
    }
  });
  it('item 36 / R13: 7+ needs a 6 then a 5–6; 8+ needs a 6 then a 6; 9+ never hits', () => {
    let hits7 = 0;
    for (let k = 1; k <= 3000; k++) {
      const r = new Rng(k);
      const a = r.d6(), b = r.d6();
      const e7 = rollHit(new Rng(k), 7, 8);
      expect(e7).toBe(a === 6 && b >= 5);
      expect(rollHit(new Rng(k), 8, 8)).toBe(a === 6 && b === 6);
      expect(rollHit(new Rng(k), 9, 8)).toBe(false);
      expect(rollHit(new Rng(k), 9, 12)).toBe(false);
      if (e7) hits7++;
    }
    expect(hits7).toBeGreaterThan(0);
    expect([7, 8, 9].map((t) => hitProbability(t, 8))).toEqual([2 / 36, 1 / 36, 0]);
  });
  it('R13: max_hit_target = 7 makes 8+ impossible', () => {
    expect(hitProbability(8, 7)).toBe(0);
    for (let k = 1; k <= 500; k++) expect(rollHit(new Rng(k), 8, 7)).toBe(false);
    expect(setup({ rules: { max_hit_target: 7 } }).scn.rules.max_hit_target).toBe(7);
  });
});

describe('item 29, 76: Focus Fire and Deadeye', () => {
  it('item 29: Focus Fire ignores target cover and Down, not the shooter having moved', () => {
    const h = setup();
    h.g.down[h.b0] = 1;
    expect(tn(h, SG, W_RIFLE, 0, false, true)).toBe(5);
    expect(tn(h, SG, W_RIFLE, F_FOCUS, false, true)).toBe(3);
    h.g.moved[SG] = 1;
    expect(tn(h, SG, W_RIFLE, F_FOCUS, false, true)).toBe(4);
  });
  it('items 29, 42, 44: with an SMG or a pistol, Focus Fire is a plain Fire (cover and Down count)', () => {
    const h = setup({ a: [{ type: 'sergeant', primary: 'smg' }, ...A.slice(1)] });
    h.g.down[h.b0] = 1;
    at(h, SG, 11);
    expect(tn(h, SG, W_SMG, F_FOCUS, false, true)).toBe(5);
    at(h, MEDIC, 11);
    expect(tn(h, MEDIC, W_PISTOL, F_FOCUS, false, true)).toBe(6); // +1 cover +1 Down +1 beyond half
  });
  it('item 76: a Deadeye soldier\'s Fire order counts as Focus Fire (cover and Down ignored)', () => {
    const h = setup();
    h.g.down[h.b0] = 1;
    at(h, MARKS, 15);
    expect(tn(h, MARKS, W_SCOPED, 0, false, true)).toBe(2); // 3 −1 scoped, cover and Down ignored
  });
  // Regression test for bug B2 (docs/rules/nco.md), fixed: Deadeye's Focus Fire also applied to Cover Fire orders.
  it('item 76: a Deadeye soldier\'s Cover Fire order still takes the cover and Down penalties', () => {
    const h = setup();
    h.g.down[h.b0] = 1;
    at(h, MARKS, 15);
    // 3 +2 Cover Fire −1 scoped +1 cover +1 Down = 6
    expect(tn(h, MARKS, W_SCOPED, F_COVER_ORDER, true, true)).toBe(6);
  });
});

describe('item 76: Deadeye on an Advance (decision beyond the digest)', () => {
  it('item 76: the shot after an Advance is not a Fire order: a Deadeye soldier takes cover and Down penalties (scope off too)', () => {
    const h = setup();
    h.g.down[h.b0] = 1;
    at(h, MARKS, 15);
    // Rifle stats on an Advance (R15): no scope +1, 15" is beyond half of 20": 3 +1 cover +1 Down = 5
    expect(tn(h, MARKS, W_SCOPED, F_ADVANCE, false, true)).toBe(5);
  });
});

describe('items 40–44: weapons', () => {
  it('items 40–47: ranges rifle 20, scoped 30, SMG 12, LMG 24, pistol 12, flamer 12, HE 16, grenade 8; 2 hit dice for SMG and LMG', () => {
    expect([W_RIFLE, W_SCOPED, W_SMG, W_LMG, W_PISTOL, W_FLAMER, W_HE, W_GRENADE].map((w) => W_RANGE[w])).toEqual([20, 30, 12, 24, 12, 12, 16, 8]);
    expect([W_RIFLE, W_SCOPED, W_SMG, W_LMG, W_PISTOL].map((w) => W_HIT_DICE[w])).toEqual([1, 1, 2, 2, 1]);
  });
  it('item 40: a rifle reaches 20" edge to edge and no further', () => {
    const h = setup();
    at(h, SG, 20);
    expect(bestWeapon(h.g, SG, h.b0, 0)).toBe(W_RIFLE);
    at(h, SG, 20.5);
    expect(bestWeapon(h.g, SG, h.b0, 0)).toBe(0); // and his 12" pistol cannot reach either
  });
  it('item 41 / R15: scoped rifle +1 at any distance (25"), not stacking with half range (5")', () => {
    const h = setup();
    at(h, SCOUT, 25);
    expect(tn(h, SCOUT, W_SCOPED)).toBe(2);
    expect(bestWeapon(h.g, SCOUT, h.b0, 0)).toBe(W_SCOPED);
    at(h, SCOUT, 5);
    h.g.moved[SCOUT] = 1; // 3 +1 moved −1 scoped = 3; stacking would give 2
    expect(tn(h, SCOUT, W_SCOPED)).toBe(3);
    const s = setup({ rules: { scoped_half_range_stacks: true } });
    at(s, SCOUT, 5);
    s.g.moved[SCOUT] = 1;
    expect(tn(s, SCOUT, W_SCOPED)).toBe(2);
  });
  it('item 41 / R15: on an Advance the scoped rifle is a plain rifle (20" range, half range 10")', () => {
    const h = setup();
    expect(effectiveRange(h.g, W_SCOPED, F_ADVANCE)).toBe(20);
    expect(effectiveRange(h.g, W_SCOPED, 0)).toBe(30);
    at(h, SCOUT, 15);
    expect(tn(h, SCOUT, W_SCOPED, F_ADVANCE)).toBe(3);
    at(h, SCOUT, 8);
    expect(tn(h, SCOUT, W_SCOPED, F_ADVANCE)).toBe(2);
    at(h, SCOUT, 25);
    expect(bestWeapon(h.g, SCOUT, h.b0, F_ADVANCE)).toBe(0); // beyond 20"
  });
  it('item 43: LMG Fire resolves as Cover Fire at −1 (not −2); a Cover Fire order with it is also −1', () => {
    const h = setup();
    at(h, LMG, 15);
    expect(tn(h, LMG, W_LMG, 0, true)).toBe(4);
    expect(tn(h, LMG, W_LMG, F_COVER_ORDER, true)).toBe(4);
  });
  it('item 43: LMG responding to an Assault gets +1 instead of −1 (net 3+ with its −1)', () => {
    const h = setup();
    at(h, LMG, 15);
    expect(tn(h, LMG, W_LMG, F_RESPONSE, true)).toBe(3);
    expect(tn(h, SG, W_RIFLE, F_RESPONSE)).toBe(4);
  });
  it('item 43: an LMG cannot fire during an Advance (no weapon for an LMG gunner without pistol)', () => {
    const h = setup();
    at(h, LMG, 10);
    expect(bestWeapon(h.g, LMG, h.b0, 0)).toBe(W_LMG);
    expect(bestWeapon(h.g, LMG, h.b0, F_ADVANCE)).toBe(0);
  });
  it('R16: LMG Focus Fire does not ignore cover or Down (lmg_focus_ignores_cover = false); true ignores them', () => {
    const h = setup();
    at(h, LMG, 15);
    h.g.down[h.b0] = 1;
    expect(tn(h, LMG, W_LMG, F_FOCUS, true, true)).toBe(6);
    const s = setup({ rules: { lmg_focus_ignores_cover: true } });
    at(s, LMG, 15);
    s.g.down[s.b0] = 1;
    expect(tn(s, LMG, W_LMG, F_FOCUS, true, true)).toBe(4);
  });
  it('item 44: pistol −1 beyond half range (8" → 4+), +1 within it (5" → 2+; 6" is within: R14)', () => {
    const h = setup();
    at(h, MEDIC, 8);
    expect(tn(h, MEDIC, W_PISTOL)).toBe(4);
    at(h, MEDIC, 5);
    expect(tn(h, MEDIC, W_PISTOL)).toBe(2);
    at(h, MEDIC, 6);
    expect(tn(h, MEDIC, W_PISTOL)).toBe(2);
    at(h, MEDIC, 12.5);
    expect(bestWeapon(h.g, MEDIC, h.b0, 0)).toBe(0);
  });
  it('items 22, 44: a pistol cannot Cover Fire (neither a pistol primary nor the Sergeant\'s sidearm)', () => {
    const h = setup();
    at(h, MEDIC, 5);
    expect(bestWeapon(h.g, MEDIC, h.b0, F_COVER_ORDER)).toBe(0);
    expect(bestWeapon(h.g, MEDIC, h.b0, 0)).toBe(W_PISTOL);
    at(h, SG, 15);
    expect(bestWeapon(h.g, SG, h.b0, F_COVER_ORDER)).toBe(W_RIFLE);
    at(h, SG, 21); // rifle out of range; the pistol may not stand in
    expect(bestWeapon(h.g, SG, h.b0, F_COVER_ORDER)).toBe(0);
  });
  it('items 45–47: flamethrower and grenade a flat 3+, HE a flat 5+, whatever the modifiers', () => {
    const h = setup();
    h.g.moved[SG] = 1;
    h.g.health[SG] = 1;
    h.g.down[h.b0] = 1;
    expect(tn(h, SG, W_FLAMER, F_COVER_ORDER, true, true)).toBe(3);
    expect(tn(h, SG, W_GRENADE, 0, true, true)).toBe(3);
    expect(tn(h, SG, W_HE, F_RESPONSE, true, true)).toBe(5);
  });
});

describe('item 70: high ground', () => {
  const tower = (height: number) => [rect(3, 3, 7, 7, { name: 'tower', height })];
  it('item 70: a shooter 4" above the target gets +1; 3" exactly also; 2" does not', () => {
    for (const [height, want] of [[4, 2], [3, 2], [2, 3]] as const) {
      const h = setup({ terrain: tower(height) });
      place(h.g, SG, 5, 5);
      at(h, SG, 15);
      expect(tn(h, SG, W_RIFLE)).toBe(want);
    }
  });
  it('item 70: the target on high ground gives the shooter below nothing', () => {
    const h = setup({ terrain: tower(4) });
    place(h.g, SG, 5, 25);
    place(h.g, h.b0, 5, 5);
    expect(h.g.elevC[h.b0]).toBe(4);
    expect(tn(h, SG, W_RIFLE)).toBe(3);
  });
  it('rules.high_ground_in changes the threshold', () => {
    const h = setup({ terrain: tower(4), rules: { high_ground_in: 5 } });
    place(h.g, SG, 5, 5);
    at(h, SG, 15);
    expect(tn(h, SG, W_RIFLE)).toBe(3);
  });
});
