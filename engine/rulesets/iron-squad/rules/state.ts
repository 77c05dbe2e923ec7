/**
 * All per-game Iron Squad state, struct-of-arrays, allocated once per worker. `reset`
 * restores everything from the scenario, so no game depends on the games before it.
 * Unit slots: the selected units of both sides first, then Explore-card and solo spawns.
 */
import type { Rng } from '../../../rng.ts';
import { GameEnv } from '../../../env.ts';
import type { Tally } from '../../../tally.ts';
import type { Counters } from '../../../kit/counters.ts';
import type { IronCounterDecls } from '../data/counters.ts';
import type { GameTrace } from '../../../trace.ts';
import { cumulativeWeights } from '../../../dice.ts';
import type { IronScenario } from '../compiled.ts';
import { DRM, LUCK_DICE, RESULT_DAMAGE, resultIndex, T_LOCAL, type LuckDieId } from '../data/units.ts';
import type { IronBoard } from './board.ts';
import type { IronBoardGenerator } from './board-gen.ts';
import type { IronDecisions } from './decisions.ts';
import { Deck } from '../../../deck.ts';
import { StateArrays } from '../../../state.ts';
import { CARD_EMPTY, CARD_UNIT_GERMANY, CARD_UNIT_USA } from '../data/board-data.ts';
import { DecisionScratch } from './scratch.ts';

/** Unit slots per game: 2 × 7 regular types, 4 Explore units, 4 solo Regular spawns, spare. */
export const MAX_UNITS = 24;
/** Expected-damage tables cover base accuracies −FA_OFFSET .. FA_SPAN − FA_OFFSET − 1. */
export const FA_OFFSET = 120;
export const FA_SPAN = 320;
/** Largest board (hexes) whose LOS results are cached (the cache is hexes² entries). */
export const LOS_CACHE_MAX_HEXES = 1600;

export class IronGame {
  /** The rules' dice (the runner seeds them per game). */
  readonly rng: Rng;
  /** The players' own random choices. */
  readonly prng: Rng;
  readonly tally: Tally;
  /** The ruleset's own counters (data/counters.ts), written through handles. */
  readonly count: Counters<IronCounterDecls>;
  /** `squadsim trace`: this game's event log (rules/trace-log.ts), or null in every ordinary run. */
  readonly trace: GameTrace | null;
  /** Cumulative weights of the luck die (item 67). */
  readonly luck: Int32Array;
  readonly luckWeights: Int32Array;
  n = 0;
  // Per unit.
  readonly side: Uint8Array;
  readonly type: Uint8Array;
  readonly local: Uint8Array;
  readonly alive: Uint8Array;
  readonly hp: Int32Array;
  readonly maxHp: Int32Array;
  readonly hex: Int32Array;
  /** −4MP markers waiting for the unit's next turn (item 29), and the ones applying now. */
  readonly markerNext: Int32Array;
  readonly markerNow: Int32Array;
  readonly fired: Uint8Array;
  readonly activated: Uint8Array;
  /** 1 = may not act this turn (a spawned solo Regular, a hostile Explore unit: item 18, 73). */
  readonly notReady: Uint8Array;
  /** Facing vertex of MG and Sniper counters (items 59, 62), −1 none yet. */
  readonly facing: Int8Array;
  /** Sniper opportunity attacks made this enemy turn (R10). */
  readonly oppUsed: Int32Array;
  /** Round the Medic last healed in (R15), −1 never. */
  readonly medicRound: Int32Array;
  /** Round (1-based) the unit was killed in, 0 alive. */
  readonly diedRound: Int32Array;
  /** Health lost by the unit over the game (typePointsLost). */
  readonly hpLost: Int32Array;
  /** Health lost by unit u in round t: [u * 12 + t] (typePointsLostSteps). */
  /** Enemy units this unit killed (typeKills). */
  /** Starting health (typePoints). */
  readonly startHp: Int32Array;
  /** Solo: 1 for a spawned Regular unit of the bot (item 72). */
  readonly regular: Uint8Array;
  /** Weapon range this round, after Fog (R2, R14); set at the start of each round and on spawn. */
  readonly rangeNow: Int32Array;
  /** The moving unit's enemies (alive), refreshed per activation: units and hexes. */
  readonly foes: Int32Array;
  readonly foeHex: Int32Array;
  foeCount = 0;
  /** Activation order scratch. */
  readonly order: Int32Array;
  orderLen = 0;
  orderPos = 0;

