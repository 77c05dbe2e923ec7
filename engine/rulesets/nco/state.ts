import { Rng } from '../../rng.ts';
import { Table } from '../../geometry/table.ts';
import type { NcoScenario } from './compile.ts';
import type { GenerateOptions, MapGenerator } from '../../geometry/mapgen.ts';
import { Objectives } from './objective-state.ts';
import { PROFILES } from './profiles.ts';

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
  readonly rng = new Rng(0);
  readonly table: Table;
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
  /** Small scratch list of legal options for the random policy. */
  readonly opts = new Int32Array(16);
  /** Cover spots for movement (cover-spots.ts), refreshed per map. */
  readonly spotX = new Float64Array(160);
  readonly spotY = new Float64Array(160);
  spotCount = 0;
  /** Marks spots rejected during one bestCoverSpot call (compared with spotStamp). */
  readonly spotSkip = new Int32Array(160);
  spotStamp = 1;
  /** Per side, each spot's distance to the nearest enemy at the start of the turn. */
  readonly spotEnemyD = new Float64Array(320);
  /** Terrain height under each soldier, refreshed when he moves. */
  readonly elevC: Float64Array;
  /** Primary weapon jammed this turn (Easy event). */
  readonly easyJam: Uint8Array;
  // Items and events (items 80–100): per-soldier state, reset per game.
  /** Item bits (roster-types.ts I_*) not used up yet; once-per-battle items clear their bit. */
  readonly itemsLeft: Int32Array;
  /** Item bits each soldier starts with, and his profile's base cost (R12: rank for Able). */
  readonly itemsStart: Int32Array;
  readonly baseCost: Int32Array;
  /** Morphine taken: immune to psyche loss for the rest of the battle (item 84). */
  readonly psycheImmune: Uint8Array;
  /** Must be given Down this turn (Charlie event, Flask hangover: items 85, 93). */
  readonly mustDown: Uint8Array;
  /** Effects carried into the next turn (events.ts NEXT_* bits). */
  readonly nextTurn: Uint8Array;
  /** Field Map (item 89): inches added to moveIn this turn, by side. */
  readonly mapBonus = new Int32Array(2);
  /** This turn's event (events.ts EV_*), rolled in the previous End phase; 0 none. */
  event = 0;
  // Per side.
  /** Table edge of each side: 0 = the y = 0 edge, 1 = the y = height edge. */
  readonly edge = new Int32Array(2);
  deployedFirst = 0;
  /** Map generator and its options when the config asks for a generated map per game. */
  generator: MapGenerator | null = null;
  genOpts: GenerateOptions | null = null;
  readonly unordered = new Int32Array(2);
  /** Living soldiers per side (kill() keeps it). */
  readonly aliveCount = new Int32Array(2);
  /** Ambush tokens on the table per side. */
  readonly ambushers = new Int32Array(2);
  /** Kills of enemy soldiers by [side × 14 + profile]. */
  readonly killsBy = new Float64Array(28);
  /** Orders and actions taken by [side × 12 + action]. */
  readonly actions = new Float64Array(24);
  readonly vp = new Float64Array(2);
  readonly casualtiesThisTurn = new Int32Array(2);
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
  streakSide = -1;
  streakLen = 0;
  over = false;
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
  /** First scratch slot in table points. */
  readonly sp: number;
  /** Scenario objectives (S1–S6, alternative deployment): objective-state.ts. */
  readonly obj: Objectives;

  constructor(readonly scn: NcoScenario) {
    const n = (this.n = scn.soldierCount);
    this.table = new Table({ maxPolygons: 48, maxVertices: 384, points: n + SCRATCH_POINTS });
    this.sp = n;
    this.side = new Uint8Array(n);
    this.moveIn = new Int32Array(n);
    this.courage = new Int32Array(n);
    this.maxHealth = new Int32Array(n);
    this.maxPsyche = new Int32Array(n);
    this.primary = new Int32Array(n);
    this.alive = new Uint8Array(n);
    this.health = new Int32Array(n);
    this.psyche = new Int32Array(n);
    this.order = new Uint8Array(n);
    this.down = new Uint8Array(n);
    this.moved = new Uint8Array(n);
    this.specialDone = new Uint8Array(n);
    this.breakdowns = new Int32Array(n);
    this.brokenNow = new Uint8Array(n);
    this.mustRally = new Uint8Array(n);
    this.ambush = new Int32Array(n);
    this.diedTurn = new Int32Array(n);
    this.fuel = new Int32Array(n);
    this.grenades = new Int32Array(n);
    this.list = new Int32Array(n + 1);
    this.list2 = new Int32Array(8 * n + 8);
    this.courageMod = new Int32Array(n);
    this.noSpecial = new Uint8Array(n);
    this.actOrder = new Int32Array(n);
    this.elevC = new Float64Array(n);
    this.easyJam = new Uint8Array(n);
    this.itemsLeft = new Int32Array(n);
    this.itemsStart = new Int32Array(n);
    this.baseCost = new Int32Array(n);
    for (let s = 0, i = 0; s < 2; s++) {
      for (const so of scn.rosters[s].soldiers) { this.itemsStart[i] = so.items; this.baseCost[i] = PROFILES[so.profile].cost; i++; }
    }
    this.psycheImmune = new Uint8Array(n);
    this.mustDown = new Uint8Array(n);
    this.nextTurn = new Uint8Array(n);
    this.r = scn.rules.base_radius_in;
    this.score = new Float64Array(n + 1);
    this.vis = new Int8Array(n * n);
    this.dd = new Float64Array(n * n);
    this.rd = new Float64Array(n * n);
    this.cov = new Int8Array(n * n);
    this.obj = new Objectives(scn);
  }

  /**
   * Restores the start-of-game state (everything but the rng, which the caller seeds for
   * this game first).
   */
  reset(): void {
    const s = this.scn;
    this.side.set(s.side);
    this.moveIn.set(s.move);
    this.courage.set(s.courage);
    this.maxHealth.set(s.health);
    this.maxPsyche.set(s.psyche);
    this.primary.set(s.primary);
    this.alive.fill(1);
    this.health.set(s.health);
    this.psyche.set(s.psyche);
    this.order.fill(0);
    this.down.fill(0);
    this.moved.fill(0);
    this.specialDone.fill(0);
    this.breakdowns.fill(0);
    this.brokenNow.fill(0);
    this.mustRally.fill(0);
    this.ambush.fill(0);
    this.diedTurn.fill(0);
    this.fuel.fill(s.rules.flamer_uses);
    this.grenades.set(s.grenades);
    this.trackTarget = -1;
    this.trackHits = 0;
    this.unordered.fill(0);
    this.aliveCount[0] = s.sideStart[1];
    this.aliveCount[1] = this.n - s.sideStart[1];
    this.ambushers.fill(0);
    this.killsBy.fill(0);
    this.actions.fill(0);
    this.courageMod.fill(0);
    this.easyJam.fill(0);
    this.noSpecial.fill(0);
    this.itemsLeft.set(this.itemsStart);
    this.psycheImmune.fill(0);
    this.mustDown.fill(0);
    this.nextTurn.fill(0);
    this.mapBonus.fill(0);
    this.event = 0;
    this.elevC.fill(0);
    this.dogEvent = false;
    this.vp.fill(0);
    this.casualtiesThisTurn.fill(0);
    this.vis.fill(-1);
    this.cov.fill(-1);
    this.turn = 0;
    this.phase = 0;
    this.moveMod = 0;
    this.rangeMod = 0;
    this.listTop = 0;
    this.firstSide = 0;
    this.streakSide = -1;
    this.streakLen = 0;
    this.over = false;
    this.obj.reset();
  }

  /** Line of sight between two soldiers, cached until either moves. */
  los(a: number, b: number): boolean {
    const k = a * this.n + b;
    let v = this.vis[k];
    if (v < 0) {
      v = this.table.los(a, b) ? 1 : 0;
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
      v = !this.los(a, b) || this.table.inCover(a, b, this.alive, this.n) ? 1 : 0;
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
    const ax = px[a], ay = py[a];
    for (let j = 0; j < n; j++) {
      const dx = px[j] - ax, dy = py[j] - ay;
      const d = Math.sqrt(dx * dx + dy * dy);
      const e = d - edge;
      this.dd[a * n + j] = d;
      this.dd[j * n + a] = d;
      this.rd[a * n + j] = e > 0 ? e : 0;
      this.rd[j * n + a] = e > 0 ? e : 0;
    }
    for (let j = 0; j < n; j++) {
      this.vis[a * n + j] = -1;
      this.vis[j * n + a] = -1;
      this.cov[a * n + j] = -1;
      this.cov[j * n + a] = -1;
    }
  }

  /** Counts an order or action for the actions block. */
  count(i: number, action: number): void {
    this.actions[this.side[i] * 12 + action]++;
  }

  walkingWounded(i: number): boolean {
    return this.health[i] === 1;
  }
}
