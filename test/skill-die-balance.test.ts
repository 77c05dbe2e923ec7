/**
 * `squadsim balance` for Skill-die (issue 28): random legal rosters at a budget, their feature
 * counts against what compile charges, cost overrides through rules.costs, the sweep's own
 * errors, and a small sweep fitted end to end.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeBalance } from '../analysis/balance.ts';
import { compileSkill } from '../engine/rulesets/skill-die/compile.ts';
import { skillBalance } from '../engine/rulesets/skill-die/tools/balance.ts';
import { loadSweepObject, runSweep } from '../sim/sweep.ts';
import { configErrorOf } from './config-error.ts';
import { randFrom, spec } from './balance-harness.ts';
import { ROOT } from './dist-fresh.ts';
const side = (name: string, roster: unknown) => ({ name, roster, policy: 'random' });

describe('Skill-die random rosters', () => {
  it('500 random rosters compile within the budget; feature costs plus the commander\'s add up to what compile charges', () => {
    for (const over of [{}, { cost_overrides: { mortar: 40, average: 15 } }]) {
      const sweep = skillBalance.prepare(spec({ budget: { points: 130, band: 0.2 }, ...over }));
      const rand = randFrom(7);
      const seen = new Array(sweep.features.length).fill(0);
      for (let i = 0; i < 500; i++) {
        const a = sweep.randomRoster(rand), b = sweep.randomRoster(rand);
        const scn = compileSkill({ ruleset: 'skill-die', rules: sweep.rules, sides: [side('a', a), side('b', b)] });
        const counts = sweep.featureCounts(a);
        const priced = counts.reduce((s, n, k) => s + n * sweep.features[k].cost, 0) + scn.rules.costs.kit.commander;
        let charged = 0;
        for (let u = 0; u < scn.count[0]; u++) charged += scn.uCost[u];
        expect(priced).toBe(charged);
        expect(charged).toBeLessThanOrEqual(130);
        counts.forEach((n, k) => (seen[k] += n));
      }
      expect(sweep.features.filter((_, k) => seen[k] === 0).map((f) => f.id)).toEqual([]);
      if ('cost_overrides' in over) expect(sweep.features.find((f) => f.id === 'mortar')!.cost).toBe(40);
    }
  });

  it('a sweep names its own mistakes: costs in rules, an unknown override or feature', () => {
    expect(configErrorOf(() => skillBalance.prepare(spec({ rules: { costs: {} } }))).path).toBe('rules.costs');
    expect(configErrorOf(() => skillBalance.prepare(spec({ cost_overrides: { laser: 1 } }))).path).toBe('cost_overrides.laser');
    expect(configErrorOf(() => skillBalance.prepare(spec({ features: ['tank'] }))).path).toBe('features[0]');
  });

  it('a small sweep on the default table plays both seats of every pair and fits every feature', async () => {
    const ls = loadSweepObject({ ruleset: 'skill-die', policies: ['aggressive', 'aggressive'], budget: { points: 100 }, features: ['average', 'poor', 'grenade', 'armour'], pairs: 40, games_per_pair: 4, seed: 3 }, join(ROOT, 'configs', 'skill-die', 'sweeps'));
    const data = await runSweep(ls, { workers: 0 });
    expect(data.rows.length).toBe(80);
    const doc = analyzeBalance({
      ruleset: 'skill-die', version: 'test', sweepHash: ls.hash, sweep: ls.spec, seed: 3, pairs: 40, gamesPerPair: 4, confidence: 0.95,
      features: data.features, meanCounts: data.meanCounts, rows: data.rows, elapsedSeconds: data.elapsedSeconds,
    });
    expect(doc.features.map((f) => f.id).sort()).toEqual(['armour', 'average', 'grenade', 'poor']);
  });
});
