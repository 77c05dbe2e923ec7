/**
 * One platoon game's state, struct-of-arrays, allocated once per worker (engine/state.ts):
 * units (position, heading, models by weapon slot, pins, order), the table, and scratch.
 */
import type { GameEnv } from '../../../env.ts';
import { DiceBag } from '../../../bag.ts';
import type { Rng } from '../../../rng.ts';
import { StateArrays } from '../../../state.ts';
import type { Tally } from '../../../tally.ts';
import type { GameTrace } from '../../../trace.ts';
import type { Table } from '../../../geometry/table.ts';
import type { PlatoonScenario } from '../compiled.ts';
import { MAX_SLOTS } from '../data/roster.ts';
import type { PlatoonDecisions } from './decisions.ts';
import type { Counters } from '../../../kit/counters.ts';
import type { PlatoonCounterDecls } from '../data/counters.ts';
import { buildTable, type PieceArrays } from './terrain-map.ts';

/** Scratch point slots after the units'. */
export const SCRATCH_POINTS = 4;
/** Ambush path samples at most. */
export const MAX_SAMPLES = 64;

export class PlatoonGame {
  readonly st = new StateArrays();
  readonly scn: PlatoonScenario;
  readonly env: GameEnv;
  readonly rng: Rng;
  readonly prng: Rng;
  readonly tally: Tally;
  /** `squadsim trace`: this game's event log (rules/trace-log.ts), or null in every ordinary run. */
  readonly trace: GameTrace | null;
  readonly decide: readonly [PlatoonDecisions, PlatoonDecisions];
  readonly table: Table;
  readonly pieces: PieceArrays;
  readonly bag = new DiceBag(2);
  readonly n: number;

  // Units.
  readonly alive: Uint8Array;
  readonly x: Float64Array;
  readonly y: Float64Array;
  /** Heading unit vector (vehicles; infantry face the enemy edge). */
  readonly hx: Float64Array;
  readonly hy: Float64Array;
  readonly models: Int32Array;
  readonly slotCount: Int32Array;
  readonly slotCrew: Int32Array;
  readonly panzerfausts: Int32Array;
  readonly pins: Int32Array;
  /** The order die beside the unit this turn (items 5–10), 0 none. */
  readonly order: Uint8Array;
  /** 1 while the unit's die is still in the bag (for DiceBag.destroy). */
  readonly dieInBag: Uint8Array;
  /** The order was kept from the last turn end (R5, R6). */
  readonly kept: Uint8Array;
  /** Items 63–66, R17. */
  readonly immobilised: Int32Array;
  readonly turretJammed: Uint8Array;
  readonly fuelOut: Uint8Array;
  /** R18: must Run out of a burning building at its next activation. */
  readonly mustLeave: Uint8Array;
  /** R15: indirect fire — the target ranged on, the turn of the last shot, shots in a row, zeroed point. */
  readonly rangedOn: Int32Array;
  readonly rangedTurn: Int32Array;
  readonly rangedTurns: Int32Array;
  readonly zeroed: Uint8Array;
  readonly zeroX: Float64Array;
  readonly zeroY: Float64Array;
  /** Bumped whenever the unit's position changes (even for a moment): keys of the sight caches. */
  readonly posVer: Int32Array;
  /** Sight and cover caches [a × n + b]: valid while both units' posVer match the keys. */
  readonly losKa: Int32Array;
  readonly losKb: Int32Array;
  readonly losVal: Uint8Array;
  readonly cvKa: Int32Array;
  readonly cvKb: Int32Array;
  readonly cvVal: Uint8Array;
  /** The building piece the unit is in, or −1. */
  readonly inBuilding: Int32Array;
  /** Pieces: category (a collapsed building becomes rough) and burning (R18). */
  readonly category: Int32Array;
  readonly burning: Uint8Array;

  // Game.
  turn = 0;
  turnsPlayed = 0;
  activeSide = 0;
  readonly vp: Int32Array;
  readonly unitsLeft: Int32Array;
  readonly value: Int32Array;

