/**
 * The compiled scenario's shape: what compile.ts produces from a config and every part of
 * the ruleset reads (g.scn). Types only, so the rules can depend on it without depending
 * on the compiler and everything it pulls in.
 */
import type { CompiledScenario } from '../../ruleset.ts';
import type { MapJson } from '../../geometry/table.ts';
import type { NcoGenerate, NcoRules } from './data/params.ts';
import type { CompiledRoster } from './data/roster-types.ts';
import type { WeaponStats } from './data/nation-weapons.ts';
import type { PolicyParams } from './policy/knobs.ts';
import type { CounterSet } from '../../kit/counters.ts';
import type { NcoCounterDecls } from './data/counters.ts';
import type { ScenarioData } from './scenarios/definitions.ts';

/** The flat numeric scenario every worker compiles once (compile.ts → compileNco). */
export interface NcoScenario extends CompiledScenario {
  /** The ruleset's own counters (data/counters.ts). */
  readonly counters: CounterSet<NcoCounterDecls>;
  readonly rules: NcoRules;
  readonly generate: NcoGenerate | null;
  readonly map: MapJson | null;
  readonly rosters: readonly [CompiledRoster, CompiledRoster];
  readonly policies: readonly [PolicyParams, PolicyParams];
  readonly soldierCount: number;
  /** Soldiers of side 0 are [0, sideStart[1]), side 1 are [sideStart[1], n). */
  readonly sideStart: Int32Array;
  readonly side: Uint8Array;
  readonly profile: Int32Array;
  readonly move: Int32Array;
  readonly courage: Int32Array;
  readonly health: Int32Array;
  readonly psyche: Int32Array;
  readonly primary: Int32Array;
  readonly pistol: Uint8Array;
  /** Hand grenades carried at the start (item 47; rules/grenades.ts). */
  readonly grenades: Int32Array;
  readonly skills: Int32Array;
  /** Victory points an enemy scores for killing this soldier (item 101, 102, R28). */
  readonly killValue: Float64Array;
  /** Purchase cost (vps + sps), for surviving-points curves. */
  readonly cost: Float64Array;
  readonly sergeant: Uint8Array;
  readonly specialist: Uint8Array;
  readonly startingPoints: Float64Array;
  /** Scenario S1–S6 data (scenarios/definitions.ts); kind 0 is the basic game. */
  readonly scenario: ScenarioData;
  /** Weapon stats by code: the generic ones plus the R22 Nation-Specific table (data/nation-weapons.ts). */
  readonly weapons: WeaponStats;
}
