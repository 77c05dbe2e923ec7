import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeBalance, BALANCE_SCHEMA } from '../analysis/balance.ts';
import { compileNco } from '../engine/rulesets/nco/compile.ts';
import { COST_KEYS } from '../engine/rulesets/nco/data/costs.ts';
import { ncoBalance } from '../engine/rulesets/nco/tools/balance.ts';
import { compileRoster } from '../engine/rulesets/nco/data/roster.ts';
import { loadSweep, loadSweepObject, runSweep } from '../sim/sweep.ts';
import { assertDistFresh, ROOT } from './dist-fresh.ts';
import { configErrorOf } from './config-error.ts';
import { randFrom, spec } from './balance-harness.ts';
import { cliSandbox } from './cli-harness.ts';

const SWEEPS = join(ROOT, 'configs', 'nco', 'sweeps');

describe('NCO random rosters', () => {
  it('1,000 random rosters all pass compile (budgets, caps, uniques, Sergeant) and their feature costs add up to what compile charges', () => {
    const sweep = ncoBalance.prepare(spec({ roster: { nations: ['us-army', 'german-ss', 'soviet-army', 'us-airborne'] } }));
    const rand = randFrom(7);
    const seen = new Array(sweep.features.length).fill(0);
    for (let i = 0; i < 1000; i++) {
      const a = sweep.randomRoster(rand), b = sweep.randomRoster(rand);
      const scn = compileNco({ ruleset: 'nco', rules: sweep.rules, sides: [{ name: 'a', roster: a, policy: 'random' }, { name: 'b', roster: b, policy: 'random' }] });
      const counts = sweep.featureCounts(a);
      const priced = counts.reduce((s, n, k) => s + n * sweep.features[k].cost, 0);
      const r = scn.rosters[0];
      expect(priced).toBe(r.totalVps + r.totalSps);
      expect(r.totalVps).toBeLessThanOrEqual(100);
      counts.forEach((n, k) => (seen[k] += n));
    }
    // Every fitted feature actually varies.
    expect(sweep.features.filter((_, k) => seen[k] === 0).map((f) => f.id)).toEqual([]);
  });

  it('spending varies within the budget band, which identifies the point scale', () => {
    const sweep = ncoBalance.prepare(spec({ features: ['types'], budget: { vps: 100, sps: 50, band: 0.2 } }));
    const rand = randFrom(3);
    const spent = Array.from({ length: 300 }, () => compileRoster(sweep.randomRoster(rand), { roster_vps: 100, roster_sps: 50 }, []).totalVps);
    expect(Math.max(...spent)).toBeLessThanOrEqual(100);
    expect(Math.max(...spent) - Math.min(...spent)).toBeGreaterThanOrEqual(20);
    expect(new Set(spent).size).toBeGreaterThan(10);
  });

  it('a cost override changes what the generator can afford and what compile charges', () => {
    const sweep = ncoBalance.prepare(spec({ features: ['types'], cost_overrides: { private: 30 } }));
    expect(sweep.features.find((f) => f.id === 'private')!.cost).toBe(30);
    const rand = randFrom(5);
    for (let i = 0; i < 200; i++) {
      const r = compileRoster(sweep.randomRoster(rand), { roster_vps: 100, roster_sps: 50, cost_overrides: { private: 30 } }, []);
      expect(r.totalVps).toBeLessThanOrEqual(100);
      for (const s of r.soldiers) if (s.name.startsWith('Private') && !s.name.startsWith('Private 1st')) expect(s.costVps).toBe(30);
    }
  });
});

