/**
 * NCO special weapons (digest items 22, 43, 45–47, 54, R17, R18): hand grenades, the
 * flamethrower, the HE weapon and Cover Fire collateral.
 *
 * Dice: a grenade draws its scatter D6, then for each soldier in the blast (by index) one
 * to-hit D6 and, on a hit, one wound D6. Cover Fire and the flamer draw, per target in the
 * area (by index), the to-hit die and on a hit the wound die. The aggressive policy never
 * takes a reactive Down and draws no dice, so `seedForFaces` predicts every roll.
 */
import { describe, expect, it } from 'vitest';
import { executeOrder } from '../engine/rulesets/nco/rules/orders.ts';
import { qualifiesForSpecial } from '../engine/rulesets/nco/rules/special.ts';
import { chooseOrder } from '../engine/rulesets/nco/policy/orders.ts';
import { assault } from '../engine/rulesets/nco/rules/assault.ts';
import { bestWeapon } from '../engine/rulesets/nco/rules/weapon-choice.ts';
import { areaFire, fireAt, F_ADVANCE, F_COVER_ORDER, F_FOCUS, toHitNumber } from '../engine/rulesets/nco/rules/shooting.ts';
import { canThrowTo, GRENADE_AIM, throwGrenade } from '../engine/rulesets/nco/rules/grenades.ts';
import { hitTargetFor } from '../engine/rulesets/nco/rules/tohit.ts';
import { O_ASSAULT, O_COVER_FIRE, O_DOWN, O_FIRE, O_NONE } from '../engine/rulesets/nco/rules/state.ts';
import { W_FLAMER, W_GRENADE, W_HE, W_LMG, W_PISTOL, W_RIFLE } from '../engine/rulesets/nco/data/weapons.ts';
import { build, dice, place, rect, seedForFaces, setOrder, stdErr, type Entry } from './nco-harness.ts';

const SGT: Entry = { type: 'sergeant', grenades: 2 };

/** Thrower (side A index 0) at (10, 4); side B: three Privates; side A's Private is index 1. Everyone has an order. */
function grenadeScene(rules: Record<string, unknown> = {}) {
  const h = build({ a: [SGT, { type: 'private' }], b: [{ type: 'sergeant' }, { type: 'private', count: 3 }], rules });
  const g = h.g, T = 0, F = 1, B = h.b0;
  place(g, T, 10, 4);
  place(g, B, 30, 34);
  for (let i = 0; i < g.n; i++) { g.health[i] = 20; g.maxHealth[i] = 20; g.psyche[i] = 20; g.maxPsyche[i] = 20; }
  for (let i = 0; i < g.n; i++) setOrder(g, i, O_DOWN);
  return { ...h, g, T, F, P1: B + 1, P2: B + 2, P3: B + 3 };
}

function aimAt(g: ReturnType<typeof build>['g'], x: number, y: number): void {
  g.table.setPoint(g.sp + GRENADE_AIM, x, y);
}

const lost = (g: ReturnType<typeof build>['g'], i: number) => [20 - g.health[i], 20 - g.psyche[i]];

