/**
 * NCO Assault and close combat (digest items 26, 30, 42–44, 56, 57, 61–65, 77; R6, R7,
 * R20, R21), including the rulebook's worked example.
 *
 * Dice: closeCombat draws two D6 per round (the charger's first), nothing else, so a
 * fresh `new Rng(seed)` replays it. Assault geometry: the charger at (10, 4) and the
 * target 4" or 9" north of him (centre to centre).
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../engine/rng.ts';
import { assault, ccCourage, closeCombat } from '../engine/rulesets/nco/rules/assault.ts';
import { executeOrder } from '../engine/rulesets/nco/rules/orders.ts';
import { chooseOrder } from '../engine/rulesets/nco/policy/orders.ts';
import { O_ASSAULT, O_DOWN, O_FIRE, O_NONE, PHASE_SPECIAL, SA_NONE } from '../engine/rulesets/nco/rules/state.ts';
import { W_PISTOL } from '../engine/rulesets/nco/data/weapons.ts';
import { applyDownItem } from '../engine/rulesets/nco/rules/items.ts';
import { applyEvent, EV_BAKER, startTurnEffects } from '../engine/rulesets/nco/rules/events.ts';
import { I_FLASK, I_TOBACCO } from '../engine/rulesets/nco/data/roster-types.ts';
import { build, dice, place, remove, seedFor, seedForFaces, setOrder, type Entry } from './nco-harness.ts';

const CORPORAL: Entry = { type: 'corporal' };

/** Side A: Sergeant, `a`. Side B: Sergeant, `b`. Returns the two fighters (index 1 and b0 + 1). */
function duel(a: Entry, b: Entry, rules: Record<string, unknown> = {}) {
  const h = build({ a: [{ type: 'sergeant' }, a], b: [{ type: 'sergeant' }, b], rules });
  const g = h.g;
  const A = 1, B = h.b0 + 1;
  remove(g, 0);
  remove(g, h.b0);
  place(g, A, 10, 4);
  place(g, B, 10, 8);
  return { ...h, A, B };
}

/** The rules of items 62–64 written out independently: returns [healthA, healthB] (≤ 0: dead) per round. */
function modelCombat(seed: number, cA: number, cB: number, hA: number, hB: number, sticky: boolean) {
  const r = new Rng(seed);
  const log: [number, number][] = [];
  let zA = false, zB = false;
  for (;;) {
    const ta = r.d6() + (zA || hA === 1 ? 0 : cA);
    const tb = r.d6() + (zB || hB === 1 ? 0 : cB);
    if (ta === tb) { log.push([0, 0]); return log; }
    if (ta > tb) { hB -= ta - tb; zB = true; if (!sticky) zA = false; }
    else { hA -= tb - ta; zA = true; if (!sticky) zB = false; }
    log.push([hA, hB]);
    if (hA <= 0 || hB <= 0) return log;
  }
}

