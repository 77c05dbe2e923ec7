/**
 * All per-game Iron Squad state, struct-of-arrays, allocated once per worker. `reset`
 * restores everything from the scenario, so no game depends on the games before it.
 * Unit slots: the selected units of both sides first, then Explore-card and solo spawns.
 */
import { Rng } from '../../rng.ts';
import { cumulativeWeights } from '../../dice.ts';
import type { IronScenario } from './compile.ts';
import { DRM, LUCK_DICE, RESULT_DAMAGE, resultIndex, type LuckDieId } from './units.ts';
import type { IronBoard } from './board.ts';
import type { IronBoardGenerator } from './board-gen.ts';
import { ExploreDeck } from './explore.ts';

/** Unit slots per game: 2 × 7 regular types, 4 Explore units, 4 solo Regular spawns, spare. */
export const MAX_UNITS = 24;
/** Expected-damage tables cover base accuracies −FA_OFFSET .. FA_SPAN − FA_OFFSET − 1. */
export const FA_OFFSET = 120;
export const FA_SPAN = 320;
/** Largest board (hexes) whose LOS results are cached (the cache is hexes² entries). */
export const LOS_CACHE_MAX_HEXES = 1600;

export class IronGame {
  readonly rng = new Rng(0);
  /** Cumulative weights of the luck die (item 67). */
  readonly luck: Int32Array;
  readonly luckWeights: Int32Array;
  n = 0;
  // Per unit.
  readonly side = new Uint8Array(MAX_UNITS);
  readonly type = new Uint8Array(MAX_UNITS);
  readonly local = new Uint8Array(MAX_UNITS);
  readonly alive = new Uint8Array(MAX_UNITS);
  readonly hp = new Int32Array(MAX_UNITS);
  readonly maxHp = new Int32Array(MAX_UNITS);
  readonly hex = new Int32Array(MAX_UNITS);
  /** −4MP markers waiting for the unit's next turn (item 29), and the ones applying now. */
  readonly markerNext = new Int32Array(MAX_UNITS);
  readonly markerNow = new Int32Array(MAX_UNITS);
  readonly fired = new Uint8Array(MAX_UNITS);
  readonly activated = new Uint8Array(MAX_UNITS);
  /** 1 = may not act this turn (a spawned solo Regular, a hostile Explore unit: item 18, 73). */
  readonly notReady = new Uint8Array(MAX_UNITS);
  /** Facing vertex of MG and Sniper counters (items 59, 62), −1 none yet. */
  readonly facing = new Int8Array(MAX_UNITS);
  /** Sniper opportunity attacks made this enemy turn (R10). */
  readonly oppUsed = new Int32Array(MAX_UNITS);
  /** Round the Medic last healed in (R15), −1 never. */
  readonly medicRound = new Int32Array(MAX_UNITS);
  /** Round (1-based) the unit was killed in, 0 alive. */
  readonly diedRound = new Int32Array(MAX_UNITS);
  /** Health lost by the unit over the game (typePointsLost). */
  readonly hpLost = new Int32Array(MAX_UNITS);
  /** Health lost by unit u in round t: [u * 12 + t] (typePointsLostSteps). */
  readonly hpLostUnitRound = new Int32Array(MAX_UNITS * 12);
  /** Enemy units this unit killed (typeKills). */
  readonly kills = new Int32Array(MAX_UNITS);
  /** Starting health (typePoints). */
  readonly startHp = new Int32Array(MAX_UNITS);
  /** Solo: 1 for a spawned Regular unit of the bot (item 72). */
  readonly regular = new Uint8Array(MAX_UNITS);
  /** Weapon range this round, after Fog (R2, R14); set at the start of each round and on spawn. */
  readonly rangeNow = new Int32Array(MAX_UNITS);
  /** The moving unit's enemies (alive), refreshed per activation: units and hexes. */
  readonly foes = new Int32Array(MAX_UNITS);
  readonly foeHex = new Int32Array(MAX_UNITS);
  foeCount = 0;
  /** Activation order scratch. */
  readonly order = new Int32Array(MAX_UNITS);
  orderLen = 0;
  orderPos = 0;

