/**
 * The Iron Squad board (items 10–18, 25–26, 32–40; R4, R5, R7, R9, R18): hex terrain,
 * the 36 tile slots in groups 1–6, face-down stacks, buildings and Mission Objectives.
 *
 * HOW TO USE (for the rules loop, policies and scenarios):
 *
 *   // Once per scenario (compile time; allocates; bad input -> ConfigError under `root`):
 *   const { board, generator } = boardFromConfig(config.map, ['map'])   // board-json.ts:
 *     //   config.map = an inlined board JSON (hand-made) or { "generate": { ...boardGenSchema } }
 *   const board = compileBoard(json, ['map'])             // hand-made board only, board-json.ts
 *   const gen = new IronBoardGenerator(genOptions)        // generated only, board-gen.ts
 *   const board = gen.createBoard()
 *   board.unrevealedBlocksLos = rules.unrevealed_blocks_los   // R5 (before the first setup)
 *
 *   // Per game (allocation-free, deterministic from the rng):
 *   if (generator) generator.generate(board, rng)   // new terrain + tiles, then board.setup(rng)
 *   else board.setup(rng)                             // hand-made: shuffle/place tiles per §2.1
 *
 *   // Queries, all by integer hex index h = row * cols + col (row 0 = north):
 *   board.terrain[h]  board.elevation[h]  board.buildingId[h]  board.objectiveId[h]
 *   board.tileId[h]  board.group[h]  board.hidden[h]  board.road[h]  board.zone[h]
 *   board.enterCost[h]                    // MP to enter from off-road; 255 = impassable/hidden
 *   board.grid.distance(a, b)             // hexes; board.grid.nb[h * 6 + d] neighbours (-1 off board)
 *   board.los(a, b)                       // LOS incl. elevation (HexSight); grenades skip it
 *     (board.hiddenLosLevel = 1; board.sight.highSeesHigh / highSeesOverAdjacentLower = items 40 / 39)
 *   board.elevationCase(a, t)             // 0 level, 1 attacker higher, 2 attacker lower (EAM)
 *   board.tamColumn(h, hillsCol)          // TAM column of a target in h (R3)
 *   board.path                            // IronPathFinder (reach.ts: HexPathFinder, same answers) over enterCost + road (2 MP along it):
 *     p.capAll = 4 (Rifleman); p.capMask = cleared; p.capValue = 3 (Engineer);
 *     p.extra = explore costs (+1 per unexplored Building); p.blocked = hexes an MG's front bars;
 *     p.reach(h, mp) -> p.cost[], p.prev[], p.reached[0..n); p.pathTo(t, out); p.stepCost(u, v)
 *     (call p.clearModifiers() before a unit without modifiers)
 *   board.grid.cone(h, vertex, 4, out)    // Sniper area (R10); grid.neighbour(h, v), (v+1)%6 = MG front
 *   board.grid.within(h, r, out)          // every hex within r (centre first); grid.ring(h, r, dir, out) clockwise
 *
 *   // Face-down tiles (items 13–15):
 *   n = board.revealableSlots(h, out)     // hidden slots next to a unit in h
 *   board.allowedRotations(slot)          // bit k = rotation k × 60° allowed by the slot's shape
 *   tile = board.reveal(slot, rotation)   // draws the group's stack top; -1 if impossible
 *   board.randomRotation(slot, rng)       // a uniformly random allowed rotation
 *
 *   // Buildings, objectives, explore deck:
 *   board.buildingCount, board.buildingHex[b]         // -1 while on a hidden tile
 *     (buildingHex.length / objectiveHex.length are capacities for any game of this layout)
 *   board.objectiveCount, board.objectiveHex[o], board.objectiveName[o], board.objectiveHalf[o] (0 north, 1 south)
 *   the Explore deck is the engine's Deck (engine/deck.ts), held by the game state (state.ts)
 */
