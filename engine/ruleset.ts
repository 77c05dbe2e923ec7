import type { BlockSpec, RecordLayout, Recorder } from './record.ts';

/**
 * The contract between the runner (sim/) and a game (engine/rulesets/<id>/).
 *
 * Flow: the runner loads the config file and inlines the files named by `fileRefs`, then
 * calls `compile` on the main thread (to report bad input before any work) and again once
 * in each worker. Each worker calls `createGame` once, then `playGame` for every game it
 * is handed. `playGame` must reset all game state from (masterSeed, index) alone, seeding
 * its dice with `rng.seedGame(masterSeed, index)` (= gameSeed): a game's result may not
 * depend on the games played before it in the same worker.
 */
export interface Ruleset<S extends CompiledScenario = CompiledScenario, G = unknown> {
  readonly id: string;
  /** Human name of the time step used by lethality curves ("turn", "round", "card"). */
  readonly timeUnit: string;
  /**
   * Config fields that may hold a path to a JSON file instead of the value itself, as
   * dotted paths with `*` for every array element, e.g. ["map", "sides.*.roster"]. The
   * loader replaces each path string with the parsed file (relative to the config file).
   */
  readonly fileRefs: readonly string[];
  /** The ids of the scripted policies this ruleset offers. */
  readonly policyIds: readonly string[];
  /** Validates a fully inlined config and turns it into the flat numeric scenario. Throws ConfigError. */
  compile(config: unknown): S;
  /** Allocates all per-game state once per worker. */
  createGame(scn: S): G;
  /**
   * Plays game `index` of a run with master seed `masterSeed` and adds its outcome to
   * `rec`. Must allocate nothing. (The pair, not gameSeed's 32-bit result, is passed: V8
   * boxes integers outside ±2^30 when they cross a call.)
   */
  playGame(game: G, masterSeed: number, index: number, rec: Recorder): void;
  /** JSON Schema of this ruleset's config, for editors (`squadsim schema <id>`). */
  jsonSchema?(): Record<string, unknown>;
  /** Ruleset-specific summary fields computed from merged accumulators (not in the hot loop). */
  summarize?(scn: S, acc: Float64Array): Record<string, unknown>;
  /** Exact per-attack outcome distributions (`squadsim odds <id>`), computed by enumeration. */
  readonly odds?: OddsProvider;
  /** Random legal rosters and their features, for `squadsim balance` sweeps. */
  readonly balance?: BalanceProvider;
}

/** One option of `squadsim odds <id>`; the CLI turns these into yargs flags. */
export interface OddsOption {
  name: string;
  type: 'string' | 'number' | 'boolean';
  describe: string;
  choices?: readonly string[];
  default?: string | number | boolean;
}

/** An exact distribution: probabilities as numbers, and optionally as exact fractions ("5/36"). */
export interface OddsResult {
  title: string;
  /** The inputs after defaults, echoed so a table says what it is the distribution of. */
  inputs: Record<string, unknown>;
  outcomes: { outcome: string; probability: number; exact?: string }[];
  /** Extra tables (e.g. per-die breakdown), same shape. */
  tables?: { title: string; rows: Record<string, string | number>[] }[];
  notes?: string[];
}

export interface OddsProvider {
  options: readonly OddsOption[];
  /** Throws ConfigError on a bad combination of inputs. */
  compute(req: Record<string, unknown>): OddsResult;
}

/**
 * What `squadsim balance` needs from a ruleset: random legal rosters at a budget, and the
 * numeric features (counts of soldier types and options) a win model is fitted on.
 */
export interface BalanceProvider {
  /**
   * Validates the ruleset's part of a sweep file (budget, roster options, features, cost
   * overrides; `rules` is the sweep's rules object) and returns the sweep's roster source.
   * Throws ConfigError with paths relative to the sweep file.
   */
  prepare(spec: BalanceSpec): BalanceSweep;
}

export interface BalanceSpec {
  budget: unknown;
  roster: unknown;
  features: unknown;
  cost_overrides: unknown;
  rules: unknown;
}

export interface BalanceFeature {
  /** Feature id (also the cost-override key). */
  id: string;
  /** Human name, e.g. "Private" or "LMG upgrade". */
  label: string;
  /** Group, e.g. "type", "weapon", "skill", "item". */
  group: string;
  /** Printed cost of one unit, after any cost override. */
  cost: number;
  /** The budget pool it is paid from (e.g. "vps"), or "" when it depends on the carrier. */
  pool: string;
}

export interface BalanceSweep {
  /** The fitted features: what the random rosters vary. */
  readonly features: readonly BalanceFeature[];
  /** Rule parameters every generated config must carry (budgets, cost overrides). */
  readonly rules: Record<string, unknown>;
  /** A random legal roster (the config's roster JSON), drawn with `rand()` in [0, 1). */
  randomRoster(rand: () => number): unknown;
  /** Feature counts of a roster, in the order of `features`. */
  featureCounts(roster: unknown): number[];
}

