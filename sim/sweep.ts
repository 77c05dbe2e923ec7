/**
 * Balance sweeps (`squadsim balance <sweep.json>`): random legal rosters at a budget, played
 * in pairs. Pair i plays roster A_i vs B_i and B_i vs A_i on the same games [i·G, (i+1)·G) of
 * the master seed, so the dice and maps are shared and only the seats differ.
 */
import { dirname, resolve } from 'node:path';
import { z } from 'zod';
import { ConfigError } from '../engine/errors.ts';
import { Rng } from '../engine/rng.ts';
import { BLOCK } from '../engine/tally-plan.ts';
import { type BalanceFeature, type BalanceSweep, type CompiledScenario } from '../engine/ruleset.ts';
import { getRuleset, RULESET_IDS } from '../engine/rulesets/index.ts';
import { parseOrThrow } from '../engine/validate.ts';
import { runBatch, type BatchJob, type BatchOptions } from './batch.ts';
import { loadConfigObject } from './config.ts';
import { configHash } from '../resultsdoc/hash.ts';
import { readJsonFile } from '../resultsdoc/read-json.ts';

export const sweepSchema = z
  .object({
    $schema: z.string().optional(),
    ruleset: z.string(),
    scenario: z.unknown().optional(),
    /** Omitted: the ruleset's own default table (NCO a generated one, Skill-die R20's). */
    map: z.unknown().optional(),
    rules: z.record(z.string(), z.unknown()).default({}),
    /** Policies of seat 1 and seat 2; the rosters swap seats, the policies stay. Default: the ruleset's first policy in both seats. */
    policies: z.tuple([z.unknown(), z.unknown()]).optional(),
    /** Player tiers: the same sweep fitted under each pair of policies, verdicts labelled by whether they hold for all (docs/balance.md). */
    tiers: z.array(z.strictObject({ name: z.string().min(1).max(40), policies: z.tuple([z.unknown(), z.unknown()]) })).min(2).max(6).optional(),
    budget: z.unknown().optional(),
    roster: z.unknown().optional(),
    features: z.unknown().optional(),
    cost_overrides: z.unknown().optional(),
    pairs: z.number().int().min(2).max(1_000_000),
    games_per_pair: z.number().int().min(1).max(100_000),
    seed: z.number().int().min(0).max(0xffffffff).default(1),
    /** Confidence level of the fair-cost intervals. */
    confidence: z.number().min(0.5).max(0.9999).default(0.95),
    /** Bootstrap replicates over roster pairs for the standard errors; 0 takes the delta method's. Omitted: BALANCE_DEFAULTS in analysis/balance-fit.ts (docs/balance.md). */
    bootstrap: z.number().int().min(0).max(10_000).optional(),
    /** Probability that a fresh sweep repeats a call, needed for the call to be stated; else the feature is unsettled. */
    replication: z.number().min(0.5).max(0.999).optional(),
    /** Uses per unit fielded per game below which a counted feature is "not exercised" and not priced. */
    usage_floor: z.number().min(0).max(100).optional(),
    /** How one point is defined: robust (Huber fit over the priced features, default), anchors (the consistently priced ones), roster (what the average roster's points buy). */
    scale: z.enum(['robust', 'anchors', 'roster']).optional(),
  })
  .strict();

export type SweepSpec = z.output<typeof sweepSchema>;

export interface LoadedSweep {
  spec: SweepSpec;
  sweep: BalanceSweep;
  /** Absolute folder of the sweep file: map and roster paths resolve against it. */
  baseDir: string;
  hash: string;
}

/** One played direction of one pair: seat 1's roster minus seat 2's, in feature counts. */
export interface SweepRow {
  pair: number;
  /** 0: A in seat 1; 1: swapped. */
  swapped: 0 | 1;
  diff: number[];
  /** Seat-1 wins, seat-2 wins, draws. */
  outcome: [number, number, number];
  games: number;
}