import { HexGrid, slotRotations } from '../../../geometry/hex.ts';
import { IronPathFinder, minPassable } from './reach.ts';
import { HexSight } from './sight.ts';
import { SightLines } from './sight-lines.ts';
import type { Rng } from '../../../rng.ts';
import { setupBoard } from './board-setup.ts';
import type { BoardLayout } from './board-layout.ts';
import { countHiddenNeighbours, distanceTable, unhide } from './board-cache.ts';
import {
  GROUP_COUNT, OBJECTIVE_NAMES, ROAD_ALONG_MP, T_BUILDING, T_HIDDEN, T_OBJECTIVE, T_ROAD,
  TERRAIN_BLOCKS_LOS, TERRAIN_LEVEL, TERRAIN_MP, TERRAIN_TAM_COLUMN,
} from '../data/board-data.ts';

export type { BoardLayout } from './board-layout.ts';

export class IronBoard {
  readonly name: string;
  readonly grid: HexGrid;
  readonly size: number;
  readonly placement: 'rulebook' | 'as-listed';
  readonly hiddenTiles: boolean;
  /** R5: hexes of face-down tiles block LOS. Set from the rules before setup(). */
  unrevealedBlocksLos = true;
  /** Level at which a hidden hex blocks (1 = like a Hill: nothing low is seen past it). */
  hiddenLosLevel = 1;

  // Static content (the generator rewrites fixedTerrain and tileTerrain per game).
  readonly fixedTerrain: Uint8Array;
  readonly zone: Uint8Array;
  readonly slotCount: number;
  readonly slotGroup: Int8Array;
  readonly slotLabel: Int8Array;
  readonly slotStart: Int32Array;
  readonly slotHexes: Int32Array;
  readonly slotRotMask: Uint8Array;
  /** perm[(slotStart[s]) * 6 + k * size + i]: slot position where tile position i lands at rotation k. */
  readonly slotPerm: Int32Array;
  /** Slot of each hex (-1 fixed) and the hex's position in it. */
  readonly hexSlot: Int16Array;
  readonly tileCount: number;
  readonly tileGroup: Int8Array;
  readonly tileStart: Int32Array;
  readonly tileSize: Int32Array;
  readonly tileTerrain: Uint8Array;
  readonly tileObjectiveCount: Int8Array;
  /** Names of each tile's MO hexes (static strings, read by indexContent). */
  readonly tileObjectiveNames: string[][];
  /** Slots and tiles of each group 1..6: groupSlots[g] / groupTiles[g] (setup only). */
  readonly groupSlots: Int32Array[];
  readonly groupTiles: Int32Array[];

  // Ids assigned from the content (indexContent): per tile position and per fixed hex.
  readonly tileBuilding: Int16Array;
  readonly tileObjective: Int16Array;
  readonly fixedBuilding: Int16Array;
  buildingCount = 0;
  objectiveCount = 0;
  readonly objectiveName: string[];
  readonly objectiveTile: Int16Array;

  // Per-game state.
  readonly terrain: Uint8Array;
  readonly elevation: Int8Array;
  readonly buildingId: Int16Array;
  readonly objectiveId: Int16Array;
  readonly tileId: Int16Array;
  readonly group: Int8Array;
  readonly hidden: Uint8Array;
  /** Face-down neighbours of each hex (board-cache.ts): counted by setup, kept by layTile. */
  readonly hiddenNb: Uint8Array;
  readonly road: Uint8Array;
  readonly enterCost: Uint8Array;
  readonly losBlock: Uint8Array;
  readonly losLevel: Int8Array;
  readonly slotTile: Int16Array;
  readonly slotRotation: Int8Array;
  readonly slotRevealed: Uint8Array;
  readonly buildingHex: Int32Array;
  readonly objectiveHex: Int32Array;
  readonly objectiveHalf: Int8Array;
  /** Face-down stacks: tiles of group g at stack[groupTileOffset[g] + i], top at stackTop[g]. */
  readonly stack: Int16Array;
  readonly stackTop: Int32Array;
  readonly stackEnd: Int32Array;
  readonly groupTileOffset: Int32Array;

