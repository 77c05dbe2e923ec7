/**
 * `squadsim balance` for Platoon (issue 28): random legal armies at a budget, their feature
 * counts against what compile charges, rules.cost_overrides, the sweep's own errors, and a
 * small sweep fitted end to end.
 */
import { describe, expect, it } from 'vitest';
import { analyzeBalance } from '../analysis/balance.ts';
import { compilePlatoon } from '../engine/rulesets/platoon/compile.ts';
import { platoonBalance } from '../engine/rulesets/platoon/tools/balance.ts';
import { buildUnit, unitEntrySchema } from '../engine/rulesets/platoon/data/roster.ts';
import { Prices } from '../engine/rulesets/platoon/data/catalogue.ts';
import { loadSweepObject, runSweep } from '../sim/sweep.ts';
import { configErrorOf } from './config-error.ts';
import { randFrom, spec } from './balance-harness.ts';
import { join } from 'node:path';
import { ROOT } from './dist-fresh.ts';
const side = (name: string, army: unknown) => ({ name, army, policy: 'random' });

describe('Platoon random armies', () => {
  it('500 random armies all compile within the budget, and their feature costs add up to what compile charges', () => {
    const sweep = platoonBalance.prepare(spec({ budget: { points: 800, band: 0.2 } }));
    expect(sweep.forceField).toBe('army');
    const rand = randFrom(7);
    const seen = new Array(sweep.features.length).fill(0);
    const spent: number[] = [];
    for (let i = 0; i < 500; i++) {
      const a = sweep.randomRoster(rand), b = sweep.randomRoster(rand);
      const scn = compilePlatoon({ ruleset: 'platoon', map: { size: [72, 48], terrain: [] }, rules: sweep.rules, sides: [side('a', a), side('b', b)] });
      const counts = sweep.featureCounts(a);
      const priced = counts.reduce((s, n, k) => s + n * sweep.features[k].cost, 0);
      let charged = 0;
      for (let u = 0; u < scn.count[0]; u++) charged += scn.cost[u];
      expect(priced).toBe(charged);
      expect(charged).toBeLessThanOrEqual(800);
      spent.push(charged);
      counts.forEach((n, k) => (seen[k] += n));
      expect(scn.rank[0]).toBeGreaterThan(0); // roster.officer: the first unit is an officer
    }
    expect(sweep.features.filter((_, k) => seen[k] === 0).map((f) => f.id)).toEqual([]);
    // The band makes spending vary, which identifies the point scale.
    expect(Math.max(...spent) - Math.min(...spent)).toBeGreaterThanOrEqual(100);
  });

  it('rules.cost_overrides: a kind sets its Regular cost (other qualities keep their printed ratio), an upgrade its own; an unknown key is a ConfigError', () => {
    const p = new Prices({ 'mmg-team': 80, lmg: 30 });
    const cost = (e: Record<string, unknown>) => buildUnit(unitEntrySchema.parse(e), 'x', p).cost;
    expect(cost({ unit: 'mmg-team', quality: 'regular' })).toBe(80);
    expect(cost({ unit: 'mmg-team', quality: 'veteran' })).toBe(Math.round((65 * 80) / 50));
    expect(cost({ unit: 'infantry-section', men: 5, lmg: 1 })).toBe(50 + 30);
    expect(cost({ unit: 'hmg-team' })).toBe(70); // untouched
    const bad = configErrorOf(() => compilePlatoon({ ruleset: 'platoon', map: { size: [72, 48], terrain: [] }, rules: { cost_overrides: { tiger: 10 } }, sides: [side('a', [{ unit: 'mmg-team' }]), side('b', [{ unit: 'mmg-team' }])] }));
    expect(bad.path).toBe('rules.cost_overrides.tiger');
    expect(bad.message).toMatch(/mmg-team/);
  });

  it('a sweep names its own mistakes: budget in rules, unknown override or feature, no officer to draw', () => {
    expect(configErrorOf(() => platoonBalance.prepare(spec({ rules: { army_points: 500 } }))).path).toBe('rules.army_points');
    expect(configErrorOf(() => platoonBalance.prepare(spec({ cost_overrides: { tiger: 1 } }))).path).toBe('cost_overrides.tiger');
    expect(configErrorOf(() => platoonBalance.prepare(spec({ features: ['heavy-tank'] }))).path).toBe('features[0]');
    expect(configErrorOf(() => platoonBalance.prepare(spec({ roster: { kinds: ['mmg-team'] } }))).path).toBe('roster.kinds');
  });

  it('a small sweep plays both seats of every pair and fits fair costs for every feature', async () => {
    const ls = loadSweepObject({
      ruleset: 'platoon', map: { size: [72, 48], terrain: [] }, policies: ['aggressive', 'aggressive'],
      budget: { points: 600 }, roster: { kinds: ['infantry-section', 'second-lieutenant', 'mmg-team', 'light-mortar-team'] },
      features: ['infantry-section', 'mmg-team', 'light-mortar-team', 'extra-man'], pairs: 40, games_per_pair: 4, seed: 3,
    }, join(ROOT, 'configs', 'platoon', 'sweeps'));
    const data = await runSweep(ls, { workers: 0 });
    expect(data.rows.length).toBe(80);
    expect(data.rows[0].diff.map((v) => -v)).toEqual(data.rows[1].diff);
    const doc = analyzeBalance({
      ruleset: 'platoon', version: 'test', sweepHash: ls.hash, sweep: ls.spec, seed: 3, pairs: 40, gamesPerPair: 4, confidence: 0.95,
      features: data.features, meanCounts: data.meanCounts, rows: data.rows, elapsedSeconds: data.elapsedSeconds,
    });
    expect(doc.features.map((f) => f.id).sort()).toEqual(['extra-man', 'infantry-section', 'light-mortar-team', 'mmg-team']);
    for (const f of doc.features) expect(Number.isFinite(f.fairCost)).toBe(true);
  });
});
