/**
 * Scratch a policy decision reuses (policy/scoring.ts, policy/destination.ts), sized once
 * per game object and keyed by a stamp, so nothing carries from one decision to the next.
 * Not per-game state: it is registered as a cache (engine/state.ts), never reset or sealed,
 * because a reset epoch would let an old game's stamps pass as valid.
 */
import { TERRAIN_LEVEL, TERRAIN_TAM_COLUMN } from '../data/board-data.ts';
import { TAM, W_RIFLE } from '../data/units.ts';

/** Hex levels (board.elevation is TERRAIN_LEVEL of the terrain): 0 .. LEVELS − 1. */
export const LEVELS = Math.max(...TERRAIN_LEVEL) + 1;

/** Shot memo slots per foe: 3 elevation cases × distances 0..4 (no shot reaches past 4). */
export const SHOT_KEYS = 15;

export class DecisionScratch {
  /** Shot value and backfire chance by (foe list index, elevation case, distance), valid while shotStamp[k] === shotEpoch. */
  readonly shotV: Float64Array;
  readonly shotB: Float64Array;
  readonly shotStamp: Int32Array;
  shotEpoch = 1;
  /** Per reached hex (by its index in the search's reached list): the score's upper bound. */
  readonly bound: Float64Array;
  /** The score of the hex chooseDestination picked (read by the tests). */
  readonly picked = new Float64Array(1);
  /** Per reached hex: its slot in shotByDist, distance from the mover × LEVELS + level. */
  readonly from: Int32Array;
  /** Best shot value by (distance from the mover, level) (shotBounds), and by (distance to a foe, level). */
  readonly shotByDist: Float64Array;
  readonly shotAtDist = new Float64Array(5 * LEVELS);
  /** policy/scoring.ts coverValue by terrain: it reads only the hex's terrain (TAM column, level). */
  readonly coverByTerrain: Int32Array;
  /** Distance rows of a destination decision (destination.ts distRow): offsets, and the rows of a board without a table. */
  readonly rowAt = new Int32Array(4);
  readonly distRows: Int32Array;
  /** Hexes preparePath (moving.ts) marked in g.mgBlocked, to clear them next time. */
  readonly blockedHex: Int32Array;
  blockedCount = 0;
  /** Per unit: the extra kill value of the mover's mission target (policy/mission.ts markMissionTargets). */
  readonly missionBonus: Float64Array;
  /** Per unit: 1 when its death advances the mover's mission (same function). */
  readonly missionMark: Uint8Array;
  /** Bumped by every game's reset (IronGame.reset): a key holding it is of this game. */
  gameStamp = 1;
  /** The key of the marks missionMark and missionBonus hold (policy/mission.ts markMissionTargets): fields, cheaper to test than array entries. */
  markGame = 0;
  markSide = -1;
  markN = -1;
  markAttacks = -1;
  markHex = -2;
  markType = -1;
  markKills = -1;
  /** The enemy Snipers that may fire at the walking unit (moving.ts listSnipers). */
  readonly snipers: Int32Array;
  /** Per unit: its sort key for this turn's activation order (policy/order.ts). */
  readonly orderKey: Float64Array;

  constructor(units: number, size: number, hillsCol: number) {
    this.coverByTerrain = new Int32Array(TERRAIN_LEVEL.length);
    for (let t = 0; t < TERRAIN_LEVEL.length; t++) {
      const c = TERRAIN_TAM_COLUMN[t] === -2 ? hillsCol : TERRAIN_TAM_COLUMN[t];
      this.coverByTerrain[t] = (c >= 0 ? -TAM[W_RIFLE * 4 + c] : 0) + TERRAIN_LEVEL[t] * 6;
    }
    this.shotV = new Float64Array(units * SHOT_KEYS);
    this.shotB = new Float64Array(units * SHOT_KEYS);
    this.shotStamp = new Int32Array(units * SHOT_KEYS);
    this.blockedHex = new Int32Array(units * 2);
    this.missionBonus = new Float64Array(units);
    this.missionMark = new Uint8Array(units);
    this.orderKey = new Float64Array(units);
    this.snipers = new Int32Array(units);
    this.bound = new Float64Array(size);
    this.from = new Int32Array(size);
    this.shotByDist = new Float64Array((size + 1) * LEVELS);
    this.distRows = new Int32Array(4 * size);
  }

  /** Starts a decision: every memoised shot is stale. */
  newShots(): void {
    if (++this.shotEpoch === 0x3fffffff) { // never wrap onto an old stamp
      this.shotStamp.fill(0);
      this.shotEpoch = 1;
    }
  }
}
