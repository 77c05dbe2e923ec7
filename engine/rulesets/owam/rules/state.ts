/**
 * All per-game OWAM state, struct-of-arrays, allocated once per worker (engine/state.ts
 * resets it). Soldiers are the compiled roster (both sides); Fireteams are global slots
 * side × 4 + k; map cells are col + row × cols.
 */
import type { Rng } from '../../../rng.ts';
import type { GameEnv } from '../../../env.ts';
import type { GameTrace } from '../../../trace.ts';
import type { Tally } from '../../../tally.ts';
import { Deck } from '../../../deck.ts';
import { StateArrays } from '../../../state.ts';
import type { OwamScenario } from '../compiled.ts';
import { DECK_SIZE, type CardCatalog } from '../data/cards.ts';
import type { OwamDecisions } from './decisions.ts';
import type { Counters } from '../../../kit/counters.ts';
import type { OwamCounterDecls } from '../data/counters.ts';

export const MAX_FT = 8;
export const FT_SLOTS = 8;
export const HAND_MAX = 24;
/** Soldier conditions (items 38, 51–52). */
export const OK = 0, SUPPRESSED = 1, WOUNDED = 2;

export class OwamGame {
  readonly st = new StateArrays();
  readonly rng: Rng;
  readonly prng: Rng;
  readonly tally: Tally;
  /** `squadsim trace`: this game's event log (rules/trace-log.ts), or null in every ordinary run. */
  readonly trace: GameTrace | null;
  readonly cat: CardCatalog;
  /**
   * The core deck. Deck.reset rebuilds its draw pile and counters each game; its discard
   * buffer past the live count keeps stale ids that are never read, so the deck is
   * declared a cache (engine/state.ts) rather than compared field by field.
   */
  readonly deck = new Deck(DECK_SIZE);
  readonly n: number;
  readonly cells: number;
  // Soldiers.
  readonly alive: Uint8Array;
  readonly cond: Uint8Array;
  /** Round the soldier was last suppressed (item 52: not shot at again that round). */
  readonly suppRound: Int32Array;
  readonly jammed: Uint8Array;
  /** The gunner a crewing assistant feeds (−1 none: item 43). */
  readonly feeds: Int32Array;
  /** Round from which the crewed/scoped grid applies (R11), −1 not crewed/scoped. */
  readonly altFrom: Int32Array;
  readonly ftOf: Int8Array;
  readonly transferRound: Int32Array;
  /** Rally Orders assigned while Fatalist needs 2 (item 24). */
  readonly rallyCount: Uint8Array;
  // Fireteams.
  readonly fAlive: Uint8Array;
  readonly fCell: Int32Array;
  /** Destination of an FT on the move (item 41), −1 none. */
  readonly fDest: Int32Array;
  readonly fSize: Uint8Array;
  readonly fMem: Int8Array;
  readonly fStealth: Uint8Array;
  /** Item 84: the FT was stealthed when the current assault began (rules.stealth_advantage "assault"). */
  readonly fWasStealth: Uint8Array;
  /** Item 84: the last round in which the FT held Stealth (rules.stealth_advantage "round"). */
  readonly fStealthRound: Int32Array;
  readonly fCover: Uint8Array;
  readonly fEntrenched: Uint8Array;
  readonly fLastStand: Int32Array;
  /** Round and cell in which the FT was last attacked (item 43: no Stealth there). */
  readonly fAttackedRound: Int32Array;
  readonly fAttackedCell: Int32Array;
  readonly fActed: Uint8Array;
  /** Last round the FT was on the move (item 84: established = not on the move this round). */
  readonly fMovedRound: Int32Array;
  readonly fManeuvers: Uint8Array;
  readonly fHome: Int32Array;
  /** Round the FT last tried Recognition on each enemy FT (R14): [ft * 8 + enemy]. */
  readonly recogRound: Int32Array;
  /** Attacked this turn by the active FT (item 34): per enemy FT. */
  readonly attackedNow: Uint8Array;
  /** Soldiers who fired in the current Attack Order. */
  readonly firedNow: Uint8Array;
  // Track (item 33, R22): FT ids in order.
  readonly track: Int8Array;
  trackLen = 0;
  // Map.
  readonly terrain: Int8Array;
  readonly placed: Uint8Array;
  readonly entrench: Uint8Array;
  /** Smoke 2 yellow, 1 red (R16); Star Shell 2 yellow, 1 red (item 79); Satchel: side + 1 (item 78). */
  readonly smoke: Uint8Array;
  readonly star: Uint8Array;
  readonly satchel: Uint8Array;
  readonly reconBlocked: Int32Array;
  // Hands (item 6, R21): one per player, player p = side × 2 + seat; and the Fog-of-War pile (item 32).
  readonly hand: Int16Array;
  readonly handN: Int32Array;
  /** The seat (0 or 1) of each side whose hand is in use now (team play, item 26). */
  readonly cur: Uint8Array;
  readonly fow: Int16Array;
  fowN = 0;
  // Per side.
  readonly pts: Int32Array;
  readonly objPts: Int32Array;
  /** Axis FTs still to arrive (item 104) or paratroopers to drop (item 109). */
  readonly waiting: Int32Array;
  // Scratch.
  readonly tmp: Int32Array;
  readonly tmp2: Int32Array;
  readonly cand: Int32Array;
  // Scalars.
  round = 0;
  phase = 0;
  timeUp = false;
  over = false;
  winner = -1;
  winClass = -1;
  endReason = 0;
  active = -1;
  /** Item 80: an assault uses up the trigger's remaining actions. */
  turnOver = false;
  lastCard = -1;
  lastColour = -1;
  lastValue = 0;
  /** Artillery card: 1 orange (loaded), 0 yellow; used this round (item 76). */
  artyLoaded = 0;
  artyRound = -1;
  truckCell = -1;
  truckState = 0;
  truckHeldBy = -1;
  truckHeldRound = -1;
  luCell = -1;
  luCarrier = -1;
  clockStep = 0;
  /** The ruleset's own counters (data/counters.ts), written through handles. */
  readonly count: Counters<OwamCounterDecls>;

