/**
 * `squadsim balance` for Iron Squad (issue 28): random legal forces (the Captain and 4
 * different types of the pool, item 5), their 0/1 feature counts, the sweep's own errors, the
 * reference-unit analysis (analysis/reference-value.ts) recovering values planted in synthetic
 * rows, and a small real sweep through the CLI.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeBalance, balanceTable } from '../analysis/balance.ts';
import { REFERENCE_SCHEMA, type ReferenceBalanceDoc } from '../analysis/reference-value.ts';
import { sigmoid } from '../analysis/logistic.ts';
import { compileIron } from '../engine/rulesets/iron-squad/compile.ts';
import { CHOSEN_IDS, ironBalance } from '../engine/rulesets/iron-squad/tools/balance.ts';
import { loadSweepObject } from '../sim/sweep.ts';
import { configErrorOf } from './config-error.ts';
import { randFrom } from './balance-harness.ts';
import { cliSandbox } from './cli-harness.ts';
import { ROOT } from './dist-fresh.ts';

const SWEEPS = join(ROOT, 'configs', 'iron-squad', 'sweeps');
/** A BalanceSpec as sim/sweep.ts passes it when the sweep file leaves the fields out. */
const spec = (over: Record<string, unknown> = {}) => ({ budget: undefined, roster: undefined, features: undefined, cost_overrides: undefined, rules: {}, ...over });
const side = (name: string, units: unknown) => ({ name, units, policy: 'rush' });

describe('Iron Squad random forces', () => {
  it('3,000 forces are legal (the Captain and 4 different types, item 5), compile, and draw each of the 15 choices about equally often', () => {
    const sweep = ironBalance.prepare(spec());
    expect(sweep.forceField).toBe('units');
    expect(sweep.reference).toBe('rifleman');
    expect(sweep.features.map((f) => f.id)).toEqual([...CHOSEN_IDS]);
    const rand = randFrom(11);
    const seen = new Map<string, number>();
    for (let i = 0; i < 3000; i++) {
      const a = sweep.randomRoster(rand) as string[];
      expect(a[0]).toBe('captain');
      expect(a.length).toBe(5);
      expect(new Set(a).size).toBe(5);
      const counts = sweep.featureCounts(a);
      expect(counts).toEqual(CHOSEN_IDS.map((id) => (a.includes(id) ? 1 : 0)));
      expect(counts.reduce((s, n) => s + n, 0)).toBe(4);
      seen.set(a.join(','), (seen.get(a.join(',')) ?? 0) + 1);
      if (i < 200) compileIron({ ruleset: 'iron-squad', sides: [side('USA', a), side('Germany', sweep.randomRoster(rand))] });
    }
    // 200 expected per choice, SD about 14: a biased draw (e.g. a Fisher–Yates off by one) lands far outside.
    expect(seen.size).toBe(15);
    for (const n of seen.values()) expect(Math.abs(n - 200)).toBeLessThan(60);
  });

  it('the same seed gives the same forces; a restricted pool draws only from it and fits only its types', () => {
    const sweep = ironBalance.prepare(spec());
    const draw = (seed: number) => { const r = randFrom(seed); return Array.from({ length: 50 }, () => sweep.randomRoster(r)); };
    expect(draw(4)).toEqual(draw(4));
    expect(draw(4)).not.toEqual(draw(5));
    const five = ironBalance.prepare(spec({ roster: { pool: ['sniper', 'rifleman', 'medic', 'engineer', 'machine-gunner'], reference: 'medic' } }));
    expect(five.features.map((f) => f.id)).toEqual(['rifleman', 'machine-gunner', 'engineer', 'sniper', 'medic']);
    expect(five.reference).toBe('medic');
    const rand = randFrom(2);
    for (let i = 0; i < 200; i++) {
      const a = five.randomRoster(rand) as string[];
      expect(a).not.toContain('grenade-thrower');
      expect(five.featureCounts(a).reduce((s, n) => s + n, 0)).toBe(4);
    }
  });

  it('a sweep names its own mistakes: points, overrides, features, the pool and the reference', () => {
    const path = (over: Record<string, unknown>) => configErrorOf(() => ironBalance.prepare(spec(over))).path;
    expect(path({ budget: { points: 100 } })).toBe('budget');
    expect(path({ cost_overrides: { rifleman: 3 } })).toBe('cost_overrides');
    expect(path({ features: ['sniper'] })).toBe('features');
    expect(path({ roster: { pool: ['captain', 'rifleman', 'sniper', 'medic', 'engineer'] } })).toBe('roster.pool[0]');
    expect(path({ roster: { pool: ['rifleman', 'sniper', 'medic', 'engineer'] } })).toBe('roster.pool');
    expect(path({ roster: { pool: ['rifleman', 'sniper', 'medic', 'engineer', 'medic'] } })).toBe('roster.pool');
    expect(path({ roster: { reference: 'captain' } })).toBe('roster.reference');
    expect(path({ roster: { pool: ['machine-gunner', 'sniper', 'medic', 'engineer', 'grenade-thrower'] } })).toBe('roster.reference');
    expect(path({ roster: { refrence: 'sniper' } })).toBe('roster');
    expect(ironBalance.prepare(spec({ features: 'all', cost_overrides: {} })).features.length).toBe(6);
  });
});