  /** The ruleset's own counters (data/counters.ts), written through handles. */
  readonly count: Counters<PlatoonCounterDecls>;

  // Plan written by decisions (scratch per activation).
  planUnit = -1;
  planOrder = 0;
  planX = 0;
  planY = 0;
  planTarget = -1;
  readonly list: Int32Array;
  listLen = 0;
  readonly sampleX: Float64Array;
  readonly sampleY: Float64Array;
  /** A policy's per-unit memo while it picks a unit (scratch). */
  readonly memoOrder: Int32Array;
  readonly memoX: Float64Array;
  readonly memoY: Float64Array;
  readonly memoTarget: Int32Array;
  /** [0..1] turnToward output; [2..] misc. */
  readonly tmp: Float64Array;
  /** Shooting scratch: hits per slot etc. */
  readonly d2: Int32Array;
  /** A segment's two end points for the Table's clip (sight and movement). */
  readonly sx: Float64Array;
  readonly sy: Float64Array;

  constructor(scn: PlatoonScenario, decide: readonly [PlatoonDecisions, PlatoonDecisions], env: GameEnv) {
    this.scn = scn;
    this.env = env;
    this.rng = env.dice;
    this.prng = env.policy;
    this.tally = env.tally;
    this.trace = env.trace;
    this.decide = decide;
    const n = (this.n = scn.n), st = this.st;
    this.count = scn.counters.bind(env.tally);
    const { table, pieces } = buildTable(scn.map, n + SCRATCH_POINTS);
    this.table = st.cache(table);
    this.pieces = st.cache(pieces);
    this.alive = st.u8(n, 1);
    this.x = st.f64(n);
    this.y = st.f64(n);
    this.hx = st.f64(n);
    this.hy = st.f64(n);
    this.models = st.copyOf(scn.models);
    this.slotCount = st.copyOf(scn.slotCount);
    this.slotCrew = st.copyOf(scn.slotCrew);
    this.panzerfausts = st.copyOf(scn.panzerfausts);
    this.pins = st.i32(n);
    this.order = st.u8(n);
    this.dieInBag = st.u8(n);
    this.kept = st.u8(n);
    this.immobilised = st.i32(n);
    this.turretJammed = st.u8(n);
    this.fuelOut = st.u8(n * MAX_SLOTS);
    this.mustLeave = st.u8(n);
    this.rangedOn = st.i32(n, -1);
    this.rangedTurn = st.i32(n, -9);
    this.rangedTurns = st.i32(n);
    this.zeroed = st.u8(n);
    this.zeroX = st.f64(n);
    this.zeroY = st.f64(n);
    this.inBuilding = st.i32(n, -1);
    this.posVer = st.i32(n, 1);
    this.losKa = st.i32(n * n);
    this.losKb = st.i32(n * n);
    this.losVal = st.u8(n * n);
    this.cvKa = st.i32(n * n);
    this.cvKb = st.i32(n * n);
    this.cvVal = st.u8(n * n);
    this.category = st.copyOf(pieces.category);
    this.burning = st.u8(pieces.category.length);
    this.vp = st.i32(2);
    this.unitsLeft = st.i32(2);
    this.value = st.i32(2);
    this.list = st.scratch(new Int32Array(n + 1));
    this.memoOrder = st.scratch(new Int32Array(n));
    this.memoX = st.scratch(new Float64Array(n));
    this.memoY = st.scratch(new Float64Array(n));
    this.memoTarget = st.scratch(new Int32Array(n));
    this.sampleX = st.scratch(new Float64Array(MAX_SAMPLES));
    this.sampleY = st.scratch(new Float64Array(MAX_SAMPLES));
    this.tmp = st.scratch(new Float64Array(8));
    this.d2 = st.scratch(new Int32Array(4));
    this.sx = st.scratch(new Float64Array(2));
    this.sy = st.scratch(new Float64Array(2));
  }

  reset(): void {
    this.st.reset();
    this.bag.reset();
  }

  isVehicle(u: number): boolean {
    return this.scn.vehicleClass[u] !== 0;
  }
}
