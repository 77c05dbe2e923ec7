/**
 * Per-game scenario state (items 8, 104–113): markers (pilot, supply drops, intel), who
 * carries what, Bombers, missions, soldiers still off the table or gone off it. Typed
 * arrays allocated once per worker; `reset` clears them for every game.
 */
import type { NcoScenario } from './compile.ts';

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
  readonly mx = new Float64Array(MAX_MARKERS);
  readonly my = new Float64Array(MAX_MARKERS);
  readonly mState = new Int32Array(MAX_MARKERS);
  readonly mCarrier = new Int32Array(MAX_MARKERS);
  /** The side that placed the marker (S5: the drop's owner; S6: the placer, −1 for the centre). */
  readonly mOwner = new Int32Array(MAX_MARKERS);
  /** Side whose soldier carried the marker off or delivered it (−1 none). */
  readonly mBy = new Int32Array(MAX_MARKERS);
  /** Markers each soldier carries. */
  readonly carrying: Int32Array;
  /** Item 8: still off the table (alternative deployment), entering on his first order. */
  readonly offTable: Uint8Array;
  /** S6: left the table across his own edge (out of the game, not a casualty). */
  readonly left: Uint8Array;
  /** Item 8: x (or y on a side edge) where the soldier enters. */
  readonly entryX: Float64Array;
  /** S5: each side's Bomber (−1 none). */
  readonly bomber = new Int32Array(2);
  /** S4: each side's mission (0 regulars, 1 specialists, 2 Sergeant) and guess of the opponent's. */
  readonly mission = new Int32Array(2);
  readonly guess = new Int32Array(2);
  /** S3: the side holding the territory (deployed first); the other is the rescuer. */
  holder = 0;
  pilotFate = PILOT_NONE;
  /** The last turn played (1-based). */
  lastTurn = 0;
  /** Bonus VP by [side × 7 + kind] and event counts by [side × 9 + kind] (scenarios.ts labels). */
  readonly bonus = new Float64Array(14);
  readonly events = new Float64Array(18);
  /** Scoring scratch: soldiers per sector and side (S1), sorted distances (S2). */
  readonly cnt = new Int32Array(18);
  readonly scratch: Float64Array;
  /** markerDist's result (a double returned from a call V8 does not inline is boxed). */
  readonly dist = new Float64Array(1);
  /** Each side's policy objective_weight, read in place (a returned double would box). */
  readonly weight = new Float64Array(2);

  constructor(scn: NcoScenario) {
    const n = scn.soldierCount;
    this.kind = scn.scenario.kind;
    this.carrying = new Int32Array(n);
    this.offTable = new Uint8Array(n);
    this.left = new Uint8Array(n);
    this.entryX = new Float64Array(n);
    this.scratch = new Float64Array(2 * n + 2);
    this.weight[0] = scn.policies[0].objectiveWeight;
    this.weight[1] = scn.policies[1].objectiveWeight;
  }

  reset(): void {
    this.markers = 0;
    this.mState.fill(0);
    this.mCarrier.fill(-1);
    this.mOwner.fill(-1);
    this.mBy.fill(-1);
    this.carrying.fill(0);
    this.offTable.fill(0);
    this.left.fill(0);
    this.bomber.fill(-1);
    this.mission.fill(0);
    this.guess.fill(0);
    this.holder = 0;
    this.pilotFate = PILOT_NONE;
    this.lastTurn = 0;
    this.bonus.fill(0);
    this.events.fill(0);
  }
}
