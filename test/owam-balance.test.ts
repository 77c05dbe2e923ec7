/**
 * `squadsim balance` for OWAM (issue 28): random legal squads at a budget, their feature counts
 * against what compile fields and charges, rules.cost_overrides (D17) and rules.default_nations
 * (D18), the sweep's own errors (exit 2 with the field path), and a small sweep fitted end to end.
 */
import { join } from 'node:path';
import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyzeBalance } from '../analysis/balance.ts';
import { compileOwam } from '../engine/rulesets/owam/compile.ts';
import { owamBalance } from '../engine/rulesets/owam/tools/balance.ts';
import { RANKS, WEAPONS } from '../engine/rulesets/owam/data/soldiers.ts';
import { buildConfig, loadSweepObject, runSweep } from '../sim/sweep.ts';
import { configErrorOf } from './config-error.ts';
import { randFrom, spec } from './balance-harness.ts';
import { cliSandbox } from './cli-harness.ts';
import { ROOT } from './dist-fresh.ts';

const side = (name: string, fireteams: unknown) => ({ name, fireteams, policy: 'aggressive' });
const game = (rules: Record<string, unknown>, a: unknown, b: unknown) => compileOwam({ ruleset: 'owam', rules, sides: [side('a', a), side('b', b)] });

describe('OWAM random squads', () => {
  it('500 random squads compile within the budget; feature counts are the fielded ranks and weapons, and their costs add up to what compile charges', () => {
    for (const over of [{}, { cost_overrides: { captain: 20, mg: 4 } }, { rules: { historical: true } }]) {
      const sweep = owamBalance.prepare(spec({ budget: { points: 75, band: 0.2 }, ...over }));
      expect(sweep.forceField).toBe('fireteams');
      const rand = randFrom(7);
      const seen = new Array(sweep.features.length).fill(0);
      const spent: number[] = [], fts: number[] = [];
      for (let i = 0; i < 500; i++) {
        const a = sweep.randomRoster(rand), b = sweep.randomRoster(rand);
        const scn = game(sweep.rules, a, b); // compile checks every FT: a Leader, ≤ 8 soldiers, ≤ 4 FTs, the budget
        const counts = sweep.featureCounts(a);
        const fielded = new Array(sweep.features.length).fill(0);
        let charged = 0;
        for (let s = 0; s < scn.n; s++) {
          if (scn.sSide[s] !== 0) continue;
          charged += scn.sPoints[s];
          for (const id of [RANKS[scn.sRank[s]], WEAPONS[scn.sWeapon[s]]]) {
            const k = sweep.features.findIndex((f) => f.id === id);
            if (k >= 0) fielded[k]++;
          }
        }
        expect(counts).toEqual(fielded);
        expect(counts.reduce((x, n, k) => x + n * sweep.features[k].cost, 0)).toBe(charged);
        expect(charged).toBeLessThanOrEqual(75);
        spent.push(charged);
        fts.push(scn.ftCount[0]);
        counts.forEach((n, k) => (seen[k] += n));
      }
      expect(sweep.features.filter((_, k) => seen[k] === 0).map((f) => f.id)).toEqual([]);
      // The band makes spending vary (identifying the point scale), and every legal FT count is drawn.
      expect(Math.max(...spent) - Math.min(...spent)).toBeGreaterThanOrEqual(10);
      expect(new Set(fts)).toEqual(new Set([1, 2, 3, 4]));
      if ('cost_overrides' in over) expect(sweep.features.find((f) => f.id === 'captain')!.cost).toBe(20);
      if ('rules' in over) expect(sweep.features.map((f) => f.id)).toContain('private'); // Germany's 352nd has cards #1–10
    }
  });

  it('is deterministic for a seed, and roster.fireteams fixes the FT count where the Leaders allow', () => {
    const sweep = owamBalance.prepare(spec());
    const draw = (seed: number) => { const r = randFrom(seed); return Array.from({ length: 50 }, () => sweep.randomRoster(r)); };
    expect(draw(11)).toEqual(draw(11));
    expect(draw(11)).not.toEqual(draw(12));
    const two = owamBalance.prepare(spec({ roster: { fireteams: 2 } }));
    const r = randFrom(5);
    for (let i = 0; i < 100; i++) expect((two.randomRoster(r) as number[][]).length).toBe(2);
  });

  it('features restrict the cards drawn: without the captain and the SMG no squad holds #1 or #2', () => {
    const sweep = owamBalance.prepare(spec({ budget: { points: 45 }, features: ['sergeant', 'corporal', 'pfc', 'private', 'mg'] })); // 7 cards, 50 points
    expect(sweep.features.map((f) => f.cost)).toEqual([10, 9, 7, 5, 0]);
    const r = randFrom(3);
    for (let i = 0; i < 200; i++) {
      const cards = (sweep.randomRoster(r) as number[][]).flat();
      expect(cards.some((n) => [1, 2, 6, 7, 9].includes(n))).toBe(false);
    }
  });

  it('D17 rules.cost_overrides prices ranks and weapons in compile; D18 a side without a nation plays rules.default_nations', () => {
    const fts = [[1, 10], [4, 7]];
    const scn = game({ cost_overrides: { captain: 20, sniper: 3 } }, fts, fts);
    expect(Array.from(scn.sPoints.slice(0, 4))).toEqual([20, 5, 9, 7 + 3]);
    expect(scn.nations).toEqual(['usa', 'germany']);
    expect((scn.normalized as { sides: { nation: string }[] }).sides.map((s) => s.nation)).toEqual(['usa', 'germany']);
    expect(game({ default_nations: ['poland', 'red_army'] }, fts, fts).nations).toEqual(['poland', 'red_army']);
    expect(configErrorOf(() => game({ cost_overrides: { tank: 1 } }, fts, fts)).path).toBe('rules.cost_overrides.tank');
    expect(configErrorOf(() => game({ default_nations: ['germany', 'germany'] }, fts, fts)).path).toBe('rules.default_nations[0]');
    expect(configErrorOf(() => game({ squad_points: 75, cost_overrides: { private: 40 } }, [[1, 10, 11]], fts)).path).toBe('rules.squad_points');
  });

  it('a sweep names its own mistakes', () => {
    const path = (over: Record<string, unknown>) => configErrorOf(() => owamBalance.prepare(spec(over))).path;
    expect(path({ rules: { squad_points: 60 } })).toBe('rules.squad_points');
    expect(path({ rules: { cost_overrides: {} } })).toBe('rules.cost_overrides');
    expect(path({ rules: { level: 'general' } })).toBe('rules.level');
    expect(path({ cost_overrides: { bolt_rifle: 1 } })).toBe('cost_overrides.bolt_rifle');
    expect(path({ features: ['tank'] })).toBe('features[0]');
    expect(path({ features: ['private'] })).toBe('features');
    expect(configErrorOf(() => owamBalance.prepare(spec({ features: ['captain', 'private'] }))).message).toMatch(/features\[0\].*add smg/);
    expect(path({ roster: { nations: ['germany', 'usa'] } })).toBe('roster.nations[0]');
    expect(path({ roster: { fireteams: 5 } })).toBe('roster.fireteams');
    expect(path({ budget: { points: 8, band: 0.5 } })).toBe('budget');
    expect(path({ budget: { points: 150, band: 0.2 } })).toBe('budget'); // 94 points buy all 12 cards: nothing would vary
  });

  it('a small sweep plays both seats of every pair and fits every feature', async () => {
    const ls = loadSweepObject({ ruleset: 'owam', budget: { points: 60 }, pairs: 30, games_per_pair: 4, seed: 3 }, join(ROOT, 'configs', 'owam', 'sweeps'));
    const data = await runSweep(ls, { workers: 0 });
    expect(data.rows.length).toBe(60);
    expect(data.rows[0].diff.map((v) => -v)).toEqual(data.rows[1].diff);
    const doc = analyzeBalance({
      ruleset: 'owam', version: 'test', sweepHash: ls.hash, sweep: ls.spec, seed: 3, pairs: 30, gamesPerPair: 4, confidence: 0.95,
      features: data.features, meanCounts: data.meanCounts, rows: data.rows, elapsedSeconds: data.elapsedSeconds,
    });
    expect(doc.features.map((f) => f.id).sort()).toEqual(['captain', 'corporal', 'mg', 'pfc', 'private', 'semi_rifle', 'sergeant', 'smg', 'sniper']);
    for (const f of doc.features) expect(Number.isFinite(f.fairCost)).toBe(true);
  });
});