  // Per side.
  readonly vp = new Int32Array(2);
  readonly tiles = new Int32Array(2);
  readonly explored = new Int32Array(2);
  readonly missionDone = new Uint8Array(2);
  /** Mission card (R8): objective hex and enemy unit type to kill, −1 none. */
  readonly missionHex = new Int32Array(2);
  readonly missionType = new Int32Array(2);
  /** Enemy units killed by side s (any), enemy Local and solo Regular units killed. */
  readonly killCount = new Int32Array(2);
  readonly localKills = new Int32Array(2);
  readonly regularKills = new Int32Array(2);
  /** Type t of side s is or was on the board: fieldedMask[s] bit t. */
  readonly fieldedMask = new Int32Array(2);
  /** VP by source [side][reveal, explore, objective, hp, kill, attacker-hit]. */
  readonly vpSource = new Int32Array(12);
  /** Actions [side][shots, opportunity, grenades, rallies, heals, reveals, explores, spawns]. */
  readonly actions = new Int32Array(16);
  // Per round.
  readonly casRound = new Int32Array(2 * 12);
  readonly hpLostRound = new Int32Array(2 * 12);
  readonly hpEndRound = new Int32Array(2 * 12);
  readonly nightRound = new Uint8Array(12);
  readonly weatherRound = new Uint8Array(12);
  /** Side of each turn played, in order (tests of item 3/19). */
  readonly turnSeq = new Int8Array(24);
  turns = 0;

  // Game clock.
  round = 0;
  hour = 0;
  startHour = 0;
  night = false;
  weather = 0;
  /** Side whose turn it is. */
  turnSide = 0;
  over = false;
  /** The current move was cut short (a hostile Explore unit, item 18). */
  stopped = false;
  /** Side that completed its mission first, −1 none. */
  missionWinner = -1;
  endRound = 0;
  /** Explore deck (item 18), shuffled per game. */
  readonly deck: ExploreDeck;
  // Per hex / building / objective.
  /** Building b explored (R7). */
  readonly buildingDone: Uint8Array;
  /** +1 on the hexes of unexplored Buildings: the explore MP (item 17), the path finder's `extra`. */
  readonly exploreExtra: Uint8Array;
  /** Objective o entered by side s: objSeen[s * cap + o] (R7). */
  readonly objSeen: Uint8Array;
  readonly objCap: number;
  /** Hexes the side's Engineer entered this round (R17): cleared[s * size + h]. */
  readonly cleared: Uint8Array;
  /** The two halves of `cleared`, as views made once. */
  readonly clearedBySide: [Uint8Array, Uint8Array];
  /** Frontal hexes of enemy MGs for the side about to move (items 31, 59). */
  readonly mgBlocked: Uint8Array;
  /** LOS cache: losVal[a * size + b] is valid while losStamp[...] === losEpoch (bumped on every reveal). */
  readonly losVal: Uint8Array;
  readonly losStamp: Int32Array;
  losEpoch = 1;
  // Scratch.
  readonly path = new Int32Array(512);
  readonly slots = new Int32Array(8);
  readonly cand: Int32Array;
  readonly cone = new Int32Array(64);
  /** Double results of policy helpers (returned here so they never box); [4] expectedValue. */
  readonly val = new Float64Array(5);
  /** Deployment hexes per side, front rows first (static per layout). */
  readonly zoneHexes: [Int32Array, Int32Array];
  /** Expected-damage tables by base accuracy + FA_OFFSET: P(damage ≥ k) k = 1..3, P(A −1H). */
  readonly pGe: Float64Array;
  readonly pBack: Float64Array;

