import type { GameEnv } from './env.ts';
import type { GameTrace } from './trace.ts';
import type { Rng } from './rng.ts';
import type { Nouns, TallyPlan } from './tally-plan.ts';
import type { CounterDecls, CounterSet } from './kit/counters.ts';

/**
 * The contract between the runner (sim/) and a game (engine/rulesets/<id>/), version 2.
 *
 * Flow: the runner loads the config file and inlines the files named by `fileRefs`, then
 * calls `compile` on the main thread (to report bad input before any work) and again once
 * in each worker. Each worker calls `createGame` once with a GameEnv (random streams and
 * the tally); then for every game it is handed, the runner seeds the env's streams for
 * that game, begins the tally, and calls `resetGame` and `playGame` (`playOne` below).
 * A game's result therefore depends on (master seed, index) alone, never on the games
 * played before it in the same worker. playGame reports through `env.tally` and ends with
 * `tally.endGame`; it must allocate nothing.
 */
export interface Ruleset<S extends CompiledScenario = CompiledScenario, G = unknown> {
  readonly id: string;
  /** The ruleset's words for units, value, score and time steps (reports, CSV, check). */
  readonly nouns: Nouns;
  /**
   * Config fields that may hold a path to a JSON file instead of the value itself, as
   * dotted paths with `*` for every array element, e.g. ["map", "sides.*.roster"]. The
   * loader replaces each path string with the parsed file (relative to the config file).
   */
  readonly fileRefs: readonly string[];
  /** The ids of the scripted policies this ruleset offers. */
  readonly policyIds: readonly string[];
  /**
   * What this ruleset's `trace` shows besides the standard lines (game, activation, roll,
   * casualty, end, score, result): the kind of its step lines, the kinds of its own rules'
   * lines, and the shape of a roll line in its rules' words. test/trace-rulesets.test.ts
   * checks every registered ruleset against its own declaration.
   */
  readonly traceVocabulary: TraceVocabulary;
  /** Validates a fully inlined config and turns it into the flat numeric scenario. Throws ConfigError. */
  compile(config: unknown): S;
  /** Allocates all per-game state once per worker, drawing from `env` for dice and the tally. */
  createGame(scn: S, env: GameEnv): G;
  /** Restores the start-of-game state; the runner has already seeded env's streams for the game. */
  resetGame(game: G): void;
  /** Plays the game to its end, reporting to env.tally (ending with tally.endGame). */
  playGame(game: G): void;
  /** The units each side has in play and the value it holds now (tests: tally invariants). */
  census(game: G): Census;
  /** JSON Schema of this ruleset's config, for editors (`squadsim schema <id>`). */
  jsonSchema?(): Record<string, unknown>;
  /**
   * Summary fields only this ruleset can compute from merged accumulators (not in the hot
   * loop), beside the per-game counters and unit types every ruleset gets (kit/summary.ts).
   */
  summarize?(scn: S, acc: Float64Array): Record<string, unknown>;
  /** Exact per-attack outcome distributions (`squadsim odds <id>`), computed by enumeration. */
  readonly odds?: OddsProvider;
  /** Random legal rosters and their features, for `squadsim balance` sweeps. */
  readonly balance?: BalanceProvider;
  /**
   * A named policy preset's parameters in config form (e.g. { aggression: 0.8, ... }), or
   * undefined: `squadsim tune` starts its search there. The parameters themselves (names,
   * ranges) come from the policy's object form in jsonSchema.
   */
  policyPreset?(id: string): Record<string, unknown> | undefined;
  /**
   * What was played in words (summaries, reports; resultsdoc/played.ts): the scenario or
   * mission, the map and each side's force, from the normalized config, with unit names as
   * the rulebook prints them and no raw JSON or ids. Without it, played.ts guesses.
   */
  describePlayed?(normalized: unknown): PlayedWords;
}

/** Ruleset.describePlayed: one phrase each, for a list a designer reads. */
export interface PlayedWords {
  /** The scenario or mission, with the options the config sets. */
  scenario: string;
  /** The map: generated (and how) or fixed (name, size). */
  map: string;
  /** Each side's force: unit names with counts and equipment, and its cost when the ruleset prices it. */
  forces: [string, string];
  /**
   * Each side's policy with every knob it plays with, in config form (`{ id, knob: value }`),
   * when policyPreset cannot give them.
   */
  policies?: [Record<string, unknown>, Record<string, unknown>];
}

export interface Census {
  /** Units of each side still in play (not lost, not withdrawn). */
  units: [number, number];
  /** The value each side holds (what the ruleset last wrote to tally.surviving). */
  value: [number, number];
}

/**
 * Plays game `index` of a run with master seed `master` on a game object: the runner's
 * half of the contract, shared by the worker, tests and benchmarks.
 */
