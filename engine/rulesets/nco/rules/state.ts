import type { GameTrace } from '../../../trace.ts';
import type { Counters } from '../../../kit/counters.ts';
import type { NcoCounterDecls } from '../data/counters.ts';
import type { Rng } from '../../../rng.ts';
import { GameEnv } from '../../../env.ts';
import type { Tally } from '../../../tally.ts';
import { Table } from '../../../geometry/table.ts';
import { Router } from '../../../geometry/path.ts';
import type { NcoScenario } from '../compiled.ts';
import type { MapGenerator, MapGenOptions } from './terrain/mapgen.ts';
import { NcoMoveCost } from './terrain/move-cost.ts';
import { inCoverOf, lineOfSight, SightRules } from './terrain/sight.ts';
import { StateArrays } from '../../../state.ts';
import { DiceBag } from '../../../bag.ts';
import { Objectives } from './objective-state.ts';
import { ShotMemo } from './shot-memo.ts';
import { PROFILES } from '../data/profiles.ts';
import { SpotCache } from './spot-cache.ts';
import { ActivationCursors } from './activation.ts';
import type { NcoDecisions } from './decisions.ts';
import type { ScenarioRules } from './scenario-rules.ts';

/** Order-die faces (item 19–26). 0 = no order yet this turn. */
export const O_NONE = 0;
export const O_DOWN = 1;
export const O_RALLY = 2;
export const O_COVER_FIRE = 3;
export const O_FIRE = 4;
export const O_ADVANCE = 5;
export const O_RUN = 6;
/** A Run given as an Assault (item 26); the die shows 6, recorded apart for item 16. */
export const O_ASSAULT = 7;
/** An ambusher whose drawn die was set aside to keep waiting (R5); it may still trigger once. */
export const O_HOLD = 8;

export const PHASE_ORDERS = 1;
export const PHASE_SPECIAL = 2;

/** Special actions (items 29–32). */
export const SA_NONE = 0;
export const SA_FOCUS_FIRE = 1;
export const SA_ASSAULT = 2;
export const SA_MEND = 3;
export const SA_AMBUSH = 4;

/** Scratch point slots after the models in the table's point pool. */
export const SCRATCH_POINTS = 8;

/**
 * All per-game state, struct-of-arrays, allocated once per worker for the scenario's
 * soldier count. `reset` restores every field from the scenario so no state leaks
 * between games (determinism contract).
 */