  readonly sight: HexSight;
  /** The sight's traces of every pair in weapon range, walked once (sight-lines.ts). */
  readonly sightLines: SightLines;
  /** Hex distances by a * size + b (static), empty on very large boards: board-cache.ts dist(). */
  readonly distTable: Uint8Array;
  readonly path: IronPathFinder;
  private readonly stamp: Int32Array;
  private stampMark = 0;

  constructor(layout: BoardLayout) {
    this.name = layout.name;
    this.grid = new HexGrid(layout.cols, layout.rows);
    const n = (this.size = this.grid.size);
    this.placement = layout.placement;
    this.hiddenTiles = layout.hiddenTiles;
    this.fixedTerrain = Uint8Array.from(layout.fixedTerrain);
    this.zone = Uint8Array.from(layout.zone);

    const S = (this.slotCount = layout.slots.length);
    this.slotGroup = new Int8Array(S);
    this.slotLabel = new Int8Array(S);
    this.slotStart = new Int32Array(S + 1);
    this.hexSlot = new Int16Array(n).fill(-1);
    let total = 0;
    for (let s = 0; s < S; s++) {
      this.slotStart[s] = total;
      total += layout.slots[s].hexes.length;
    }
    this.slotStart[S] = total;
    this.slotHexes = new Int32Array(total);
    this.slotRotMask = new Uint8Array(S);
    this.slotPerm = new Int32Array(total * 6);
    for (let s = 0; s < S; s++) {
      const sl = layout.slots[s];
      this.slotGroup[s] = sl.group;
      this.slotLabel[s] = sl.label;
      sl.hexes.forEach((h, i) => {
        this.slotHexes[this.slotStart[s] + i] = h;
        this.hexSlot[h] = s;
      });
      this.slotRotMask[s] = slotRotations(this.grid, sl.hexes, this.slotPerm.subarray(this.slotStart[s] * 6, this.slotStart[s + 1] * 6));
    }

    const T = (this.tileCount = layout.tiles.length);
    this.tileGroup = new Int8Array(T);
    this.tileStart = new Int32Array(T + 1);
    this.tileSize = new Int32Array(T);
    let tt = 0;
    for (let t = 0; t < T; t++) {
      this.tileStart[t] = tt;
      this.tileSize[t] = layout.tiles[t].terrain.length;
      tt += layout.tiles[t].terrain.length;
    }
    this.tileStart[T] = tt;
    this.tileTerrain = new Uint8Array(tt);
    this.tileObjectiveCount = new Int8Array(T);
    this.tileObjectiveNames = [];
    for (let t = 0; t < T; t++) {
      this.tileGroup[t] = layout.tiles[t].group;
      this.tileTerrain.set(layout.tiles[t].terrain, this.tileStart[t]);
      this.tileObjectiveNames.push(layout.tiles[t].objectiveNames.slice());
    }
    this.groupSlots = [];
    this.groupTiles = [];
    this.groupTileOffset = new Int32Array(GROUP_COUNT + 2);
    let off = 0;
    for (let g = 0; g <= GROUP_COUNT; g++) {
      const slots: number[] = [], tiles: number[] = [];
      for (let s = 0; s < S; s++) if (this.slotGroup[s] === g) slots.push(s);
      for (let t = 0; t < T; t++) if (this.tileGroup[t] === g) tiles.push(t);
      this.groupSlots.push(Int32Array.from(slots));
      this.groupTiles.push(Int32Array.from(tiles));
      this.groupTileOffset[g] = off;
      off += tiles.length;
    }
    this.groupTileOffset[GROUP_COUNT + 1] = off;
    this.stack = new Int16Array(Math.max(1, off));
    this.stackTop = new Int32Array(GROUP_COUNT + 1);
    this.stackEnd = new Int32Array(GROUP_COUNT + 1);

    this.tileBuilding = new Int16Array(tt).fill(-1);
    this.tileObjective = new Int16Array(tt).fill(-1);
    this.fixedBuilding = new Int16Array(n).fill(-1);
    this.objectiveName = new Array<string>(tt + 1).fill('');
    this.objectiveTile = new Int16Array(tt + 1).fill(-1);

    this.terrain = new Uint8Array(n);
    this.elevation = new Int8Array(n);
    this.buildingId = new Int16Array(n);
    this.objectiveId = new Int16Array(n);
    this.tileId = new Int16Array(n);
    this.group = new Int8Array(n);
    this.hidden = new Uint8Array(n);
    this.hiddenNb = new Uint8Array(n);
    this.road = new Uint8Array(n);
    this.enterCost = new Uint8Array(n);
    this.losBlock = new Uint8Array(n);
    this.losLevel = new Int8Array(n);
    this.slotTile = new Int16Array(S);
    this.slotRotation = new Int8Array(S);
    this.slotRevealed = new Uint8Array(S);
    this.buildingHex = new Int32Array(n + tt);
    this.objectiveHex = new Int32Array(tt + 1);
    this.objectiveHalf = new Int8Array(tt + 1);
    this.stamp = new Int32Array(S);

    this.sight = new HexSight(this.grid, this.losBlock, this.losLevel, this.elevation);
    this.sightLines = new SightLines(this.sight);
    this.distTable = distanceTable(this.grid);
    this.path = new IronPathFinder(this.grid, this.enterCost, minPassable(TERRAIN_MP)); // every hex's cost is a TERRAIN_MP entry
    this.path.road = this.road;
    this.path.roadCost = ROAD_ALONG_MP;
    this.indexContent();
  }