  /** `decide`: each seat's player (policy/players.ts). */
  constructor(readonly scn: OwamScenario, readonly decide: readonly [OwamDecisions, OwamDecisions], env: GameEnv) {
    const st = this.st;
    this.count = scn.counters.bind(env.tally);
    this.rng = env.dice;
    this.prng = env.policy;
    this.tally = env.tally;
    this.trace = env.trace;
    this.cat = scn.catalog;
    this.n = scn.n;
    this.cells = scn.cols * scn.rows;
    const n = scn.n, C = this.cells;
    this.alive = st.u8(n, 1);
    this.cond = st.u8(n);
    this.suppRound = st.i32(n, -1);
    this.jammed = st.u8(n);
    this.feeds = st.i32(n, -1);
    this.altFrom = st.i32(n, -1);
    this.ftOf = st.copyOf(scn.sFt);
    this.transferRound = st.i32(n, -1);
    this.rallyCount = st.u8(n);
    this.fAlive = st.u8(MAX_FT);
    this.fCell = st.i32(MAX_FT, -1);
    this.fDest = st.i32(MAX_FT, -1);
    this.fSize = st.u8(MAX_FT);
    this.fMem = st.i8(MAX_FT * FT_SLOTS, -1);
    this.fStealth = st.u8(MAX_FT);
    this.fWasStealth = st.u8(MAX_FT);
    this.fStealthRound = st.i32(MAX_FT, -1);
    this.fCover = st.u8(MAX_FT);
    this.fEntrenched = st.u8(MAX_FT);
    this.fLastStand = st.i32(MAX_FT, -1);
    this.fAttackedRound = st.i32(MAX_FT, -1);
    this.fAttackedCell = st.i32(MAX_FT, -1);
    this.fActed = st.u8(MAX_FT);
    this.fMovedRound = st.i32(MAX_FT, -1);
    this.fManeuvers = st.u8(MAX_FT);
    this.fHome = st.i32(MAX_FT, -1);
    this.recogRound = st.i32(MAX_FT * MAX_FT, -1);
    this.attackedNow = st.u8(MAX_FT);
    this.firedNow = st.u8(n);
    this.track = st.i8(MAX_FT, -1);
    this.terrain = st.copyOf(scn.layout);
    this.placed = st.copyOf(scn.placed);
    this.entrench = st.u8(C);
    this.smoke = st.u8(C);
    this.star = st.u8(C);
    this.satchel = st.u8(C);
    this.reconBlocked = st.i32(C, -1);
    this.hand = st.fill(new Int16Array(4 * HAND_MAX), -1);
    this.handN = st.i32(4);
    this.cur = st.u8(2);
    this.fow = st.fill(new Int16Array(DECK_SIZE), -1);
    this.pts = st.i32(2);
    this.objPts = st.i32(2);
    this.waiting = st.i32(2);
    this.tmp = st.scratch(new Int32Array(64));
    this.tmp2 = st.scratch(new Int32Array(64));
    this.cand = st.scratch(new Int32Array(64));
    st.cache(this.deck);
  }

  col(c: number): number { return c % this.scn.cols; }
  row(c: number): number { return (c / this.scn.cols) | 0; }
  sideOfFt(f: number): number { return f >> 2; }
  member(f: number, k: number): number { return this.fMem[f * FT_SLOTS + k]; }
  /** Item 26: the seat of the player who owns FT f (FTs alternate between a side's two players). */
  seatOf(f: number): number { return this.scn.players[f >> 2] === 2 ? f & 1 : 0; }
  /** The side's hand in use (player side × 2 + its current seat). */
  player(side: number): number { return side * 2 + this.cur[side]; }
}