describe('values against the reference unit', () => {
  /** Rows from a known model: logit = α + Σ_k b_k (n1_k − n2_k) over all 6 types, b absolute (the Rifleman's not 0). */
  function synthetic(b: number[], alpha: number, pairs: number, games: number, seed: number) {
    const sweep = ironBalance.prepare(spec());
    const rand = randFrom(seed);
    const rows: { diff: number[]; outcome: [number, number, number]; games: number }[] = [];
    const sums = new Array(6).fill(0);
    for (let i = 0; i < pairs; i++) {
      const ca = sweep.featureCounts(sweep.randomRoster(rand)), cb = sweep.featureCounts(sweep.randomRoster(rand));
      ca.forEach((v, k) => (sums[k] += v + cb[k]));
      for (const diff of [ca.map((v, k) => v - cb[k]), cb.map((v, k) => v - ca[k])]) {
        const pr = sigmoid(alpha + diff.reduce((s, d, k) => s + d * b[k], 0));
        let w = 0;
        for (let g = 0; g < games; g++) if (rand() < pr) w++;
        rows.push({ diff, outcome: [w, games - w, 0], games });
      }
    }
    return { features: sweep.features, meanCounts: sums.map((s) => s / (2 * pairs)), rows };
  }
  const input = (d: ReturnType<typeof synthetic>, confidence: number) => ({
    ruleset: 'iron-squad', version: 'test', sweepHash: 'x', sweep: {}, seed: 1, pairs: d.rows.length / 2, gamesPerPair: d.rows[0].games,
    confidence, elapsedSeconds: 0, reference: 'rifleman', seat1: 'seat 1 is the USA, which moves first every round (item 3)', ...d,
  });

  it('recovers planted values relative to the Rifleman, the seat-1 intercept, and flags only the types that differ from him', () => {
    // rifleman, machine-gunner, grenade-thrower, engineer, sniper, medic
    const b = [0.3, 0.5, 0.1, 0.2, 0.7, 0.3];
    const doc = analyzeBalance(input(synthetic(b, 0.2, 2000, 20, 9), 0.999));
    expect(doc.schema).toBe(REFERENCE_SCHEMA);
    expect(doc.reference.id).toBe('rifleman');
    expect(doc.features.map((f) => f.id)).toEqual(['machine-gunner', 'grenade-thrower', 'engineer', 'sniper', 'medic']);
    const truth = [0.2, -0.2, -0.1, 0.4, 0];
    doc.features.forEach((f, c) => {
      expect(f.interval[0]).toBeLessThan(truth[c]);
      expect(f.interval[1]).toBeGreaterThan(truth[c]);
      expect(Math.abs(f.coefficient - truth[c])).toBeLessThan(0.06);
      expect(f.winPoints).toBeCloseTo((100 * f.coefficient) / 4, 10);
      expect(f.winPointsInterval[0]).toBeCloseTo((100 * f.interval[0]) / 4, 10);
    });
    expect(doc.features.map((f) => f.flag)).toEqual(['stronger than reference', 'weaker than reference', 'weaker than reference', 'stronger than reference', 'ok']);
    expect(Math.abs(doc.fit.intercept - 0.2)).toBeLessThan(3.3 * doc.fit.interceptSe);
    // The Medic is planted equal to the Rifleman: their order is noise.
    expect(doc.ranking.map((r) => r.id).filter((id) => id !== 'medic')).toEqual(['sniper', 'machine-gunner', 'rifleman', 'engineer', 'grenade-thrower']);
    expect(doc.ranking.find((r) => r.id === 'rifleman')!.winPoints).toBe(0);
    const table = balanceTable(doc);
    expect(table).toContain('value vs Rifleman, win-rate points');
    expect(table).toMatch(/sniper\s+\+10\.\d/);
    expect(table).toContain('USA, which moves first');
  });

  it('with no real differences nothing is flagged at a 5% false discovery rate', () => {
    const doc = analyzeBalance(input(synthetic([0.2, 0.2, 0.2, 0.2, 0.2, 0.2], 0, 300, 10, 3), 0.95)) as ReferenceBalanceDoc;
    expect(doc.fit.flagged).toEqual({ stronger: [], weaker: [], unsettled: [] });
    for (const f of doc.features) expect(f.qValue).toBeGreaterThan(0.05);
  });
});