  /**
   * Numbers the buildings (tile ones in tile order, then fixed ones in hex order) and the
   * Mission Objectives (tile order). Call after changing fixedTerrain/tileTerrain.
   */
  indexContent(): void {
    let b = 0, o = 0;
    for (let t = 0; t < this.tileCount; t++) {
      let k = 0;
      for (let i = this.tileStart[t]; i < this.tileStart[t + 1]; i++) {
        const ter = this.tileTerrain[i];
        this.tileBuilding[i] = ter === T_BUILDING ? b++ : -1;
        if (ter === T_OBJECTIVE) {
          this.objectiveName[o] = this.tileObjectiveNames[t][k++] ?? OBJECTIVE_NAMES[o % OBJECTIVE_NAMES.length];
          this.objectiveTile[o] = t;
          this.tileObjective[i] = o++;
        } else this.tileObjective[i] = -1;
      }
      this.tileObjectiveCount[t] = k;
    }
    for (let h = 0; h < this.size; h++) this.fixedBuilding[h] = this.fixedTerrain[h] === T_BUILDING ? b++ : -1;
    this.buildingCount = b;
    this.objectiveCount = o;
  }

  /**
   * Resets the per-game state and lays the tiles (§2.1, items 12–14), allocation-free:
   * groups 1 and 6 shuffled face up at rotation 0; the Mission-Objective tiles of groups 2
   * and 5 each on the slot labelled by a D8 (8, a missing label or a taken slot re-rolls)
   * at a random allowed rotation (the placing player's choice); every other tile of a
   * group goes to its shuffled face-down stack. 'as-listed' boards skip the shuffles and
   * rolls: tile k of a group goes to slot k (objective tiles first), stacks in listed order.
   */
  setup(rng: Rng): void {
    setupBoard(this, rng);
    countHiddenNeighbours(this);
  }

  /** A uniformly random allowed rotation of `slot` (0 if the shape allows only 0). */
  randomRotation(slot: number, rng: Rng): number {
    const mask = this.slotRotMask[slot];
    let count = 0;
    for (let k = 0; k < 6; k++) if (mask & (1 << k)) count++;
    let pick = count > 1 ? rng.below(count) : 0;
    for (let k = 0; k < 6; k++) if (mask & (1 << k) && pick-- === 0) return k;
    return 0;
  }

  /**
   * Item 15: draws the top tile of the slot's group stack and lays it face up at
   * `rotation` (0..5; a rotation the slot's shape does not allow counts as 0). Returns the
   * tile id, or -1 if the slot is already revealed or the stack is empty.
   */
  reveal(slot: number, rotation: number): number {
    if (this.slotTile[slot] >= 0) return -1;
    const g = this.slotGroup[slot];
    if (this.stackTop[g] >= this.stackEnd[g]) return -1;
    const t = this.stack[this.stackTop[g]++];
    this.layTile(slot, t, rotation);
    return t;
  }

