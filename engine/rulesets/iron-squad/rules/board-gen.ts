/**
 * Seeded board generator (R4): a fixed slot layout built once, new terrain, tiles,
 * buildings and objectives for every game from that game's rng, written into the same
 * IronBoard (allocation-free per game), then the rulebook setup (§2.1).
 *
 * Default layout (docs/rules/iron-squad.md, decision B1): 18 columns × 16 rows of flat-topped
 * hexes; roads along rows 2 and 13; US deployment rows 0–1, German 14–15. The rows between
 * the roads hold 36 tile slots, each a straight north–south column of 5 hexes (rotation 0
 * or 180°): one band of 18 in the north half (groups 1, 2, 3), one in the south half
 * (groups 4, 5, 6), groups spread evenly across the width. Groups 2 and 5 label their
 * slots 1..7 west to east for the D8 roll.
 */
import { z } from 'zod';
import type { Rng } from '../../../rng.ts';
import { chooseNext } from '../../../dice.ts';
import { parseOrThrow, WHEN_VALID } from '../../../validate.ts';
import { type BoardLayout, IronBoard } from './board.ts';
import {
  GROUP_COUNT, T_BUILDING, T_CLEAR, T_FOREST, T_HIDDEN, T_HIGH_GRASS, T_HILLS, T_OBJECTIVE, T_ROAD, T_ROCK, T_SAND, T_WATER,
  TERRAIN_MP, ZONE_GERMANY, ZONE_NONE, ZONE_USA,
} from '../data/board-data.ts';

const weight = (def: number) => z.number().int().min(0).max(1000).default(def).describe('Relative weight of this terrain.');

/** Generator parameters (R4 defaults). */
export const boardGenSchema = z
  .object({
    board_cols: z.number().int().min(4).max(60).default(18).describe('Board width in hex columns (R4 ASSUMED).'),
    board_rows: z.number().int().min(8).max(60).default(16).describe('Board height in hex rows (R4 ASSUMED).'),
    /** Rows of the northern and southern east–west roads. */
    road_rows: z.tuple([z.number().int().min(1), z.number().int().min(2)]).default([2, 13]).describe('Rows of the northern and southern east–west roads; deployment zones lie beyond them (R4).'),
    /** Hexes per tile slot (a straight column). */
    tile_height: z.number().int().min(1).max(10).default(5).describe('Hexes per tile slot, a straight column (R4 ASSUMED).'),
    /** Tiles per group 1..6; groups 1–3 fill the north half, 4–6 the south. */
    group_sizes: z.array(z.number().int().min(0).max(60)).length(6).default([5, 7, 6, 6, 7, 5]).describe('Tiles per group 1–6; groups 1–3 fill the north half, 4–6 the south (item 11, R4).'),
    /** Mission-Objective tiles (one MO hex each) per group (items 12–13: 3, 2, 0, 0, 2, 3). */
    objectives_by_group: z.array(z.number().int().min(0).max(20)).length(6).default([3, 2, 0, 0, 2, 3]).describe('Mission-Objective tiles (one MO hex each) per group (items 12–13).'),
    /** Building hexes on tiles (item 17). */
    buildings: z.number().int().min(0).max(200).default(24).describe('Building hexes placed on tiles (item 17).'),
    max_buildings_per_tile: z.number().int().min(1).max(10).default(2).describe('Most Building hexes on one tile.'),
    /** Water and Rock hexes per tile at most, so no tile walls the board off. */
    max_impassable_per_tile: z.number().int().min(0).max(10).default(1).describe('Most Water and Rock hexes on one tile, so no tile walls the board off.'),
    /** Terrain weights of the non-road hexes (R4, percent). */
    terrain_mix: z
      .object({ clear: weight(40), high_grass: weight(12), forest: weight(15), hills: weight(10), sand: weight(6), rock: weight(4), water: weight(5) })
      .strict()
      .prefault({}).describe('Relative weights of the terrain of non-road hexes (R4 ASSUMED, percent).'),
    /** false: every tile starts face up (variant). */
    hidden_tiles: z.boolean().default(true).describe('Groups 3–4 and the non-objective tiles of groups 2 and 5 start face down; false = every tile face up (variant).'),
  })
  .strict()
  .superRefine((o, ctx) => {
    const [n, s] = o.road_rows;
    if (!(n < s && s < o.board_rows - 1)) ctx.addIssue({ code: 'custom', path: ['road_rows'], message: `roads must be rows 1 ≤ north < south < ${o.board_rows - 1}` });
    const bands = Math.floor((s - n - 1) / o.tile_height);
    const north = Math.ceil(bands / 2) * o.board_cols, south = Math.floor(bands / 2) * o.board_cols;
    const g = o.group_sizes;
    if (g[0] + g[1] + g[2] !== north || g[3] + g[4] + g[5] !== south) {
      ctx.addIssue({ code: 'custom', path: ['group_sizes'], message: `groups 1–3 must add up to the ${north} north slots and groups 4–6 to the ${south} south slots` });
    }
    o.objectives_by_group.forEach((k, i) => {
      const cap = i === 1 || i === 4 ? Math.min(7, g[i]) : g[i];
      if (k > cap) ctx.addIssue({ code: 'custom', path: ['objectives_by_group', i], message: `at most ${cap} for group ${i + 1}` });
    });
    // Each MO sits on its own tile, which then has one hex less for Buildings.
    const tiles = north + south;
    const mo = o.objectives_by_group.reduce((a, b) => a + b, 0);
    const per = Math.min(o.max_buildings_per_tile, o.tile_height), perMo = Math.min(o.max_buildings_per_tile, o.tile_height - 1);
    if (o.buildings > (tiles - mo) * per + mo * perMo) {
      ctx.addIssue({ code: 'custom', path: ['buildings'], message: 'more buildings than the tiles can hold' });
    }
    const m = o.terrain_mix;
    if (m.clear + m.high_grass + m.forest + m.hills + m.sand + m.rock + m.water <= m.rock + m.water) {
      ctx.addIssue({ code: 'custom', path: ['terrain_mix'], message: 'needs some passable terrain weight' });
    }
  }, WHEN_VALID);