describe('squadsim balance owam (CLI)', () => {
  const { cli, dir } = cliSandbox('squadsim-owam-balance-');

  it('a bad sweep field exits 2 naming its path, before any game', () => {
    const sweep = join(dir(), 'bad.json');
    writeFileSync(sweep, JSON.stringify({ ruleset: 'owam', pairs: 10, games_per_pair: 2, roster: { nations: ['usa', 'poland'] } }));
    const r = cli(['balance', sweep, '--workers', '1']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('roster.nations[1]');
    expect(r.stdout).toBe('');
  });
});

describe('OWAM sweeps name their mission', () => {
  it('the sweep\'s scenario is the mission of every game, and a bad one names the field', () => {
    const ls = loadSweepObject({ ruleset: 'owam', scenario: 'chateau', pairs: 4, games_per_pair: 1 }, ROOT);
    const sweep = ls.sweep;
    expect(sweep.scenarioField).toBe('mission');
    const cfg = buildConfig(ls, sweep.randomRoster(() => 0.3), sweep.randomRoster(() => 0.6));
    expect((cfg.config as { mission?: unknown }).mission).toBe('chateau');
    expect(configErrorOf(() => loadSweepObject({ ruleset: 'owam', scenario: 'no_such_mission', pairs: 4, games_per_pair: 1 }, ROOT))?.path).toBe('scenario');
  });
});
