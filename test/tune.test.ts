/**
 * `squadsim tune` (issue 12): NTBEA over a policy's parameters, the search space read from
 * the ruleset's config schema, deterministic for a seed at any worker count, and a preset
 * file that a config can name as its policy.
 */
import { mkdtempSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Rng } from '../engine/rng.ts';
import { ConfigError } from '../engine/errors.ts';
import { getRuleset, RULESET_IDS } from '../engine/rulesets/index.ts';
import { ntbea } from '../sim/ntbea.ts';
import { policyAt, tuneSpace, withStart } from '../sim/tune-space.ts';
import { chooseFinalist, tune, type TunePlan } from '../sim/tune.ts';
import { loadConfig, loadConfigObject } from '../sim/config.ts';
import { assertDistFresh, QUICK, ROOT } from './dist-fresh.ts';
import { runMain } from './cli-main.ts';

const WORKER = join(ROOT, 'dist', 'worker.js');
const nco = getRuleset('nco')!;

describe('NTBEA', () => {
  // A noisy 4-dimensional landscape (sizes 6, 6, 6, 3) with its optimum at (4, 1, 5, 2).
  const OPT = [4, 1, 5, 2];
  const landscape = (seed: number) => {
    const noise = new Rng(seed);
    return async (x: number[]) => 1 - x.reduce((s, v, k) => s + Math.abs(v - OPT[k]), 0) / 17 + (noise.below(1000) / 1000 - 0.5) * 0.2;
  };
  it('finds the optimum of a noisy landscape from a random start, the same way twice for a seed', async () => {
    const run = () => ntbea({ sizes: [6, 6, 6, 3], iterations: 250, neighbours: 50, explore: 0.3, seed: 11 }, landscape(5));
    const a = await run(), b = await run();
    expect(a.best).toEqual(OPT);
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    expect(a.history).toHaveLength(250);
  });
  it('evaluates the initial points first and searches on from the best of them', async () => {
    const initial = [[0, 0, 0, 0], [4, 1, 4, 2], [5, 5, 5, 0]];
    const r = await ntbea({ sizes: [6, 6, 6, 3], iterations: 12, neighbours: 50, explore: 0.3, seed: 2, initial }, landscape(3));
    expect(r.history.slice(0, 3).map((h) => h.point)).toEqual(initial);
    const next = r.history[3].point, dist = (x: number[], y: number[]) => x.reduce((s, v, k) => s + Math.abs(v - y[k]), 0);
    expect(dist(next, [4, 1, 4, 2])).toBeLessThanOrEqual(dist(next, [0, 0, 0, 0])); // a neighbour of the best start
  });
  it('starts where it is told to, and beats a random search of the same budget (mean over 8 seeds)', async () => {
    const dist = (x: number[]) => x.reduce((s, v, k) => s + Math.abs(v - OPT[k]), 0);
    let model = 0, random = 0;
    for (let seed = 1; seed <= 8; seed++) {
      const r = await ntbea({ sizes: [6, 6, 6, 3], iterations: 40, neighbours: 50, explore: 0.3, seed, start: [0, 5, 0, 0] }, landscape(seed + 100));
      expect(r.history[0].point).toEqual([0, 5, 0, 0]);
      model += dist(r.best);
      // Random search: the best of 40 noisy evaluations of random points (what it would recommend).
      const f = landscape(seed + 100), rng = new Rng(seed);
      let bestF = -Infinity, bestX: number[] = [];
      for (let i = 0; i < 40; i++) {
        const x = [rng.below(6), rng.below(6), rng.below(6), rng.below(3)], v = await f(x);
        if (v > bestF) { bestF = v; bestX = x; }
      }
      random += dist(bestX);
    }
    expect(model).toBeLessThan(random);
  });
});

describe('the search space comes from the ruleset schema', () => {
  it('NCO aggressive: bounded numbers in 9 levels, the enum, every integer of assault_margin', () => {
    const dims = tuneSpace(nco, 'aggressive');
    const by = Object.fromEntries(dims.map((d) => [d.name, d.values]));
    expect(by.aggression).toEqual([0, 0.125, 0.25, 0.375, 0.5, 0.625, 0.75, 0.875, 1]);
    expect(by.target_priority).toEqual(['nearest', 'weakest', 'valuable', 'kill']);
    expect(by.assault_margin).toEqual(Array.from({ length: 13 }, (_, k) => k - 6));
    expect(dims.map((d) => d.name)).not.toContain('id');
  });
  it('the preset\'s own values join the grid and the search starts on the preset', () => {
    const iron = getRuleset('iron-squad')!;
    const { dims, start } = withStart(tuneSpace(iron, 'bot'), iron.policyPreset!('bot'));
    const cover = dims.find((d) => d.name === 'cover_weight')!;
    expect(cover.values).toContain(0.1);
    const pol = policyAt('bot', dims, start!);
    expect(pol).toMatchObject({ id: 'bot', ...iron.policyPreset!('bot') });
  });
  it('every registered ruleset with a policy schema and presets can be tuned (each preset is a point of its space)', () => {
    for (const id of RULESET_IDS) {
      const r = getRuleset(id)!;
      for (const pid of r.policyIds) {
        let dims;
        try { dims = tuneSpace(r, pid); } catch (e) { expect(e).toBeInstanceOf(ConfigError); continue; } // e.g. random has none
        const preset = r.policyPreset?.(pid);
        if (!preset) continue;
        const { dims: d2, start } = withStart(dims, preset);
        // A preset value outside the schema's range (Platoon's random: rally_pins 99) never
        // joins the grid: every point of the space must be a config a user could write.
        const inRange = (k: string, v: unknown) => {
          const nums = dims.find((d) => d.name === k)!.values.filter((x): x is number => typeof x === 'number');
          return typeof v !== 'number' || nums.length === 0 || (v >= Math.min(...nums) && v <= Math.max(...nums));
        };
        for (const d of d2) expect(d2.length === dims.length && d.values.every((v) => inRange(d.name, v)), `${id} ${pid} ${d.name}`).toBe(true);
        expect(policyAt(pid, d2, start!), `${id} ${pid}`).toMatchObject(Object.fromEntries(Object.entries(preset).filter(([k, v]) => d2.some((d) => d.name === k) && inRange(k, v))));
      }
    }
  });
  it('a policy without parameters, or an unknown --params name, is a ConfigError naming what is allowed', () => {
    expect(() => tuneSpace(nco, 'random')).toThrow(/--policy: got "random"; .*aggressive, cautious, objective/);
    expect(() => tuneSpace(nco, 'aggressive', ['aggression', 'bravery'])).toThrow(/--params: got "bravery"/);
  });
});

