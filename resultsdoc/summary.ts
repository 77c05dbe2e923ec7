import { BLOCK, type Nouns } from '../engine/tally-plan.ts';
import { type CompiledScenario, type Ruleset } from '../engine/ruleset.ts';
import { round, wilson } from '../engine/stats.ts';
import { kitDetails } from '../engine/kit/summary.ts';
import { describePlayed, type Played, type PolicyPresetInfo } from './played.ts';

export const SUMMARY_SCHEMA = 'squadsim.summary/2';

export interface SideSummary {
  name: string;
  wins: number;
  winRate: number;
  winRateInterval: [number, number];
  /** Mean final score (the ruleset's score noun, e.g. VP). */
  meanScore: number;
}

/** The `run --json` contract (DESIGN.md "Summary JSON"). Field order is part of it. */
export interface Summary {
  schema: typeof SUMMARY_SCHEMA;
  ruleset: string;
  games: number;
  seed: number;
  configHash: string;
  version: string;
  /** What was played: scenario, map, rosters, policies with their parameters, changed rules (absent in results written before it). */
  played?: Played;
  /** The ruleset's words for its units, value, score and time step. */
  nouns: Nouns;
  /** Display name of each unit type label, when the ruleset gives them (reports use them). */
  typeNames?: Record<string, string>;
  sides: [SideSummary, SideSummary];
  draws: number;
  /**
   * Per side and time bin (`labels`): mean units lost in the bin, and mean value held at
   * its end. `unit` is the step noun; a bin covers one or more steps.
   */
  lethality: { unit: string; steps: number; labels: string[]; meanCasualties: number[][]; meanSurvivingValue: number[][] };
  details?: Record<string, unknown>;
  elapsedSeconds: number;
  gamesPerSecond: number;
}

export interface SummaryInput {
  ruleset: Ruleset<CompiledScenario, unknown>;
  scn: CompiledScenario;
  games: number;
  seed: number;
  configHash: string;
  /** Merged accumulators. */
  acc: Float64Array;
  elapsedSeconds: number;
  /** The squadsim version stamped into the summary. */
  version: string;
  /** Per side, the policy preset file its config named (LoadedConfig.presets). */
  presets?: readonly (PolicyPresetInfo | null | undefined)[];
  /** The normalized config "what was played" describes; default scn.normalized (merge: the shards' recorded config). */
  normalized?: unknown;
}

/**
 * Builds the summary from merged accumulators. Means are rounded to 6 decimals so the JSON
 * prints the same everywhere; only elapsedSeconds and gamesPerSecond vary between runs.
 */
export function buildSummary({ ruleset, scn, games, seed, configHash, acc, elapsedSeconds, version, presets, normalized }: SummaryInput): Summary {
  const { layout } = scn.plan;
  const outcome = layout.read(acc, BLOCK.outcome) as number[];
  const score = layout.read(acc, BLOCK.score) as number[];
  const mean = (x: number): number => r6(games > 0 ? x / games : 0);
  const side = (s: 0 | 1): SideSummary => {
    const [lo, hi] = wilson(outcome[s], games);
    return { name: scn.sideNames[s], wins: outcome[s], winRate: mean(outcome[s]), winRateInterval: [r6(lo), r6(hi)], meanScore: mean(score[s]) };
  };
  const means = (name: string): number[][] => (layout.read(acc, name) as number[][]).map((row) => row.map(mean));
  const summary: Summary = {
    schema: SUMMARY_SCHEMA,
    ruleset: ruleset.id,
    games,
    seed,
    configHash,
    version,
    played: describePlayed(ruleset, normalized ?? scn.normalized, presets),
    nouns: { ...scn.plan.spec.nouns },
    ...typeNamesOf(scn.plan.spec.types, scn.plan.spec.typeNames),
    sides: [side(0), side(1)],
    draws: outcome[2],
    lethality: {
      unit: scn.plan.spec.nouns.step,
      steps: scn.plan.bins,
      labels: [...scn.plan.binLabels],
      meanCasualties: means(BLOCK.casualties),
      meanSurvivingValue: means(BLOCK.survivingValue),
    },
    elapsedSeconds: round(elapsedSeconds, 3),
    gamesPerSecond: elapsedSeconds > 0 ? round(games / elapsedSeconds, 1) : 0,
  };
  const details = { ...kitDetails(scn, acc), ...(ruleset.summarize ? ruleset.summarize(scn, acc) : {}) };
  if (Object.keys(details).length > 0) {
    // Inserted before the timings so they stay the last two fields.
    const { elapsedSeconds: e, gamesPerSecond: g, ...rest } = summary;
    return { ...rest, details: roundDeep(details) as Record<string, unknown>, elapsedSeconds: e, gamesPerSecond: g };
  }
  return summary;
}

function typeNamesOf(types: readonly string[] | undefined, names: readonly string[] | undefined): { typeNames?: Record<string, string> } {
  if (!types || !names || names.length !== types.length) return {};
  return { typeNames: Object.fromEntries(types.map((t, k) => [t, names[k]])) };
}

/** Rounds non-integers to 6 decimals; integers (counts) are left exact. */
function r6(x: number): number {
  return Number.isInteger(x) ? x : round(x, 6);
}

function roundDeep(v: unknown): unknown {
  if (typeof v === 'number') return r6(v);
  if (Array.isArray(v)) return v.map(roundDeep);
  if (ArrayBuffer.isView(v)) return Array.from(v as unknown as ArrayLike<number>, r6);
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, roundDeep(x)]));
  return v;
}

/** The summary without its timing fields: what must be identical across worker counts. */
export function stableSummary(s: Summary): Omit<Summary, 'elapsedSeconds' | 'gamesPerSecond'> {
  const { elapsedSeconds: _e, gamesPerSecond: _g, ...rest } = s;
  return rest;
}