export class NcoGame {
  readonly n: number;
  /** The rules' dice (the runner seeds them per game). */
  readonly rng: Rng;
  /** The players' own random choices (random policy, tie-breaks). */
  readonly prng: Rng;
  readonly tally: Tally;
  readonly table: Table;
  /** R2 movement costs, the router that applies them, and R1 sight (terrain/). */
  readonly move: NcoMoveCost;
  readonly router: Router;
  readonly sight: SightRules;
  // Static per soldier (copied from the scenario on reset; events/items may change some later).
  readonly side: Uint8Array;
  /** Move in whole inches (Int32 so budgets never box as doubles). */
  readonly moveIn: Int32Array;
  readonly courage: Int32Array;
  readonly maxHealth: Int32Array;
  readonly maxPsyche: Int32Array;
  readonly primary: Int32Array;
  // Dynamic per soldier.
  readonly alive: Uint8Array;
  readonly health: Int32Array;
  readonly psyche: Int32Array;
  /** Order taken this turn (O_*), 0 if none yet. */
  readonly order: Uint8Array;
  /** In the Down position this turn (order Down, reactive/forced Down, breakdown, ambush). */
  readonly down: Uint8Array;
  /** Moved this turn (Advance/Run/Assault): −1 to hit when firing later this turn (item 34). */
  readonly moved: Uint8Array;
  readonly specialDone: Uint8Array;
  /** Times psyche has reached 0 (items 57, 59). */
  readonly breakdowns: Int32Array;
  /** Psyche hit 0 this turn: Down, no special action, further psyche loss ignored (item 57). */
  readonly brokenNow: Uint8Array;
  /** Broke down last turn: first orders must be Rally (psyche) (item 58). */
  readonly mustRally: Uint8Array;
  /** Turns of Ambush left (item 32, R5); >0 means the token is on the table. */
  readonly ambush: Int32Array;
  /** Turn the soldier became a casualty (1-based), 0 if alive. */
  readonly diedTurn: Int32Array;
  /** Flamethrower uses left (item 45, R17). */
  readonly fuel: Int32Array;
  /** Hand grenades left (item 47; grenades.ts). */
  readonly grenades: Int32Array;
  /** Temporary courage change this turn (events, Flask, Tobacco, Morphine). */
  readonly courageMod: Int32Array;
  /** May not take a special action this turn (Roger event, Flask hangover). */
  readonly noSpecial: Uint8Array;
  /** Soldier indices in this turn's activation priority (policy order). */
  readonly actOrder: Int32Array;
  /** Where the policies' walks of actOrder may start (activation.ts). */
  readonly actFrom: ActivationCursors;
  /** Small scratch list of legal options for the random policy. */
  readonly opts: Int32Array;
  /** Cover spots for movement (cover-spots.ts), refreshed per map. */
  readonly spotX: Float64Array;
  readonly spotY: Float64Array;
  spotCount = 0;
  /** Per side, each spot's distance to the nearest enemy at the start of the turn (filled on first use). */
  readonly spotEnemyD: Float64Array;
  /** The policies' cover-spot caches (spot-cache.ts). */
  readonly spotCache: SpotCache;
  /** Terrain height under each soldier, refreshed when he moves. */
  readonly elevC: Float64Array;
  /** Primary weapon jammed this turn (Easy event). */
  readonly easyJam: Uint8Array;
  // Items and events (items 80–100): per-soldier state, reset per game.
  /** Item bits (data/roster-types.ts I_*) not used up yet; once-per-battle items clear their bit. */
  readonly itemsLeft: Int32Array;
  /** Item bits each soldier starts with, and his profile's base cost (R12: rank for Able). */
  readonly itemsStart: Int32Array;
  readonly baseCost: Int32Array;
  /** Per side, every item bit its soldiers start with: itemsLeft only ever loses bits, so an item not here is nowhere. */
  readonly sideItems: Int32Array;
  /** Morphine taken: immune to psyche loss for the rest of the battle (item 84). */
  readonly psycheImmune: Uint8Array;
  /** Must be given Down this turn (Charlie event, Flask hangover: items 85, 93). */
  readonly mustDown: Uint8Array;
  /** Effects carried into the next turn (events.ts NEXT_* bits). */
  readonly nextTurn: Uint8Array;
  /** Field Map (item 89): inches added to moveIn this turn, by side. */
  readonly mapBonus: Int32Array;
  /** This turn's event (events.ts EV_*), rolled in the previous End phase; 0 none. */
  event = 0;
  // Per side.
  /** Table edge of each side: 0 = the y = 0 edge, 1 = the y = height edge. */
  readonly edge: Int32Array;
  deployedFirst = 0;
  /** Map generator and its options when the config asks for a generated map per game. */
  generator: MapGenerator | null = null;
  genOpts: MapGenOptions | null = null;
  /** The order-dice bag (engine/bag.ts); `unordered` is its dice in the bag: soldiers of each side with no order yet. */
  readonly bag = new DiceBag(2);
  readonly unordered: Int32Array;
  /** Living soldiers per side (kill() keeps it). */
  readonly aliveCount: Int32Array;
  /** Ambush tokens on the table per side. */
  readonly ambushers: Int32Array;
  /** The ruleset's own counters (data/counters.ts), written through handles. */
  readonly count: Counters<NcoCounterDecls>;
  readonly vp: Float64Array;
  // Turn bookkeeping.
  turn = 0;
  phase = 0;
  /** Movement and range changes for this turn (events, Field Map). */
  moveMod = 0;
  rangeMod = 0;
  /**
   * Base radius (R3). `declare`: a plain field would be emitted as `r;` (starting as
   * undefined), which makes V8 keep it tagged, and `y < g.r ? g.r : y` would then box y.
   */
  declare readonly r: number;
  /** First soldier of side 1 (scn.sideStart[1]): side 0 is [0, split), side 1 [split, n). */
  declare readonly split: number;
  /** The policy's last choice: soldier, order/action, target soldier, weapon, destination slot. */
  pick = -1;
  pickOrder = 0;
  pickTarget = -1;
  pickWeapon = 0;
  pickDest = 0;
  /** Dog event: no Cover Fire orders this turn. */
  dogEvent = false;
  /** Hits landed on trackTarget by the current attack (Ambush needs hits on the mover only). */
  trackTarget = -1;
  trackHits = 0;
  /** Scratch result of weapon choice (chance × dice). */
  lastChance = 0;
  /** Top of the nested target-list stack in list2. */
  listTop = 0;
  firstSide = 0;
  over = false;
  /** `squadsim trace`: this game's event log (engine/trace.ts), or null in every ordinary run. */
  readonly trace: GameTrace | null;
  /** Orders the rules refused this game (item 28: a policy bug when it is not 0; tests read it). */
  illegalOrders = 0;
  /** Scratch list for policies and target enumeration (soldier indices). */
  readonly list: Int32Array;
  readonly list2: Int32Array;
  readonly score: Float64Array;
  /**
   * Centre distance (dd) and rule distance (rd: base edge to base edge, or centre to centre
   * per rules.measure, R3) between soldiers, n × n, refreshed for a soldier when he moves.
   * Hot code reads these arrays instead of calling a distance function, whose double
   * result V8 would box whenever the call is not inlined.
   */
  readonly dd: Float64Array;
  readonly rd: Float64Array;
  /** Visibility cache: −1 unknown, 0 no LOS, 1 LOS. Cleared per row/col when a model moves. */
  readonly vis: Int8Array;
  /** Cover cache for policy scoring only (row = shooter); exact tests are used to resolve shots. */
  readonly cov: Int8Array;
  /** bestTarget's and bestShooter's memos (shot-memo.ts): pair keys wiped with vis. */
  readonly shots: ShotMemo;
  /** First scratch slot in table points. */
  readonly sp: number;
  /** Scenario objectives (S1–S6, alternative deployment): objective-state.ts. */
  readonly obj: Objectives;
  /** Every per-game array and scalar, declared once with how it starts a game (engine/state.ts). */
  readonly st = new StateArrays();