describe('rules.cost_overrides', () => {
  const side = (name: string, roster: unknown) => ({ name, roster, policy: 'random' });
  const cfg = (soldiers: unknown[], rules: Record<string, unknown>) => ({
    ruleset: 'nco', rules, sides: [side('A', { name: 'a', nation: 'none', soldiers }), side('B', { name: 'b', nation: 'none', soldiers: [{ type: 'sergeant' }] })],
  });

  it('prices soldiers, upgrades and items for the budget and the kill value', () => {
    const soldiers = [{ type: 'sergeant' }, { type: 'private' }, { type: 'lance-corporal', primary: 'lmg', items: ['service-medal'] }, { type: 'engineer' }];
    const plain = compileNco(cfg(soldiers, {}));
    const over = compileNco(cfg(soldiers, { cost_overrides: { private: 30, lmg: 7, 'service-medal': 5 } }));
    expect(plain.rosters[0].totalVps).toBe(8 + 14 + 4 + 2);
    expect(over.rosters[0].totalVps).toBe(30 + 14 + 7 + 5);
    expect(over.killValue[1]).toBe(30);
    // The Engineer's LMG is his default weapon, not an upgrade: the lmg price does not touch it.
    expect(over.rosters[0].totalSps).toBe(17);
  });

  it('an override can push a roster over the budget', () => {
    const e = configErrorOf(() => compileNco(cfg([{ type: 'sergeant' }, { type: 'private', count: 4 }], { cost_overrides: { private: 30 } })));
    expect(e.message).toContain('over the budget');
  });

  it('an unknown key is a ConfigError that names the allowed keys', () => {
    const e = configErrorOf(() => compileNco(cfg([{ type: 'sergeant' }], { cost_overrides: { privat: 30 } })));
    expect(e.path).toBe('rules.cost_overrides.privat');
    expect(e.message).toContain('"privat"');
    for (const k of ['private', 'lmg', 'extra-grenade', 'sergeant-skill-slot', 'religious-icon']) expect(e.message).toContain(k);
    expect(COST_KEYS).not.toContain('sergeant');
  });
});

describe('sweep files', () => {
  const base = { ruleset: 'nco', pairs: 4, games_per_pair: 5, features: ['types'] };

  it('bad input names the path, the value and what is allowed', () => {
    expect(configErrorOf(() => loadSweepObject({ ...base, pairs: 0 }, ROOT)).path).toBe('pairs');
    expect(configErrorOf(() => loadSweepObject({ ...base, features: ['privat'] }, ROOT)).message).toMatch(/features\[0\].*"privat".*private/);
    expect(configErrorOf(() => loadSweepObject({ ...base, features: ['political-officer'] }, ROOT)).message).toMatch(/forbidden to every nation/);
    expect(configErrorOf(() => loadSweepObject({ ...base, policies: ['aggressive', 'bogus'] }, ROOT)).path).toMatch(/^policies\[1\]/);
    expect(configErrorOf(() => loadSweepObject({ ...base, rules: { roster_vps: 80 } }, ROOT)).message).toContain('budget.vps');
    expect(configErrorOf(() => loadSweepObject({ ...base, cost_overrides: { sergeant: 5 } }, ROOT)).path).toBe('cost_overrides.sergeant');
    expect(configErrorOf(() => loadSweepObject({ ...base, budget: { vps: 100, bogus: 1 } }, ROOT)).path).toBe('budget');
    expect(configErrorOf(() => loadSweepObject({ ...base, colour: 'red' }, ROOT)).message).toContain('colour');
  });

  it('the shipped sweeps load', () => {
    expect(loadSweep(join(SWEEPS, 'default.json')).sweep.features.length).toBeGreaterThan(20);
    expect(loadSweep(join(SWEEPS, 'private-at-30.json')).spec.cost_overrides).toEqual({ private: 30 });
    expect(loadSweep(join(SWEEPS, 'tiers.json')).spec.tiers?.map((t) => t.name)).toEqual(['aggressive', 'tuned']);
  });

  it('each pair is played both ways on the same games, and the rows are identical at 0 and 2 workers', async () => {
    assertDistFresh(join(ROOT, 'dist', 'worker.js'), ['sim', 'engine']);
    const ls = loadSweepObject({ ...base, seed: 9 }, ROOT);
    const a = await runSweep(ls, { workers: 0 });
    const b = await runSweep(ls, { workers: 2 });
    expect(JSON.stringify(b.rows)).toBe(JSON.stringify(a.rows));
    expect(a.rows).toHaveLength(8);
    for (let i = 0; i < 4; i++) {
      const [x, y] = [a.rows[2 * i], a.rows[2 * i + 1]];
      expect([x.pair, x.swapped, y.pair, y.swapped]).toEqual([i, 0, i, 1]);
      expect(y.diff).toEqual(x.diff.map((v) => -v));
      expect(x.outcome.reduce((s, v) => s + v, 0)).toBe(5);
    }
  });
});