export interface SweepData {
  features: readonly BalanceFeature[];
  rows: SweepRow[];
  /** Mean count per roster of each feature. */
  meanCounts: number[];
  /** Per feature: uses per unit fielded per game, from the ruleset's usage counters; null where not counted. */
  usage: (number | null)[];
  games: number;
  elapsedSeconds: number;
}

export function loadSweep(path: string): LoadedSweep {
  const abs = resolve(path);
  const raw = readJsonFile(abs, { field: 'sweep', shown: path, allowed: 'expected a readable JSON sweep file' });
  return loadSweepObject(raw, dirname(abs));
}

export function loadSweepObject(raw: unknown, baseDir: string): LoadedSweep {
  const spec = parseOrThrow(sweepSchema, raw);
  if (spec.tiers && spec.policies) throw new ConfigError('policies', spec.policies, 'is set per tier when "tiers" is given; remove one');
  const names = spec.tiers?.map((t) => t.name) ?? [];
  names.forEach((n, i) => { if (names.indexOf(n) !== i) throw new ConfigError(`tiers[${i}].name`, n, 'is the name of an earlier tier; give each tier its own'); });
  // "cost_overrides" may name a JSON file (what `balance --reprice` writes), relative to the sweep.
  if (typeof spec.cost_overrides === 'string') {
    spec.cost_overrides = readJsonFile(resolve(baseDir, spec.cost_overrides), { field: 'cost_overrides', shown: spec.cost_overrides, allowed: 'expected a path to a JSON object of costs (relative to the sweep file), or the object inline' });
  }
  const ruleset = getRuleset(spec.ruleset);
  if (!ruleset) throw new ConfigError('ruleset', spec.ruleset, `expected one of ${RULESET_IDS.map((r) => JSON.stringify(r)).join(', ')}`);
  if (!ruleset.balance) throw new ConfigError('ruleset', spec.ruleset, 'this ruleset has no balance sweeps yet');
  const sweep = ruleset.balance.prepare({ scenario: spec.scenario, budget: spec.budget, roster: spec.roster, features: spec.features, cost_overrides: spec.cost_overrides, rules: spec.rules });
  const { $schema: _s, ...hashed } = spec;
  const loaded = { spec, sweep, baseDir, hash: configHash(hashed) };
  // Report bad scenario/map/rules/policies now, in the sweep's own terms, before any game.
  buildConfig(loaded, sweep.randomRoster(() => 0), sweep.randomRoster(() => 0));
  spec.tiers?.forEach((_, i) => {
    try {
      buildConfig(tierSweep(loaded, i), sweep.randomRoster(() => 0), sweep.randomRoster(() => 0));
    } catch (e) {
      if (e instanceof ConfigError && e.path.startsWith('policies')) throw new ConfigError(`tiers[${i}].${e.path}`, e.value, e.allowed);
      throw e;
    }
  });
  return loaded;
}

/** The run config of one seating of a sweep (seat 1 and seat 2 forces), loaded and compiled. */
export function buildConfig(ls: LoadedSweep, seat1: unknown, seat2: unknown) {
  const { spec, sweep } = ls;
  const first = getRuleset(spec.ruleset)!.policyIds[0];
  const policies = spec.policies ?? [first, first];
  const config: Record<string, unknown> = {
    ruleset: spec.ruleset,
    ...(spec.scenario !== undefined ? { [sweep.scenarioField ?? 'scenario']: spec.scenario } : {}),
    // Each config gets its own copy: the loader replaces file paths in place.
    ...(spec.map !== undefined ? { map: structuredClone(spec.map) } : {}),
    rules: { ...spec.rules, ...sweep.rules },
    sides: [
      { name: 'seat 1', [sweep.forceField]: seat1, policy: policies[0] },
      { name: 'seat 2', [sweep.forceField]: seat2, policy: policies[1] },
    ],
  };
  try {
    return loadConfigObject(config, ls.baseDir);
  } catch (e) {
    if (!(e instanceof ConfigError)) throw e;
    const m = /^sides\[(\d)\]\.(\w+)(.*)$/.exec(e.path);
    if (m && m[2] === sweep.forceField) throw new Error(`balance: a generated roster does not validate (a bug): ${e.message}`);
    throw m && m[2] === 'policy' ? new ConfigError(`policies[${m[1]}]${m[3]}`, e.value, e.allowed) : e;
  }
}