  /**
   * `decide` answers every choice the rules ask of a player (decisions.ts), `scenarioRules`
   * applies the scenario's own rules (scenario-rules.ts): the rules import neither the
   * policies nor scenarios/. `env` brings the dice streams and the tally (engine/env.ts).
   */
  constructor(readonly scn: NcoScenario, readonly decide: NcoDecisions, readonly scenarioRules: ScenarioRules, env: GameEnv = new GameEnv(scn.plan)) {
    const n = (this.n = scn.soldierCount);
    this.rng = env.dice;
    this.trace = env.trace;
    this.prng = env.policy;
    this.tally = env.tally;
    this.count = scn.counters.bind(env.tally);
    const st = this.st;
    // Caches and per-map buffers: the table (its map is loaded or generated per game; model
    // positions are set by deployment), the movement rules' and router's stamped searches.
    this.table = st.cache(new Table({ maxPolygons: 48, maxVertices: 384, points: n + SCRATCH_POINTS }));
    this.move = st.cache(new NcoMoveCost(this.table));
    this.router = st.cache(new Router(this.table, this.move));
    this.sight = st.cache(new SightRules()); // its piece lists are keyed on the map (table version) and positions
    this.sp = n;
    // Static per soldier, copied from the scenario every game (events and items may change some).
    this.side = st.copyOf(scn.side);
    this.moveIn = st.copyOf(scn.move);
    this.courage = st.copyOf(scn.courage);
    this.maxHealth = st.copyOf(scn.health);
    this.maxPsyche = st.copyOf(scn.psyche);
    this.primary = st.copyOf(scn.primary);
    this.health = st.copyOf(scn.health);
    this.psyche = st.copyOf(scn.psyche);
    this.grenades = st.copyOf(scn.grenades);
    const itemsStart = new Int32Array(n), baseCost = new Int32Array(n);
    for (let s = 0, i = 0; s < 2; s++) {
      for (const so of scn.rosters[s].soldiers) { itemsStart[i] = so.items; baseCost[i] = PROFILES[so.profile].cost; i++; }
    }
    this.itemsStart = itemsStart;
    this.sideItems = new Int32Array(2);
    for (let i = 0; i < n; i++) this.sideItems[scn.side[i]] |= itemsStart[i];
    this.baseCost = baseCost;
    this.itemsLeft = st.copyOf(itemsStart);
    // Dynamic per soldier.
    this.alive = st.u8(n, 1);
    this.order = st.u8(n);
    this.down = st.u8(n);
    this.moved = st.u8(n);
    this.specialDone = st.u8(n);
    this.breakdowns = st.i32(n);
    this.brokenNow = st.u8(n);
    this.mustRally = st.u8(n);
    this.ambush = st.i32(n);
    this.diedTurn = st.i32(n);
    this.fuel = st.i32(n, scn.rules.flamer_uses);
    this.courageMod = st.i32(n);
    this.noSpecial = st.u8(n);
    this.actOrder = st.i32(n);
    this.actFrom = new ActivationCursors(scn.sideStart[1], st);
    this.elevC = st.f64(n);
    this.easyJam = st.u8(n);
    this.psycheImmune = st.u8(n);
    this.mustDown = st.u8(n);
    this.nextTurn = st.u8(n);
    this.mapBonus = st.i32(2);
    this.edge = st.i32(2);
    this.unordered = st.fill(this.bag.inBag, 0);
    st.fill(this.bag.owned, 0);
    st.fill(this.bag.kept, 0);
    this.aliveCount = st.copyOf(Int32Array.of(scn.sideStart[1], n - scn.sideStart[1]));
    this.ambushers = st.i32(2);
    this.vp = st.f64(2);
    this.vis = st.i8(n * n, -1);
    this.cov = st.i8(n * n, -1);
    this.shots = new ShotMemo(n, st);
    this.dd = st.f64(n * n);
    this.rd = st.f64(n * n);
    // Cover spots: the list is built per map (constant for a fixed map), the nearest-enemy
    // distances per turn.
    this.spotX = st.scratch(new Float64Array(160));
    this.spotY = st.scratch(new Float64Array(160));
    this.spotEnemyD = st.scratch(new Float64Array(320));
    this.spotCache = st.cache(new SpotCache(n));
    // Scratch lists, written before every read.
    this.opts = st.scratch(new Int32Array(16));
    this.list = st.scratch(new Int32Array(n + 1));
    this.list2 = st.scratch(new Int32Array(8 * n + 8));
    this.score = st.scratch(new Float64Array(n + 1));
    this.r = scn.rules.base_radius_in;
    this.split = scn.sideStart[1];
    this.obj = new Objectives(scn, st);
  }

