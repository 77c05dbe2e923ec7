/**
 * NCO setup, game length and scoring (digest items 1–9, 101–103; R10, R27, R28): the
 * deployment roll-off and zones, the squad rules the engine relies on, 6 turns, VP and
 * margin classes. Army-building details (items 114–156) are tested in nco-roster.test.ts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { player } from './play-harness.ts';
import { Rng } from '../engine/rng.ts';
import { compileNco } from '../engine/rulesets/nco/compile.ts';
import { kill } from '../engine/rulesets/nco/rules/damage.ts';
import { playNco } from '../engine/rulesets/nco/rules/game.ts';
import { createNcoGame, nco } from '../engine/rulesets/nco/index.ts';
import { deploy, setupMap } from '../engine/rulesets/nco/rules/setup.ts';
import { MARGIN_CLASSES, marginClass } from '../engine/rulesets/nco/data/victory.ts';
import { build, config, rect, type Entry } from './nco-harness.ts';

const ROSTERS = join(import.meta.dirname, '..', 'configs', 'nco', 'rosters');
const roster = (f: string) => JSON.parse(readFileSync(join(ROSTERS, f), 'utf8'));

/** The default-like config: the two 100-point rosters on a generated mirrored map. */
function defaultLike(rules: Record<string, unknown> = {}, policies: [string, string] = ['aggressive', 'cautious']) {
  return compileNco({
    ruleset: 'nco', scenario: 'basic', map: { generate: { mirrored: true } }, rules,
    sides: [
      { name: 'US Army', roster: roster('us-army-100.json'), policy: policies[0] },
      { name: 'German Heer', roster: roster('german-heer-100.json'), policy: policies[1] },
    ],
  });
}

