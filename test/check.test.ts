import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BASELINE_SCHEMA, compareWithBaseline, parseBaseline, type Baseline } from '../analysis/check.ts';
import { meanDiffTest, twoProportionTest, twoSidedP } from '../analysis/stat-tests.ts';
import { ConfigError } from '../engine/errors.ts';
import { seal } from '../resultsdoc/seal.ts';
import { cliSandbox } from './cli-harness.ts';
import { ROOT } from './dist-fresh.ts';

const SMOKE = join(ROOT, 'configs', 'nco', 'baselines', 'smoke.json');
const GAMES = '1000';

describe('two-sample tests (hand-computed values)', () => {
  it('two-sided normal p-values', () => {
    expect(twoSidedP(0)).toBe(1);
    expect(twoSidedP(1)).toBeCloseTo(0.3173105, 6);
    expect(twoSidedP(-1.959963984540054)).toBeCloseTo(0.05, 7);
    expect(twoSidedP(3) / 0.0026997961).toBeCloseTo(1, 6);
    expect(twoSidedP(5) / 5.733032e-7).toBeCloseTo(1, 5);
  });

  it('two-proportion z-test', () => {
    // 45/100 vs 55/100: pooled 0.5, se = √(0.25 · 0.02) = 0.0707107, z = −1.41421, p = 0.157299.
    const a = twoProportionTest(45, 100, 55, 100);
    expect(a.diff).toBeCloseTo(-0.1, 12);
    expect(a.se).toBeCloseTo(0.0707107, 6);
    expect(a.z).toBeCloseTo(-1.4142136, 6);
    expect(a.p).toBeCloseTo(0.157299, 5);
    // 300/1000 vs 250/1000: pooled 0.275, z = 2.503915, p = 0.0122827.
    const b = twoProportionTest(300, 1000, 250, 1000);
    expect(b.z).toBeCloseTo(2.503915, 5);
    expect(b.p).toBeCloseTo(0.0122827, 6);
    // Nothing ever happens in either sample: no evidence of a change.
    expect(twoProportionTest(0, 500, 0, 800)).toMatchObject({ z: 0, p: 1 });
  });

  it('Welch test of means from sums and sums of squares', () => {
    // {1,2,3,4} (sum 10, sum sq 30) vs {2,3,4,5,6} (sum 20, sum sq 90):
    // means 2.5 and 4, variances 5/3 and 2.5, se = √(5/12 + 1/2), z = −1.566699, p = 0.117185.
    const t = meanDiffTest(10, 30, 4, 20, 90, 5);
    expect(t.diff).toBeCloseTo(-1.5, 12);
    expect(t.z).toBeCloseTo(-1.566699, 5);
    expect(t.p).toBeCloseTo(0.117185, 5);
    // Constant samples: equal values are no change, different ones a certain one.
    expect(meanDiffTest(6, 12, 3, 8, 16, 4)).toMatchObject({ p: 1 });
    expect(meanDiffTest(6, 12, 3, 12, 36, 4)).toMatchObject({ p: 0 });
  });
});

/** A hand-made baseline: 2 steps, win rates 40% / 50%. */
function fake(over: Partial<Baseline> = {}): Baseline {
  const n = 10000;
  return {
    schema: BASELINE_SCHEMA, ruleset: 'nco', version: '0.1.0', configHash: 'sha256:aa', seed: 1, games: n,
    sides: ['A', 'B'], unit: 'turn', nouns: { score: 'VP', value: 'points' }, steps: 2, outcome: [4000, 5000, 1000],
    score: [50 * n, 60 * n], scoreSq: [(2500 + 100) * n, (3600 + 100) * n], // sd 10
    casualties: [[n, 2 * n], [n, 2 * n]], casualtiesSq: [[2 * n, 5 * n], [2 * n, 5 * n]], // sd 1
    survivingValue: [[100 * n, 80 * n], [100 * n, 80 * n]], survivingValueSq: [[10100 * n, 6500 * n], [10100 * n, 6500 * n]],
    ...over,
  };
}