  /**
   * Restores the start-of-game state from the declarations above and the scalars recorded
   * by `seal` (createNcoGame calls it once the game is wired); the runner seeds the dice.
   */
  reset(): void {
    this.st.reset();
  }

  /** Line of sight between two soldiers, cached until either moves. */
  los(a: number, b: number): boolean {
    const k = a * this.n + b;
    let v = this.vis[k];
    if (v < 0) {
      v = lineOfSight(this.table, this.sight, a, b) ? 1 : 0;
      this.vis[k] = v;
      this.vis[b * this.n + a] = v;
    }
    return v === 1;
  }

  /** Cover of b from a for policy scoring, cached until either moves (intervening models may be stale). */
  coverGuess(a: number, b: number): boolean {
    const k = a * this.n + b;
    let v = this.cov[k];
    if (v < 0) {
      v = !this.los(a, b) || inCoverOf(this.table, this.sight, a, b, this.alive, this.n) ? 1 : 0;
      this.cov[k] = v;
    }
    return v === 1;
  }

  /** Recounts aliveCount from alive (for tests that set alive directly). */
  recountAlive(): void {
    this.aliveCount[0] = 0;
    this.aliveCount[1] = 0;
    for (let i = 0; i < this.n; i++) if (this.alive[i]) this.aliveCount[this.side[i]]++;
  }

  /** Ends the game when a side has no soldier left. */
  checkOver(): void {
    if (this.aliveCount[0] === 0 || this.aliveCount[1] === 0) this.over = true;
  }

  /** Forget cached LOS for a soldier who moved; refresh his terrain height and distances. */
  touched(a: number): void {
    const n = this.n;
    this.elevC[a] = this.table.elev(a);
    const px = this.table.px, py = this.table.py;
    const edge = this.scn.rules.measure === 'edge' ? 2 * this.r : 0;
    const ax = px[a], ay = py[a], row = a * n;
    const dd = this.dd, rd = this.rd, vis = this.vis, cov = this.cov, sk = this.shots.key;
    this.shots.touches[a]++;
    for (let j = 0, rj = a; j < n; j++, rj += n) { // row a and column a (symmetric), from registers: no reload
      const dx = px[j] - ax, dy = py[j] - ay;
      const d = Math.sqrt(dx * dx + dy * dy), e = d - edge, r = e > 0 ? e : 0;
      dd[row + j] = d; dd[rj] = d; rd[row + j] = r; rd[rj] = r;
    }
    for (let j = 0, rj = a; j < n; j++, rj += n) { // the caches wiped both ways
      vis[row + j] = vis[rj] = cov[row + j] = cov[rj] = -1;
      sk[row + j] = sk[rj] = -1;
    }
  }

  /** touched() for every soldier (deployment): each pair's distance once, the caches wiped. */
  touchedAll(): void {
    const n = this.n;
    const px = this.table.px, py = this.table.py;
    const edge = this.scn.rules.measure === 'edge' ? 2 * this.r : 0;
    for (let a = 0; a < n; a++) {
      this.elevC[a] = this.table.elev(a);
      const ax = px[a], ay = py[a];
      for (let j = a; j < n; j++) { // (−dx)² = dx²: the same distance either way round
        const dx = px[j] - ax, dy = py[j] - ay;
        const d = Math.sqrt(dx * dx + dy * dy), e = d - edge;
        this.dd[a * n + j] = this.dd[j * n + a] = d;
        this.rd[a * n + j] = this.rd[j * n + a] = e > 0 ? e : 0;
      }
    }
    this.vis.fill(-1);
    this.cov.fill(-1);
    this.shots.wipe();
  }

  walkingWounded(i: number): boolean {
    return this.health[i] === 1;
  }
}
