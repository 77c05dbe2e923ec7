/**
 * The platoon table's map format (R10, R24): convex terrain pieces with a movement
 * category (item 23), a cover class and a line-of-sight height class. Loaded into the
 * engine's generic Table (engine/geometry) plus the ruleset's own per-piece arrays.
 */
import { z } from 'zod';
import { parseOrThrow } from '../../../validate.ts';
import { COVER, OBSCURING, Table } from '../../../geometry/table.ts';
import { polygonOrientation } from '../../../geometry/map.ts';
import { COVER_HARD, COVER_NONE, COVER_SOFT, T_BUILDING, TERRAIN_IDS } from '../data/tables.ts';

export const BLOCKS_NONE = 0;
export const BLOCKS_INFANTRY = 1;
export const BLOCKS_ALL = 2;

const piece = z
  .object({
    name: z.string().default('').describe('Label for this terrain piece (reports and traces only).'),
    polygon: z.array(z.tuple([z.number(), z.number()])).min(3).describe('Corners [x, y] in inches of a convex polygon on the table; split concave pieces into convex ones.'),
    category: z.enum(TERRAIN_IDS).default('open').describe('Movement category: what each unit type may do crossing it (items 23–24).'),
    cover: z.enum(['none', 'soft', 'hard']).default('none').describe('Cover class for targets in or behind it (R10).'),
    blocks_los: z.enum(['none', 'infantry', 'all']).default('none').describe('Line-of-sight height class: blocks nothing, sight to infantry, or all sight (R24).'),
    /** Item 24 OK*: an anti-tank obstacle (or bocage) is impassable to every vehicle. */
    anti_tank: z.boolean().default(false).describe('An anti-tank obstacle (or bocage): impassable to every vehicle (item 24 OK*).'),
    /** Item 74 / R18: a bunker is a building that cannot collapse, hard cover −3. */
    bunker: z.boolean().default(false).describe('A bunker: a building that cannot collapse, hard cover −3 (item 74, R18).'),
  })
  .strict();

export const mapSpecSchema = z
  .object({
    name: z.string().default('map').describe('Map name, shown in reports.'),
    size: z.tuple([z.number().min(12).max(240), z.number().min(12).max(240)]).default([72, 48]).describe('Table width and depth in inches (R23: 72 × 48).'),
    terrain: z.array(piece).max(60).default([]).describe('Terrain pieces, each a convex polygon with its category, cover and sight class (R24).'),
  })
  .strict()
  .superRefine((m, ctx) => {
    m.terrain.forEach((t, i) => {
      t.polygon.forEach(([x, y], j) => {
        if (x < 0 || x > m.size[0] || y < 0 || y > m.size[1]) ctx.addIssue({ code: 'custom', path: ['terrain', i, 'polygon', j], message: `point must lie on the table [0, ${m.size[0]}] x [0, ${m.size[1]}]` });
      });
      if (polygonOrientation(t.polygon.map((p) => p[0]), t.polygon.map((p) => p[1]), t.polygon.length) === 0) {
        ctx.addIssue({ code: 'custom', path: ['terrain', i, 'polygon'], message: 'must be convex and non-degenerate; split concave pieces' });
      }
    });
  });
export type MapSpec = z.output<typeof mapSpecSchema>;

export function parseMap(map: unknown): MapSpec {
  return parseOrThrow(mapSpecSchema, map, ['map']);
}

/** Per-piece arrays the platoon rules read next to the Table's geometry. */
export interface PieceArrays {
  category: Int32Array;
  cover: Int32Array;
  blocks: Int32Array;
  antiTank: Uint8Array;
  bunker: Uint8Array;
}

/** Builds the Table (with room for `points` point slots) and the per-piece arrays. */
export function buildTable(m: MapSpec, points: number): { table: Table; pieces: PieceArrays } {
  const n = m.terrain.length;
  const table = new Table({ maxPolygons: Math.max(n, 1), maxVertices: Math.max(8, m.terrain.reduce((a, t) => a + t.polygon.length, 0)), points }, { width: m.size[0], height: m.size[1], baseRadius: 0.5 });
  const pieces: PieceArrays = { category: new Int32Array(n), cover: new Int32Array(n), blocks: new Int32Array(n), antiTank: new Uint8Array(n), bunker: new Uint8Array(n) };
  m.terrain.forEach((t, i) => {
    const cover = t.cover === 'hard' ? COVER_HARD : t.cover === 'soft' ? COVER_SOFT : COVER_NONE;
    const blocks = t.blocks_los === 'all' ? BLOCKS_ALL : t.blocks_los === 'infantry' ? BLOCKS_INFANTRY : BLOCKS_NONE;
    const flags = (blocks === BLOCKS_ALL ? OBSCURING : 0) | (cover ? COVER : 0);
    table.addPolygon(t.polygon.map((p) => p[0]), t.polygon.map((p) => p[1]), t.polygon.length, flags, 0, t.name);
    pieces.category[i] = TERRAIN_IDS.indexOf(t.category);
    pieces.cover[i] = pieces.category[i] === T_BUILDING && cover === COVER_NONE ? COVER_HARD : cover;
    pieces.blocks[i] = blocks;
    pieces.antiTank[i] = t.anti_tank ? 1 : 0;
    pieces.bunker[i] = t.bunker ? 1 : 0;
  });
  return { table, pieces };
}