describe('items 1–7: table, squads and deployment', () => {
  it('items 1–2 / R1, R3: a 36" table, base radius 0.5", ranges measured base edge to base edge', () => {
    const { g, scn } = build();
    expect([g.table.width, g.table.height, g.r, scn.rules.measure]).toEqual([36, 36, 0.5, 'edge']);
    expect(() => compileNco(config({ map: { name: 'small', size: [24, 24], terrain: [] } }))).toThrow(/table_size_in/);
  });
  it('item 5: every roster needs exactly one Sergeant', () => {
    expect(() => build({ a: [{ type: 'private' }] })).toThrow(/Sergeant/);
    expect(() => build({ a: [{ type: 'sergeant' }, { type: 'sergeant' }] })).toThrow(/unique/);
    expect(() => build({ a: [{ type: 'sergeant', count: 2 } as Entry] })).toThrow(/unique/);
  });
  it('items 4, 6 / R27: a soldier costs base + weapon + grenades + items; vps and sps are separate budgets', () => {
    // (grenades and most items are refused by compileNco until they are played: item 47, 80–89)
    const h = build({ a: [{ type: 'sergeant' }, { type: 'lance-corporal', primary: 'lmg', items: ['service-medal'] }, { type: 'engineer', primary: 'flamethrower' }] });
    expect([h.scn.cost[1], h.scn.cost[2]]).toEqual([14 + 4 + 2, 17 + 3]);
    expect(h.scn.rosters[0].totalVps).toBe(20);
    expect(h.scn.rosters[0].totalSps).toBe(20);
    expect(() => build({ a: [{ type: 'sergeant' }, { type: 'veteran-corporal', count: 6 }] })).toThrow(/vps/);
  });
  it('item 7: roll-off (ties re-rolled); the loser deploys first; zones are the full edge, 3" deep, on opposite edges', () => {
    for (let k = 1; k <= 300; k++) {
      const h = build({ a: [{ type: 'sergeant' }, { type: 'private', count: 7 }], b: [{ type: 'sergeant' }, { type: 'private', count: 5 }] });
      const g = h.g;
      g.rng.seed(k);
      const r = new Rng(k);
      let a = 0, b = 0;
      while (a === b) { a = r.d6(); b = r.d6(); }
      deploy(g);
      const winner = a > b ? 0 : 1;
      expect(g.deployedFirst).toBe(1 - winner);
      expect(g.edge[winner]).toBe(0); // open map: equal cover, the winner keeps the south edge
      expect(g.edge[1 - winner]).toBe(1);
      for (let i = 0; i < g.n; i++) {
        const y = g.table.py[i], x = g.table.px[i];
        const depth = g.edge[g.side[i]] === 0 ? y : 36 - y;
        expect(depth).toBeGreaterThanOrEqual(0.5); // the base is on the table
        expect(depth).toBeLessThanOrEqual(3 - 0.5); // and wholly inside the 3" zone
        expect(x).toBeGreaterThanOrEqual(0);
        expect(x).toBeLessThanOrEqual(36);
      }
    }
  });
  // Regression test for bug B11 (docs/rules/nco.md), fixed: deploy() jitter could overlap bases in 16-soldier squads.
  it('items 1, 7: deployed bases never overlap (16-soldier squads)', () => {
    const h = build({ a: [{ type: 'sergeant' }, { type: 'private', count: 15 }], b: [{ type: 'sergeant' }, { type: 'private', count: 15 }], rules: { roster_vps: 1000 } });
    const g = h.g;
    for (let k = 1; k <= 300; k++) {
      g.rng.seed(k);
      deploy(g);
      for (let i = 0; i < g.n; i++) for (let j = i + 1; j < g.n; j++) expect(g.table.dist(i, j)).toBeGreaterThanOrEqual(2 * g.r);
    }
  });
  it('item 7: the roll-off winner picks the edge whose zone has more cover (decision beyond the digest)', () => {
    const h = build({ terrain: [rect(10, 31, 16, 35, { name: 'sandbags', cover: true })] });
    for (let k = 1; k <= 20; k++) {
      h.g.rng.seed(k);
      deploy(h.g);
      expect(h.g.edge[1 - h.g.deployedFirst]).toBe(1);
    }
  });
  it('item 7: rules.deploy_depth_in = 6 (scenario 5) widens the zones; generated maps keep soldiers in their zone', () => {
    const scn = defaultLike({ deploy_depth_in: 6 });
    const g = createNcoGame(scn);
    let deeper = 0;
    for (let k = 1; k <= 100; k++) {
      g.rng.seed(k);
      g.reset();
      setupMap(g);
      deploy(g);
      for (let i = 0; i < g.n; i++) {
        const y = g.table.py[i];
        const depth = g.edge[g.side[i]] === 0 ? y : 36 - y;
        expect(depth).toBeLessThanOrEqual(6 - 0.5 + 1e-9);
        if (depth > 3) deeper++;
      }
    }
    expect(deeper).toBeGreaterThan(0);
  });
});

describe('item 9: game length', () => {
  it('item 9: a game lasts 6 turns unless a side is wiped out (rules.turns changes it)', () => {
    for (const turns of [6, 3]) {
      const scn = defaultLike({ turns });
      const w = player(nco, scn);
      let full = 0;
      for (let k = 1; k <= 60; k++) {
        playNco(w.clear().game, k);
        if (!w.game.over) {
          expect(w.game.turn).toBe(turns);
          full++;
        } else expect(w.game.turn).toBeLessThanOrEqual(turns);
        expect(scn.plan.steps).toBe(turns);
      }
      expect(full).toBeGreaterThan(0);
    }
  });
});