describe('items 61–65: close combat', () => {
  it('items 62–63: THE RULEBOOK EXAMPLE: Corporal (C4) vs Private (C2), both roll 3: 7 vs 5, the Private takes −2 health', () => {
    const k = seedFor((r) => r.d6() === 3 && r.d6() === 3);
    const { g, A, B } = duel(CORPORAL, { type: 'private' });
    expect([ccCourage(g, A), ccCourage(g, B), g.health[A], g.health[B]]).toEqual([4, 2, 5, 3]);
    // Watch health at every die drawn (observation only: the faces are the seed's).
    const seen: number[][] = [];
    const d6 = g.rng.d6.bind(g.rng);
    g.rng.d6 = () => { seen.push([g.health[A], g.health[B]]); return d6(); };
    dice(g, k);
    closeCombat(g, A, B);
    expect(seen[0]).toEqual([5, 3]);
    expect(seen[2]).toEqual([5, 1]); // after round 1: 3 − (7 − 5) = 1, and the fight goes on
    const m = modelCombat(k, 4, 2, 5, 3, true);
    expect(m[0]).toEqual([5, 1]);
    expect(seen.length).toBe(2 * m.length);
    const [hA, hB] = m[m.length - 1];
    expect([g.alive[A], g.alive[B]]).toEqual([hA > 0 ? 1 : 0, hB > 0 ? 1 : 0]);
  });
  it('items 62–64 / R20: 400 fights match the written-out rules exactly (sticky 0 courage for the loser)', () => {
    for (let k = 1; k <= 400; k++) {
      const { g, A, B } = duel(CORPORAL, { type: 'private' });
      dice(g, k);
      closeCombat(g, A, B);
      const m = modelCombat(k, 4, 2, 5, 3, true);
      const [hA, hB] = m[m.length - 1];
      expect([g.alive[A], g.alive[B]]).toEqual([hA > 0 ? 1 : 0, hB > 0 ? 1 : 0]);
      if (hA > 0) expect(g.health[A]).toBe(hA);
      if (hB > 0) expect(g.health[B]).toBe(hB);
    }
  });
  it('R20: with cc_loser_zero_sticky = false only the last loser fights at 0 courage', () => {
    let differs = 0;
    for (let k = 1; k <= 400; k++) {
      const { g, A, B } = duel(CORPORAL, { type: 'veteran-corporal' }, { cc_loser_zero_sticky: false });
      dice(g, k);
      closeCombat(g, A, B);
      const m = modelCombat(k, 4, 5, 5, 5, false);
      const s = modelCombat(k, 4, 5, 5, 5, true);
      const [hA, hB] = m[m.length - 1];
      expect([g.alive[A], g.alive[B]]).toEqual([hA > 0 ? 1 : 0, hB > 0 ? 1 : 0]);
      if (JSON.stringify(m) !== JSON.stringify(s)) differs++;
    }
    expect(differs).toBeGreaterThan(0); // the parameter matters on some seeds
  });
  it('item 64: a tied total in any round kills both; each side scores the other (R10)', () => {
    const k = seedForFaces([1, 3]); // 1 + 4 = 3 + 2
    const { g, A, B } = duel(CORPORAL, { type: 'private' });
    dice(g, k);
    closeCombat(g, A, B);
    expect([g.alive[A], g.alive[B], g.vp[0], g.vp[1]]).toEqual([0, 0, 8, 18]);
  });
  it('item 63: both soldiers can end up at 0 courage, and a tie then still kills both', () => {
    // Corporal (C4 H5) vs Veteran Corporal (C5 H5): A wins round 1 (6+4 vs 1+5: B −4 → 1 health),
    // B wins round 2 (1+4 vs 6+0: A −1), round 3 is 3+0 vs 3+0: a tie at 0 courage.
    const k = seedForFaces([6, 1, 1, 6, 3, 3]);
    const { g, A, B } = duel(CORPORAL, { type: 'veteran-corporal' });
    dice(g, k);
    closeCombat(g, A, B);
    expect(modelCombat(k, 4, 5, 5, 5, true)).toEqual([[5, 1], [4, 1], [0, 0]]);
    expect([g.alive[A], g.alive[B]]).toEqual([0, 0]);
  });
  it('item 65 / R20: close-combat courage: SMG +1, pistol +1, LMG −1, Fighting Instinct +1; best weapon carried', () => {
    const h = build({
      a: [
        { type: 'sergeant', primary: 'smg' }, { type: 'corporal', primary: 'smg' }, { type: 'veteran-lance-corporal', primary: 'lmg' },
        { type: 'medic' }, { type: 'corporal', skills: ['fighting-instinct'] }, { type: 'engineer' },
      ],
    });
    const g = h.g;
    expect([0, 1, 2, 3, 4, 5].map((i) => ccCourage(g, i))).toEqual([7, 5, 3, 3, 5, 4]); // engineer: LMG −1 but pistol +1 (R20 best)
    expect(ccCourage(g, h.b0)).toBe(7); // Sergeant with rifle and pistol: the pistol's +1
    const worst = build({ a: [{ type: 'sergeant' }, { type: 'engineer' }], rules: { cc_best_weapon: false } });
    expect([ccCourage(worst.g, 0), ccCourage(worst.g, 1)]).toEqual([6, 2]);
  });
  it('items 65, 85, 86, 92: the Flask (+2), Tobacco (+1) and Baker (−1, not Sergeants) change close-combat courage this turn', () => {
    const h = build({ a: [{ type: 'sergeant' }, { type: 'corporal' }, { type: 'corporal' }] });
    const g = h.g;
    const base = [0, 1, 2].map((i) => ccCourage(g, i));
    applyDownItem(g, 1, I_FLASK);
    applyDownItem(g, 2, I_TOBACCO);
    expect([0, 1, 2].map((i) => ccCourage(g, i) - base[i])).toEqual([0, 2, 1]);
    const b = build({ a: [{ type: 'sergeant' }, { type: 'corporal' }] });
    const before = [ccCourage(b.g, 0), ccCourage(b.g, 1)];
    applyEvent(b.g, EV_BAKER); // rolled at the end of turn 1, applied as turn 2 starts
    b.g.turn = 2;
    startTurnEffects(b.g);
    expect([ccCourage(b.g, 0) - before[0], ccCourage(b.g, 1) - before[1]]).toEqual([0, -1]);
  });
  it('items 56, 57, 65: Walking Wounded and 0-psyche soldiers add no courage', () => {
    const { g, A, B } = duel(CORPORAL, CORPORAL);
    g.health[A] = 1;
    g.psyche[B] = 0;
    expect([ccCourage(g, A), ccCourage(g, B)]).toEqual([0, 0]);
    g.health[A] = 2;
    expect(ccCourage(g, A)).toBe(4);
  });
});

