/**
 * The balance contract (engine/ruleset.ts BalanceProvider), checked for every registered
 * ruleset (issue 28): a shipped default sweep, legal random forces the configs compile,
 * feature counts that match, declared usage cells and reference that exist, determinism.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RULESET_IDS, getRuleset } from '../engine/rulesets/index.ts';
import { buildConfig, loadSweep, runSweep } from '../sim/sweep.ts';
import { randFrom } from './balance-harness.ts';
import { ROOT } from './dist-fresh.ts';

/** Rulesets without a balance provider yet, and why: the test fails when the list and the tree disagree. */
const BALANCE_PENDING: Record<string, string> = {};

describe.each(RULESET_IDS)('balance contract: %s', (id) => {
  const ruleset = getRuleset(id)!;
  const sweepFile = join(ROOT, 'configs', id, 'sweeps', 'default.json');
  if (id in BALANCE_PENDING) {
    it(`has no provider yet (${BALANCE_PENDING[id]})`, () => {
      expect(ruleset.balance).toBeUndefined();
    });
    return;
  }
  it('has a provider and ships configs/<id>/sweeps/default.json', () => {
    expect(ruleset.balance).toBeDefined();
    expect(existsSync(sweepFile)).toBe(true);
  });
  it('draws legal forces deterministically, with feature counts of the right shape', () => {
    const ls = loadSweep(sweepFile);
    const { sweep } = ls;
    expect(sweep.features.length).toBeGreaterThan(1);
    expect(new Set(sweep.features.map((f) => f.id)).size).toBe(sweep.features.length);
    const a = randFrom(7), b = randFrom(7);
    for (let i = 0; i < 25; i++) {
      const x = sweep.randomRoster(a);
      expect(sweep.randomRoster(b)).toEqual(x);
      const counts = sweep.featureCounts(x);
      expect(counts).toHaveLength(sweep.features.length);
      for (const c of counts) expect(Number.isInteger(c) && c >= 0).toBe(true);
      // The generated config compiles (buildConfig throws on a force the ruleset refuses).
      expect(() => buildConfig(ls, x, sweep.randomRoster(a))).not.toThrow();
      sweep.randomRoster(b);
    }
    if (sweep.reference !== undefined) expect(sweep.features.map((f) => f.id)).toContain(sweep.reference);
    else expect(sweep.features.filter((f) => f.cost > 0).length).toBeGreaterThanOrEqual(2); // a point scale to fit
  });
  it('declares usage only for its features, in counters the scenario has, and a tiny sweep reports it', async () => {
    const ls = loadSweep(sweepFile);
    const { sweep } = ls;
    for (const u of sweep.usage ?? []) expect(sweep.features.map((f) => f.id)).toContain(u.feature);
    const tiny = { ...ls, spec: { ...ls.spec, pairs: 3, games_per_pair: 1 } };
    const d = await runSweep(tiny, { workers: 0 });
    expect(d.rows).toHaveLength(6);
    expect(d.usage).toHaveLength(sweep.features.length);
    const counted = new Set((sweep.usage ?? []).map((u) => u.feature));
    sweep.features.forEach((f, j) => expect(d.usage[j] === null).toBe(!counted.has(f.id) || d.meanCounts[j] === 0));
  });
});

it('BALANCE_PENDING names registered rulesets only', () => {
  for (const id of Object.keys(BALANCE_PENDING)) expect(RULESET_IDS).toContain(id);
});
