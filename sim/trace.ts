/**
 * `squadsim trace`: plays exactly game N of a run (the same seed, so the same result as
 * inside the run: a game depends on (master seed, index) alone) with the event log on.
 */
import { GameEnv } from '../engine/env.ts';
import { playOne, type CompiledScenario, type Ruleset } from '../engine/ruleset.ts';
import { GameTrace, type TraceEvent } from '../engine/trace.ts';
import type { LoadedConfig } from './config.ts';

export interface TracedGame {
  events: TraceEvent[];
  text: string;
  /** What the trace's steps count ("turn", "round"). */
  stepNoun: string;
  /** The game's per-game row, as `run --record games` writes it (columns, values). */
  row: { columns: readonly string[]; values: number[] };
}

export function traceGame(loaded: LoadedConfig, seed: number, index: number): TracedGame {
  const { ruleset, scn } = loaded;
  const env = new GameEnv(scn.plan);
  env.trace = new GameTrace();
  env.tally.attach(new Float64Array(scn.plan.layout.size));
  const row = new Float64Array(scn.plan.rowColumns.length);
  env.tally.row = row;
  const game = ruleset.createGame(scn, env);
  playOne(ruleset as Ruleset<CompiledScenario, unknown>, game, env, seed, index);
  const stepNoun = env.trace.noun ?? scn.plan.spec.nouns.step;
  return { events: env.trace.events, text: env.trace.text(stepNoun), stepNoun, row: { columns: scn.plan.rowColumns, values: Array.from(row) } };
}