export type BoardGenOptions = z.output<typeof boardGenSchema>;

const MIX_TERRAIN = Uint8Array.of(T_CLEAR, T_HIGH_GRASS, T_FOREST, T_HILLS, T_SAND, T_ROCK, T_WATER);

/** Builds the slot layout once; `generate` fills a board made by `createBoard` per game. */
export class IronBoardGenerator {
  readonly opts: BoardGenOptions;
  readonly layout: BoardLayout;
  private readonly cumMix: Int32Array;
  private readonly passCumMix: Int32Array;
  private readonly scratch: Int32Array;
  private readonly tileBuildings: Int32Array;

  /** Bad options throw a ConfigError under map.generate. */
  constructor(options: unknown = {}) {
    this.opts = parseOrThrow(boardGenSchema, options, ['map', 'generate']);
    this.layout = defaultLayout(this.opts);
    const m = this.opts.terrain_mix;
    const w = [m.clear, m.high_grass, m.forest, m.hills, m.sand, m.rock, m.water];
    this.cumMix = new Int32Array(7);
    this.passCumMix = new Int32Array(7);
    let t = 0, p = 0;
    for (let i = 0; i < 7; i++) {
      t += w[i];
      if (TERRAIN_MP[MIX_TERRAIN[i]] < 255) p += w[i];
      this.cumMix[i] = t;
      this.passCumMix[i] = p;
    }
    this.scratch = new Int32Array(Math.max(1, this.layout.tiles.length));
    this.tileBuildings = new Int32Array(Math.max(1, this.layout.tiles.length));
  }

  /** A board for this layout (once per worker). */
  createBoard(): IronBoard {
    return new IronBoard(this.layout);
  }

  /** New terrain and tile contents from rng, then board.setup(rng). Allocation-free. */
  generate(board: IronBoard, rng: Rng): void {
    const o = this.opts;
    for (let h = 0; h < board.size; h++) {
      if (board.hexSlot[h] >= 0) continue;
      if (this.layout.fixedTerrain[h] === T_ROAD) board.fixedTerrain[h] = T_ROAD;
      else board.fixedTerrain[h] = this.draw(rng, this.cumMix);
    }
    const T = board.tileCount;
    for (let t = 0; t < T; t++) {
      let impassable = 0;
      for (let i = board.tileStart[t]; i < board.tileStart[t + 1]; i++) {
        const ter = this.draw(rng, impassable < o.max_impassable_per_tile ? this.cumMix : this.passCumMix);
        if (TERRAIN_MP[ter] >= 255) impassable++;
        board.tileTerrain[i] = ter;
      }
      this.tileBuildings[t] = 0;
    }
    // Mission Objectives: k distinct tiles of each group, one MO hex each at a random position.
    for (let g = 1; g <= GROUP_COUNT; g++) {
      const tiles = board.groupTiles[g];
      const k = o.objectives_by_group[g - 1];
      for (let i = 0; i < tiles.length; i++) this.scratch[i] = tiles[i];
      for (let i = 0; i < k; i++) {
        chooseNext(rng, this.scratch, i, tiles.length); // the next of k distinct tiles
        const t = this.scratch[i];
        board.tileTerrain[board.tileStart[t] + rng.below(board.tileSize[t])] = T_OBJECTIVE;
      }
    }
    // Buildings: uniform over tile hexes, at most max_buildings_per_tile per tile.
    for (let b = 0; b < o.buildings; ) {
      const t = rng.below(T);
      const i = board.tileStart[t] + rng.below(board.tileSize[t]);
      const ter = board.tileTerrain[i];
      if (ter === T_OBJECTIVE || ter === T_BUILDING || this.tileBuildings[t] >= o.max_buildings_per_tile) continue;
      board.tileTerrain[i] = T_BUILDING;
      this.tileBuildings[t]++;
      b++;
    }
    board.indexContent();
    board.setup(rng);
  }

