/**
 * Grenade decisions of the NCO policies (item 47, digest §4 decision 6): scripted sides
 * throw at clusters and at enemies they cannot shoot well, never with a friend in the blast;
 * `random` counts throws among its legal choices. See policy-grenades.ts.
 */
import { describe, expect, it } from 'vitest';
import { chooseOrder, chooseSpecial } from '../engine/rulesets/nco/policy/orders.ts';
import { executeSpecial } from '../engine/rulesets/nco/rules/special.ts';
import { GRENADE_AIM } from '../engine/rulesets/nco/rules/grenades.ts';
import { O_DOWN, O_FIRE, SA_FOCUS_FIRE } from '../engine/rulesets/nco/rules/state.ts';
import { W_GRENADE } from '../engine/rulesets/nco/data/weapons.ts';
import { compileNco } from '../engine/rulesets/nco/compile.ts';
import { nco } from '../engine/rulesets/nco/index.ts';
import { player } from './play-harness.ts';
import { build, config, dice, place, rect, remove, setOrder, type Entry } from './nco-harness.ts';

const SGT: Entry = { type: 'sergeant', grenades: 2 };

describe('item 47: the scripted and random policies throw grenades sensibly', () => {
  function scene(policy = 'aggressive', terrain: ReturnType<typeof rect>[] = []) {
    const h = build({ a: [SGT, { type: 'private' }], b: [{ type: 'sergeant' }, { type: 'private', count: 3 }], terrain, policies: [policy, policy] });
    const g = h.g;
    place(g, 0, 10, 4);
    place(g, 1, 30, 2);
    place(g, h.b0, 30, 34);
    place(g, h.b0 + 3, 34, 34);
    g.actOrder.set([0, 1, 2, 3, 4, 5]);
    return { ...h, g };
  }

  it('item 47: two enemies close together 6" away: a grenade at them, not a shot at one', () => {
    const { g, b0 } = scene('cautious');
    place(g, b0 + 1, 9.5, 10);
    place(g, b0 + 2, 11, 10.5);
    chooseOrder(g, 0);
    expect([g.pick, g.pickOrder, g.pickWeapon]).toEqual([0, O_FIRE, W_GRENADE]);
    const ax = g.table.px[g.sp + GRENADE_AIM], ay = g.table.py[g.sp + GRENADE_AIM];
    expect(Math.hypot(ax - 9.5, ay - 10)).toBeLessThan(2.5);
    expect(Math.hypot(ax - 11, ay - 10.5)).toBeLessThan(2.5);
  });

  it('item 47: a lone enemy in the open is shot, not grenaded', () => {
    const { g, b0 } = scene('cautious');
    remove(g, b0 + 2);
    place(g, b0 + 1, 10, 10);
    setOrder(g, b0 + 1, O_FIRE); // already acted: no reason to pin him with Cover Fire
    chooseOrder(g, 0);
    expect(g.pickOrder).toBe(O_FIRE);
    expect(g.pickWeapon).not.toBe(W_GRENADE);
  });

  it('item 47: an enemy out of sight behind a low obscuring wall gets a grenade', () => {
    const low = rect(5, 8, 15, 9, { name: 'low wall', obscuring: true, height: 2 });
    const { g, b0 } = scene('aggressive', [low]);
    remove(g, b0 + 2);
    place(g, b0 + 1, 10, 10);
    expect(g.los(0, b0 + 1)).toBe(false);
    chooseOrder(g, 0);
    expect([g.pickOrder, g.pickWeapon, g.pickTarget]).toEqual([O_FIRE, W_GRENADE, b0 + 1]);
  });

  it('item 47: never thrown when a friend would be in the blast on the point', () => {
    const { g, b0 } = scene('cautious');
    place(g, b0 + 1, 9.5, 10);
    place(g, b0 + 2, 11, 10.5);
    place(g, 1, 10.2, 11.5); // a friend among them
    chooseOrder(g, 0);
    expect(g.pickWeapon).not.toBe(W_GRENADE);
  });

  it('item 47: Focus Fire in the Special phase throws at a cluster too', () => {
    const { g, b0 } = scene();
    place(g, b0 + 1, 9.5, 10);
    place(g, b0 + 2, 11, 10.5);
    setOrder(g, 0, O_DOWN);
    chooseSpecial(g, 0);
    expect([g.pick, g.pickOrder, g.pickWeapon]).toEqual([0, SA_FOCUS_FIRE, W_GRENADE]);
    g.specialDone[0] = 1;
    dice(g, 3);
    executeSpecial(g, 0, SA_FOCUS_FIRE);
    expect(g.grenades[0]).toBe(1);
  });

  it('item 47 (random): a grenade throw is one of the legal choices', () => {
    const low = rect(5, 8, 15, 9, { name: 'low wall', obscuring: true, height: 2 });
    let throws = 0, fires = 0;
    for (let k = 1; k <= 300; k++) {
      const { g, b0 } = scene('random', [low]);
      remove(g, b0 + 2);
      place(g, b0 + 1, 10, 10); // hidden: only a grenade can reach him
      dice(g, k);
      g.order[1] = O_DOWN; // only the Sergeant can take the die
      g.unordered[0] = 1;
      chooseOrder(g, 0);
      if (g.pickOrder === O_FIRE) {
        fires++;
        expect(g.pickWeapon).toBe(W_GRENADE);
        if (g.pickWeapon === W_GRENADE) throws++;
      }
    }
    expect(throws).toBeGreaterThan(0);
    expect(throws).toBe(fires);
  });

  it('item 47: rosters with grenades compile (no longer refused) and whole games throw them', () => {
    const c = config({ a: [SGT, { type: 'corporal', grenades: 2 }, { type: 'private', count: 3 }], b: [SGT, { type: 'corporal', grenades: 2 }, { type: 'private', count: 3 }], map: { generate: { mirrored: true } } });
    const scn = compileNco(c);
    expect(Array.from(scn.grenades)).toEqual([2, 2, 0, 0, 0, 2, 2, 0, 0, 0]);
    const w = player(nco, scn);
    let thrown = 0;
    for (let i = 0; i < 200; i++) {
      w.play(5, i);
      for (let j = 0; j < w.game.n; j++) thrown += scn.grenades[j] - w.game.grenades[j];
    }
    // Both sides aggressive on a 36" table: they close to grenade range (8") in a few games
    // only, since scripted players no longer Run at far enemies (issue 12): 2 throws in 200.
    expect(thrown).toBeGreaterThan(0);
  });
});

describe('item 47: grenades and the reset contract', () => {
  it('item 47: a game with grenades played after 200 others in the same worker equals the same game played alone', () => {
    const c = config({ a: [SGT, { type: 'corporal', grenades: 2 }, { type: 'private', count: 3 }], b: [SGT, { type: 'corporal', grenades: 2 }, { type: 'private', count: 3 }], map: { generate: { mirrored: true } } });
    const scn = compileNco(c);
    // A game index in which grenades are thrown, so the grenade counts really must be reset.
    const probe = player(nco, scn);
    let k = -1;
    for (let i = 0; i < 300 && k < 0; i++) {
      probe.play(3, i);
      for (let j = 0; j < probe.game.n; j++) if (probe.game.grenades[j] < scn.grenades[j]) k = i;
    }
    expect(k).toBeGreaterThanOrEqual(0);
    const alone = Array.from(player(nco, scn).play(3, k).acc);
    const w = player(nco, scn);
    for (let i = 0; i < 200; i++) if (i !== k) w.play(3, i);
    expect(Array.from(w.clear().play(3, k).acc)).toEqual(alone);
  });
});
