/**
 * NCO wounds, health and psyche (digest items 39, 49–60; R9, R17, R19).
 *
 * Dice: applyHits draws one D6 per hit (the wound roll) and nothing else unless a
 * breakdown rolls on the D6 table (item 59), so `seedForFaces` predicts it exactly.
 */
import { describe, expect, it } from 'vitest';
import { applyHits, breakdown, kill, loseHealth, losePsyche, woundHealth, woundPsyche } from '../engine/rulesets/nco/rules/damage.ts';
import { executeOrder } from '../engine/rulesets/nco/rules/orders.ts';
import { executeSpecial, heal, qualifiesForSpecial } from '../engine/rulesets/nco/rules/special.ts';
import { O_DOWN, O_FIRE, O_NONE, SA_FOCUS_FIRE } from '../engine/rulesets/nco/rules/state.ts';
import { W_EXTRA_PSYCHE, W_FLAMER, W_GRENADE, W_HE, W_RIFLE, W_SCOPED, W_WOUND_MOD } from '../engine/rulesets/nco/data/weapons.ts';
import { build, dice, place, remove, seedForFaces, setOrder, WALL, type BuildOptions } from './nco-harness.ts';

/** Side A: Sergeant, Private, Marksman. Side B: Sergeant, Private, Private. */
function setup(opts: BuildOptions = {}) {
  const h = build({ a: [{ type: 'sergeant' }, { type: 'private' }, { type: 'marksman' }], b: [{ type: 'sergeant' }, { type: 'private', count: 2 }], ...opts });
  return { ...h, S: 0, T: h.b0 + 1 };
}

/** Gives soldier i lots of health and psyche so one wound neither kills nor breaks him. */
function tough(g: ReturnType<typeof setup>['g'], i: number): void {
  g.health[i] = 20;
  g.psyche[i] = 20;
}

const CHART: Record<number, [number, number]> = { 1: [0, 1], 2: [0, 2], 3: [0, 2], 4: [2, 1], 5: [2, 1], 6: [3, 2] };

describe('items 49–54: the wound chart', () => {
  it('items 49–52: woundHealth / woundPsyche: 1 Graze −1p; 2–3 Ringer −2p; 4–5 Flesh −2h −1p; 6 Mortal −3h −2p', () => {
    for (let r = 1; r <= 6; r++) expect([woundHealth(r), woundPsyche(r)]).toEqual(CHART[r]);
  });
  it('items 49–52: applyHits applies one wound roll per hit, face by face', () => {
    for (let f = 1; f <= 6; f++) {
      const { g, T, S } = setup();
      tough(g, T);
      dice(g, seedForFaces([f]));
      applyHits(g, T, 1, 0, 0, S);
      expect([20 - g.health[T], 20 - g.psyche[T]]).toEqual(CHART[f]);
    }
  });
  it('item 53: a modified 7+ is instant death, whatever the health left', () => {
    for (const [face, mod] of [[6, 1], [5, 2], [6, 2]]) {
      const { g, T, S } = setup();
      tough(g, T);
      dice(g, seedForFaces([face]));
      applyHits(g, T, 1, mod, 0, S);
      expect(g.alive[T]).toBe(0);
    }
    const { g, T, S } = setup();
    tough(g, T);
    dice(g, seedForFaces([4]));
    applyHits(g, T, 1, 2, 0, S); // 4 + 2 = 6: a Mortal Wound, not death
    expect([g.alive[T], 20 - g.health[T], 20 - g.psyche[T]]).toEqual([1, 3, 2]);
  });
  it('item 54: wound modifiers flamethrower +1, HE +2, grenade +1; extra psyche −2, −1, −1', () => {
    expect([W_WOUND_MOD[W_FLAMER], W_WOUND_MOD[W_HE], W_WOUND_MOD[W_GRENADE], W_WOUND_MOD[W_RIFLE]]).toEqual([1, 2, 1, 0]);
    expect([W_EXTRA_PSYCHE[W_FLAMER], W_EXTRA_PSYCHE[W_HE], W_EXTRA_PSYCHE[W_GRENADE], W_EXTRA_PSYCHE[W_RIFLE]]).toEqual([2, 1, 1, 0]);
  });
  it('item 54 / R17: the extra psyche applies on every wound-chart hit, a Graze included', () => {
    const { g, T, S } = setup();
    tough(g, T);
    dice(g, seedForFaces([1]));
    applyHits(g, T, 1, W_WOUND_MOD[W_FLAMER], W_EXTRA_PSYCHE[W_FLAMER], S); // 1+1 = Ringer −2, +2 extra
    expect([20 - g.health[T], 20 - g.psyche[T]]).toEqual([0, 4]);
  });
  it('items 54, 76: a Deadeye soldier\'s Focus Fire hit gets +1 on the wound roll; his plain Fire does not', () => {
    // Marksman at full psyche, scoped: 2+ to hit. Faces: hit die 4, wound die 6.
    const k = seedForFaces([4, 6]);
    const results: number[] = [];
    for (const special of [true, false]) {
      const { g, T, b0 } = setup();
      const M = 2;
      orderAll(g);
      place(g, M, 10, 10);
      place(g, T, 10, 20);
      for (let i = b0; i < g.n; i++) if (i !== T) remove(g, i);
      tough(g, T);
      dice(g, k);
      if (special) executeSpecial(g, M, SA_FOCUS_FIRE);
      else {
        g.order[M] = O_NONE;
        g.unordered[0]++;
        g.pickTarget = T;
        g.pickWeapon = W_SCOPED;
        executeOrder(g, M, O_FIRE);
      }
      results.push(g.alive[T]);
    }
    expect(results).toEqual([0, 1]);
  });
});