describe('compareWithBaseline', () => {
  it('passes an identical run and states the Bonferroni level', () => {
    const rep = compareWithBaseline(fake({ seed: 2 }), fake(), 0.001);
    expect(rep.pass).toBe(true);
    // 2 win rates + draws + 2 mean VP + 2 sides × 2 steps × (casualties, surviving points).
    expect(rep.metrics).toHaveLength(13);
    expect(rep.alphaPerMetric).toBeCloseTo(0.001 / 13, 15);
    expect(rep.warnings).toEqual([]);
  });

  it('flags a win rate that moved and a lethality step that moved, and nothing else', () => {
    const n = 10000;
    // 40% -> 44%: z ≈ 5.7; casualties at step 2 of side B: mean 2 -> 2.1 with sd 1: z ≈ 7.1.
    const cur = fake({ seed: 2, outcome: [4400, 4600, 1000], casualties: [[n, 2 * n], [n, 2.1 * n]], casualtiesSq: [[2 * n, 5 * n], [2 * n, (1 + 2.1 * 2.1) * n]] });
    const rep = compareWithBaseline(cur, fake(), 0.001);
    expect(rep.pass).toBe(false);
    const moved = rep.metrics.filter((m) => m.moved).map((m) => `${m.metric}/${m.side}/${m.step}`);
    expect(moved).toEqual(['win rate/A/null', 'win rate/B/null', 'casualties/B/2']);
  });

  it('does not flag a change the test cannot tell from noise', () => {
    // 40% -> 41% on 10,000 games each: z ≈ 1.4.
    expect(compareWithBaseline(fake({ seed: 2, outcome: [4100, 4900, 1000] }), fake()).pass).toBe(true);
  });

  it('warns on a config change or a shared seed, and names metrics in the ruleset\'s nouns', () => {
    const rep = compareWithBaseline(fake({ configHash: 'sha256:bb' }), fake());
    expect(rep.warnings.join('\n')).toMatch(/config hash differs/);
    expect(rep.warnings.join('\n')).toMatch(/same seed/);
    expect(rep.metrics.map((m) => m.metric)).toContain('mean VP');
    expect(rep.metrics.map((m) => m.metric)).toContain('surviving points');
    const health = compareWithBaseline(fake({ seed: 2, nouns: { score: 'score', value: 'health' } }), fake());
    expect(health.metrics.map((m) => m.metric)).toContain('surviving health');
  });

  it('rejects mismatched ruleset, sides or steps as bad input', () => {
    expect(() => compareWithBaseline(fake({ ruleset: 'owam' }), fake())).toThrow(ConfigError);
    expect(() => compareWithBaseline(fake({ sides: ['B', 'A'] }), fake())).toThrow(/sides/);
    const three = fake({ steps: 3, casualties: [[1, 1, 1], [1, 1, 1]], casualtiesSq: [[1, 1, 1], [1, 1, 1]], survivingValue: [[1, 1, 1], [1, 1, 1]], survivingValueSq: [[1, 1, 1], [1, 1, 1]] });
    expect(() => compareWithBaseline(three, fake())).toThrow(/steps/);
  });

  it('rejects a baseline of another matchup (scenario or map) as bad input; other config changes only warn', () => {
    const cfg = (over: Record<string, unknown>) => ({ scenario: 'basic', map: { generate: { mirrored: true } }, rules: { turns: 2 }, sides: [], ...over });
    const base = fake({ config: cfg({}) });
    expect(() => compareWithBaseline(fake({ seed: 2, config: cfg({ scenario: 's1' }) }), base)).toThrow(/^baseline\.config\.scenario: got "basic"; expected the results' scenario "s1": this baseline is of another matchup/);
    expect(() => compareWithBaseline(fake({ seed: 2, config: cfg({ map: 'village' }) }), base)).toThrow(/^baseline\.config\.map: /);
    const tuned = compareWithBaseline(fake({ seed: 2, configHash: 'sha256:bb', config: cfg({ rules: { turns: 2, events: false }, sides: [1] }) }), base);
    expect(tuned.pass).toBe(true);
    expect(tuned.warnings.join('\n')).toMatch(/config hash differs/);
  });

  it('validates baseline files', () => {
    expect(parseBaseline(JSON.parse(JSON.stringify(fake())), 'baseline').games).toBe(10000);
    expect(() => parseBaseline({ ...fake(), schema: 'x' }, 'baseline')).toThrow(/baseline\.schema/);
    expect(() => parseBaseline({ ...fake(), outcome: [1, 2, 3] }, 'baseline')).toThrow(/adding up to games/);
    expect(() => parseBaseline({ ...fake(), casualties: [[1, 2, 3], [1, 2, 3]] }, 'baseline')).toThrow(/baseline\.casualties/);
  });
});

describe('squadsim check: the CI gate against the shipped smoke baseline', () => {
  const { cli, dir } = cliSandbox('squadsim-check-');
  let tmp: string;
  const run = (config: string | null, seed: number, out: string): void => {
    const r = cli(['run', ...(config ? [config] : []), '--games', GAMES, '--seed', String(seed), '--workers', '1', '--out', out]);
    expect(r.code, r.stderr).toBe(0);
  };

  beforeAll(() => {
    tmp = dir();
    const c = JSON.parse(readFileSync(join(ROOT, 'configs', 'nco', 'default.json'), 'utf8'));
    for (const s of c.sides) {
      if (typeof s.roster === 'string') s.roster = resolve(join(ROOT, 'configs', 'nco'), s.roster);
      if (typeof s.policy === 'string' && s.policy.endsWith('.json')) s.policy = resolve(join(ROOT, 'configs', 'nco'), s.policy);
    }
    c.sides[0].policy = 'random';
    writeFileSync(join(tmp, 'random.json'), JSON.stringify(c));
    run(null, 1, 'same1');
    run(null, 2, 'same2');
    run(join(tmp, 'random.json'), 1, 'random');
  });

  it('passes the unchanged default matchup (exit 0), with two different seeds', () => {
    for (const dir of ['same1', 'same2']) {
      const r = cli(['check', join(dir, 'results.json'), '--baseline', SMOKE]);
      expect(r.code, `${r.stdout}\n${r.stderr}\nIf the NCO rules changed on purpose, regenerate the baseline (docs/ci.md).`).toBe(0);
      expect(r.stdout).toMatch(/PASS: no metric moved \(29 checked\)/);
      expect(r.stdout).toMatch(/Bonferroni/);
    }
  });

  it('fails (exit 1) when one side plays the random policy, and says what moved', () => {
    const r = cli(['check', join('random', 'results.json'), '--baseline', SMOKE]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^win rate +US Army .*MOVED$/m);
    expect(r.stdout).toMatch(/FAIL: \d+ of 29 metrics moved/);
    expect(r.stdout).toMatch(/warning: config hash differs/);
    const json = JSON.parse(cli(['check', join('random', 'results.json'), '--baseline', SMOKE, '--json']).stdout);
    expect(json.schema).toBe('squadsim.check/2');
    expect(json.pass).toBe(false);
  });

  it('--update-baseline writes a baseline atomically that the same run then passes', () => {
    const b = join(tmp, 'base', 'new.json');
    const w = cli(['check', join('same1', 'results.json'), '--baseline', b, '--update-baseline']);
    expect(w.code).toBe(0);
    expect(readdirSync(join(tmp, 'base'))).toEqual(['new.json']);
    const base = JSON.parse(readFileSync(b, 'utf8'));
    expect(base).toMatchObject({ schema: BASELINE_SCHEMA, ruleset: 'nco', seed: 1, games: Number(GAMES) });
    expect(cli(['check', join('same2', 'results.json'), '--baseline', b]).code).toBe(0);
  });

  it('exits 2 on bad input and writes nothing', () => {
    expect(cli(['check', join('same1', 'results.json'), '--baseline', 'missing.json']).code).toBe(2);
    expect(cli(['check', join('same1', 'results.json'), '--baseline', SMOKE, '--alpha', '2']).code).toBe(2);
    const doc = JSON.parse(readFileSync(join(tmp, 'same1', 'results.json'), 'utf8'));
    doc.summary.sides[0].name = 'Someone Else';
    writeFileSync(join(tmp, 'edited.json'), JSON.stringify(doc));
    const edited = cli(['check', 'edited.json', '--baseline', SMOKE]);
    expect(edited.code).toBe(2);
    expect(edited.stderr).toMatch(/fails its integrity check/);
    writeFileSync(join(tmp, 'renamed.json'), JSON.stringify(seal(doc)));
    const r = cli(['check', 'renamed.json', '--baseline', SMOKE]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/baseline\.sides/);
    expect(existsSync(join(tmp, 'missing.json'))).toBe(false);
  });
});
