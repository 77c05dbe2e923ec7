/**
 * The compiled scenario's shape: what compile.ts produces and every part of the ruleset
 * reads (g.scn). Types only, so the rules depend on it without depending on the compiler.
 */
import type { CompiledScenario } from '../../ruleset.ts';
import type { IronRules } from './data/params.ts';
import type { PolicyParams } from './policy/knobs.ts';
import type { CounterSet } from '../../kit/counters.ts';
import type { IronCounterDecls } from './data/counters.ts';

/** The flat scenario every worker compiles once (compile.ts → compileIron). */
export interface IronScenario extends CompiledScenario {
  readonly rules: IronRules;
  /** The `map` value (board JSON or { generate }); each worker builds its board from it. */
  readonly map: unknown;
  readonly solo: boolean;
  readonly playerSide: number;
  readonly policies: readonly [PolicyParams, PolicyParams];
  /** The ruleset's own counters (data/counters.ts). */
  readonly counters: CounterSet<IronCounterDecls>;
  /** Unit types fielded at the start per side (empty for the solo bot). */
  readonly units: readonly [Int32Array, Int32Array];
  readonly mpByType: Int32Array;
  readonly rangeByType: Int32Array;
  readonly hillsCol: number;
  /** R16: rules.captain_rally_phase === 'activation' (a flag, so the game loop compares no strings). */
  readonly rallyOnActivation: boolean;
}