describe('items 26, 30, 61: Assault', () => {
  it('item 26: the unordered target takes a die and fires first; the surviving charger then fights (item 61)', () => {
    const { g, A, B } = duel(CORPORAL, { type: 'private' });
    setOrder(g, A, O_ASSAULT);
    const before = g.unordered[1];
    // Response: private at full psyche, 3" edge away: 3 − 1 full psyche − 1 half range + 1 response = 2+.
    const k = seedFor((r) => r.d6() === 1); // the response misses, then close combat
    dice(g, k);
    expect(assault(g, A, B, 10, false)).toBe(true);
    expect(g.unordered[1]).toBe(before - 1); // his die was used for the response
    expect(g.alive[A] + g.alive[B]).toBeLessThan(2); // fought to the death (a casualty's order reads Down)
    // The same response when the charger then falls short: the Fire order stays visible.
    const far = duel(CORPORAL, { type: 'private' });
    place(far.g, far.B, 10, 20);
    setOrder(far.g, far.A, O_ASSAULT);
    dice(far.g, k);
    expect(assault(far.g, far.A, far.B, 10, false)).toBe(false);
    expect([far.g.order[far.B], far.g.unordered[1], far.g.alive[far.A]]).toEqual([O_FIRE, before - 1, 1]);
  });
  it('item 26: a target that already has an order cannot respond', () => {
    const { g, A, B } = duel(CORPORAL, { type: 'private' });
    setOrder(g, B, O_DOWN);
    const k = seedForFaces([6, 1]); // straight into close combat: 10 vs 3 → Private dead
    dice(g, k);
    expect(assault(g, A, B, 10, false)).toBe(true);
    expect([g.alive[A], g.alive[B], g.health[A]]).toEqual([1, 0, 5]);
  });
  it('item 26: a charger killed by the response fire never reaches close combat', () => {
    const { g, A, B } = duel({ type: 'private' }, { type: 'private' });
    setOrder(g, A, O_ASSAULT);
    dice(g, seedForFaces([5, 6])); // hit, Mortal Wound −3 health: dead
    expect(assault(g, A, B, 10, false)).toBe(false);
    expect([g.alive[A], g.alive[B], g.health[B]]).toEqual([0, 1, 3]);
  });
  it('items 26, 46: an HE weapon cannot respond (beyond pistol range: no response at all); a charging HE carrier drops it', () => {
    const h = build({ a: [{ type: 'sergeant' }, CORPORAL], b: [{ type: 'sergeant' }, { type: 'engineer', primary: 'he' }] });
    const g = h.g, A = 1, B = h.b0 + 1;
    remove(g, 0);
    place(g, A, 10, 4);
    place(g, B, 10, 18); // 13" edge to edge: HE range 16, pistol 12
    setOrder(g, A, O_ASSAULT);
    assault(g, A, B, 10, false);
    expect(g.order[B]).toBe(O_NONE);
    setOrder(g, B, O_ASSAULT);
    assault(g, B, A, 10, false);
    expect(g.primary[B]).toBe(W_PISTOL);
  });
  it('R6: a charger who cannot reach base contact moves the full distance toward the target; no combat', () => {
    const { g, A, B } = duel(CORPORAL, { type: 'private' });
    place(g, B, 10, 20);
    setOrder(g, B, O_DOWN);
    expect(assault(g, A, B, 10, false)).toBe(false);
    expect(g.table.py[A]).toBeCloseTo(14, 9);
    expect([g.table.px[A], g.alive[B], g.alive[A], g.moved[A]]).toEqual([10, 1, 1, 1]);
  });
  it('R6: a response that breaks the charger (psyche 0) cancels the charge; he is Down', () => {
    const { g, A, B } = duel(CORPORAL, { type: 'private' });
    setOrder(g, A, O_ASSAULT);
    g.psyche[A] = 1;
    dice(g, seedForFaces([6, 1])); // hit, Graze −1 psyche
    expect(assault(g, A, B, 10, false)).toBe(false);
    expect([g.alive[A], g.psyche[A], g.down[A], g.table.py[A]]).toEqual([1, 0, 1, 4]);
  });
  it('item 30: the special-action Assault moves only M (5"), the order moves 2×M (10")', () => {
    for (const [budget, fought] of [[10, true], [5, false]] as const) {
      const { g, A, B } = duel(CORPORAL, { type: 'private' });
      place(g, B, 10, 13); // 8" edge to edge
      orderAll(g);
      dice(g, seedForFaces([6, 1]));
      expect(assault(g, A, B, budget, budget === 5)).toBe(fought);
    }
  });
  it('item 30 / R7: in the Special phase the target responds only if it qualifies and has not acted; responding uses it up', () => {
    const { g, A, B } = duel(CORPORAL, CORPORAL);
    orderAll(g);
    g.phase = PHASE_SPECIAL;
    g.specialDone[A] = 1;
    place(g, B, 10, 8);
    dice(g, seedForFaces([1, 6, 1])); // the response misses (natural 1); then 6+4 beats 1+4
    assault(g, A, B, 5, true);
    expect(g.specialDone[B]).toBe(1);
    const p = duel(CORPORAL, { type: 'private' }); // Private: courage 2, cannot respond
    orderAll(p.g);
    p.g.phase = PHASE_SPECIAL;
    const k = seedForFaces([6, 1]);
    dice(p.g, k);
    assault(p.g, p.A, p.B, 5, true);
    expect([p.g.specialDone[p.B], p.g.alive[p.B]]).toEqual([SA_NONE, 0]); // first dice were the combat's
  });
  it('R21: the winner stays where the fight took place (in base contact)', () => {
    const { g, A, B } = duel(CORPORAL, { type: 'private' });
    place(g, B, 10, 13);
    orderAll(g);
    dice(g, seedForFaces([6, 1]));
    assault(g, A, B, 10, false);
    expect(g.alive[B]).toBe(0);
    expect(g.table.dist(A, B)).toBeLessThanOrEqual(1.01);
    expect(g.table.px[A]).toBe(10);
  });
  it('item 26: executeOrder(Assault) charges the policy\'s target with 2×M', () => {
    const { g, A, B } = duel(CORPORAL, { type: 'private' });
    place(g, B, 10, 13);
    setOrder(g, B, O_DOWN);
    g.pickTarget = B;
    dice(g, seedForFaces([6, 1]));
    executeOrder(g, A, O_ASSAULT);
    expect([g.order[A], g.alive[B]]).toEqual([O_ASSAULT, 0]);
  });
  // Regression test for bug B1 (docs/rules/nco.md), fixed: assault() compared the contact distance without a rounding tolerance.
  it('item 61: every Assault that can reach on open ground ends in close combat (rounding at contact distance)', () => {
    const r = new Rng(99);
    for (let k = 0; k < 200; k++) {
      const { g, A, B } = duel(CORPORAL, { type: 'private' });
      const x = 10 + 16 * r.float(), y = 10 + 16 * r.float(), ang = 2 * Math.PI * r.float(), d = 2 + 7 * r.float();
      place(g, A, x, y);
      place(g, B, x + d * Math.cos(ang), y + d * Math.sin(ang));
      orderAll(g);
      dice(g, k + 1);
      expect(assault(g, A, B, 10, false)).toBe(true);
    }
  });
});