  // Per side.
  readonly vp: Int32Array;
  readonly tiles: Int32Array;
  readonly explored: Int32Array;
  readonly missionDone: Uint8Array;
  /** Mission card (R8): objective hex and enemy unit type to kill, −1 none. */
  readonly missionHex: Int32Array;
  readonly missionType: Int32Array;
  /** Enemy units killed by side s (any), enemy Local and solo Regular units killed. */
  readonly killCount: Int32Array;
  readonly localKills: Int32Array;
  readonly regularKills: Int32Array;
  /** Type t of side s is or was on the board: fieldedMask[s] bit t. */
  readonly fieldedMask: Int32Array;
  // Per round.
  readonly casRound: Int32Array;
  readonly hpLostRound: Int32Array;
  readonly hpEndRound: Int32Array;
  readonly nightRound: Uint8Array;
  readonly weatherRound: Uint8Array;
  /** Side of each turn played, in order (tests of item 3/19). */
  readonly turnSeq: Int8Array;
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
  /**
   * Units by type in slot order: byType[t * MAX_UNITS + k], k < typeCount[t] (addUnit
   * appends; a unit's type never changes), so a rule that concerns one type (MG fronts,
   * Sniper fire, Captains, Medics) visits only those units, in the order a scan would.
   */
  readonly byType: Int32Array;
  readonly typeCount: Int32Array;
  /** Attacks resolved this game (actions.ts resolveAttack): a policy's shot memo holds while it and n stand still. */
  attacks = 0;
  /** Side that completed its mission first, −1 none. */
  missionWinner = -1;
  endRound = 0;
  /** Explore deck (item 18), shuffled per game. */
  readonly deck: Deck;
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
  /** LOS cache, valid until the next reveal (LosCache). */
  readonly losCache: LosCache;
  /** A policy decision's memo and per-hex scores (rules/scratch.ts), stamped per decision. */
  readonly dec: DecisionScratch;
  /** Every per-game array and scalar, declared once with how it starts a game (engine/state.ts). */
  readonly st = new StateArrays();
  // Scratch.
  readonly path: Int32Array;
  readonly slots: Int32Array;
  readonly cand: Int32Array;
  readonly cone: Int32Array;
  /** Double results of policy helpers (returned here so they never box); [4] expectedValue, [5] a hex's score. */
  readonly val: Float64Array;
  /** Deployment hexes per side, front rows first (static per layout). */
  readonly zoneHexes: [Int32Array, Int32Array];
  /** Expected-damage tables by base accuracy + FA_OFFSET: P(damage ≥ k) k = 1..3, P(A −1H). */
  readonly pGe: Float64Array;
  readonly pBack: Float64Array;

