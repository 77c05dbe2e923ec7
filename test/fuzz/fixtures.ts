/**
 * What the fuzz corpus mutates, for every registered ruleset: its shipped matchup configs
 * (configs/<id>/, file references made absolute) with the files they reference, and, made
 * once per run from its first config, a results document with per-game rows, two shards,
 * a baseline and a checkpoint.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { expect } from 'vitest';
import { RULESET_IDS, getRuleset } from '../../engine/rulesets/index.ts';
import { configHash } from '../../resultsdoc/hash.ts';
import { checkpointDoc, type CheckpointKey } from '../../sim/checkpoint.ts';
import { loadConfig } from '../../sim/config.ts';
import { runSimulation } from '../../sim/run.ts';
import { ROOT } from '../dist-fresh.ts';
import type { CaseRunner } from './case-runner.ts';
import type { Json } from './mutate.ts';

/** A shipped config whose file references point at absolute paths. */
export interface BaseConfig {
  file: string;
  config: Json;
  /** The referenced files, by their dotted place in the config (e.g. "sides.0.roster"). */
  refs: { place: (string | number)[]; path: string }[];
}

export interface RulesetFixture {
  id: string;
  configs: BaseConfig[];
  /** The first config, written to `dir`: the run behind the files below. */
  configPath: string;
  dir: string;
  results: string;
  shards: [string, string];
  baseline: string;
  checkpoint: Json;
  /** The games, seed and results of the checkpointed run (to compare a resume with). */
  checkpointArgs: string[];
  checkpointResults: string;
}

/** Every JSON file under `dir`. */
function jsonFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? jsonFiles(join(dir, e.name)) : e.name.endsWith('.json') ? [join(dir, e.name)] : []));
}

/** The shipped matchup configs of `id`: JSON files naming the ruleset and two sides (not baselines, not sweeps). */
export function baseConfigs(id: string): BaseConfig[] {
  const refsOf = getRuleset(id)!.fileRefs;
  const out: BaseConfig[] = [];
  for (const file of jsonFiles(join(ROOT, 'configs', id))) {
    const config = JSON.parse(readFileSync(file, 'utf8'));
    if (config?.ruleset !== id || !Array.isArray(config.sides) || 'schema' in config) continue;
    const refs: BaseConfig['refs'] = [];
    for (const ref of refsOf) {
      // Expand "sides.*.roster" over the array; keep the string values (paths).
      const expand = (node: any, parts: string[], at: (string | number)[]): void => {
        if (parts.length === 0) {
          if (typeof node === 'string') refs.push({ place: at, path: resolve(dirname(file), node) });
          return;
        }
        const [head, ...rest] = parts;
        if (head === '*') (Array.isArray(node) ? node : []).forEach((x, i) => expand(x, rest, [...at, i]));
        else if (node && typeof node === 'object' && head in node) expand(node[head], rest, [...at, head]);
      };
      expand(config, ref.split('.'), []);
    }
    // A policy preset file (sim/config.ts inlines it for every ruleset) is a file reference too.
    config.sides.forEach((side: any, i: number) => {
      if (typeof side?.policy === 'string' && side.policy.endsWith('.json')) refs.push({ place: ['sides', i, 'policy'], path: resolve(dirname(file), side.policy) });
    });
    for (const r of refs) setAt(config, r.place, r.path);
    out.push({ file, config, refs });
  }
  out.sort((a, b) => Number(!a.file.endsWith('default.json')) - Number(!b.file.endsWith('default.json')) || a.file.localeCompare(b.file));
  return out;
}

export function setAt(doc: any, place: (string | number)[], value: unknown): void {
  const parent = place.slice(0, -1).reduce((x, k) => x[k], doc);
  parent[place[place.length - 1]] = value;
}

/** Makes every ruleset's fixture in `root`, running the CLI through `runner`. */
export async function makeFixtures(root: string, runner: CaseRunner): Promise<RulesetFixture[]> {
  const out: RulesetFixture[] = [];
  for (const id of RULESET_IDS) {
    const configs = baseConfigs(id);
    expect(configs.length, `configs/${id}/ has no matchup config`).toBeGreaterThan(0);
    const dir = join(root, `fixture-${id}`);
    const cli = async (args: string[]): Promise<void> => {
      const r = await runner.run(args);
      expect(r.code, `${args.join(' ')}\n${r.stderr}`).toBe(0);
    };
    mkdirSync(dir, { recursive: true });
    const configPath = join(dir, 'config.json');
    writeFileSync(configPath, JSON.stringify(configs[0].config));
    // 600 games: two chunks (500 + 100), so shards and a checkpoint after chunk 1 exist.
    const games = 600, seed = 3;
    const checkpointArgs = ['--games', String(games), '--seed', String(seed), '--workers', '0'];
    const common = [configPath, ...checkpointArgs, '--record', 'games'];
    await cli(['run', ...common, '--out', join(dir, 'results')]);
    await cli(['run', ...common, '--shard', '1/2', '--out', join(dir, 'shard1')]);
    await cli(['run', ...common, '--shard', '2/2', '--out', join(dir, 'shard2')]);
    await cli(['run', configPath, '--games', '200', '--workers', '0', '--seed', '2', '--out', join(dir, 'other')]);
    await cli(['check', join(dir, 'other', 'results.json'), '--baseline', join(dir, 'baseline.json'), '--update-baseline']);
    // The checkpoint after chunk 1 holds exactly the first 500 games' accumulators.
    const loaded = loadConfig(configPath);
    const key: CheckpointKey = { ruleset: id, configHash: configHash(loaded.scn.normalized), seed, games, maxGames: null, targetError: null, shard: null };
    const first = await runSimulation({ config: loaded, games: 500, seed, workers: 0 });
    out.push({
      id, configs, configPath, dir, results: join(dir, 'results', 'results.json'),
      shards: [join(dir, 'shard1', 'results.json'), join(dir, 'shard2', 'results.json')], baseline: join(dir, 'baseline.json'),
      checkpoint: checkpointDoc(key, 1, first.acc, 0.25) as unknown as Json, checkpointArgs, checkpointResults: join(dir, 'results', 'results.json'),
    });
  }
  return out;
}