export function playOne<G>(ruleset: Ruleset<CompiledScenario, G>, game: G, env: GameEnv, master: number, index: number): void {
  env.seed(master, index);
  env.tally.beginGame(index);
  const trace = env.trace;
  if (trace !== null) trace.add('game', `game ${index} of master seed ${master}`, { game: index, seed: master });
  ruleset.resetGame(game);
  ruleset.playGame(game);
  if (!env.tally.ended) throw new Error(`ruleset ${ruleset.id}: game ${index} did not end (playGame must call tally.endGame)`);
  if (trace !== null) traceResult(trace, env, index);
}

/** See Ruleset.traceVocabulary. */
export interface TraceVocabulary {
  /** The kind of the line that opens each time step ("turn", "round"). */
  readonly step: string;
  /** Kinds of the ruleset's own lines that a handful of default games must show. */
  readonly kinds: readonly string[];
  /** A roll line, as the rules word it. */
  readonly roll: RegExp;
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
  /** The main probabilities (e.g. "P(hit)", "P(killed)"): the columns of `odds` with a list of values. */
  summary?: Record<string, number>;
}

export interface OddsProvider {
  options: readonly OddsOption[];
  /** Throws ConfigError on a bad combination of inputs. */
  compute(req: Record<string, unknown>): OddsResult;
  /**
   * Plays the same attack `trials` times through the engine's own rules code, counting
   * each outcome in the order of compute(req).outcomes: the conformance suite checks the
   * exact distribution against it.
   */
  sample(req: Record<string, unknown>, rng: Rng, trials: number): number[];
  /** Requests the conformance suite checks (inputs not given take their defaults). */
  readonly examples: readonly Record<string, unknown>[];
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
  /** The sweep's `scenario` (OWAM: the mission), for a provider whose forces depend on it. */
  scenario?: unknown;
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
  /** The side field a force goes in (`roster` in NCO, `army` in Platoon): sim/ writes sides[].<forceField>. */
  readonly forceField: string;
  /** The config field the sweep's `scenario` goes in (default `scenario`; OWAM `mission`). */
  readonly scenarioField?: string;
  /** Rule parameters every generated config must carry (budgets, cost overrides). */
  readonly rules: Record<string, unknown>;
  /** A random legal roster (the config's roster JSON), drawn with `rand()` in [0, 1). */
  randomRoster(rand: () => number): unknown;
  /** Feature counts of a roster, in the order of `features`. */
  featureCounts(roster: unknown): number[];
  /**
   * Features whose use the ruleset counts, and the [sides, labels] counter cell that counts
   * one use: balance reports a feature used less than the sweep's usage floor as "not
   * exercised" instead of pricing what the players never did with it. Features not listed
   * are always in play (soldiers, passive kit).
   */
  readonly usage?: readonly BalanceUsage[];
  /**
   * Set where the game prints no points: the id of the feature whose value is 0 by
   * definition. The features then have no printed cost and every other feature is valued
   * against this one (analysis/reference-value.ts; Iron Squad's Rifleman).
   */
  readonly reference?: string;
  /** What seat 1 is in this ruleset, said beside the seat-1 intercept (e.g. Iron Squad's USA moves first). */
  readonly seat1?: string;
}

export interface BalanceUsage {
  feature: string;
  /** A counter of the scenario's CounterSet with axes [SIDES, labels], and the label. */
  counter: string;
  label: string;
}

/** What every compiled scenario exposes to the runner. Rulesets add their own typed arrays. */
export interface CompiledScenario {
  readonly ruleset: string;
  /** Display names of the two sides, in config order. */
  readonly sideNames: readonly [string, string];
  /** Its statistics: accumulator layout, time bins and per-game row columns (from its TallySpec). */
  readonly plan: TallyPlan;
  /** The validated config with every default filled in, echoed into the results document. */
  readonly normalized: unknown;
  /** The ruleset's own counters (engine/kit/counters.ts): summarised per game for every ruleset. */
  readonly counters?: CounterSet<CounterDecls>;
}

/** The runner's last trace line: the result as the tally recorded it. */
function traceResult(trace: GameTrace, env: GameEnv, index: number): void {
  const t = env.tally, names = t.plan.spec.sideNames, w = t.winner;
  // The standard lines agree with the tally, whatever the ruleset: a trace that logs a loss
  // the tally did not count (or misses one), or ends twice, is a ruleset bug, found here.
  const logged = [0, 0];
  let ends = 0;
  for (const e of trace.events) {
    if (e.kind === 'casualty') logged[e.side === 1 ? 1 : 0]++;
    else if (e.kind === 'end') ends++;
  }
  if (logged[0] !== t.unitsLost[0] || logged[1] !== t.unitsLost[1]) {
    throw new Error(`trace of game ${index}: casualty lines per side ${logged.join('/')}, the tally lost ${t.unitsLost[0]}/${t.unitsLost[1]}`);
  }
  if (ends !== 1) throw new Error(`trace of game ${index}: ${ends} end lines (one expected)`);
  const who = w === 0 || w === 1 ? `${names[w]} wins` : 'a draw';
  trace.add('result', `result: ${who}; ${t.plan.spec.nouns.score} ${names[0]} ${t.score[0]}, ${names[1]} ${t.score[1]}`, { game: index, winner: w, score: [t.score[0], t.score[1]] });
}