describe('balance flags a mis-costed soldier', () => {
  // 100 pairs x 2 seats x 20 games = 4,000 games. Checked by hand with seeds 1-11: the
  // Private's fitted fair cost was 0-10 vps and the upper end of its 95% interval 7-14 vps,
  // far below the 30 it is priced at, so the flag does not hinge on a lucky seed.
  it('a Private priced at 30 vps is over-costed', async () => {
    const ls = loadSweepObject({ ruleset: 'nco', features: ['types'], pairs: 100, games_per_pair: 20, seed: 1, cost_overrides: { private: 30 } }, ROOT);
    const d = await runSweep(ls, { workers: 0 });
    const doc = analyzeBalance({
      ruleset: 'nco', version: 'test', sweepHash: ls.hash, sweep: ls.spec, seed: 1, pairs: 100, gamesPerPair: 20, confidence: 0.95,
      features: d.features, meanCounts: d.meanCounts, rows: d.rows, elapsedSeconds: d.elapsedSeconds,
    });
    const p = doc.features.find((f) => f.id === 'private')!;
    expect(p.cost).toBe(30);
    expect(p.flag).toBe('over-costed');
    expect(p.interval[1]).toBeLessThan(20);
    expect(doc.fit.flagged.overCosted).toContain('private');
    // Dropped from the point scale as off it (the first dropped was the Private until issue 12's
    // policy fixes; with players that no longer Run at far enemies the Scout is off the scale too).
    expect(doc.fit.droppedFromScale).toContain('private');
    // Issue 13: the Private is the first and clearest verdict (Benjamini–Hochberg q, then |z|).
    expect(doc.fit.mostMispriced[0]).toMatchObject({ id: 'private', flag: 'over-costed', printed: 30 });
    expect(doc.features.find((f) => f.id === 'private')!.qValue).toBeLessThan(0.001);
    // The point scale from the other soldiers is well determined.
    expect(doc.fit.lambda / doc.fit.lambdaSe).toBeGreaterThan(4);
    expect(doc.games).toBe(4000);
  });
});

describe('squadsim balance (CLI)', () => {
  const { cli, dir } = cliSandbox('squadsim-balance-');

  it('writes DIR/balance.json and prints the same JSON with --json', () => {
    const tmp = dir();
    const sweep = join(tmp, 'small.json');
    writeFileSync(sweep, JSON.stringify({ ruleset: 'nco', pairs: 30, games_per_pair: 4, features: ['types'], seed: 3 }));
    const r = cli(['balance', sweep, '--json', '--workers', '1', '--out', join(tmp, 'o')]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.stdout);
    expect(doc.schema).toBe(BALANCE_SCHEMA);
    expect(doc.features.map((f: { id: string }) => f.id)).toContain('private');
    expect(JSON.parse(readFileSync(join(tmp, 'o', 'balance.json'), 'utf8'))).toEqual(doc);
    const tiny = join(tmp, 'tiny.json');
    writeFileSync(tiny, JSON.stringify({ ruleset: 'nco', pairs: 16, games_per_pair: 2, features: ['types'], seed: 4 }));
    const t = cli(['balance', tiny, '--workers', '0']);
    expect(t.code).toBe(0);
    expect(t.stdout).toMatch(/private\s+types\s+8\s/);
  });

  it('bad input exits 2 and writes nothing', () => {
    const tmp = dir();
    const sweep = join(tmp, 'bad.json');
    writeFileSync(sweep, JSON.stringify({ ruleset: 'nco', pairs: 30, games_per_pair: 4, cost_overrides: { privat: 30 } }));
    const r = cli(['balance', sweep, '--out', join(tmp, 'bad-out')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('cost_overrides.privat');
    expect(existsSync(join(tmp, 'bad-out'))).toBe(false);
  });
});