describe('item 47 / R18: hand grenades', () => {
  it('item 47: on the point (4–6) every soldier within the 2" blast, friend or foe, is a target; flat 3+; +1 wound, −1 extra psyche', () => {
    const { g, T, F, P1, P2, P3 } = grenadeScene();
    aimAt(g, 10, 10);
    place(g, F, 10, 12.4); // friend 2.4" from the point: in (centre ≤ 2 + 0.5)
    place(g, P1, 10, 10); // on the point
    place(g, P2, 11.5, 10); // in
    place(g, P3, 10, 12.7); // 2.7": out
    g.down[P1] = 1; // Down: no modifier for a grenade
    // Scatter 4; F: 3 hits, wound 1 (+1 → 2, Ringer −2, −1 extra); P1: 2 misses; P2: 6 hits, wound 5 (+1 → 6, Mortal −3 h, −2 −1 p).
    dice(g, seedForFaces([4, 3, 1, 2, 6, 5]));
    expect(throwGrenade(g, T)).toBe(2);
    expect(lost(g, F)).toEqual([0, 3]);
    expect(lost(g, P1)).toEqual([0, 0]);
    expect(lost(g, P2)).toEqual([3, 3]);
    expect(lost(g, P3)).toEqual([0, 0]);
    expect(g.grenades[T]).toBe(1);
  });

  it('item 47 / R18: 3 lands 3" beyond the point and 2 lands 3" short, along the thrower-to-point line; 1 is a dud', () => {
    for (const [face, hit] of [[3, 'beyond'], [2, 'short'], [1, 'none'], [5, 'point']] as const) {
      const { g, T, P1, P2, P3 } = grenadeScene();
      aimAt(g, 10, 12);
      place(g, P1, 10, 15); // 3" beyond
      place(g, P2, 10, 9); // 3" short
      place(g, P3, 10, 12); // on the point (3" from both landing points: outside their blasts)
      dice(g, seedForFaces([face, 6, 4]));
      throwGrenade(g, T);
      const hurt = [P1, P2, P3].map((i) => lost(g, i)[1] > 0);
      expect(hurt).toEqual([hit === 'beyond', hit === 'short', hit === 'point']);
      expect(g.grenades[T]).toBe(1); // a dud is spent too
    }
  });

  it('item 47: a dud draws no further dice', () => {
    const { g, T, P1 } = grenadeScene();
    aimAt(g, 10, 10);
    place(g, P1, 10, 10);
    dice(g, seedForFaces([1, 5, 5]));
    throwGrenade(g, T);
    expect(g.rng.d6()).toBe(5);
  });

  it('item 47: range 8" from the thrower\'s base edge (R3); no line of sight needed', () => {
    const { g, T } = grenadeScene();
    aimAt(g, 10, 4 + 8.5); // 8" from his base edge
    expect(canThrowTo(g, T, g.sp + GRENADE_AIM)).toBe(true);
    aimAt(g, 10, 4 + 8.6);
    expect(canThrowTo(g, T, g.sp + GRENADE_AIM)).toBe(false);
  });

  it('item 47: thrown over terrain up to 3" tall (even obscuring), not over taller terrain', () => {
    for (const [height, ok] of [[2, true], [3, true], [3.5, false], [6, false]] as const) {
      const wall = rect(5, 7, 15, 8, { name: 'wall', obscuring: true, height });
      const h = build({ a: [SGT], b: [{ type: 'sergeant' }], terrain: [wall] });
      const g = h.g;
      place(g, 0, 10, 4);
      place(g, h.b0, 10, 10);
      expect(g.los(0, h.b0)).toBe(false);
      aimAt(g, 10, 10);
      expect(canThrowTo(g, 0, g.sp + GRENADE_AIM)).toBe(ok);
    }
    const wall = rect(5, 7, 15, 8, { name: 'wall', obscuring: true, height: 4 });
    const h = build({ a: [SGT], b: [{ type: 'sergeant' }], terrain: [wall], rules: { grenade_max_obstacle_in: 4 } });
    place(h.g, 0, 10, 4);
    aimAt(h.g, 10, 10);
    expect(canThrowTo(h.g, 0, h.g.sp + GRENADE_AIM)).toBe(true);
  });

  it('item 47: no modifiers of any kind: a flat 3+ in every situation (and the flamer 3+, the HE 5+: items 45, 46)', () => {
    for (let sit = 0; sit < 65536; sit += 7) {
      expect(hitTargetFor(W_GRENADE, sit)).toBe(3);
      expect(hitTargetFor(W_FLAMER, sit)).toBe(3);
      expect(hitTargetFor(W_HE, sit)).toBe(5);
    }
  });

  it('item 47: each grenade is used once; with none left nothing happens', () => {
    const { g, T, P1 } = grenadeScene();
    g.grenades[T] = 1;
    aimAt(g, 10, 10);
    place(g, P1, 10, 10);
    dice(g, seedForFaces([5, 6, 1]));
    expect(throwGrenade(g, T)).toBe(1);
    expect(g.grenades[T]).toBe(0);
    dice(g, seedForFaces([5, 6, 1]));
    expect(throwGrenade(g, T)).toBe(0);
    expect(g.rng.d6()).toBe(5);
  });

  it('items 47, 22: a hit soldier with no order yet goes Down at once; a Fire with a grenade keeps the special action (item 16)', () => {
    const { g, T, P1, P2 } = grenadeScene();
    g.order[P1] = O_NONE;
    g.order[P2] = O_NONE;
    g.unordered[1] = 2;
    g.order[T] = O_NONE;
    g.unordered[0] = 1;
    place(g, P1, 10, 10);
    place(g, P2, 11, 10);
    aimAt(g, 10, 10);
    g.pickTarget = P1;
    g.pickWeapon = W_GRENADE;
    dice(g, seedForFaces([6, 3, 1, 1]));
    executeOrder(g, T, O_FIRE);
    expect([g.order[P1], g.down[P1]]).toEqual([O_DOWN, 1]);
    expect([g.order[P2], g.down[P2]]).toEqual([O_NONE, 0]);
    expect(g.order[T]).toBe(O_FIRE);
    expect(qualifiesForSpecial(g, T)).toBe(true);
  });

  it('item 47 (decision): the thrower caught by his own short grenade is a target (rules.grenade_hits_thrower)', () => {
    for (const self of [true, false]) {
      const { g, T } = grenadeScene({ grenade_hits_thrower: self });
      aimAt(g, 10, 7); // short: 3" back lands on the thrower
      dice(g, seedForFaces([2, 6, 4]));
      throwGrenade(g, T);
      expect(lost(g, T)[1] > 0).toBe(self);
    }
  });

  it('R18: a grenade is thrown with Advance (no −1) and with Focus Fire; a Cover Fire order cannot throw one', () => {
    const { g, T, P1 } = grenadeScene();
    g.order[T] = O_NONE;
    g.unordered[0] = 1;
    place(g, P1, 10, 14);
    g.table.setPoint(g.sp + 3, 10, 6);
    g.pickDest = g.sp + 3;
    aimAt(g, 10, 14);
    // The Advance shot is the policy's: the aggressive Sergeant sees one enemy in the open (a rifle beats a
    // grenade at a lone target), so call the attack directly as executeOrder would.
    dice(g, seedForFaces([4, 3, 1]));
    expect(fireAt(g, T, P1, W_GRENADE, F_ADVANCE)).toBe(1);
    dice(g, seedForFaces([4, 3, 1]));
    expect(fireAt(g, T, P1, W_GRENADE, F_FOCUS)).toBe(1);
    expect(g.grenades[T]).toBe(0);
    g.grenades[T] = 1;
    expect(bestWeapon(g, T, P1, F_COVER_ORDER)).not.toBe(W_GRENADE);
  });
});

