/**
 * `squadsim tune`: optimises a policy's parameters against a field of opponents with NTBEA
 * (sim/ntbea.ts) on the base config's matchup. An evaluation plays the candidate against
 * every opponent in both seats on a fresh block of seeds (paired, as in a tournament); its
 * fitness is the mean score. Three quarters of the game budget go to the search; the rest
 * plays the best few candidates (and the starting preset) against the field on one common
 * block of new seeds, and the one whose worst matchup is best is the result, with paired
 * intervals. All on
 * one warm worker pool; deterministic for a seed at any worker count.
 */
import { availableParallelism } from 'node:os';
import { ConfigError } from '../engine/errors.ts';
import { runBatch, type BatchJob } from './batch.ts';
import { ntbea } from './ntbea.ts';
import { ChunkPool, defaultWorkerFile } from './pool.ts';
import { makeProgress, type ProgressFn } from './progress.ts';
import { pairedJobs, seatedConfig, type Entrant } from './tournament.ts';
import { policyAt, type Dim } from './tune-space.ts';

export interface TunePlan {
  base: Record<string, unknown>;
  baseDir: string;
  /** The policy whose parameters are searched (its id). */
  policyId: string;
  dims: readonly Dim[];
  /** Where the search starts (the preset's point, withStart); default a random point. */
  start?: readonly number[];
  /** Points evaluated before the search (every named preset's, withStart); it starts from the best. */
  initial?: readonly (readonly number[])[];
  field: readonly Entrant[];
  /** Games to spend in all. */
  budget: number;
  /** Seeds per opponent per evaluation (each played in both seats). */
  seedsPerEval: number;
  /** Candidates replayed on common seeds at the end. */
  finalists: number;
  neighbours: number;
  explore: number;
  seed: number;
}

export interface TuneOptions {
  workers?: number;
  workerFile?: string | URL;
  progress?: boolean | ProgressFn;
}

export interface FinalScore {
  policy: Record<string, unknown> | string;
  /** Model value from the search (absent for the starting preset). */
  searchValue?: number;
  /** Per opponent: per-seed points (0..2) on the common final seeds. */
  points: Float64Array[];
}

/**
 * The finalist whose worst matchup is best (then the best mean): a preset that must beat
 * every opponent is judged by the one it does worst against. The starting preset (the last
 * finalist) competes too, so a tune never returns something the final seeds rate below it;
 * on a tie the earlier finalist stays.
 */
export function chooseFinalist(finals: readonly Pick<FinalScore, 'points'>[]): number {
  const worst = (pts: Float64Array[]) => Math.min(...pts.map((a) => meanScore([a])));
  let winner = 0;
  finals.forEach((f, k) => {
    const d = worst(f.points) - worst(finals[winner].points);
    if (d > 0 || (d === 0 && meanScore(f.points) > meanScore(finals[winner].points))) winner = k;
  });
  return winner;
}

export interface TuneResult {
  best: Record<string, unknown>;
  evaluations: number;
  gamesPerEvaluation: number;
  finalSeeds: number;
  /** Index into finals of the winner. */
  winner: number;
  finals: FinalScore[];
  /** Search trace: fitness of each evaluation in order. */
  trace: number[];
  gamesPlayed: number;
  elapsedSeconds: number;
}

/** Mean score over opponents' per-seed points (0..2 each, both seats): the share of points taken. */
export function meanScore(pts: readonly Float64Array[]): number {
  let s = 0;
  for (const a of pts) for (let i = 0; i < a.length; i++) s += a[i];
  return s / (2 * pts.length * pts[0].length);
}

