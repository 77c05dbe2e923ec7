/**
 * `squadsim check CONFIG --against REF.json` (issue 32), through the built CLI: an A/A stops
 * early as equivalent, a planted shift exits 1 naming the metric, bad input exits 2 and writes
 * nothing; and the formats (annotations, Markdown summary) on a hand-made report.
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { gateAnnotations, gateMarkdown } from '../analysis/gate-format.ts';
import { GATE_SCHEMA, gateMetrics, type GateReport } from '../analysis/gate.ts';
import { NCO_NOUNS } from '../engine/rulesets/nco/compile.ts';
import { seal } from '../resultsdoc/seal.ts';
import { loadConfig } from '../sim/config.ts';
import { configHash } from '../resultsdoc/hash.ts';
import { cliSandbox } from './cli-harness.ts';
import { runMain } from './cli-main.ts';
import { ROOT } from './dist-fresh.ts';

const REF_GAMES = '2000';

describe('squadsim check CONFIG --against REF (paired sequential gate)', () => {
  const { cli, dir } = cliSandbox('squadsim-gate-');
  let tmp = '';
  const ok = (args: string[]): void => {
    const r = cli(args);
    expect(r.code, r.stderr).toBe(0);
  };

  beforeAll(() => {
    tmp = dir();
    const c = JSON.parse(readFileSync(join(ROOT, 'configs', 'nco', 'default.json'), 'utf8'));
    delete c.$schema;
    for (const s of c.sides) {
      s.roster = resolve(join(ROOT, 'configs', 'nco'), s.roster);
      s.policy = resolve(join(ROOT, 'configs', 'nco'), s.policy);
    }
    writeFileSync(join(tmp, 'base.json'), JSON.stringify(c));
    // The planted shift: German Hardened Privates worth 40 VP (the US scores more per kill and
    // its policy targets them), budget raised so the roster still fits. US wins ~+10 points.
    c.rules = { cost_overrides: { 'hardened-private-1st-class': 40 }, roster_vps: 300 };
    writeFileSync(join(tmp, 'planted.json'), JSON.stringify(c));
    ok(['run', 'base.json', '--games', REF_GAMES, '--seed', '5', '--record', 'games', '--workers', '1', '--out', 'ref']);
    ok(['run', 'base.json', '--games', '500', '--seed', '5', '--workers', '1', '--out', 'norows']);
    // A reference recorded by "another build" that played planted.json as this build plays
    // base.json: the base run's results and rows, labelled with planted.json's config (re-sealed).
    const planted = loadConfig(join(tmp, 'planted.json'));
    const doc = JSON.parse(readFileSync(join(tmp, 'ref', 'results.json'), 'utf8'));
    doc.config = planted.scn.normalized;
    doc.configHash = configHash(planted.scn.normalized);
    mkdirSync(join(tmp, 'old-build'));
    writeFileSync(join(tmp, 'old-build', 'results.json'), JSON.stringify(seal(doc)));
    copyFileSync(join(tmp, 'ref', 'games.f64'), join(tmp, 'old-build', 'games.f64'));
  });

  it('identical build and seed: passes at the first look, every metric equivalent (an A/A stops early)', () => {
    const r = cli(['check', 'base.json', '--against', 'ref/results.json', '--workers', '1']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/stopped after 1,000 games \(1 look of 1,000\): every metric decided/);
    expect(r.stdout).toMatch(/^US Army result +(\d\d\.\d\d%) +\1 +\+0\.00 pts .* equivalent \(1,000 games\)$/m);
    expect(r.stdout).toMatch(/false-alarm rate 0\.1% for the whole gate \(7 metrics, every look/);
    expect(r.stdout).toMatch(/^PASS: every metric equivalent within its tolerance \(7 of 7\)$/m);
    const json = JSON.parse(cli(['check', 'base.json', '--against', 'ref/results.json', '--workers', '0', '--json']).stdout) as GateReport;
    expect(json).toMatchObject({ schema: GATE_SCHEMA, pass: true, games: 1000, looks: 1, stopped: 'decided', referenceGames: 2000, seed: 5 });
    expect(json.metrics.map((m) => m.decision)).toEqual(Array(7).fill('equivalent'));
    expect(json.metrics.every((m) => m.shift === 0 && m.lo < 0 && m.hi > 0)).toBe(true);
  });

  it('a planted shift (side 0 wins ~10 points more): exit 1 naming the metric, annotations and summary', () => {
    const r = cli(['check', 'planted.json', '--against', 'old-build/results.json', '--workers', '2', '--annotations', '--summary', 'out/summary.md']);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stdout).toMatch(/^US Army result +3\d\.\d\d% +4\d\.\d\d% +\+\d+\.\d\d pts +\+\d+\.\d\d … \+\d+\.\d\d pts +±1\.00 pts +SHIFTED \(1,000 games\)$/m);
    expect(r.stdout).toMatch(/^FAIL: \d of 7 metrics shifted: US Army result \+\d+\.\d\d pts/m);
    const error = r.stdout.split('\n').find((l) => l.startsWith('::error') && l.includes('US Army result'));
    expect(error).toMatch(/^::error file=planted\.json,title=Balance regression%3A US Army result::US Army result shifted \+\d+\.\d\d pts \(interval \+\d+\.\d\d … \+\d+\.\d\d pts, tolerance ±1\.00 pts\): reference 3\d\.\d\d%25, this build 4\d\.\d\d%25, in planted\.json against old-build\/results\.json \(\d,\d{3} paired games, seed 5\)$/);
    const md = readFileSync(join(tmp, 'out', 'summary.md'), 'utf8');
    expect(md).toMatch(/^### Balance gate FAILED: \d metrics? shifted in `planted\.json`\n/);
    expect(md).toContain('| metric | reference | this build | shift | interval | tolerance | decision |\n|---|---:|---:|---:|---:|---:|---|\n| US Army result | 3');
    expect(md).toMatch(/\| US Army result \| .* \| \*\*SHIFTED \(1,000 games\)\*\* \|/);
    expect(md).toMatch(/\*\*FAIL: .*US Army result/);
    // Where it stops and what it finds do not depend on the worker count.
    const a = JSON.parse(cli(['check', 'planted.json', '--against', 'old-build/results.json', '--workers', '0', '--json']).stdout) as GateReport;
    const b = JSON.parse(cli(['check', 'planted.json', '--against', 'old-build/results.json', '--workers', '2', '--json']).stdout) as GateReport;
    expect(a.pass).toBe(false);
    expect(a.metrics).toEqual(b.metrics);
    expect(a.games).toBe(b.games);
  });

  it('--summary appends (as $GITHUB_STEP_SUMMARY expects)', () => {
    writeFileSync(join(tmp, 'step.md'), 'earlier step\n');
    ok(['check', 'base.json', '--against', 'ref/results.json', '--workers', '1', '--summary', 'step.md']);
    const md = readFileSync(join(tmp, 'step.md'), 'utf8');
    expect(md).toMatch(/^earlier step\n### Balance gate passed: `base\.json`\n/);
    expect(md).toContain('**PASS: every metric equivalent within its tolerance (7 of 7)**');
  });

  // In this process (main() in the temp folder): no CLI start-up per case; the exit codes and
  // messages are main()'s own, the process exit is checked by the tests above.
  it('exits 2 on bad input, names the flag or field, and writes nothing', async () => {
    const bad = async (args: string[], why: RegExp): Promise<void> => {
      const r = await runMain([...args, '--summary', 'none/summary.md'], tmp);
      expect(r.code, r.stdout + r.stderr).toBe(2);
      expect(r.stderr).toMatch(why);
    };
    await bad(['check', 'base.json', '--against', 'norows/results.json'], /--against: got "norows\/results\.json"; has no per-game rows.*--record games/);
    await bad(['check', 'planted.json', '--against', 'ref/results.json'], /--against: configHash: got "sha256:[0-9a-f]+"; expected sha256:[0-9a-f]+, the hash of planted\.json: the reference was recorded from another config \(reference → now: rules\.cost_overrides\.hardened-private-1st-class: \(absent\) → 40; rules\.roster_vps: 100 → 300\)/);
    await bad(['check', join(ROOT, 'configs', 'skill-die', 'default.json'), '--against', 'ref/results.json'], /--against: ruleset: got "nco"; expected "skill-die"/);
    await bad(['check', 'base.json', '--against', 'missing.json'], /missing\.json/);
    await bad(['check', 'base.json', '--against', 'ref/results.json', '--tolerence', '2'], /Unknown argument: tolerence.*did you mean --tolerance/);
    await bad(['check', 'base.json', '--against', 'ref/results.json', '--tolerance', '0'], /--tolerance: got 0; expected win-rate points greater than 0/);
    await bad(['check', 'base.json', '--against', 'ref/results.json', '--batch', 'x'], /--batch: got "x"; expected a positive integer/);
    await bad(['check', 'base.json', '--against', 'ref/results.json', '--max-games', '0'], /--max-games: got 0/);
    await bad(['check', 'base.json', '--against', 'ref/results.json', '--json', '--annotations'], /--annotations: .*cannot be used with --json/);
    await bad(['check', 'base.json', '--against', 'ref/results.json', '--baseline', 'b.json'], /--against: .*cannot be used with --baseline/);
    await bad(['check', 'ref/results.json', '--baseline', 'b.json', '--batch', '500'], /--batch: got 500; is only used with --against/);
    await bad(['check', 'base.json'], /--against: is missing; expected --against REF\.json .* or --baseline/);
    expect(existsSync(join(tmp, 'none'))).toBe(false);
    expect(existsSync(join(tmp, 'b.json'))).toBe(false);
  });
});

describe('gate output formats (hand-made report)', () => {
  const defs = gateMetrics(['Blue, 1st', 'Red'], NCO_NOUNS);
  const report = (over: Partial<GateReport> = {}): GateReport => ({
    schema: GATE_SCHEMA, pass: false, config: 'configs/a:b.json', against: 'ref/results.json', ruleset: 'nco', configHash: 'sha256:aa', seed: 3,
    referenceGames: 20000, budget: 20000, games: 4000, looks: 4, batch: 1000, stopped: 'budget',
    test: { name: 'normal-mixture confidence sequence', alpha: 0.001, alphaEach: 0.001 / 7, metrics: 7, horizon: 20000, rho2: 0.001, tolerancePoints: 1 },
    metrics: defs.map((d, k) => ({
      label: d.label, column: d.column, kind: d.kind, reference: k === 0 ? 0.36 : 80, current: k === 0 ? 0.3725 : 80, shift: k === 0 ? 0.0125 : 0,
      lo: k === 0 ? 0.004 : -0.5, hi: k === 0 ? 0.021 : k === 1 ? 2 : 0.5, tolerance: k === 0 ? 0.01 : 1, decision: k === 0 ? 'shifted' : k === 1 ? 'undecided' : 'equivalent', decidedAt: k === 1 ? null : 3000,
    })),
    shifted: 1, undecided: 1, versions: { reference: '0.1.0', current: '0.1.0' }, warnings: ['the budget ran out'], ...over,
  });

  it('annotations: ::error per shifted metric with the shift, its interval and the config; ::warning per undecided; escaped', () => {
    const lines = gateAnnotations(report()).trimEnd().split('\n');
    expect(lines).toEqual([
      '::error file=configs/a%3Ab.json,title=Balance regression%3A Blue%2C 1st result::Blue, 1st result shifted +1.25 pts (interval +0.40 … +2.10 pts, tolerance ±1.00 pts): reference 36.00%25, this build 37.25%25, in configs/a:b.json against ref/results.json (4,000 paired games, seed 3)',
      '::warning file=configs/a%3Ab.json,title=Balance gate undecided%3A Blue%2C 1st VP::Blue, 1st VP neither shifted nor equivalent within ±1.000 when the budget ran out: shift +0.000 (interval −0.500 … +2.000), in configs/a:b.json against ref/results.json (4,000 paired games, seed 3)',
    ]);
    const pass = report({ pass: true, shifted: 0, undecided: 0, metrics: report().metrics.map((m) => ({ ...m, decision: 'equivalent' as const })) });
    expect(gateAnnotations(pass)).toBe('::notice title=Balance gate passed::PASS: every metric equivalent within its tolerance (7 of 7), in configs/a:b.json against ref/results.json (4,000 paired games, seed 3)\n');
  });

  it('Markdown summary: heading with the verdict, one table row per metric, warnings, the test', () => {
    const md = gateMarkdown(report({ metrics: report().metrics.map((m, k) => (k === 2 ? { ...m, label: 'Red | VP' } : m)) }));
    const lines = md.split('\n');
    expect(lines[0]).toBe('### Balance gate FAILED: 1 metric shifted in `configs/a:b.json`');
    expect(lines[2]).toMatch(/^Paired sequential check of `configs\/a:b\.json` .* against `ref\/results\.json` \(20,000 games, seed 3, squadsim 0\.1\.0\): stopped after 4,000 games \(4 looks of 1,000\): the budget of 20,000 games ran out\.$/);
    expect(lines.slice(4, 7)).toEqual([
      '| metric | reference | this build | shift | interval | tolerance | decision |',
      '|---|---:|---:|---:|---:|---:|---|',
      '| Blue, 1st result | 36.00% | 37.25% | +1.25 pts | +0.40 … +2.10 pts | ±1.00 pts | **SHIFTED (3,000 games)** |',
    ]);
    expect(lines).toContain('| Red \\| VP | 80.000 | 80.000 | +0.000 | −0.500 … +0.500 | ±1.000 | equivalent (3,000 games) |');
    expect(lines.filter((l) => l.startsWith('| ')).length).toBe(8);
    expect(md).toContain('> warning: the budget ran out');
    expect(md).toContain('**FAIL: 1 of 7 metrics shifted: Blue, 1st result +1.25 pts (+0.40 … +2.10 pts)**');
    expect(md).toMatch(/<sub>normal-mixture confidence sequence: false-alarm rate 0\.1% for the whole gate/);
  });
});