/** The roster stream is seeded apart from the game seeds, so rosters never share dice with games. */
function rosterRand(seed: number): () => number {
  const rng = new Rng();
  rng.seedGame((seed ^ 0xba1a4ce5) >>> 0, 0);
  return () => rng.nextU32() / 4294967296;
}

/** Uses per unit fielded per game of each counted feature (`fielded[j]`: unit-games of feature j over the sweep). */
function featureUsage(sweep: BalanceSweep, scn: CompiledScenario, accs: readonly Float64Array[], fielded: readonly number[]): (number | null)[] {
  const out = sweep.features.map((): number | null => null);
  for (const u of sweep.usage ?? []) {
    const j = sweep.features.findIndex((f) => f.id === u.feature);
    if (j < 0) continue; // not fitted in this sweep
    if (!scn.counters) throw new Error(`balance: ${scn.ruleset} declares feature usage but has no counters`);
    const base = scn.plan.layout.offset(u.counter);
    const [c0, c1] = scn.counters.sideCells(u.counter, u.label);
    let uses = 0;
    for (const acc of accs) uses += acc[base + c0] + acc[base + c1];
    out[j] = fielded[j] > 0 ? uses / fielded[j] : null;
  }
  return out;
}

/** The sweep played with tier i's policies (same rosters and dice). */
export function tierSweep(ls: LoadedSweep, i: number): LoadedSweep {
  const t = ls.spec.tiers![i];
  return { ...ls, spec: { ...ls.spec, policies: t.policies, tiers: undefined } };
}

/** Draws every pair's rosters, plays both directions of each pair, and returns one row per direction. */
export async function runSweep(ls: LoadedSweep, opts: BatchOptions = {}): Promise<SweepData> {
  const { spec, sweep } = ls;
  const rand = rosterRand(spec.seed);
  const g = spec.games_per_pair;
  const jobs: BatchJob[] = [];
  const diffs: number[][] = [];
  const k = sweep.features.length;
  const sums = new Array<number>(k).fill(0);
  for (let i = 0; i < spec.pairs; i++) {
    const a = sweep.randomRoster(rand);
    const b = sweep.randomRoster(rand);
    const ca = sweep.featureCounts(a), cb = sweep.featureCounts(b);
    for (let j = 0; j < k; j++) sums[j] += ca[j] + cb[j]; // each pair plays both seatings: 2·g games per roster
    diffs.push(ca.map((v, j) => v - cb[j]));
    for (const [s1, s2] of [[a, b], [b, a]]) jobs.push({ loaded: buildConfig(ls, s1, s2), seed: spec.seed, start: i * g, games: g });
  }
  const t0 = performance.now();
  const accs = await runBatch(jobs, opts);
  const at = jobs[0].loaded.scn.plan.layout.offset(BLOCK.outcome);
  const rows = accs.map((acc, j): SweepRow => {
    const pair = j >> 1, swapped = (j & 1) as 0 | 1;
    return {
      pair, swapped, games: g,
      diff: swapped ? diffs[pair].map((v) => -v) : diffs[pair],
      outcome: [acc[at], acc[at + 1], acc[at + 2]],
    };
  });
  return {
    features: sweep.features, rows, meanCounts: sums.map((s) => s / (2 * spec.pairs)), usage: featureUsage(sweep, jobs[0].loaded.scn, accs, sums.map((s) => s * 2 * g)),
    games: 2 * spec.pairs * g, elapsedSeconds: (performance.now() - t0) / 1000,
  };
}