describe('items 45, 46: flamethrower and HE weapon', () => {
  function engineer(primary: string, rules: Record<string, unknown> = {}) {
    const h = build({ a: [{ type: 'sergeant' }, { type: 'engineer', primary }], b: [{ type: 'sergeant' }, { type: 'private', count: 2 }], rules });
    const g = h.g, E = 1, T = h.b0 + 1, U = h.b0 + 2;
    place(g, 0, 30, 2);
    place(g, E, 10, 4);
    place(g, T, 10, 12);
    place(g, h.b0, 30, 34);
    place(g, U, 30, 30);
    for (const i of [T, U]) { g.health[i] = g.maxHealth[i] = 20; g.psyche[i] = g.maxPsyche[i] = 20; }
    for (let i = 0; i < g.n; i++) setOrder(g, i, O_DOWN);
    return { ...h, g, E, T, U };
  }

  it('item 45: flamethrower: a flat 3+ (target Down, in cover, shooter moved make no difference); wound +1 and −2 extra psyche', () => {
    const { g, E, T } = engineer('flamethrower');
    g.down[T] = 1;
    g.moved[E] = 1;
    expect(toHitNumber(g, E, T, W_FLAMER, 0, true, true)).toBe(3);
    dice(g, seedForFaces([3, 3])); // hit; wound 3 + 1 = 4: Flesh −2 h, −1 −2 p
    fireAt(g, E, T, W_FLAMER, 0);
    expect([20 - g.health[T], 20 - g.psyche[T]]).toEqual([2, 3]);
    dice(g, seedForFaces([2]));
    fireAt(g, E, T, W_FLAMER, 0);
    expect([20 - g.health[T], 20 - g.psyche[T]]).toEqual([2, 3]); // a 2 misses
  });

  it('item 45 / R17: a use is one order however many targets; after 4 the flamer is dropped and only the pistol fires', () => {
    const { g, E, T, U } = engineer('flamethrower');
    place(g, U, 11, 12); // two targets in the area
    for (let use = 1; use <= 4; use++) {
      expect(g.primary[E]).toBe(W_FLAMER);
      dice(g, use);
      fireAt(g, E, T, W_FLAMER, 0);
      expect(g.fuel[E]).toBe(4 - use);
    }
    expect(g.primary[E]).toBe(W_PISTOL);
    expect(bestWeapon(g, E, T, 0)).toBe(W_PISTOL);
  });

  it('item 45: rules.flamer_uses sets the fuel', () => {
    const { g, E, T } = engineer('flamethrower', { flamer_uses: 2 });
    fireAt(g, E, T, W_FLAMER, 0);
    expect(g.primary[E]).toBe(W_FLAMER);
    fireAt(g, E, T, W_FLAMER, 0);
    expect(g.primary[E]).toBe(W_PISTOL);
  });

  it('item 46: HE: a flat 5+ (full psyche, half range, high ground add nothing); wound +2 and −1 extra psyche', () => {
    const { g, E, T } = engineer('he');
    expect(toHitNumber(g, E, T, W_HE, 0, true, false)).toBe(5);
    dice(g, seedForFaces([4, 6])); // 4 misses
    fireAt(g, E, T, W_HE, 0);
    expect(g.psyche[T]).toBe(20);
    dice(g, seedForFaces([5, 2])); // hit; wound 2 + 2 = 4: −2 h, −1 −1 p
    fireAt(g, E, T, W_HE, 0);
    expect([20 - g.health[T], 20 - g.psyche[T]]).toEqual([2, 2]);
    dice(g, seedForFaces([6, 5])); // 5 + 2 = 7: instant death
    fireAt(g, E, T, W_HE, 0);
    expect(g.alive[T]).toBe(0);
  });

  it('item 46: HE and LMG cannot fire during an Advance (item 43); the pistol can', () => {
    for (const w of ['he', 'lmg']) {
      const { g, E, T } = engineer(w);
      place(g, T, 10, 19); // 14": beyond the pistol's 12"
      expect(bestWeapon(g, E, T, F_ADVANCE)).toBe(0);
      expect(bestWeapon(g, E, T, 0)).toBe(w === 'he' ? W_HE : W_LMG);
      place(g, T, 10, 12);
      expect(bestWeapon(g, E, T, F_ADVANCE)).toBe(W_PISTOL);
    }
  });

  it('item 46: an HE carrier responds to an Assault with his pistol, never the HE', () => {
    const { g, E, T } = engineer('he');
    g.order[E] = O_NONE;
    g.unordered[0] = 1;
    g.order[T] = O_ASSAULT;
    place(g, T, 10, 9); // 4" away: the pistol hits on 2+ (response −1, half range +1, full psyche +1)
    g.health[E] = g.maxHealth[E] = 50;
    // Response die 3: a pistol hit (the HE would need 5+); wound 1: a Graze, −1 psyche and no HE extra.
    dice(g, seedForFaces([3, 1]));
    assault(g, T, E, 2, false); // 2" of move: the charger falls short, no close combat
    expect(g.order[E]).toBe(O_FIRE); // he responded...
    expect(g.psyche[T]).toBe(19); // ...and hit with the pistol
    expect(g.primary[E]).toBe(W_HE); // he keeps the HE
  });

  it('item 46: an HE carrier given an Assault (order or special action) drops the HE for the rest of the game', () => {
    for (const special of [false, true]) {
      const { g, E, T } = engineer('he');
      g.order[E] = O_NONE;
      g.unordered[0] = 1;
      place(g, T, 10, 20); // out of reach: no combat, but the HE is gone all the same
      if (special) { setOrder(g, E, O_DOWN); assault(g, E, T, 4, true); } else { g.pickTarget = T; executeOrder(g, E, O_ASSAULT); }
      expect(g.primary[E]).toBe(W_PISTOL);
    }
  });
});

