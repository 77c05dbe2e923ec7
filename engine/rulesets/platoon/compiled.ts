/** The compiled scenario's shape (compile.ts → compilePlatoon); types only. */
import type { CompiledScenario } from '../../ruleset.ts';
import type { PlatoonRules } from './data/params.ts';
import type { MapSpec } from './rules/terrain-map.ts';
import type { PolicyParams } from './policy/knobs.ts';
import type { CounterSet } from '../../kit/counters.ts';
import type { PlatoonCounterDecls } from './data/counters.ts';

export interface PlatoonScenario extends CompiledScenario {
  readonly rules: PlatoonRules;
  readonly map: MapSpec;
  readonly policies: readonly [PolicyParams, PolicyParams];
  /** The ruleset's own counters (data/counters.ts). */
  readonly counters: CounterSet<PlatoonCounterDecls>;
  /** Units of both sides, side 0 first: n = count[0] + count[1]. */
  readonly n: number;
  readonly count: readonly [number, number];
  readonly side: Uint8Array;
  readonly kind: Int32Array;
  readonly quality: Int32Array;
  readonly cost: Int32Array;
  readonly models: Int32Array;
  readonly panzerfausts: Int32Array;
  /** [n × MAX_SLOTS] weapon index (−1 empty), weapons, team crew, arc. */
  readonly slotWeapon: Int32Array;
  readonly slotCount: Int32Array;
  readonly slotCrew: Int32Array;
  readonly slotArc: Int32Array;
  /** Per unit, from its kind and rules. */
  readonly rank: Int32Array;
  readonly moveClass: Int32Array;
  readonly vehicleClass: Int32Array;
  readonly small: Uint8Array;
  readonly recce: Uint8Array;
  readonly openTopped: Uint8Array;
  readonly team: Uint8Array;
  readonly footLength: Float64Array;
  readonly footWidth: Float64Array;
  /** Terrain table [category × 5 move classes] with R20's half-track patch. */
  readonly terrainCode: Int32Array;
  /** R14 HE hits in the open by size 1..4, dice codes [count, sides, plus] × 5. */
  readonly heOpen: Int32Array;
  readonly flamerPins: Int32Array;
  /** Items 69–71, by weapon: 1 = a shot at infantry in a building uses the HE row (data/weapons.ts → heRowAtBuilding). */
  readonly heAtBuilding: Uint8Array;
  readonly downPins: Int32Array;
  /** The longest reach of any of the unit's weapons (direct or indirect), for quick range checks. */
  readonly maxRange: Float64Array;
  /** Maximum turns (R23: 6, plus a 7th on extra_turn_on+). */
  readonly maxTurns: number;
}