describe('squadsim balance on Iron Squad (CLI)', () => {
  const { cli, dir } = cliSandbox('squadsim-iron-balance-');

  it('a small sweep prints the reference table and writes the same document at any --workers', () => {
    const tmp = dir();
    const sweep = join(tmp, 'small.json');
    const shipped = JSON.parse(readFileSync(join(SWEEPS, 'default.json'), 'utf8'));
    writeFileSync(sweep, JSON.stringify({ ...shipped, policies: ['rush', 'rush'], pairs: 24, games_per_pair: 2, seed: 5 }));
    const r = cli(['balance', sweep, '--json', '--workers', '1', '--out', join(tmp, 'o')]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.stdout);
    expect(doc.schema).toBe(REFERENCE_SCHEMA);
    expect(doc.games).toBe(96);
    expect(doc.reference.id).toBe('rifleman');
    expect(doc.fit.seat1).toMatch(/USA/);
    expect(JSON.parse(readFileSync(join(tmp, 'o', 'balance.json'), 'utf8'))).toEqual(doc);
    const t = cli(['balance', sweep, '--workers', '0']);
    expect(t.code).toBe(0);
    expect(t.stdout).toContain('value vs Rifleman, win-rate points');
    expect(t.stdout).toMatch(/^rifleman\s+0\s+\(reference\)/m);
    const again = JSON.parse(cli(['balance', sweep, '--json', '--workers', '0']).stdout);
    expect({ ...again, elapsedSeconds: 0 }).toEqual({ ...doc, elapsedSeconds: 0 });
  });

  it('bad sweep input exits 2 naming the field', () => {
    const tmp = dir();
    const sweep = join(tmp, 'bad.json');
    writeFileSync(sweep, JSON.stringify({ ruleset: 'iron-squad', roster: { reference: 'tank' }, pairs: 4, games_per_pair: 1 }));
    const r = cli(['balance', sweep, '--workers', '0']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('roster.reference');
    expect(r.stderr).toContain('"tank"');
  });

  it('the shipped sweep loads: the tuned preset in both seats, every type fitted against the Rifleman', () => {
    const ls = loadSweepObject(JSON.parse(readFileSync(join(SWEEPS, 'default.json'), 'utf8')), SWEEPS);
    expect(ls.sweep.reference).toBe('rifleman');
    expect(ls.spec.policies).toEqual(['../policies/default.json', '../policies/default.json']);
    expect(ls.sweep.features.length).toBe(6);
  });
});