  /** Lays tile t face up on `slot` at `rotation` (setup and reveal; not a move by a player). */
  layTile(slot: number, t: number, rotation: number): void {
    const k = rotation >= 0 && rotation < 6 && (this.slotRotMask[slot] & (1 << rotation)) !== 0 ? rotation : 0;
    this.slotTile[slot] = t;
    this.slotRotation[slot] = k;
    this.slotRevealed[slot] = 1;
    const s0 = this.slotStart[slot], size = this.slotStart[slot + 1] - s0;
    const perm = s0 * 6 + k * size;
    const t0 = this.tileStart[t];
    for (let i = 0; i < size; i++) {
      const h = this.slotHexes[s0 + this.slotPerm[perm + i]];
      unhide(this, h);
      this.tileId[h] = t;
      this.setTerrain(h, this.tileTerrain[t0 + i]);
      const b = this.tileBuilding[t0 + i];
      this.buildingId[h] = b;
      if (b >= 0) this.buildingHex[b] = h;
      const o = this.tileObjective[t0 + i];
      this.objectiveId[h] = o;
      if (o >= 0) {
        this.objectiveHex[o] = h;
        this.objectiveHalf[o] = this.grid.row(h) * 2 < this.grid.rows ? 0 : 1;
      }
    }
  }

  /** Sets a hex's terrain and everything derived from it (level, cost, LOS, road). */
  setTerrain(h: number, ter: number): void {
    this.terrain[h] = ter;
    this.elevation[h] = TERRAIN_LEVEL[ter];
    this.road[h] = ter === T_ROAD ? 1 : 0;
    this.enterCost[h] = TERRAIN_MP[ter];
    this.path.inputs++; // the path finder's inputs changed (reach.ts)
    this.losBlock[h] = ter === T_HIDDEN ? (this.unrevealedBlocksLos ? 1 : 0) : TERRAIN_BLOCKS_LOS[ter];
    this.losLevel[h] = ter === T_HIDDEN ? this.hiddenLosLevel : TERRAIN_LEVEL[ter];
  }

  /**
   * Hidden slots with a hex adjacent to h (item 15: a unit there may reveal them), written
   * into out without repeats; returns the count.
   */
  revealableSlots(h: number, out: Int32Array): number {
    const mark = ++this.stampMark;
    const nb = this.grid.nb;
    let n = 0;
    for (let d = 0; d < 6; d++) {
      const v = nb[h * 6 + d];
      if (v < 0 || this.hidden[v] === 0) continue;
      const s = this.hexSlot[v];
      if (this.stamp[s] === mark) continue;
      this.stamp[s] = mark;
      out[n++] = s;
    }
    return n;
  }

  /** Bit k set = the slot's shape maps onto itself under k × 60° (item 15 "any rotation"). */
  allowedRotations(slot: number): number {
    return this.slotRotMask[slot];
  }

  /** LOS from a to b with elevation (items 33–40, R5, R9). */
  los(a: number, b: number): boolean {
    return this.sightLines.visible(a, b);
  }

  /** EAM case (item 45): 0 level (or same hex), 1 attacker higher (in favour), 2 attacker lower (against). */
  elevationCase(a: number, t: number): number {
    const ea = this.elevation[a], et = this.elevation[t];
    return a === t || ea === et ? 0 : ea > et ? 1 : 2;
  }

  /** TAM column of a target standing in h (board-data TERRAIN_TAM_COLUMN; Hills -> hillsCol, R3). */
  tamColumn(h: number, hillsCol: number): number {
    const c = TERRAIN_TAM_COLUMN[this.terrain[h]];
    return c === -2 ? hillsCol : c;
  }

  /** Number of slots still face down. */
  hiddenSlotCount(): number {
    let n = 0;
    for (let s = 0; s < this.slotCount; s++) if (this.slotTile[s] < 0) n++;
    return n;
  }
}

