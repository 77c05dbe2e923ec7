/**
 * Issue 14: the map generator's speed-ups (rules/terrain/mapgen.ts, mapgen-fit.ts and
 * mapgen-shape.ts: the placement test with the table's normals, the candidate's computed
 * once and lazily, the disk reject (and the ellipse dropped on it before its vertices), the
 * placed piece's box from the shape's extent, constant cos/sin for square pieces,
 * Rng.floats, Table.addConvexCCW; the connectivity certificate, mapgen-link.ts, in
 * test/nco-perf-mapgen-link.test.ts) must give exactly the maps of the
 * plain generator (test/nco-mapgen-plain.ts, mapgen.ts as it stood): the same pieces,
 * vertex for vertex, the same covered area and the same dice left in the rng.
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../engine/rng.ts';
import { MapGenerator, type MapGenOptions } from '../engine/rulesets/nco/rules/terrain/mapgen.ts';
import { NcoTable } from './nco-table.ts';
import { PlainMapGenerator } from './nco-mapgen-plain.ts';
import { edgeNormals } from '../engine/rulesets/nco/rules/terrain/mapgen-fit.ts';

/** Everything a generated map is: pieces with flags, heights, names and vertices. */
function snapshot(t: NcoTable): string {
  const parts: string[] = [];
  for (let p = 0; p < t.polygonCount; p++) {
    const v: number[] = [];
    for (let i = t.pStart[p]; i < t.pStart[p] + t.pCount[p]; i++) v.push(t.vx[i], t.vy[i]);
    parts.push(`${t.names[p]} ${t.pFlags[p]} ${t.pHeight[p]} ${v.join(',')}`);
  }
  return parts.join('; ');
}

/** Generates `seeds` maps with each generator on its own table; returns the first differing cases and the pieces placed. */
function compare(layouts: MapGenOptions[], seeds: number, size = 36, baseRadius = 0.5): { bad: string[]; pieces: number } {
  const fast = new MapGenerator(), plain = new PlainMapGenerator();
  const a = new NcoTable({ maxPolygons: 48, maxVertices: 384, points: 8 });
  const b = new NcoTable({ maxPolygons: 48, maxVertices: 384, points: 8 });
  for (const t of [a, b]) t.setOptions({ width: size, height: size, baseRadius });
  const ra = new Rng(0), rb = new Rng(0);
  const bad: string[] = [];
  let pieces = 0;
  for (const opts of layouts) {
    for (let seed = 0; seed < seeds; seed++) {
      ra.seed(seed);
      rb.seed(seed);
      fast.generate(a.router, ra, opts);
      plain.generate(b.router, rb, opts);
      pieces += a.polygonCount;
      const same = snapshot(a) === snapshot(b) && ra.s.join() === rb.s.join() && fast.coveredArea === plain.coveredArea;
      if (!same && bad.length < 5) bad.push(`${size}" ${JSON.stringify(opts)} seed ${seed}`);
    }
  }
  return { bad, pieces };
}

describe('map generator: the fast placement gives the plain generator\'s maps (issue 14)', () => {
  it('on 1,500 seeds each of mirrored, unmirrored and crowded layouts', () => {
    const { bad, pieces } = compare([
      { mirrored: true },
      { mirrored: false, terrain_pieces: 9 },
      { mirrored: true, terrain_pieces: 15, coverage: 0.45, high_ground_pieces: 3 },
    ], 1500);
    expect(bad).toEqual([]);
    expect(pieces).toBeGreaterThan(30000);
  });

  it('with other rules: deep zones, a low waist, a centre piece, a bigger table and bases', () => {
    const layouts: MapGenOptions[] = [
      { mirrored: true, terrain_pieces: 11, deploy_depth_in: 6, waist_height_in: 0.5, high_ground_height_in: 2, obscuring_share: 0.7 },
      { mirrored: false, terrain_pieces: 12, coverage: 0.4, waist_height_in: 2.5 },
    ];
    const a = compare(layouts, 500), b = compare(layouts, 300, 48, 0.75);
    expect([...a.bad, ...b.bad]).toEqual([]);
    expect(a.pieces + b.pieces).toBeGreaterThan(8000);
  });

  it('the normals the fast test reads are, bit for bit, the ones separation.ts computes per pair', () => {
    // apart()'s sepAlong takes edge a→b of a CCW polygon: l = √(ex² + ey²), n = (ey / l, −ex / l),
    // offset n·v_a. The table's stored normals and edgeNormals() must give the same doubles.
    const gen = new MapGenerator(), t = new NcoTable({ maxPolygons: 48, maxVertices: 384, points: 8 }), rng = new Rng(0);
    const nx = new Float64Array(16), ny = new Float64Array(16), off = new Float64Array(16);
    const x = new Float64Array(16), y = new Float64Array(16);
    let bad = 0, edges = 0;
    for (let seed = 0; seed < 300; seed++) {
      rng.seed(seed);
      gen.generate(t.router, rng, { mirrored: seed % 2 === 0 });
      for (let p = 0; p < t.polygonCount; p++) {
        const s = t.pStart[p], n = t.pCount[p];
        for (let k = 0; k < n; k++) { x[k] = t.vx[s + k]; y[k] = t.vy[s + k]; }
        edgeNormals(x, y, n, nx, ny, off);
        for (let a = 0; a < n; a++) {
          const b = a + 1 === n ? 0 : a + 1;
          const ex = x[b] - x[a], ey = y[b] - y[a], l = Math.sqrt(ex * ex + ey * ey);
          const px = ey / l, py = -ex / l, po = px * x[a] + py * y[a];
          if (px !== nx[a] || py !== ny[a] || po !== off[a]) bad++;
          if (px !== t.nx[s + a] || py !== t.ny[s + a] || po !== t.nc[s + a]) bad++;
          edges++;
        }
      }
    }
    expect(bad).toBe(0);
    expect(edges).toBeGreaterThan(10000);
  });
});