describe('items 101–103: victory points and margins', () => {
  it('item 101: VP = the full purchase cost (vps + sps, items included) of every enemy casualty', () => {
    const h = build({ b: [{ type: 'sergeant' }, { type: 'corporal', items: ['service-medal'] }, { type: 'marksman', items: ['religious-icon'] }] });
    const g = h.g;
    kill(g, h.b0 + 1, 0);
    kill(g, h.b0 + 2, 0);
    expect([g.vp[0], g.vp[1]]).toEqual([20 + 17, 0]);
  });
  it('item 102 / R28: a dead Sergeant is worth 55 plus his purchased upgrades (flat 55 when the option is off)', () => {
    const sgt: Entry = { type: 'sergeant', items: ['religious-icon', 'service-medal'] };
    for (const [rules, value] of [[{}, 55 + 2 + 2], [{ sergeant_bonus_includes_upgrades: false }, 55], [{ sergeant_kill_bonus: 40 }, 40 + 4]] as const) {
      const h = build({ b: [sgt], rules: rules as Record<string, unknown> });
      kill(h.g, h.b0, 0);
      expect(h.g.vp[0]).toBe(value);
      expect(h.scn.startingPoints[1]).toBe(value);
    }
  });
  it('item 103: margin classes by VP difference: ≥150, 110–149, 75–109, 50–74, 0–49', () => {
    const cases: [number, string][] = [
      [500, 'Crushing Victory'], [150, 'Crushing Victory'], [149, 'Decisive Blow'], [110, 'Decisive Blow'],
      [109, 'Tactical Success'], [75, 'Tactical Success'], [74, 'Narrow Advantage'], [50, 'Narrow Advantage'],
      [49, 'Entrenched Stalemate'], [0, 'Entrenched Stalemate'], [-150, 'Crushing Victory'], [-49, 'Entrenched Stalemate'],
    ];
    for (const [d, name] of cases) expect(MARGIN_CLASSES[marginClass(d)].name).toBe(name);
  });
  it('R10: a friendly-fire casualty is credited to the opponent of his owner, and is nobody\'s kill', () => {
    const h = build({ a: [{ type: 'sergeant' }, { type: 'corporal' }] });
    const g = h.g;
    const kills = (): number[] => {
      const b = h.scn.plan.layout.block('typeKills');
      return Array.from(h.env.tally.acc.subarray(b.offset, b.offset + b.size));
    };
    kill(g, 1, 0); // killed by his own Sergeant
    expect([g.vp[0], g.vp[1]]).toEqual([0, 18]);
    expect(kills().reduce((a, b) => a + b, 0)).toBe(0);
    kill(g, h.b0 + 1, 0);
    expect(kills()[0 * 14 + 0]).toBe(1); // side 0's Sergeant profile scored a kill
  });
  it('items 101–103, R10: over whole games, each side\'s VP is the value of the opponent\'s dead, and the recorder agrees', () => {
    const scn = defaultLike({}, ['random', 'aggressive']);
    const w = player(nco, scn);
    const l = scn.plan.layout;
    for (let k = 1; k <= 150; k++) {
      playNco(w.clear().game, 1000 + k);
      const rec = w;
      const g = w.game;
      const dead = [0, 0];
      for (let i = 0; i < g.n; i++) if (!g.alive[i]) dead[g.side[i]] += scn.killValue[i];
      expect([g.vp[0], g.vp[1]]).toEqual([dead[1], dead[0]]);
      const a = rec.acc;
      expect(Array.from(a.subarray(l.offset('score'), l.offset('score') + 2))).toEqual([g.vp[0], g.vp[1]]);
      const outcome = Array.from(a.subarray(l.offset('outcome'), l.offset('outcome') + 3));
      expect(outcome).toEqual(g.vp[0] > g.vp[1] ? [1, 0, 0] : g.vp[0] < g.vp[1] ? [0, 1, 0] : [0, 0, 1]);
      const margins = Array.from(a.subarray(l.offset('winClass'), l.offset('winClass') + 10));
      const expected = new Array(10).fill(0);
      if (g.vp[0] !== g.vp[1]) expected[(g.vp[0] > g.vp[1] ? 0 : 5) + marginClass(g.vp[0] - g.vp[1])] = 1;
      expect(margins).toEqual(expected);
    }
  });
});

