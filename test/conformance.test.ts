/**
 * The conformance suite: what every registered ruleset must do, run once per entry of the
 * registry (engine/rulesets/index.ts). A new ruleset gets all of it by registering and
 * shipping configs/<id>/default.json; nothing here names a ruleset.
 *
 * - determinism: identical accumulators and summary at 0, 1 and 2 workers, and over shards;
 * - isolation: a game's result does not depend on the games played before it;
 * - reset completeness: after the same game, a fresh game object and one that played other
 *   games first are equal field by field (declared scratch arrays aside);
 * - tally invariants: units fielded − lost − withdrawn = units in play, the value held at
 *   the end is the census's, losses by type add up to losses by side, outcomes to games;
 * - the summary parses with the summary contract, the results document with analysis, and
 *   a report can be built from it; every policy plays; every shipped config plays;
 * - the odds provider (when there is one) agrees with a Monte Carlo of the same attack.
 * The trace table (docs/rules/<id>.md against the digest) is checked by rules-trace.test.ts
 * for every registered ruleset too.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { Rng } from '../engine/rng.ts';
import { StateArrays } from '../engine/state.ts';
import { BLOCK } from '../engine/tally-plan.ts';
import { getRuleset, RULESET_IDS } from '../engine/rulesets/index.ts';
import type { CompiledScenario, Ruleset } from '../engine/ruleset.ts';
import { checkResults } from '../analysis/load.ts';
import { buildReport } from '../reports/index.ts';
import { summarySchema } from '../resultsdoc/summary-schema.ts';
import { stableSummary } from '../resultsdoc/summary.ts';
import { loadConfig, loadConfigObject, type LoadedConfig } from '../sim/config.ts';
import { resultsDocOf, runSimulation, type RunResult } from '../sim/run.ts';
import { mergeShards } from '../sim/shards.ts';
import { assertDistFresh } from './dist-fresh.ts';
import { player } from './play-harness.ts';
import { shippedConfigs } from './shipped-configs.ts';

const ROOT = join(import.meta.dirname, '..');
const WORKER = join(ROOT, 'dist', 'worker.js');
// Two chunks (CHUNK_GAMES 500: one full, one of 20): 2 workers each play one, the merge puts
// them in order and the 2 shards are one chunk each, so a chunk edge is crossed everywhere.
// (1,000 played a second full chunk: 2.4x the games, for no other check.)
const GAMES = 520;
const SEED = 20261123;


type Snapshot = Map<string, unknown>;

/**
 * Every number, boolean, string and typed array reachable from a game object (through its
 * own fields, a few levels deep), keyed by path. Skips the compiled scenario (shared and
 * never written), the tally (it accumulates across games by design), functions, and the
 * scratch arrays and cache objects a StateArrays declares.
 */
function snapshot(game: unknown): Snapshot {
  const scratch: StateArrays[] = [];
  const seen = new WeakSet<object>();
  const find = (o: unknown, depth: number): void => {
    if (!o || typeof o !== 'object' || seen.has(o) || depth > 4 || ArrayBuffer.isView(o)) return;
    seen.add(o);
    if (o instanceof StateArrays) scratch.push(o);
    for (const [k, v] of Object.entries(o)) if (k !== 'scn' && k !== 'tally') find(v, depth + 1);
  };
  find(game, 0);
  const out: Snapshot = new Map();
  const done = new WeakSet<object>();
  const walk = (o: unknown, path: string, depth: number): void => {
    if (o === null || o === undefined || typeof o === 'function') return;
    if (typeof o !== 'object') {
      out.set(path, o);
      return;
    }
    if (ArrayBuffer.isView(o)) {
      if (!scratch.some((s) => s.isScratch(o))) out.set(path, Array.from(o as unknown as ArrayLike<number>));
      return;
    }
    if (done.has(o) || depth > 4 || o instanceof StateArrays || scratch.some((s) => s.isCache(o))) return;
    done.add(o);
    for (const [k, v] of Object.entries(o)) if (k !== 'scn' && k !== 'tally' && k !== 'plan') walk(v, `${path}.${k}`, depth + 1);
  };
  walk(game, 'game', 0);
  return out;
}