describe('items 22, 43: Cover Fire collateral', () => {
  function scene() {
    const h = build({ a: [{ type: 'sergeant' }, { type: 'private' }, { type: 'private' }], b: [{ type: 'sergeant' }, { type: 'private' }] });
    const g = h.g, S = 1, F = 2, A = h.b0 + 1;
    place(g, 0, 30, 2);
    place(g, S, 10, 4);
    place(g, A, 10, 16);
    place(g, F, 11.5, 16); // a friend beside the aim
    place(g, h.b0, 30, 34);
    return { ...h, g, S, F, A };
  }

  it('item 22: each soldier in the area is a separate target at −2; a hit friend with no order goes Down at once', () => {
    const { g, S, F, A } = scene();
    setOrder(g, S, O_COVER_FIRE);
    g.psyche[S] = 2; // not full: 3 + 2 (Cover Fire) = 5+ with no other modifier (12": not within half of 20")
    expect(toHitNumber(g, S, A, W_RIFLE, F_COVER_ORDER, true, false)).toBe(5);
    // Index order: F (2) then A. F: 5 hits, wound 2 (Ringer −2 p); A: 4 misses.
    dice(g, seedForFaces([5, 2, 4]));
    expect(areaFire(g, S, A, W_RIFLE, F_COVER_ORDER)).toBe(1);
    expect([g.psyche[F], g.order[F], g.down[F]]).toEqual([1, O_DOWN, 1]);
    expect([g.order[A], g.down[A]]).toEqual([O_NONE, 0]);
  });

  it('item 22 / R10: a friend killed by Cover Fire scores for the enemy', () => {
    const { g, S, F, A, scn } = scene();
    g.health[F] = 1;
    dice(g, seedForFaces([6, 4, 1]));
    areaFire(g, S, A, W_RIFLE, F_COVER_ORDER);
    expect(g.alive[F]).toBe(0);
    expect(g.vp[1]).toBe(scn.killValue[F]);
    expect(g.vp[0]).toBe(0);
  });

  it('item 22: a hit target who already has an order keeps it (no forced Down)', () => {
    const { g, S, F, A } = scene();
    setOrder(g, F, O_FIRE);
    dice(g, seedForFaces([6, 1, 1]));
    areaFire(g, S, A, W_RIFLE, F_COVER_ORDER);
    expect([g.order[F], g.down[F]]).toEqual([O_FIRE, 0]);
  });

  it('items 22, 44: a pistol cannot Cover Fire (no weapon offered, and random never orders it)', () => {
    const h = build({ a: [{ type: 'sergeant' }, { type: 'engineer', primary: 'flamethrower' }], policies: ['random', 'random'] });
    const g = h.g;
    g.primary[1] = W_PISTOL;
    place(g, 1, 10, 4);
    place(g, h.b0 + 1, 10, 10);
    expect(bestWeapon(g, 1, h.b0 + 1, F_COVER_ORDER)).toBe(0);
    for (let k = 1; k <= 200; k++) {
      g.order[1] = O_NONE; g.order[0] = O_DOWN; g.unordered[0] = 1;
      dice(g, k);
      chooseOrder(g, 0);
      expect(g.pickOrder).not.toBe(O_COVER_FIRE);
    }
  });

  it('items 22, 28: a Walking Wounded soldier is never given Cover Fire (random and scripted), though he would be when healthy', () => {
    for (const pol of ['random', 'aggressive', 'cautious']) {
      const coverFire = [0, 0];
      for (const ww of [0, 1]) {
        for (let k = 1; k <= 150; k++) {
          const h = build({ a: [{ type: 'sergeant' }], b: [{ type: 'sergeant' }, { type: 'private', count: 3 }], policies: [pol, pol] });
          const g = h.g;
          place(g, 0, 10, 4);
          for (let j = 1; j <= 3; j++) place(g, h.b0 + j, 9 + j * 0.8, 19);
          if (ww) g.health[0] = 1;
          dice(g, k);
          chooseOrder(g, 0);
          if (g.pickOrder === O_COVER_FIRE) coverFire[ww]++;
        }
      }
      expect(coverFire[1]).toBe(0);
      expect(coverFire[0]).toBeGreaterThan(0);
    }
  });

  it('item 43: an LMG Fire resolves as Cover Fire at −1 (not −2) and hits bystanders too', () => {
    const h = build({ a: [{ type: 'sergeant' }, { type: 'veteran-lance-corporal', primary: 'lmg' }], b: [{ type: 'sergeant' }, { type: 'private', count: 2 }] });
    const g = h.g, L = 1, A = h.b0 + 1, B = h.b0 + 2;
    place(g, L, 10, 4);
    place(g, A, 10, 18);
    place(g, B, 11.5, 18);
    g.psyche[L] = 1; // no full-psyche +1; 14" is beyond half of 24"? no: 13" ≤ 12 is false → no +1
    expect(toHitNumber(g, L, A, W_LMG, 0, true, false)).toBe(4);
    expect(toHitNumber(g, L, A, W_RIFLE, F_COVER_ORDER, true, false)).toBe(5);
    let bystander = 0;
    const N = 400;
    for (let k = 1; k <= N; k++) {
      g.health[B] = g.psyche[B] = 20; g.maxHealth[B] = g.maxPsyche[B] = 20;
      g.health[A] = g.psyche[A] = 20; g.maxHealth[A] = g.maxPsyche[A] = 20;
      g.order[B] = O_DOWN; g.order[A] = O_DOWN; g.down[A] = g.down[B] = 0;
      dice(g, k);
      fireAt(g, L, A, W_LMG, 0);
      if (g.psyche[B] < 20) bystander++;
    }
    const p = 1 - 0.5 * 0.5; // two dice at 4+
    expect(Math.abs(bystander / N - p)).toBeLessThan(4 * stdErr(p, N));
  });
});
