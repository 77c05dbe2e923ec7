import { describe, expect, it } from 'vitest';
import { IMPASSABLE, DIFFICULT, Table, mapSchema } from '../engine/geometry/table.ts';
import { describeMap } from '../engine/geometry/map.ts';
import { MapGenerator, type MapGenOptions } from '../engine/rulesets/nco/rules/terrain/mapgen.ts';
import { NcoTable } from './nco-table.ts';
import { Rng } from '../engine/rng.ts';

/** One generator reused across calls, as a worker reuses it across games. */
const generator = new MapGenerator();
const generateMap = (router: NcoTable['router'], rng: Rng, opts: MapGenOptions): void => generator.generate(router, rng, opts);

function newTable(): NcoTable {
  return new NcoTable({ maxPolygons: 48, maxVertices: 384, points: 8 });
}

function areaOf(t: Table, p: number): number {
  const s = t.pStart[p], n = t.pCount[p];
  let a2 = 0;
  for (let k = 0; k < n; k++) {
    const i = s + k, j = s + ((k + 1) % n);
    a2 += t.vx[i] * t.vy[j] - t.vx[j] * t.vy[i];
  }
  return a2 / 2;
}

/** Does polygon q hold exactly the vertices of polygon p rotated 180° about the centre, with the same flags? */
function isTwin(t: Table, p: number, q: number): boolean {
  if (t.pCount[p] !== t.pCount[q] || t.pFlags[p] !== t.pFlags[q] || t.pHeight[p] !== t.pHeight[q]) return false;
  for (let i = t.pStart[p]; i < t.pStart[p] + t.pCount[p]; i++) {
    const rx = t.width - t.vx[i], ry = t.height - t.vy[i];
    let found = false;
    for (let j = t.pStart[q]; j < t.pStart[q] + t.pCount[q] && !found; j++) {
      found = Math.abs(t.vx[j] - rx) < 1e-9 && Math.abs(t.vy[j] - ry) < 1e-9;
    }
    if (!found) return false;
  }
  return true;
}

describe('R1 terrain generator', () => {
  it('R1 generator: the same seed gives the same map', () => {
    const a = newTable(), b = newTable();
    generateMap(a.router, new Rng(42), {});
    new MapGenerator().generate(b.router, new Rng(42), {});
    expect(describeMap(b)).toEqual(describeMap(a));
    generateMap(b.router, new Rng(43), {});
    expect(describeMap(b)).not.toEqual(describeMap(a));
  });

  it('R1 generator: map A, then B, then A again with the same seed is identical (no state leaks)', () => {
    const t = newTable();
    const gen = new MapGenerator();
    const rng = new Rng(0);
    rng.seed(7);
    gen.generate(t.router, rng, {});
    const first = describeMap(t);
    rng.seed(8);
    gen.generate(t.router, rng, { terrain_pieces: 11, coverage: 0.4, mirrored: false });
    rng.seed(7);
    gen.generate(t.router, rng, {});
    expect(describeMap(t)).toEqual(first);
  });

  it('R1 generator: mirrored maps are symmetric under a 180° rotation about the centre', () => {
    const t = newTable();
    const rng = new Rng(0);
    for (const pieces of [10, 9, 12]) {
      for (let seed = 0; seed < 20; seed++) {
        rng.seed(seed);
        generateMap(t.router, rng, { terrain_pieces: pieces });
        expect(t.polygonCount).toBeGreaterThan(0);
        for (let p = 0; p < t.polygonCount; p++) {
          let twin = false;
          for (let q = 0; q < t.polygonCount && !twin; q++) twin = isTwin(t, p, q);
          expect(twin, `seed ${seed} pieces ${pieces} polygon ${p}`).toBe(true);
        }
      }
    }
  });

  it('R1 generator: piece count, coverage and high ground follow the options', () => {
    const t = newTable();
    const rng = new Rng(0);
    const gen = new MapGenerator();
    const W = 36 * 36;
    let sum = 0;
    const N = 60;
    for (let seed = 0; seed < N; seed++) {
      rng.seed(seed);
      gen.generate(t.router, rng, { coverage: 0.3, terrain_pieces: 10, high_ground_pieces: 2 });
      const covered = gen.coveredArea;
      let area = 0, high = 0;
      for (let p = 0; p < t.polygonCount; p++) {
        area += areaOf(t, p);
        if (t.pHeight[p] === 4) high++;
      }
      expect(covered).toBeCloseTo(area, 9);
      expect(area / W).toBeGreaterThan(0.3 * 0.7);
      expect(area / W).toBeLessThanOrEqual(0.3 + 1e-9);
      expect(t.polygonCount).toBe(10);
      expect(high).toBe(2);
      sum += area / W;
    }
    expect(sum / N).toBeGreaterThan(0.3 * 0.9);
  });

  it('R1 generator / item 7: deployment zones hold no barriers and every zone point reaches the far zone', () => {
    const t = newTable();
    const rng = new Rng(0);
    const depth = 3;
    for (let seed = 0; seed < 15; seed++) {
      rng.seed(seed);
      generateMap(t.router, rng, { deploy_depth_in: depth });
      for (let p = 0; p < t.polygonCount; p++) {
        const barrier = (t.pFlags[p] & (IMPASSABLE | DIFFICULT)) !== 0 || t.pHeight[p] > t.move.waistHeight;
        if (!barrier) continue;
        expect(t.by0[p]).toBeGreaterThan(depth);
        expect(t.by1[p]).toBeLessThan(36 - depth);
      }
      for (let side = 0; side < 2; side++) {
        t.setPoint(1, 18, side === 0 ? 36 - depth / 2 : depth / 2);
        for (let x = 0.5; x <= 35.5; x += 5) {
          for (const y of [0.5, 1.5, 2.5]) {
            t.setPoint(0, x, side === 0 ? y : 36 - y);
            expect(t.pathCost(0, 1, false), `seed ${seed} walk from ${x},${y}`).toBeLessThan(Infinity);
            expect(t.pathCost(0, 1, true), `seed ${seed} run from ${x},${y}`).toBeLessThan(Infinity);
          }
        }
      }
    }
  });

  it('R1 generator: odd piece counts put one symmetric piece on the centre; unmirrored maps are not mirrored', () => {
    const t = newTable();
    const rng = new Rng(3);
    generateMap(t.router, rng, { terrain_pieces: 9 });
    let self = 0;
    for (let p = 0; p < t.polygonCount; p++) if (isTwin(t, p, p)) self++;
    expect(self).toBe(1);
    rng.seed(3);
    generateMap(t.router, rng, { mirrored: false });
    let twins = 0;
    for (let p = 0; p < t.polygonCount; p++) for (let q = 0; q < t.polygonCount; q++) if (isTwin(t, p, q)) twins++;
    expect(twins).toBe(0);
  });

  it('describeMap writes a valid map that loads back to the same table', () => {
    const t = newTable();
    generateMap(t.router, new Rng(11), {});
    const json = describeMap(t, 'g11');
    expect(mapSchema.safeParse(json).success).toBe(true);
    const u = newTable();
    u.loadMap(json);
    expect(describeMap(u, 'g11')).toEqual(json);
  });
});
