/**
 * Round-robin tournaments of policies (`squadsim tournament`): every pair of entrants plays
 * the base config's matchup twice per seed, once in each seat, on the same games
 * [0, games) of the master seed. The rosters stay with the seats, the policies swap, so
 * the side asymmetry cancels and the two entrants meet on common dice and maps: the
 * comparison is paired, seed by seed. Works for every ruleset (only `sides[i].policy`
 * changes); all pairs play on one worker pool (runBatch), bit-identical for any worker count.
 */
import { ConfigError } from '../engine/errors.ts';
import { resultRows, runBatch, type BatchJob, type BatchOptions } from './batch.ts';
import { loadConfigObject, type LoadedConfig } from './config.ts';

/** One player of a tournament: a display name and the policy as a config names it (id or object). */
export interface Entrant {
  name: string;
  policy: unknown;
}

export interface TournamentPlan {
  /** The matchup: its sides' rosters, scenario, map and rules; their policies are replaced. */
  base: Record<string, unknown>;
  /** Folder the base config's file references resolve against. */
  baseDir: string;
  entrants: readonly Entrant[];
  /** Seeds (games per seat order) each pair plays. */
  games: number;
  seed: number;
}

/** Per pair (a < b): entrant a's points on each seed, 0..2 in halves (a win in each seat = 2). */
export interface PairSeeds {
  a: number;
  b: number;
  /** points[i] for seed i: a's wins over both seats, a draw counting 1/2. */
  points: Float64Array;
}

export interface TournamentPlay {
  pairs: PairSeeds[];
  games: number;
  seed: number;
  elapsedSeconds: number;
}

/** The base config with both seats' policies set; compiled so bad entrants fail before play. */
export function seatConfig(plan: TournamentPlan, first: number, second: number): LoadedConfig {
  return seatedConfig(plan.base, plan.baseDir, plan.entrants[first].policy, plan.entrants[second].policy);
}

/** `base` with seat 0 playing `p0` and seat 1 `p1`, loaded and compiled. */
export function seatedConfig(base: Record<string, unknown>, baseDir: string, p0: unknown, p1: unknown): LoadedConfig {
  const c = structuredClone(base) as { sides?: { policy?: unknown }[] };
  if (!Array.isArray(c.sides) || c.sides.length !== 2) throw new ConfigError('sides', c.sides, 'expected the base config to have exactly 2 sides');
  c.sides[0].policy = structuredClone(p0);
  c.sides[1].policy = structuredClone(p1);
  return loadConfigObject(c, baseDir);
}

/**
 * The two jobs of one paired meeting: policy `a` against `b` in both seats on games
 * [start, start + games) of `seed`; a's points per seed (0..2, a draw ½) are added into
 * `points[game - start]` as the chunks merge.
 */
export function pairedJobs(base: Record<string, unknown>, baseDir: string, a: unknown, b: unknown, seed: number, start: number, games: number, points: Float64Array): BatchJob[] {
  return ([0, 1] as const).map((seat) => {
    const loaded = seat === 0 ? seatedConfig(base, baseDir, a, b) : seatedConfig(base, baseDir, b, a);
    // `a` sits in seat 0 of the first job and seat 1 of the second.
    return { loaded, seed, start, games, onRows: resultRows(loaded, seat, points, start) };
  });
}

/** Checks every entrant's policy against the ruleset before anything is played (ConfigError names the entrant). */
export function checkEntrants(plan: TournamentPlan): void {
  if (plan.entrants.length < 2) throw new ConfigError('entrants', plan.entrants.length, 'expected at least 2 entrants');
  const names = new Set<string>();
  plan.entrants.forEach((e, k) => {
    if (names.has(e.name)) throw new ConfigError(`entrants[${k}]`, e.name, 'expected distinct entrant names');
    names.add(e.name);
    try {
      seatConfig(plan, k, k);
    } catch (err) {
      if (err instanceof ConfigError) throw new ConfigError(`entrants[${k}] (${e.name}): ${err.path}`, err.value, err.allowed);
      throw err;
    }
  });
}

/** Plays every pair in both seat orders on one pool; returns each pair's points per seed. */
export async function playTournament(plan: TournamentPlan, opts: BatchOptions = {}): Promise<TournamentPlay> {
  checkEntrants(plan);
  const t0 = performance.now();
  const n = plan.entrants.length, G = plan.games;
  const pairs: PairSeeds[] = [];
  const jobs: BatchJob[] = [];
  for (let a = 0; a < n; a++) {
    for (let b = a + 1; b < n; b++) {
      const pair: PairSeeds = { a, b, points: new Float64Array(G) };
      pairs.push(pair);
      jobs.push(...pairedJobs(plan.base, plan.baseDir, plan.entrants[a].policy, plan.entrants[b].policy, plan.seed, 0, G, pair.points));
    }
  }
  await runBatch(jobs, opts);
  return { pairs, games: G, seed: plan.seed, elapsedSeconds: (performance.now() - t0) / 1000 };
}
