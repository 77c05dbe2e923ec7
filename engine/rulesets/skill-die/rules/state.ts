/**
 * All per-game skill-die state, struct-of-arrays, allocated once per worker (engine/state.ts).
 * Units 0..n-1 (side 0 first); their positions live in the table's point slots 0..n-1,
 * set at every deployment; slots from SLOT_AIM on are scratch points.
 */
import type { GameEnv } from '../../../env.ts';
import type { Rng } from '../../../rng.ts';
import { Router } from '../../../geometry/path.ts';
import { Table, type MapJson } from '../../../geometry/table.ts';
import { StateArrays } from '../../../state.ts';
import type { Tally } from '../../../tally.ts';
import type { Counters } from '../../../kit/counters.ts';
import type { SkillCounterDecls } from '../data/counters.ts';
import type { GameTrace } from '../../../trace.ts';
import type { SkillScenario } from '../compiled.ts';
import type { SkillDecisions } from './decisions.ts';
import { SkillMoveCost } from './terrain.ts';

/** Unit status. */
export const ACTIVE = 0, CASUALTY = 1, GONE = 2;

export class SkillGame {
  readonly scn: SkillScenario;
  /** Each seat's player (policy/players.ts). */
  readonly decide: readonly [SkillDecisions, SkillDecisions];
  /** The ruleset's own counters (data/counters.ts), written through handles. */
  readonly count: Counters<SkillCounterDecls>;
  readonly rng: Rng;
  readonly prng: Rng;
  readonly tally: Tally;
  /** `squadsim trace`: this game's event log (rules/trace-log.ts), or null in every ordinary run. */
  readonly trace: GameTrace | null;
  readonly st = new StateArrays();
  readonly table: Table;
  readonly move: SkillMoveCost;
  readonly router: Router;
  readonly n: number;
  /** Scratch point slots. */
  readonly SLOT_AIM: number;
  readonly SLOT_TMP: number;
  readonly SLOT_START: number;
  readonly SLOT_DEST: number;

  // Per unit.
  readonly status: Uint8Array;
  /** Move rating now (halved by a 6–8 revival, item 30). */
  readonly moveNow: Float64Array;
  /** Permanent Disadvantage from a 6–8 revival (item 30). */
  readonly permDis: Uint8Array;
  /** Moves made this turn (0, 1, 2), inches moved this turn, and whether it moved in its last completed turn (R7). */
  readonly moves: Uint8Array;
  readonly movedIn: Float64Array;
  readonly movedLast: Uint8Array;
  /** The Action is spent this turn (attack, signal, assist, focus, second move...). */
  readonly acted: Uint8Array;
  /** Has been activated this turn. */
  readonly activated: Uint8Array;
  /** A saved Action available as a Reaction (item 6, R8), and the round it was last used. */
  readonly reaction: Uint8Array;
  readonly reactedRound: Int32Array;
  /** Focusing this turn (item 14): stays put. */
  readonly focus: Uint8Array;
  /** R4: 2 = suppressed, its next own turn not begun; 1 = in that turn; 0 = not. */
  readonly suppressed: Uint8Array;
  /** Round in which the unit is the Main Effort (item 23, R15); −1 none. */
  readonly mainEffort: Int32Array;
  /** Signal token beside the unit (item 26, R16). */
  readonly signal: Uint8Array;
  /** Round the unit was revived in: it cannot act that turn (R13). */
  readonly revivedRound: Int32Array;
  /** Attacks made this turn (R6's first-attack awareness rule). */
  readonly attacks: Int32Array;
  /** Where the unit started its turn (R6). */
  readonly sx: Float64Array;
  readonly sy: Float64Array;
  /** Crew assists pledged to each gunner for its current attack (item 12). */
  readonly assist: Int32Array;
  /** Suppression earned during the attack being resolved (applied at its end). */
  readonly pendSupp: Uint8Array;
  /** Targets passed to a side (items 27–28) or located by EW (item 32): [side * n + u] = 1 + the signalling unit, 0 none. */
  readonly passed: Int32Array;

  // Per side.
  /** Commander signalled for initiative Advantage next turn (item 25). */
  readonly initAdv: Uint8Array;
  readonly order: Int32Array;
  orderLen = 0;
  round = 0;
  /** The side whose turn it is, −1 between turns. */
  turnSide = -1;
  /** Moves stop this close (centre to centre) to SLOT_DEST (0 = go to it). */
  arrive = 0;
  /** The unit spending its Reaction right now (R8), −1 none. */
  reactor = -1;
  /** Side that lost the last initiative tie (R19 alternative). */
  lastTieLoser = -1;
  /** Scratch for policy and rules (targets, scores). */
  readonly cand: Int32Array;
  readonly candScore: Float64Array;
  readonly f = new Float64Array(8);

  constructor(scn: SkillScenario, decide: readonly [SkillDecisions, SkillDecisions], env: GameEnv) {
    this.scn = scn;
    this.decide = decide;
    this.rng = env.dice;
    this.prng = env.policy;
    this.tally = env.tally;
    this.count = scn.counters.bind(env.tally);
    this.trace = env.trace;
    const n = (this.n = scn.n);
    const map = scn.map as MapJson & { terrain: { polygon: unknown[] }[] };
    const verts = map.terrain.reduce((a, t) => a + t.polygon.length, 0);
    this.table = new Table({ maxPolygons: map.terrain.length + 1, maxVertices: verts + 4, points: n + 8 }, { baseRadius: 0.5 });
    this.table.loadMap(map);
    this.move = new SkillMoveCost(this.table);
    this.router = new Router(this.table, this.move);
    this.SLOT_AIM = n; this.SLOT_TMP = n + 1; this.SLOT_START = n + 2; this.SLOT_DEST = n + 3;
    const st = this.st;
    st.cache(this.table); // unit slots are rewritten at every deployment, the rest is scratch or the map
    st.cache(this.router);
    st.cache(this.move);
    this.status = st.u8(n);
    this.moveNow = st.copyOf(scn.uMove);
    this.permDis = st.u8(n);
    this.moves = st.u8(n);
    this.movedIn = st.f64(n);
    this.movedLast = st.u8(n, 1);
    this.acted = st.u8(n);
    this.activated = st.u8(n);
    this.reaction = st.u8(n);
    this.reactedRound = st.i32(n, -1);
    this.focus = st.u8(n);
    this.suppressed = st.u8(n);
    this.mainEffort = st.i32(n, -1);
    this.signal = st.u8(n);
    this.revivedRound = st.i32(n, -1);
    this.attacks = st.i32(n);
    this.sx = st.f64(n);
    this.sy = st.f64(n);
    this.assist = st.i32(n);
    this.passed = st.i32(2 * n);
    this.pendSupp = st.u8(n);
    this.initAdv = st.u8(2);
    this.order = st.scratch(new Int32Array(n));
    this.cand = st.scratch(new Int32Array(4 * n + 16));
    this.candScore = st.scratch(new Float64Array(4 * n + 16));
  }

  reset(): void {
    this.st.reset();
  }

  x(u: number): number { return this.table.px[u]; }
  y(u: number): number { return this.table.py[u]; }
  /** Edge-to-edge distance between two units (1" bases, R18). */
  gap(a: number, b: number): number {
    const d = this.table.dist(a, b) - 2 * this.table.baseRadius;
    return d > 0 ? d : 0;
  }
  isActive(u: number): boolean { return this.status[u] === ACTIVE; }
}