function differences(a: Snapshot, b: Snapshot): string[] {
  const out: string[] = [];
  for (const [k, v] of a) if (JSON.stringify(v) !== JSON.stringify(b.get(k))) out.push(k);
  for (const k of b.keys()) if (!a.has(k)) out.push(`${k} (only after other games)`);
  return out;
}

describe.each(RULESET_IDS)('conformance: %s', (id) => {
  const ruleset = getRuleset(id) as Ruleset<CompiledScenario, unknown>;
  const configs = shippedConfigs(id);
  const defaultConfig = join(ROOT, 'configs', id, 'default.json');
  let loaded: LoadedConfig;
  const runs: Record<string, RunResult> = {};

  beforeAll(async () => {
    assertDistFresh(WORKER, ['sim', 'engine', 'resultsdoc']);
    loaded = loadConfig(defaultConfig);
    for (const workers of [0, 1, 2]) runs[`w${workers}`] = await runSimulation({ config: loaded, games: GAMES, seed: SEED, workers, workerFile: WORKER });
    for (const k of [1, 2]) runs[`s${k}`] = await runSimulation({ config: loaded, games: GAMES, seed: SEED, workers: 0, shard: { index: k, count: 2 } });
  });

  it('ships configs/<id>/default.json and declares its nouns', () => {
    expect(configs).toContain(defaultConfig);
    for (const k of ['unit', 'units', 'value', 'score', 'scoreLong', 'step', 'steps'] as const) expect(ruleset.nouns[k]).toMatch(/\S/);
    expect(loaded.scn.plan.spec.nouns).toEqual(ruleset.nouns);
  });

  it('gives bit-identical accumulators and summaries at 0, 1 and 2 workers', () => {
    const ref = Array.from(runs.w0.acc);
    expect(Array.from(runs.w1.acc)).toEqual(ref);
    expect(Array.from(runs.w2.acc)).toEqual(ref);
    const summary = JSON.stringify(stableSummary(runs.w0.summary));
    expect(JSON.stringify(stableSummary(runs.w2.summary))).toBe(summary);
    expect(runs.w2.workers).toBe(2);
  });

  it('merges two shards into the unsharded run, field for field in the same order (timings aside)', () => {
    const docs = [resultsDocOf(runs.s1), resultsDocOf(runs.s2)];
    const { doc } = mergeShards(JSON.parse(JSON.stringify(docs)), ['s1', 's2']);
    expect(doc.accumulators).toEqual(resultsDocOf(runs.w0).accumulators);
    const stable = (d: ReturnType<typeof resultsDocOf>): string => JSON.stringify({ ...d, summary: stableSummary(d.summary) });
    expect(stable(doc)).toBe(stable(JSON.parse(JSON.stringify(resultsDocOf(runs.w0)))));
  });

  it('compiles the normalized config of every shipped config back to itself, byte for byte (merge and report compile it again)', () => {
    for (const file of configs) {
      const once = JSON.stringify(loadConfig(file).scn.normalized);
      expect(JSON.stringify(ruleset.compile(JSON.parse(once)).normalized), file).toBe(once);
    }
  });

  it('plays a game the same alone as after other games in the same game object', () => {
    const scn = loaded.scn;
    const used = player(ruleset, scn).playRange(SEED, 100, 130);
    for (const k of [3, 57, 401]) {
      const alone = Array.from(player(ruleset, scn).play(SEED, k).acc);
      expect(Array.from(used.clear().play(SEED, k).acc), `game ${k}`).toEqual(alone);
    }
  });

  it('resets completely: after the same game, a fresh game object and a used one hold the same state', () => {
    const scn = loaded.scn;
    const used = player(ruleset, scn).playRange(SEED, 200, 240);
    for (const k of [7, 88]) {
      const fresh = player(ruleset, scn).play(SEED, k);
      used.play(SEED, k);
      expect(differences(snapshot(fresh.game), snapshot(used.game)).slice(0, 12), `state after game ${k}`).toEqual([]);
    }
  });

  it('keeps the tally invariants in every game', () => {
    const p = player(ruleset, loaded.scn);
    const t = p.env.tally;
    for (let k = 0; k < 60; k++) {
      p.play(SEED, k);
      const c = ruleset.census(p.game);
      for (const s of [0, 1]) {
        expect(t.unitsFielded[s] - t.unitsLost[s] - t.unitsWithdrawn[s], `units of side ${s}, game ${k}`).toBe(c.units[s]);
        expect(t.surviving[s], `value held by side ${s}, game ${k}`).toBe(c.value[s]);
      }
    }
    const l = loaded.scn.plan.layout, acc = p.acc, B = loaded.scn.plan.bins;
    const sum = (name: string, from = 0, n = l.block(name).size): number => acc.subarray(l.offset(name) + from, l.offset(name) + from + n).reduce((a, b) => a + b, 0);
    expect(sum(BLOCK.outcome)).toBe(60);
    if (l.has(BLOCK.typeCasualties)) {
      const K = loaded.scn.plan.typeCount;
      for (const s of [0, 1]) expect(sum(BLOCK.typeCasualties, s * K * B, K * B)).toBe(sum(BLOCK.casualties, s * B, B));
    }
  });

  it('writes a summary that parses with the contract, and results that analysis and reports read', () => {
    const parsed = summarySchema.safeParse(runs.w0.summary);
    expect(parsed.success, JSON.stringify(parsed.error?.issues?.slice(0, 3))).toBe(true);
    const results = checkResults(JSON.parse(JSON.stringify(resultsDocOf(runs.w0))));
    const report = buildReport(results, null);
    expect(report.charts.length).toBeGreaterThanOrEqual(3);
    expect(results.nouns).toEqual(ruleset.nouns);
  });

  it('plays every policy it offers, and every shipped config', () => {
    const base = JSON.parse(readFileSync(defaultConfig, 'utf8')) as { sides: { policy: unknown }[] };
    for (const policy of ruleset.policyIds) {
      const c = structuredClone(base);
      c.sides[0].policy = policy;
      const l = loadConfigObject(c, join(ROOT, 'configs', id));
      expect(player(ruleset, l.scn).playRange(SEED, 0, 5).block(BLOCK.outcome).reduce((a, b) => a + b, 0), policy).toBe(5);
    }
    for (const file of configs) {
      const l = loadConfig(file);
      expect(player(ruleset, l.scn).playRange(SEED, 0, 5).block(BLOCK.outcome).reduce((a, b) => a + b, 0), file).toBe(5);
    }
  });

  it.runIf(ruleset.odds !== undefined)('has exact odds that agree with a Monte Carlo of the same attack (±4.5 SE)', () => {
    const odds = ruleset.odds!;
    expect(typeof odds.sample, 'odds.sample').toBe('function');
    expect(odds.examples?.length, 'odds.examples').toBeGreaterThan(0);
    const trials = 20_000;
    for (const req of odds.examples!) {
      const exact = odds.compute(req).outcomes;
      const counts = odds.sample!(req, new Rng(SEED), trials);
      expect(counts).toHaveLength(exact.length);
      exact.forEach((o, k) => {
        const se = Math.sqrt((o.probability * (1 - o.probability)) / trials);
        expect(Math.abs(counts[k] / trials - o.probability), `${JSON.stringify(req)}: ${o.outcome}`).toBeLessThanOrEqual(4.5 * se + 1e-9);
      });
    }
  });
});