/** Gives every soldier a Fire order so no reactive Down can interfere. */
function orderAll(g: ReturnType<typeof setup>['g']): void {
  for (let i = 0; i < g.n; i++) setOrder(g, i, O_FIRE);
}

describe('item 39: several hits', () => {
  it('item 39: all health loss is applied before any psyche loss (Ringer then Flesh Wound on 2 health, 2 psyche: killed, never broken)', () => {
    const { g, T, S } = setup();
    g.health[T] = 2;
    g.psyche[T] = 2;
    dice(g, seedForFaces([2, 4]));
    applyHits(g, T, 2, 0, 0, S);
    expect(g.alive[T]).toBe(0);
    expect(g.breakdowns[T]).toBe(0);
  });
  it('item 39: the losses of all hits add up (Flesh 4 + Mortal 6 = −5 health −3 psyche)', () => {
    const { g, T, S } = setup();
    tough(g, T);
    dice(g, seedForFaces([4, 6]));
    applyHits(g, T, 2, 0, 0, S);
    expect([20 - g.health[T], 20 - g.psyche[T]]).toEqual([5, 3]);
  });
});

describe('items 55–60: health, psyche and breakdown', () => {
  it('item 55: health reaching 0 is death; the enemy scores the soldier\'s cost', () => {
    const { g, T, S } = setup();
    expect(loseHealth(g, T, 2, S)).toBe(false);
    expect(g.alive[T]).toBe(1);
    expect(loseHealth(g, T, 1, S)).toBe(true);
    expect([g.alive[T], g.health[T], g.vp[0], g.diedTurn[T]]).toEqual([0, 0, 8, 1]);
  });
  it('item 55: health and psyche are regained up to the starting maximum only', () => {
    const { g, T } = setup();
    g.health[T] = 1;
    g.psyche[T] = 1;
    heal(g, T, 10, 10);
    expect([g.health[T], g.psyche[T]]).toEqual([3, 3]);
  });
  it('item 56: Walking Wounded means exactly 1 health', () => {
    const { g, T } = setup();
    g.health[T] = 1;
    expect(g.walkingWounded(T)).toBe(true);
    g.health[T] = 2;
    expect(g.walkingWounded(T)).toBe(false);
  });
  it('item 57: psyche 0 → breakdown: Down at once, taking one of his dice; no special action', () => {
    const { g, T, S } = setup();
    const before = g.unordered[1];
    losePsyche(g, T, 3, S);
    expect([g.psyche[T], g.order[T], g.down[T], g.brokenNow[T], g.breakdowns[T]]).toEqual([0, O_DOWN, 1, 1, 1]);
    expect(g.unordered[1]).toBe(before - 1);
    g.courage[T] = 6;
    expect(qualifiesForSpecial(g, T)).toBe(false);
  });
  it('item 57: further psyche loss while at 0 and Down has no effect (this turn)', () => {
    const { g, T, S } = setup();
    losePsyche(g, T, 3, S);
    losePsyche(g, T, 5, S);
    expect([g.psyche[T], g.breakdowns[T], g.alive[T]]).toEqual([0, 1, 1]);
  });
  it('item 57 / R9: a breakdown after he acted sets Down without taking a die', () => {
    const { g, T, S } = setup();
    setOrder(g, T, O_FIRE);
    const before = g.unordered[1];
    losePsyche(g, T, 3, S);
    expect([g.order[T], g.down[T], g.unordered[1]]).toEqual([O_FIRE, 1, before]);
  });
  it('item 59: second breakdown, D6 1–4: Incapacitated, removed as a casualty (the enemy scores him)', () => {
    for (const f of [1, 2, 3, 4]) {
      const { g, T, S } = setup();
      g.breakdowns[T] = 1;
      g.psyche[T] = 1;
      dice(g, seedForFaces([f]));
      losePsyche(g, T, 1, S);
      expect([g.alive[T], g.breakdowns[T], g.vp[0]]).toEqual([0, 2, 8]);
    }
  });
  it('item 59: second breakdown, D6 5–6 with no visible soldier: Snaps, goes Down, psyche back to full', () => {
    for (const f of [5, 6]) {
      const { g, T, S, b0 } = setup({ terrain: [WALL] });
      for (let i = b0; i < g.n; i++) if (i !== T) remove(g, i); // only soldiers beyond the wall remain
      g.breakdowns[T] = 1;
      g.psyche[T] = 1;
      dice(g, seedForFaces([f]));
      losePsyche(g, T, 1, S);
      expect([g.alive[T], g.psyche[T], g.down[T], g.order[T], g.brokenNow[T]]).toEqual([1, 3, 1, O_DOWN, 0]);
    }
  });
  // Regression test for bug B1 (docs/rules/nco.md), fixed: snap() compared the contact distance without a rounding tolerance.
  it('item 59: a Snapped soldier who reaches the nearest soldier (a friend, 3" away) removes both', () => {
    for (const [x, y] of [[20, 30], [12.3, 25.7], [7, 31]]) {
      const { g, T, S, b0 } = setup();
      const friend = b0 + 2;
      place(g, T, x, y);
      place(g, friend, x + 3, y);
      setOrder(g, friend, O_FIRE); // no response fire: only the D6 is drawn
      g.breakdowns[T] = 1;
      g.psyche[T] = 1;
      dice(g, seedForFaces([6]));
      losePsyche(g, T, 1, S);
      expect([g.alive[T], g.alive[friend]]).toEqual([0, 0]);
      expect([g.vp[0], g.vp[1]]).toEqual([16, 0]); // R10: the enemy scores both
    }
  });
  // Regression (B12, fixed): a soldier still at 0 psyche from last turn's breakdown, not yet
  // rallied, is not broken again by more psyche loss; item 59 rolls only after psyche was regained.
  it('item 59: psyche loss while still at 0 from last turn\'s breakdown (not yet rallied) is not a second breakdown', () => {
    const { g, T, S } = setup();
    g.breakdowns[T] = 1;
    g.psyche[T] = 0;
    g.mustRally[T] = 1; // as startTurn leaves him: brokenNow cleared, must Rally
    dice(g, seedForFaces([1]));
    losePsyche(g, T, 1, S);
    expect([g.alive[T], g.breakdowns[T], g.psyche[T]]).toEqual([1, 1, 0]);
  });
  it('R9: the D6 table applies to every breakdown after the first (breakdown_table_every_time); off: only the second', () => {
    const on = setup();
    on.g.breakdowns[on.T] = 2;
    dice(on.g, seedForFaces([1]));
    breakdown(on.g, on.T, on.S);
    expect(on.g.alive[on.T]).toBe(0);
    const off = setup({ rules: { breakdown_table_every_time: false } });
    off.g.breakdowns[off.T] = 2;
    dice(off.g, seedForFaces([1]));
    breakdown(off.g, off.T, off.S);
    expect([off.g.alive[off.T], off.g.brokenNow[off.T], off.g.down[off.T]]).toEqual([1, 1, 1]);
  });
  it('item 60: at 1 psyche within 6" of a Ruthless ally (himself included) he loses health instead of psyche', () => {
    const a = [{ type: 'sergeant', skills: ['ruthless'] }, { type: 'private' }];
    const { g, b0 } = build({ a });
    const P = 1, E = b0;
    place(g, 0, 10, 10);
    place(g, P, 10, 17); // 6" edge to edge
    g.psyche[P] = 1;
    losePsyche(g, P, 2, E);
    expect([g.health[P], g.psyche[P], g.breakdowns[P]]).toEqual([1, 1, 0]);
    g.psyche[0] = 1;
    losePsyche(g, 0, 1, E); // the Ruthless soldier himself
    expect([g.health[0], g.psyche[0]]).toEqual([5, 1]);
    place(g, P, 10, 17.5); // 6.5": out of the aura
    g.health[P] = 3;
    losePsyche(g, P, 1, E);
    expect([g.health[P], g.psyche[P], g.breakdowns[P]]).toEqual([3, 0, 1]);
  });
  it('item 60: psyche above 1 is lost normally first, then health at 1 psyche', () => {
    const { g, b0 } = build({ a: [{ type: 'sergeant', skills: ['ruthless'] }, { type: 'private' }] });
    place(g, 1, 12, 10);
    place(g, 0, 10, 10);
    g.psyche[1] = 3;
    losePsyche(g, 1, 4, b0); // 3 → 2 → 1, then −2 health
    expect([g.psyche[1], g.health[1]]).toEqual([1, 1]);
  });
  it('item 60: an enemy Ruthless soldier does not protect', () => {
    const { g } = build({ b: [{ type: 'sergeant', skills: ['ruthless'] }, { type: 'private' }] });
    place(g, 1, 10, 10);
    place(g, 2, 11.5, 10);
    g.psyche[1] = 1;
    losePsyche(g, 1, 1, 2);
    expect([g.psyche[1], g.breakdowns[1]]).toEqual([0, 1]);
  });
  it('R19: a Mortal Wound has no lasting effect by default; mortal_wound_max_health_penalty = 1 lowers max health', () => {
    for (const [pen, max] of [[0, 6], [1, 5]]) {
      const { g, S, b0 } = setup({ rules: { mortal_wound_max_health_penalty: pen } });
      dice(g, seedForFaces([6]));
      applyHits(g, b0, 1, 0, 0, S);
      expect([g.maxHealth[b0], g.health[b0]]).toEqual([max, 3]);
    }
  });
  it('kill() of a dead soldier does nothing twice', () => {
    const { g, T, S } = setup();
    kill(g, T, S);
    kill(g, T, S);
    expect(g.vp[0]).toBe(8);
  });
});