  /** `decide[side]` answers the rules' questions of that seat's player (decisions.ts): the rules import no policy. */
  constructor(readonly scn: IronScenario, readonly decide: readonly [IronDecisions, IronDecisions], readonly board: IronBoard, readonly gen: IronBoardGenerator | null, env: GameEnv = new GameEnv(scn.plan)) {
    this.rng = env.dice;
    this.prng = env.policy;
    this.tally = env.tally;
    this.count = scn.counters.bind(env.tally);
    this.trace = env.trace;
    const w = LUCK_DICE[scn.rules.luck_die as LuckDieId];
    this.luckWeights = Int32Array.from(w);
    this.luck = cumulativeWeights(w);
    const r = scn.rules, st = this.st, size = board.size;
    // Per unit slot: every slot starts empty; addUnit fills the ones a game uses.
    this.side = st.u8(MAX_UNITS); this.type = st.u8(MAX_UNITS); this.local = st.u8(MAX_UNITS); this.alive = st.u8(MAX_UNITS);
    this.hp = st.i32(MAX_UNITS); this.maxHp = st.i32(MAX_UNITS); this.hex = st.i32(MAX_UNITS); this.startHp = st.i32(MAX_UNITS);
    this.markerNext = st.i32(MAX_UNITS); this.markerNow = st.i32(MAX_UNITS);
    this.fired = st.u8(MAX_UNITS); this.activated = st.u8(MAX_UNITS); this.notReady = st.u8(MAX_UNITS);
    this.facing = st.i8(MAX_UNITS, -1); this.oppUsed = st.i32(MAX_UNITS); this.medicRound = st.i32(MAX_UNITS, -1);
    this.diedRound = st.i32(MAX_UNITS); this.hpLost = st.i32(MAX_UNITS); this.regular = st.u8(MAX_UNITS); this.rangeNow = st.i32(MAX_UNITS);
    // Per side.
    this.vp = st.i32(2); this.tiles = st.i32(2); this.explored = st.i32(2); this.missionDone = st.u8(2);
    this.missionHex = st.i32(2, -1); this.missionType = st.i32(2, -1);
    this.killCount = st.i32(2); this.localKills = st.i32(2); this.regularKills = st.i32(2); this.fieldedMask = st.i32(2);
    // Per round.
    this.casRound = st.i32(24); this.hpLostRound = st.i32(24); this.hpEndRound = st.i32(24);
    this.nightRound = st.u8(12); this.weatherRound = st.u8(12); this.turnSeq = st.i8(24);
    // Per hex, building, objective.
    this.buildingDone = st.u8(board.buildingHex.length);
    this.exploreExtra = st.u8(size);
    this.objCap = board.objectiveHex.length;
    this.objSeen = st.u8(2 * this.objCap);
    this.cleared = st.u8(2 * size);
    this.clearedBySide = [this.cleared.subarray(0, size), this.cleared.subarray(size, 2 * size)];
    this.mgBlocked = st.u8(size);
    this.byType = st.scratch(new Int32Array((T_LOCAL + 1) * MAX_UNITS));
    this.typeCount = st.i32(T_LOCAL + 1);
    // Scratch, written before every read.
    this.foes = st.scratch(new Int32Array(MAX_UNITS)); this.foeHex = st.scratch(new Int32Array(MAX_UNITS));
    this.order = st.scratch(new Int32Array(MAX_UNITS)); this.path = st.scratch(new Int32Array(512));
    this.slots = st.scratch(new Int32Array(8)); this.cone = st.scratch(new Int32Array(64)); this.val = st.scratch(new Float64Array(6));
    this.cand = st.scratch(new Int32Array(size));
    // Rebuilt every game by setup (the board, the Explore deck) or keyed by a stamp (the LOS cache).
    st.cache(board);
    if (gen) st.cache(gen);
    this.deck = st.cache(new Deck(r.explore_deck_empty + 2 * r.explore_deck_units_per_nation));
    this.deck.loadCounts([CARD_EMPTY, CARD_UNIT_USA, CARD_UNIT_GERMANY], [r.explore_deck_empty, r.explore_deck_units_per_nation, r.explore_deck_units_per_nation]);
    // The cache is size² entries: kept only for boards up to LOS_CACHE_MAX_HEXES hexes.
    this.losCache = st.cache(new LosCache(size <= LOS_CACHE_MAX_HEXES ? size * size : 0));
    this.dec = st.cache(new DecisionScratch(MAX_UNITS, size, scn.hillsCol));
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

  /** Restores the start-of-game state (units are added by setup) from the declarations above and the sealed scalars. */
  reset(): void {
    this.st.reset();
    this.losCache.epoch++; // a new game: no cached sight line is valid
    this.dec.gameStamp++;
    this.board.path.inputs++; // the reset rewrote path finder inputs (explore MP, cleared, blocked)
  }

  /** Board LOS (items 33–40), cached until the next reveal. */
  los(a: number, b: number): boolean {
    const c = this.losCache;
    if (c.val.length === 0) return this.board.los(a, b);
    const k = a * this.board.size + b;
    if (c.stamp[k] === c.epoch) return c.val[k] === 1;
    const v = this.board.los(a, b);
    c.stamp[k] = c.epoch;
    c.val[k] = v ? 1 : 0;
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
    this.byType[type * MAX_UNITS + this.typeCount[type]++] = u;
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

/** Sight lines already traced: val[a * size + b] holds while stamp[...] === epoch, which every reveal and every game bumps. */
export class LosCache {
  readonly val: Uint8Array;
  readonly stamp: Int32Array;
  epoch = 1;
  constructor(entries: number) {
    this.val = new Uint8Array(entries);
    this.stamp = new Int32Array(entries);
  }
}