/** The plan's sizes, or a ConfigError naming the budget when it cannot buy a search. */
export function tuneSizes(p: TunePlan): { perEval: number; iterations: number; finalSeeds: number } {
  const perEval = 2 * p.field.length * p.seedsPerEval;
  const iterations = Math.floor((0.75 * p.budget) / perEval);
  const finalSeeds = Math.floor((p.budget - iterations * perEval) / (2 * p.field.length * (p.finalists + 1)));
  if (iterations < 10 || finalSeeds < 10) {
    const need = Math.ceil(Math.max(10 * perEval / 0.75, 10 * 2 * p.field.length * (p.finalists + 1) / 0.25));
    throw new ConfigError('--budget', p.budget, `is too small for ${p.field.length} opponents at ${p.seedsPerEval} seeds per evaluation: expected at least ${need} games`);
  }
  return { perEval, iterations, finalSeeds };
}

/** Checks every policy the tune will play (the field, the start, one candidate) before any game. */
export function checkTunePlan(p: TunePlan): void {
  if (p.field.length === 0) throw new ConfigError('--field', '', 'expected at least one opponent');
  p.field.forEach((f, k) => {
    try {
      seatedConfig(p.base, p.baseDir, f.policy, f.policy);
    } catch (e) {
      if (e instanceof ConfigError) throw new ConfigError(`--field[${k}] (${f.name}): ${e.path}`, e.value, e.allowed);
      throw e;
    }
  });
  seatedConfig(p.base, p.baseDir, policyAt(p.policyId, p.dims, p.dims.map(() => 0)), p.policyId);
  tuneSizes(p);
}

export async function tune(p: TunePlan, o: TuneOptions = {}): Promise<TuneResult> {
  checkTunePlan(p);
  const t0 = performance.now();
  const { perEval, iterations, finalSeeds } = tuneSizes(p);
  const workers = o.workers ?? availableParallelism();
  const pool = workers > 0 ? new ChunkPool(o.workerFile ?? defaultWorkerFile(), workers) : undefined;
  const total = iterations * perEval + finalSeeds * 2 * p.field.length * (p.finalists + 1);
  const progress = makeProgress(o.progress, total);
  let played = 0;
  const batch = (jobs: BatchJob[]) => runBatch(jobs, { workers, ...(pool ? { pool } : {}), ...(o.workerFile ? { workerFile: o.workerFile } : {}) });
  /** Points of `policy` against each opponent on seeds [start, start + n). */
  const against = async (policy: unknown, start: number, n: number): Promise<Float64Array[]> => {
    const pts = p.field.map(() => new Float64Array(n));
    await batch(p.field.flatMap((f, k) => pairedJobs(p.base, p.baseDir, policy, f.policy, p.seed, start, n, pts[k])));
    played += 2 * p.field.length * n;
    progress.update(played);
    return pts;
  };
  try {
    const m = p.seedsPerEval;
    const search = await ntbea(
      {
        sizes: p.dims.map((d) => d.values.length), iterations, neighbours: p.neighbours, explore: p.explore, seed: p.seed,
        ...(p.start ? { start: p.start } : {}), ...(p.initial ? { initial: p.initial } : {}),
      },
      async (x, it) => meanScore(await against(policyAt(p.policyId, p.dims, x), it * m, m)),
    );
    // Finals: the best distinct candidates and the starting preset, on common new seeds.
    const start = iterations * m;
    const finals: FinalScore[] = [];
    for (const c of search.ranked.slice(0, p.finalists)) {
      finals.push({ policy: policyAt(p.policyId, p.dims, c.point), searchValue: c.value, points: await against(policyAt(p.policyId, p.dims, c.point), start, finalSeeds) });
    }
    finals.push({ policy: p.policyId, points: await against(p.policyId, start, finalSeeds) });
    const winner = chooseFinalist(finals);
    // The preset itself may win (no candidate beat it on the final seeds): its parameter values.
    const best = winner < finals.length - 1 ? finals[winner].policy as Record<string, unknown> : p.start ? policyAt(p.policyId, p.dims, p.start) : { id: p.policyId };
    return {
      best, evaluations: iterations, gamesPerEvaluation: perEval, finalSeeds, winner, finals,
      trace: search.history.map((h) => h.fitness), gamesPlayed: played, elapsedSeconds: (performance.now() - t0) / 1000,
    };
  } finally {
    progress.stop();
    await pool?.destroy();
  }
}