  private draw(rng: Rng, cum: Int32Array): number {
    const x = rng.below(cum[6]);
    let i = 0;
    while (x >= cum[i]) i++;
    return MIX_TERRAIN[i];
  }
}

/** The default slot layout for the options (setup only). */
export function defaultLayout(o: BoardGenOptions): BoardLayout {
  const cols = o.board_cols, rows = o.board_rows;
  const [roadN, roadS] = o.road_rows;
  const fixedTerrain = new Uint8Array(cols * rows).fill(T_CLEAR);
  const zone = new Uint8Array(cols * rows).fill(ZONE_NONE);
  for (let row = 0; row < rows; row++) {
    for (let c = 0; c < cols; c++) {
      const h = row * cols + c;
      if (row === roadN || row === roadS) fixedTerrain[h] = T_ROAD;
      if (row < roadN) zone[h] = ZONE_USA;
      if (row > roadS) zone[h] = ZONE_GERMANY;
    }
  }
  const bands = Math.floor((roadS - roadN - 1) / o.tile_height);
  const northBands = Math.ceil(bands / 2);
  const slots: BoardLayout['slots'] = [];
  // Leftover rows (if the tile rows do not divide evenly) stay fixed terrain in the middle.
  const spare = roadS - roadN - 1 - bands * o.tile_height;
  for (let b = 0; b < bands; b++) {
    const top = roadN + 1 + b * o.tile_height + (b >= northBands ? spare : 0);
    const north = b < northBands;
    const groups = spreadGroups(north ? o.group_sizes.slice(0, 3) : o.group_sizes.slice(3, 6), cols, north ? 1 : 4, north ? b : b - northBands, north ? northBands : bands - northBands);
    for (let c = 0; c < cols; c++) {
      const col = north ? c : cols - 1 - c; // the south mirrors the north
      const hexes: number[] = [];
      for (let i = 0; i < o.tile_height; i++) hexes.push((top + i) * cols + col);
      for (const h of hexes) fixedTerrain[h] = T_HIDDEN;
      slots.push({ group: groups[c], label: 0, hexes });
    }
  }
  // Labels 1..7 for the D8 roll, west to east (groups 2 and 5).
  for (const g of [2, 5]) {
    const gs = slots.filter((s) => s.group === g).sort((a, b) => (a.hexes[0] % cols) - (b.hexes[0] % cols) || a.hexes[0] - b.hexes[0]);
    gs.forEach((s, i) => (s.label = i < 7 ? i + 1 : 0));
  }
  const tiles = slots.map((s) => ({ group: s.group, terrain: new Uint8Array(o.tile_height).fill(T_CLEAR), objectiveNames: [] as string[] }));
  return { name: 'generated', cols, rows, fixedTerrain, zone, slots, tiles, placement: 'rulebook', hiddenTiles: o.hidden_tiles };
}

/**
 * Group of each slot of one band (cols slots), spreading the half's three groups evenly
 * over all its bands by error diffusion (deterministic). `sizes` are the half's group sizes.
 */
function spreadGroups(sizes: number[], cols: number, firstGroup: number, band: number, bandsInHalf: number): number[] {
  const total = cols * bandsInHalf;
  const given = [0, 0, 0];
  const out: number[] = [];
  for (let i = 0; i < total; i++) {
    let best = 0, bestScore = -Infinity;
    for (let k = 0; k < 3; k++) {
      const score = (sizes[k] * (i + 1)) / total - given[k];
      if (given[k] < sizes[k] && score > bestScore) {
        bestScore = score;
        best = k;
      }
    }
    given[best]++;
    if (Math.floor(i / cols) === band) out.push(firstGroup + best);
  }
  return out;
}