  constructor(readonly scn: IronScenario, readonly board: IronBoard, readonly gen: IronBoardGenerator | null) {
    const w = LUCK_DICE[scn.rules.luck_die as LuckDieId];
    this.luckWeights = Int32Array.from(w);
    this.luck = cumulativeWeights(w);
    const r = scn.rules;
    this.deck = new ExploreDeck(r.explore_deck_empty + 2 * r.explore_deck_units_per_nation);
    const size = board.size;
    this.buildingDone = new Uint8Array(board.buildingHex.length);
    this.exploreExtra = new Uint8Array(size);
    this.objCap = board.objectiveHex.length;
    this.objSeen = new Uint8Array(2 * this.objCap);
    this.cleared = new Uint8Array(2 * size);
    this.clearedBySide = [this.cleared.subarray(0, size), this.cleared.subarray(size, 2 * size)];
    this.mgBlocked = new Uint8Array(size);
    // The cache is size² entries: kept only for boards up to LOS_CACHE_MAX_HEXES hexes.
    const cache = size <= LOS_CACHE_MAX_HEXES ? size * size : 0;
    this.losVal = new Uint8Array(cache);
    this.losStamp = new Int32Array(cache);
    this.cand = new Int32Array(size);
    this.zoneHexes = [zoneList(board, 0), zoneList(board, 1)];
    this.pGe = new Float64Array(3 * FA_SPAN);
    this.pBack = new Float64Array(FA_SPAN);
    const total = this.luck[7];
    for (let b = 0; b < FA_SPAN; b++) {
      const base = b - FA_OFFSET;
      for (let f = 0; f < 8; f++) {
        const p = this.luckWeights[f] / total;
        const res = resultIndex(base + DRM[f]);
        const dmg = RESULT_DAMAGE[res];
        for (let k = 1; k <= dmg; k++) this.pGe[(k - 1) * FA_SPAN + b] += p;
        if (res === 0) this.pBack[b] += p;
      }
    }
  }

  /** Clears every per-game field (units are added by setup). */
  reset(): void {
    this.n = 0;
    this.alive.fill(0);
    this.facing.fill(-1);
    this.medicRound.fill(-1);
    this.diedRound.fill(0);
    this.hpLost.fill(0);
    this.hpLostUnitRound.fill(0);
    this.kills.fill(0);
    this.markerNext.fill(0);
    this.markerNow.fill(0);
    this.fired.fill(0);
    this.activated.fill(0);
    this.notReady.fill(0);
    this.oppUsed.fill(0);
    this.regular.fill(0);
    this.vp.fill(0);
    this.tiles.fill(0);
    this.explored.fill(0);
    this.missionDone.fill(0);
    this.missionHex.fill(-1);
    this.missionType.fill(-1);
    this.killCount.fill(0);
    this.localKills.fill(0);
    this.regularKills.fill(0);
    this.fieldedMask.fill(0);
    this.vpSource.fill(0);
    this.actions.fill(0);
    this.casRound.fill(0);
    this.hpLostRound.fill(0);
    this.hpEndRound.fill(0);
    this.nightRound.fill(0);
    this.weatherRound.fill(0);
    this.round = 0;
    this.turns = 0;
    this.over = false;
    this.missionWinner = -1;
    this.endRound = 0;
    this.buildingDone.fill(0);
    this.objSeen.fill(0);
    this.cleared.fill(0);
    this.losEpoch++;
  }

  /** Board LOS (items 33–40), cached until the next reveal. */
  los(a: number, b: number): boolean {
    if (this.losVal.length === 0) return this.board.los(a, b);
    const k = a * this.board.size + b;
    if (this.losStamp[k] === this.losEpoch) return this.losVal[k] === 1;
    const v = this.board.los(a, b);
    this.losStamp[k] = this.losEpoch;
    this.losVal[k] = v ? 1 : 0;
    return v;
  }

  /** Adds a unit; returns its slot. */
  addUnit(side: number, type: number, hex: number, hp: number, local: boolean): number {
    const u = this.n++;
    this.side[u] = side;
    this.type[u] = type;
    this.local[u] = local ? 1 : 0;
    this.alive[u] = 1;
    this.hp[u] = hp;
    this.maxHp[u] = hp;
    this.startHp[u] = hp;
    this.hex[u] = hex;
    this.facing[u] = -1;
    this.fieldedMask[side] |= 1 << type;
    return u;
  }
}

/** Item 6: the side's deployment hexes, nearest the enemy first (setup only). */
function zoneList(board: IronBoard, side: number): Int32Array {
  const out: number[] = [];
  for (let h = 0; h < board.size; h++) if (board.zone[h] === side) out.push(h);
  // USA (north) fronts south: larger rows first; Germany the reverse.
  out.sort((a, b) => (side === 0 ? board.grid.row(b) - board.grid.row(a) : board.grid.row(a) - board.grid.row(b)) || a - b);
  return Int32Array.from(out);
}
