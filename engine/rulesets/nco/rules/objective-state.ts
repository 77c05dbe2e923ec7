/**
 * Per-game scenario state (items 8, 104–113): markers (pilot, supply drops, intel), who
 * carries what, Bombers, missions, soldiers still off the table or gone off it. Typed
 * arrays allocated once per worker; `reset` clears them for every game.
 */
import type { NcoScenario } from '../compiled.ts';
import type { StateArrays } from '../../../state.ts';

export const MAX_MARKERS = 8;
/** Marker states. */
export const M_TABLE = 0; // lying on the table
export const M_CARRIED = 1; // carried by mCarrier
export const M_OFF = 2; // carried off the table (S6) or delivered to an edge (S3)
export const M_GONE = 3; // destroyed (S5) or killed (S3)

/** Pilot fates (S3). */
export const PILOT_NONE = 0, PILOT_RESCUED = 1, PILOT_CAPTURED = 2, PILOT_KILLED = 3;

/** pickTarget value naming the S3 pilot as the target of a Fire or Assault order. */
export const TARGET_PILOT = -2;

export class Objectives {
  readonly kind: number;
  /** Markers in play this game (0 in the basic scenario). S3: 0 = pilot; S5: s = side s's drop; S6: 0 = centre token. */
  markers = 0;
  readonly mx: Float64Array;
  readonly my: Float64Array;
  readonly mState: Int32Array;
  readonly mCarrier: Int32Array;
  /** The side that placed the marker (S5: the drop's owner; S6: the placer, −1 for the centre). */
  readonly mOwner: Int32Array;
  /** Side whose soldier carried the marker off or delivered it (−1 none). */
  readonly mBy: Int32Array;
  /** Markers each soldier carries. */
  readonly carrying: Int32Array;
  /** Item 8: still off the table (alternative deployment), entering on his first order. */
  readonly offTable: Uint8Array;
  /** S6: left the table across his own edge (out of the game, not a casualty). */
  readonly left: Uint8Array;
  /** Item 8: x (or y on a side edge) where the soldier enters. */
  readonly entryX: Float64Array;
  /** S5: each side's Bomber (−1 none). */
  readonly bomber: Int32Array;
  /** S4: each side's mission (0 regulars, 1 specialists, 2 Sergeant) and guess of the opponent's. */
  readonly mission: Int32Array;
  readonly guess: Int32Array;
  /** S3: the side holding the territory (deployed first); the other is the rescuer. */
  holder = 0;
  pilotFate = PILOT_NONE;
  /** The last turn played (1-based). */
  lastTurn = 0;
  /** Bonus VP by [side × 7 + kind] and event counts by [side × 9 + kind] (scenarios/definitions.ts labels). */
  readonly bonus: Float64Array;
  readonly events: Float64Array;
  /** Scoring scratch: soldiers per sector and side (S1), sorted distances (S2). */
  readonly cnt: Int32Array;
  readonly scratch: Float64Array;
  /** markerDist's result (a double returned from a call V8 does not inline is boxed). */
  readonly dist: Float64Array;
  /** Each side's policy objective_weight, read in place (a returned double would box). */
  readonly weight: Float64Array;

  /** Arrays are declared in the game's StateArrays (engine/state.ts), which resets them; scalars are sealed by the game. */
  constructor(scn: NcoScenario, st: StateArrays) {
    const n = scn.soldierCount;
    this.kind = scn.scenario.kind;
    this.mx = st.f64(MAX_MARKERS);
    this.my = st.f64(MAX_MARKERS);
    this.mState = st.i32(MAX_MARKERS);
    this.mCarrier = st.i32(MAX_MARKERS, -1);
    this.mOwner = st.i32(MAX_MARKERS, -1);
    this.mBy = st.i32(MAX_MARKERS, -1);
    this.carrying = st.i32(n);
    this.offTable = st.u8(n);
    this.left = st.u8(n);
    this.entryX = st.f64(n);
    this.bomber = st.i32(2, -1);
    this.mission = st.i32(2);
    this.guess = st.i32(2);
    this.bonus = st.f64(14);
    this.events = st.f64(18);
    this.cnt = st.scratch(new Int32Array(18));
    this.scratch = st.scratch(new Float64Array(2 * n + 2));
    this.dist = st.scratch(new Float64Array(1));
    this.weight = Float64Array.of(scn.policies[0].objectiveWeight, scn.policies[1].objectiveWeight);
  }
}
