/**
 * The platoon game as a whole (digest items 13–15, 75; R22–R24) and its players: army
 * lists and their legality, the Meeting Engagement, line of sight, the config schema,
 * and the policies' decisions (digest §4).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GameEnv } from '../engine/env.ts';
import { playOne } from '../engine/ruleset.ts';
import { compilePlatoon } from '../engine/rulesets/platoon/compile.ts';
import { buildUnit, unitEntrySchema } from '../engine/rulesets/platoon/data/roster.ts';
import { MORALE, QUALITY_IDS, ADVANCE, RUN } from '../engine/rulesets/platoon/data/tables.ts';
import { platoon } from '../engine/rulesets/platoon/index.ts';
import { mayEnter } from '../engine/rulesets/platoon/rules/movement.ts';
import { setupGame } from '../engine/rulesets/platoon/rules/game.ts';
import { canSee } from '../engine/rulesets/platoon/rules/sight.ts';
import { bestTarget, preferredOrder, scriptedCasualty } from '../engine/rulesets/platoon/policy/scripted.ts';
import { expectedPoints } from '../engine/rulesets/platoon/policy/eval.ts';
import type { PlatoonGame } from '../engine/rulesets/platoon/rules/state.ts';
import type { PlatoonScenario } from '../engine/rulesets/platoon/compiled.ts';
import { loadConfig } from '../sim/config.ts';
import { configErrorOf } from './config-error.ts';
import { config, makeGame, put, SECTION, square } from './platoon-harness.ts';

const ROOT = join(import.meta.dirname, '..');
const cost = (e: Record<string, unknown>) => buildUnit(unitEntrySchema.parse(e), 'x').cost;

describe('platoon armies and quality (items 13–15; R22)', () => {
  it('13–15 Morale 8 / 9 / 10 for Inexperienced / Regular / Veteran', () => {
    expect(QUALITY_IDS.map((_, q) => MORALE[q])).toEqual([8, 9, 10]);
  });

  it('R22 catalogue costs by quality, extra men and upgrades', () => {
    expect(cost({ unit: 'infantry-section' })).toBe(50);
    expect(cost({ unit: 'infantry-section', quality: 'veteran', men: 7, smg: 2, lmg: 1, panzerfaust: 1 })).toBe(65 + 2 * 13 + 6 + 20 + 5);
    expect(cost({ unit: 'captain', quality: 'inexperienced', attendants: 2 })).toBe(85 + 14);
    expect(cost({ unit: 'medium-tank' })).toBe(195);
    expect(cost({ unit: 'soft-skin-truck', quality: 'veteran', mmg: true })).toBe(35 + 15);
    const u = buildUnit(unitEntrySchema.parse({ unit: 'infantry-section', men: 8, lmg: 1, smg: 1 }), 'x');
    expect([u.models, u.slotCount, u.slotCrew]).toEqual([8, [5, 1, 1], [0, 0, 2]]);
  });

  it('R22 army lists are checked before any game: points over rules.army_points, options a unit does not have, too few men', () => {
    const army = (a: unknown[]) => config({ a, b: [SECTION] });
    expect(configErrorOf(() => compilePlatoon(army(Array(6).fill({ unit: 'heavy-tank' })))).message).toMatch(/sides\.0\.army|sides\[0\]\.army.*1920 points.*army_points = 1000/);
    expect(configErrorOf(() => compilePlatoon(army([{ unit: 'mmg-team', smg: 1 }]))).path).toBe('sides[0].army[0].smg');
    expect(configErrorOf(() => compilePlatoon(army([{ unit: 'infantry-section', men: 5, lmg: 1, smg: 2, assault_rifle: 2 }]))).path).toBe('sides[0].army[0].men');
    expect(configErrorOf(() => compilePlatoon(army([{ unit: 'infantry-section', men: 12 }]))).path).toBe('sides[0].army[0].men');
    expect(configErrorOf(() => compilePlatoon({ ...army([SECTION]), rules: { turns: 0 } })).path).toBe('rules.turns');
    const offTable = { ...army([SECTION]), map: { size: [72, 48], terrain: [{ polygon: [[1, 1], [80, 1], [1, 5]] }] } };
    expect(configErrorOf(() => compilePlatoon(offTable)).path).toBe('map.terrain[0].polygon[1]');
    expect(configErrorOf(() => compilePlatoon({ ...army([SECTION]), sides: [{ name: 'A', army: [SECTION], policy: 'bold' }, { name: 'B', army: [SECTION], policy: 'random' }] })).path).toMatch(/^sides\[0\]\.policy/);
  });

  it('configs/schemas/platoon.schema.json is what `schema platoon` prints', () => {
    expect(JSON.parse(readFileSync(join(ROOT, 'configs', 'schemas', 'platoon.schema.json'), 'utf8'))).toEqual(platoon.jsonSchema!());
  });
});

describe('platoon scenario and table (item 75; R23, R24)', () => {
  it('75 / R23 Meeting Engagement: deploy within 12" of the long edges, 6 turns plus a 7th on 4+, 1 VP per unit destroyed', () => {
    const scn = loadConfig(join(ROOT, 'configs', 'platoon', 'default.json')).scn;
    const env = new GameEnv(scn.plan);
    const g = platoon.createGame(scn as PlatoonScenario, env);
    const ends = [0, 0, 0, 0, 0, 0, 0, 0];
    for (let i = 0; i < 120; i++) {
      playOne(platoon, g, env, 5, i);
      const lost = [0, 0];
      for (let u = 0; u < g.n; u++) if (!g.alive[u]) lost[g.scn.side[u]]++;
      expect([env.tally.score[0], env.tally.score[1]]).toEqual([lost[1], lost[0]]);
      if (g.unitsLeft[0] > 0 && g.unitsLeft[1] > 0) ends[g.turnsPlayed]++;
    }
    expect(ends[6] + ends[7]).toBeGreaterThan(100);
    expect(ends[7] / (ends[6] + ends[7])).toBeGreaterThan(0.35); // P(7th turn) = 1/2
    expect(ends[7] / (ends[6] + ends[7])).toBeLessThan(0.65);
    g.reset();
    env.seed(5, 0);
    setupGame(g);
    for (let u = 0; u < g.n; u++) expect(g.scn.side[u] === 0 ? g.y[u] : 48 - g.y[u]).toBeLessThanOrEqual(12);
  });

  it('R24 line of sight: "all" pieces block, "infantry" pieces only between infantry, a unit sees out of the piece it is in', () => {
    const terrain = [square(36, 20, 2, { blocks_los: 'all' }), square(20, 20, 2, { blocks_los: 'infantry' }), square(50, 10, 3, { blocks_los: 'all' })];
    const g = makeGame({ a: [SECTION, SECTION, SECTION], b: [SECTION, { unit: 'light-tank' }, SECTION], terrain });
    put(g, 0, 36, 10); put(g, 3, 36, 30); put(g, 1, 20, 10); put(g, 4, 20, 30); put(g, 2, 50, 10); put(g, 5, 50, 30);
    expect(canSee(g, 0, 3)).toBe(false);
    expect(canSee(g, 1, 4)).toBe(true); // a hedge does not hide a tank
    put(g, 4, 24, 30); put(g, 3, 20, 30);
    expect(canSee(g, 1, 3)).toBe(false);
    expect(canSee(g, 2, 5)).toBe(true); // standing inside the wood
  });
});

describe('platoon policies (digest §4)', () => {
  it('the aggressive policy shoots the target it can hurt most', () => {
    const g = makeGame({ a: [{ unit: 'mmg-team' }], b: [SECTION, { ...SECTION, men: 5 }, { unit: 'medium-tank' }], terrain: [square(20, 30, 3, { cover: 'hard' })] });
    put(g, 0, 36, 10); put(g, 1, 20, 30); put(g, 2, 50, 28); put(g, 3, 36, 30);
    const t = bestTarget(g, 0, false);
    expect(t).toBe(2); // open ground beats hard cover; the MMG cannot hurt the tank
    for (const v of [1, 3]) expect(expectedPoints(g, 0, v, false)).toBeLessThan(expectedPoints(g, 0, t, false));
    expect(expectedPoints(g, 0, 3, false)).toBe(0);
  });

  it('nobody walks into terrain it may not enter: whole games on the default table', () => {
    const scn = loadConfig(join(ROOT, 'configs', 'platoon', 'default.json')).scn;
    for (const pol of ['aggressive', 'cautious', 'random']) {
      const cfgScn = compilePlatoon({ ...(scn.normalized as Record<string, unknown>), ruleset: 'platoon', sides: (scn.normalized as { sides: Record<string, unknown>[] }).sides.map((s) => ({ ...s, policy: pol })) });
      const env = new GameEnv(cfgScn.plan);
      const g = platoon.createGame(cfgScn, env) as PlatoonGame;
      for (let i = 0; i < 15; i++) {
        playOne(platoon, g, env, 11, i);
        for (let u = 0; u < g.n; u++) {
          if (!g.alive[u]) continue;
          for (let p = 0; p < g.table.polygonCount; p++) {
            g.table.q[0] = g.x[u]; g.table.q[1] = g.y[u];
            if (g.table.insideQ(p)) expect(mayEnter(g, u, p, false), `${pol} game ${i} unit ${u} in ${g.table.names[p]}`).toBe(true);
          }
        }
      }
    }
  });

  it('the scripted owner removes riflemen first, and a pinned-out unit rallies', () => {
    const g = makeGame({ a: [{ ...SECTION, men: 6, lmg: 1, smg: 1 }], b: [SECTION] });
    expect(scriptedCasualty(g, 0)).toBe(0);
    g.slotCount[0] = 0;
    expect(scriptedCasualty(g, 0)).toBe(1); // then the SMG, the LMG crew last
    put(g, 0, 36, 4); put(g, 1, 36, 44);
    g.pins[0] = 3;
    expect(preferredOrder(g, 0)).toBe(5);
  });

  it('the aggressive policy closes in when nothing is in range, and assaults a weak unit in reach', () => {
    const g = makeGame({ a: [SECTION, SECTION], b: [{ ...SECTION, men: 5 }, SECTION] });
    put(g, 0, 36, 2); put(g, 2, 36, 40); put(g, 1, 10, 10); put(g, 3, 60, 46);
    expect([ADVANCE, RUN]).toContain(preferredOrder(g, 0));
    expect(g.planY).toBeGreaterThan(2);
    put(g, 2, 12, 18);
    expect(preferredOrder(g, 1)).toBe(RUN);
    expect(g.planTarget).toBe(2);
  });
});
