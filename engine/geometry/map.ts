import { z } from 'zod';
import { COVER, DIFFICULT, IMPASSABLE, OBSCURING } from './flags.ts';
import type { Table } from './table.ts';
import { WHEN_VALID } from '../validate.ts';

/**
 * The JSON map format read by `Table.loadMap` and written by `describeMap`.
 * Terrain pieces are convex polygons; a concave piece (an L-shaped building, a winding
 * hedge) is written as several convex pieces with the same flags.
 */
const pointSchema = z.tuple([z.number(), z.number()]);

/**
 * Bounds on a map file, so a runaway map is a clear exit 2 rather than an out-of-memory
 * crash (rulesets size per-piece tables from these: 10,000 pieces asked Skill-die for a
 * 320 GB array). The largest shipped map has 17 pieces of at most 6 corners on 72"×48"; NCO builds circles of up to 384 corners.
 * `totalCorners` bounds the corners over all pieces: a router keeps tables per pair of
 * corners (engine/geometry/route-search.ts, 32 bytes × corners²), so 500 pieces of 512
 * corners asked Skill-die for a 131-billion-entry array (exit 3); 4096 corners is ~0.5 GB.
 */
export const MAP_LIMITS = { pieces: 500, corners: 512, totalCorners: 4096, inches: 1000 } as const;

export const terrainPieceSchema = z
  .object({
    name: z.string().default('').describe('Label for this terrain piece (reports and traces only).'),
    polygon: z.array(pointSchema).min(3).max(MAP_LIMITS.corners).describe('Corners [x, y] in inches of a convex polygon, inside the table; split a concave piece into convex ones with the same flags.'),
    /** Blocks line of sight (a game's sight rules decide how, e.g. through windows near its edge). */
    obscuring: z.boolean().default(false).describe('Blocks line of sight (the ruleset\'s sight rules decide how, e.g. through windows near its edge).'),
    /** Gives cover to a model inside it or behind it (a game's rules decide how near). */
    cover: z.boolean().default(false).describe('Gives cover to a model inside or behind it (the ruleset decides how near).'),
    /** Difficult ground (a game's movement rules decide what it forbids or costs). */
    difficult: z.boolean().default(false).describe('Difficult ground (the ruleset\'s movement rules decide what it costs or forbids).'),
    /** No move may enter it. */
    impassable: z.boolean().default(false).describe('No move may enter it.'),
    /** Inches; 0 = flat area (woods, crops); >0 something stood on or climbed over. */
    height: z.number().min(0).max(100).default(0).describe('Height in inches: 0 = a flat area (woods, crops); above 0 something stood on or climbed over.'),
  })
  .strict();

export const mapSchema = z
  .object({
    name: z.string().default('map').describe('Map name, shown in reports.'),
    size: z.tuple([z.number().positive().max(MAP_LIMITS.inches), z.number().positive().max(MAP_LIMITS.inches)]).describe(`Table width and depth in inches (each at most ${MAP_LIMITS.inches}).`),
    terrain: z.array(terrainPieceSchema).max(MAP_LIMITS.pieces).default([]).describe(`Terrain pieces, each a convex polygon with its flags (at most ${MAP_LIMITS.pieces}).`),
  })
  .strict()
  .superRefine((m, ctx) => {
    const [w, h] = m.size;
    const corners = m.terrain.reduce((a, t) => a + t.polygon.length, 0);
    if (corners > MAP_LIMITS.totalCorners) {
      ctx.addIssue({ code: 'custom', path: ['terrain'], params: { value: `${corners} corners` }, message: `allowed: at most ${MAP_LIMITS.totalCorners} polygon corners over all pieces` });
      return;
    }
    m.terrain.forEach((t, i) => {
      t.polygon.forEach(([x, y], j) => {
        if (x < 0 || x > w || y < 0 || y > h) {
          ctx.addIssue({ code: 'custom', path: ['terrain', i, 'polygon', j], message: `point must lie within the table [0, ${w}] x [0, ${h}]` });
        }
      });
      const xs = t.polygon.map((p) => p[0]);
      const ys = t.polygon.map((p) => p[1]);
      if (polygonOrientation(xs, ys, xs.length) === 0) {
        ctx.addIssue({ code: 'custom', path: ['terrain', i, 'polygon'], message: 'polygon must be convex and non-degenerate; split a concave piece into convex ones' });
      }
    });
  }, WHEN_VALID);

/** What a map file may contain (flags and name optional). */
export type MapJson = z.input<typeof mapSchema>;
/** A map after parsing: every field present. */
export type MapData = z.output<typeof mapSchema>;
export type TerrainPiece = z.output<typeof terrainPieceSchema>;

/**
 * +1 if the polygon is convex and counter-clockwise, −1 if convex and clockwise, 0 if it
 * is concave, self-intersecting (a pentagram turns one way but winds twice), has repeated
 * points or no area. Collinear vertices are allowed.
 */
export function polygonOrientation(xs: ArrayLike<number>, ys: ArrayLike<number>, n: number): number {
  if (n < 3) return 0;
  let sign = 0;
  let turning = 0;
  let area2 = 0;
  let scale = 0;
  for (let i = 0; i < n; i++) scale = Math.max(scale, Math.abs(xs[i]), Math.abs(ys[i]));
  const eps = 1e-12 * Math.max(1, scale * scale);
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n;
    const k = (i + 2) % n;
    const e1x = xs[j] - xs[i], e1y = ys[j] - ys[i];
    const e2x = xs[k] - xs[j], e2y = ys[k] - ys[j];
    if (e1x * e1x + e1y * e1y <= eps) return 0; // repeated point
    const cross = e1x * e2y - e1y * e2x;
    if (cross > eps || cross < -eps) {
      const s = cross > 0 ? 1 : -1;
      if (sign !== 0 && s !== sign) return 0;
      sign = s;
    }
    turning += Math.atan2(cross, e1x * e2x + e1y * e2y);
    area2 += xs[i] * ys[j] - xs[j] * ys[i];
  }
  if (sign === 0 || Math.abs(area2) <= eps) return 0;
  // A simple convex polygon turns exactly once around.
  if (Math.abs(Math.abs(turning) - 2 * Math.PI) > 1e-6) return 0;
  return sign;
}

/** The table's current size and terrain as a map file (not hot; allocates). */
export function describeMap(table: Table, name = 'generated'): MapData {
  const terrain: MapData['terrain'] = [];
  for (let p = 0; p < table.polygonCount; p++) {
    const s = table.pStart[p], c = table.pCount[p], f = table.pFlags[p];
    const polygon: [number, number][] = [];
    for (let i = s; i < s + c; i++) polygon.push([table.vx[i], table.vy[i]]);
    terrain.push({
      name: table.names[p],
      polygon,
      obscuring: (f & OBSCURING) !== 0,
      cover: (f & COVER) !== 0,
      difficult: (f & DIFFICULT) !== 0,
      impassable: (f & IMPASSABLE) !== 0,
      height: table.pHeight[p],
    });
  }
  return { name, size: [table.width, table.height], terrain };
}