const quick = JSON.parse(readFileSync(QUICK, 'utf8'));
const plan = (): TunePlan => {
  const { dims, start } = withStart(tuneSpace(nco, 'aggressive', ['aggression', 'cover_preference']), nco.policyPreset!('aggressive'));
  return { base: quick, baseDir: join(ROOT, 'test', 'fixtures'), policyId: 'aggressive', dims, start: start!, field: [{ name: 'cautious', policy: 'cautious' }], budget: 400, seedsPerEval: 4, finalists: 2, neighbours: 20, explore: 0.3, seed: 5 };
};

describe('tune', () => {
  it('is deterministic for a seed at 0 and 2 workers, and spends its budget', async () => {
    assertDistFresh(WORKER, ['sim', 'engine', 'resultsdoc']);
    const a = await tune(plan(), { workers: 0 });
    const b = await tune(plan(), { workers: 2, workerFile: WORKER });
    expect(b.best).toEqual(a.best);
    expect(b.trace).toEqual(a.trace);
    expect(a.evaluations).toBe(37); // 3/4 of 400 games at 8 games each
    expect(a.gamesPlayed).toBeLessThanOrEqual(400);
    expect(a.finals).toHaveLength(3); // 2 finalists and the preset
    expect(a.finals[2].policy).toBe('aggressive');
  });

  it('the finals choose by the worst matchup, and the starting preset can win them', () => {
    const pts = (...scores: number[][]) => ({ points: scores.map((s) => Float64Array.from(s)) });
    // Per-seed points 0..2 against two opponents: the candidate is better on average but worse
    // against the first opponent than the preset (last), so the preset wins.
    expect(chooseFinalist([pts([0.8, 0.9], [2, 2]), pts([1, 1], [1.6, 1.6])])).toBe(1);
    expect(chooseFinalist([pts([1.2, 1.2], [1.5, 1.5]), pts([1, 1], [1.6, 1.6])])).toBe(0);
    // A tie on the worst matchup goes to the better mean, and a full tie to the earlier finalist.
    expect(chooseFinalist([pts([1, 1], [1.2, 1.2]), pts([1, 1], [1.4, 1.4])])).toBe(1);
    expect(chooseFinalist([pts([1, 1]), pts([1, 1])])).toBe(0);
  });

  it('CLI: writes a preset file that a config names as its policy; bad input exits 2 and writes nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'squadsim-tune-'));
    const out = join(dir, 'tuned.json');
    const r = await runMain(['tune', QUICK, '-p', 'aggressive', '-f', 'cautious', '--params', 'aggression', '-b', '400', '--seeds-per-eval', '4', '--finalists', '2', '-w', '0', '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/chosen:/);
    const preset = JSON.parse(readFileSync(out, 'utf8'));
    expect(preset.policy.id).toBe('aggressive');
    expect(preset.made_by).toMatchObject({ ruleset: 'nco', parameters: ['aggression'], evaluations: 37 });
    const cfg = structuredClone(quick);
    cfg.sides[0].policy = 'tuned.json';
    cfg.sides[1].policy = out;
    writeFileSync(join(dir, 'cfg.json'), JSON.stringify(cfg));
    expect(loadConfig(join(dir, 'cfg.json')).config.sides).toMatchObject([{ policy: preset.policy }, { policy: preset.policy }]);
    expect(() => loadConfigObject({ ...cfg, sides: [{ ...cfg.sides[0], policy: 'missing.json' }, cfg.sides[1]] }, dir)).toThrow(/sides\[0\]\.policy/);

    const bad = join(dir, 'bad.json');
    const small = await runMain(['tune', QUICK, '-p', 'aggressive', '-b', '50', '-w', '0', '--out', bad]);
    expect(small.code).toBe(2);
    expect(small.stderr).toMatch(/--budget: got 50; is too small/);
    const unknown = await runMain(['tune', QUICK, '-p', 'random', '-w', '0', '--out', bad]);
    expect(unknown.code).toBe(2);
    const field = await runMain(['tune', QUICK, '-p', 'aggressive', '-f', 'aggressive,nonsense', '-w', '0', '--out', bad]);
    expect(field.code).toBe(2);
    expect(field.stderr).toMatch(/--field\[1\] \(nonsense\)/);
    expect(existsSync(bad)).toBe(false);
  });
});