/** What every compiled scenario exposes to the runner. Rulesets add their own typed arrays. */
export interface CompiledScenario {
  readonly ruleset: string;
  /** Display names of the two sides, in config order. */
  readonly sideNames: readonly [string, string];
  /** Number of time steps recorded for lethality curves (the maximum game length). */
  readonly steps: number;
  readonly timeUnit: string;
  /** The accumulator layout; must contain the standard blocks from `standardBlocks`. */
  readonly layout: RecordLayout;
  /** The validated config with every default filled in, echoed into the results document. */
  readonly normalized: unknown;
  /**
   * Column names of the per-game row (`run --record games`). When rows are requested the
   * Recorder has a `row` of this width, and playGame fills it for every game.
   */
  readonly rowColumns?: readonly string[];
  /**
   * Labels of coded row columns: a value k in column c means rowLabels[c][k] (e.g. the
   * winner column: side names and "draw"). CSV export writes the label.
   */
  readonly rowLabels?: Readonly<Record<string, readonly string[]>>;
}

/** Standard block names the runner and analysis read for every ruleset. */
export const BLOCK = {
  /** [3]: wins of side 0, wins of side 1, draws. */
  outcome: 'outcome',
  /** [2]: sum over games of each side's victory points. */
  vp: 'vp',
  /** [2]: sum over games of each side's squared victory points (for variances). */
  vpSq: 'vpSq',
  /** [2, steps]: sum over games of casualties suffered by side s during step t. */
  casualties: 'casualties',
  /** [2, steps]: sum over games of side s's surviving points at the end of step t. */
  survivingPoints: 'survivingPoints',
  /** [2]: sum over games of each side's starting points. */
  startingPoints: 'startingPoints',
  // Optional blocks: analysis uses them when a ruleset records them. K = soldier types,
  // labelled by the block's labels[1].
  /** [2, K]: sum over games of soldiers of type k fielded by side s. */
  typeFielded: 'typeFielded',
  /** [2, K]: sum over games of points spent on soldiers of type k (with their options). */
  typePoints: 'typePoints',
  /** [2, K, steps]: sum over games of side s's type-k soldiers lost during step t. */
  typeCasualties: 'typeCasualties',
  /** [2, K]: sum over games of the points of side s's type-k soldiers lost. */
  typePointsLost: 'typePointsLost',
  /** [2, K, steps]: sum over games of the points of side s's type-k soldiers lost during step t (points remaining by type). */
  typePointsLostSteps: 'typePointsLostSteps',
  /** [2, K]: sum over games of enemy soldiers taken out by side s's type-k soldiers. */
  typeKills: 'typeKills',
  /** [B]: games by VP margin (side 0 minus side 1); labels[0] name the bins ("-20..-11"). */
  marginHist: 'marginHist',
  // Optional sums of squares (from `lethalitySqBlocks`): analysis turns them into 95%
  // intervals of the per-step means; without them the lethality curves have no band.
  /** [2, steps]: sum over games of the squared casualties of side s during step t. */
  casualtiesSq: 'casualtiesSq',
  /** [2, steps]: sum over games of the squared casualties of side s from step 1 to the end of step t. */
  cumCasualtiesSq: 'cumCasualtiesSq',
  /** [2, steps]: sum over games of side s's squared surviving points at the end of step t. */
  survivingPointsSq: 'survivingPointsSq',
} as const;

/** The optional sums-of-squares blocks that give lethality curves their bands. */
export function lethalitySqBlocks(steps: number, sideNames: readonly [string, string], stepLabel: string): BlockSpec[] {
  const labels = [[...sideNames], Array.from({ length: steps }, (_, i) => `${stepLabel} ${i + 1}`)];
  return [
    { name: BLOCK.casualtiesSq, dims: [2, steps], labels, doc: 'sum of squared casualties suffered in the step' },
    { name: BLOCK.cumCasualtiesSq, dims: [2, steps], labels, doc: 'sum of squared casualties suffered up to the end of the step' },
    { name: BLOCK.survivingPointsSq, dims: [2, steps], labels, doc: 'sum of squared surviving points at the end of the step' },
  ];
}

export function standardBlocks(steps: number, sideNames: readonly [string, string], stepLabel: string): BlockSpec[] {
  const sides = [...sideNames];
  const stepLabels = Array.from({ length: steps }, (_, i) => `${stepLabel} ${i + 1}`);
  return [
    { name: BLOCK.outcome, dims: [3], labels: [[...sides, 'draw']], doc: 'games won by each side, and draws' },
    { name: BLOCK.vp, dims: [2], labels: [sides], doc: 'sum of victory points' },
    { name: BLOCK.vpSq, dims: [2], labels: [sides], doc: 'sum of squared victory points' },
    { name: BLOCK.casualties, dims: [2, steps], labels: [sides, stepLabels], doc: 'sum of casualties suffered in the step' },
    { name: BLOCK.survivingPoints, dims: [2, steps], labels: [sides, stepLabels], doc: 'sum of surviving points at the end of the step' },
    { name: BLOCK.startingPoints, dims: [2], labels: [sides], doc: 'sum of starting points' },
  ];
}
