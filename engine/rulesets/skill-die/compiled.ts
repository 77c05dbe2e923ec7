/** The compiled scenario's shape (compile.ts → compileSkill), types only. */
import type { CompiledScenario } from '../../ruleset.ts';
import type { SkillRules } from './data/params.ts';
import type { PolicyParams } from './policy/knobs.ts';
import type { CounterSet } from '../../kit/counters.ts';
import type { SkillCounterDecls } from './data/counters.ts';

export interface SkillScenario extends CompiledScenario {
  readonly rules: SkillRules;
  /** The validated map (engine/geometry mapSchema output). */
  readonly map: unknown;
  readonly policies: readonly [PolicyParams, PolicyParams];
  /** The ruleset's own counters (data/counters.ts). */
  readonly counters: CounterSet<SkillCounterDecls>;
  /** Units of both sides: side 0's first, then side 1's ([0, n0) and [n0, n)). */
  readonly n: number;
  readonly first: Int32Array; // [0, n0]
  readonly count: Int32Array; // [n0, n1]
  readonly side: Uint8Array;
  readonly uType: Uint8Array;
  readonly uMove: Float64Array;
  readonly uSkill: Uint8Array;
  readonly uSpecDie: Uint8Array;
  readonly uSpecialty: Int32Array;
  readonly uDefense: Int32Array;
  readonly uDefDie: Uint8Array;
  readonly uTracked: Uint8Array;
  readonly uNvg: Uint8Array;
  readonly uRadio: Uint8Array;
  readonly uMedic: Uint8Array;
  readonly uEw: Uint8Array;
  readonly uCommander: Uint8Array;
  /** Game index of the gunner (R9) / controlled drone (item 31) / controller of a drone; −1 none. */
  readonly uCrewOf: Int32Array;
  readonly uControls: Int32Array;
  readonly uController: Int32Array;
  /** MAX_WEAPONS per unit, −1 padded. */
  readonly uWeapons: Int32Array;
  readonly uTrained: Int32Array;
  readonly uCost: Int32Array;
  /** Weapons table by weapon index. */
  readonly wRange: Float64Array;
  readonly wDifficulty: Int32Array;
  readonly wDamage: Int32Array;
  readonly wFan: Int32Array;
  readonly wRadius: Float64Array;
  readonly wMinRange: Float64Array;
  readonly wCrew: Int32Array;
  readonly wIndirect: Uint8Array;
  /** Objective points (R20), flattened x, y. */
  readonly objX: Float64Array;
  readonly objY: Float64Array;
  readonly tiebreakReroll: boolean;
  readonly explosiveScatter: boolean;
  readonly reactAttack: boolean;
  readonly reactMove: boolean;
  readonly budgets: readonly [number, number];
}