/** Everybody has an order: no response fire, no reactive Down. */
function orderAll(g: ReturnType<typeof duel>['g']): void {
  for (let i = 0; i < g.n; i++) if (g.alive[i]) setOrder(g, i, O_DOWN);
}

describe('R6 options', () => {
  // Regression test for bug B8 (docs/rules/nco.md), fixed: rules.assault_requires_los was read nowhere.
  it('R6: with assault_requires_los = false a scripted soldier may charge a reachable enemy he cannot see', () => {
    const h = build({
      a: [{ type: 'sergeant' }, CORPORAL], b: [{ type: 'sergeant' }, { type: 'private' }],
      terrain: [{ name: 'pillar', polygon: [[9, 7], [11, 7], [11, 9], [9, 9]], obscuring: true, impassable: true, height: 6 }],
      rules: { assault_requires_los: false },
    });
    const g = h.g, A = 1, B = h.b0 + 1;
    setOrder(g, 0, O_DOWN);
    place(g, 0, 34, 2);
    place(g, h.b0, 34, 34);
    place(g, A, 10, 4);
    place(g, B, 10, 11);
    expect(g.los(A, B)).toBe(false);
    chooseOrder(g, 0);
    expect([g.pickOrder, g.pickTarget]).toEqual([O_ASSAULT, B]);
  });
});
