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
} as const;

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
