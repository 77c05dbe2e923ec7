/**
 * Issue 14: inCoverOf keeps its terrain half per (shooter, target) pair of point slots
 * (SightRules.pairGet/pairSet), keyed on both ends' coordinates, the table version and
 * coverProximity, and tests the bases in the line's box before alive and the ends. Every
 * answer must be inCoverPlain's (test/nco-perf-plain.ts): after a move of either end (also
 * by one ulp), a new map on the same spots, a new coverProximity, zero-length lines, and on
 * generated maps with points moved, revived and killed between repeated asks.
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../engine/rng.ts';
import { COVER, OBSCURING } from '../engine/geometry/flags.ts';
import { MapGenerator } from '../engine/rulesets/nco/rules/terrain/mapgen.ts';
import { NcoTable } from './nco-table.ts';
import { inCoverPlain } from './nco-perf-plain.ts';

const N = 10;

function table(): NcoTable {
  const t = new NcoTable({ maxPolygons: 48, maxVertices: 384, points: N + 2 });
  t.setOptions({ width: 36, height: 36, baseRadius: 0.5 });
  return t;
}

/** A 2" square cover piece with its lower-left corner at (x, y). */
function square(t: NcoTable, x: number, y: number, flags: number): void {
  t.addPolygon([x, x + 2, x + 2, x], [y, y, y + 2, y + 2], 4, flags, 0);
}

describe('inCoverOf pair memo (issue 14)', () => {
  it('misses when an end moves, the map or coverProximity changes', () => {
    const t = table();
    const alive = new Uint8Array(N); // no bases in the way: the terrain half alone
    square(t, 10, 10, COVER);
    t.setPoint(0, 11, 0); // shooter
    t.setPoint(1, 11, 13); // target 1" past the piece: covered
    expect(t.inCover(0, 1, alive, N)).toBe(true);
    expect(t.inCover(0, 1, alive, N)).toBe(true);
    t.setPoint(1, 11, 20); // 8" past: not
    expect(t.inCover(0, 1, alive, N)).toBe(false);
    t.setPoint(1, 11, 13);
    expect(t.inCover(0, 1, alive, N)).toBe(true);
    t.setPoint(1, 20, 13); // each coordinate of each end on its own
    expect(t.inCover(0, 1, alive, N)).toBe(false);
    t.setPoint(1, 11, 13);
    expect(t.inCover(0, 1, alive, N)).toBe(true);
    t.setPoint(0, 30, 0);
    expect(t.inCover(0, 1, alive, N)).toBe(false);
    t.setPoint(0, 11, 0);
    expect(t.inCover(0, 1, alive, N)).toBe(true);
    t.setPoint(0, 11, 30); // the shooter moves to the other side: the piece is behind the target
    expect(t.inCover(0, 1, alive, N)).toBe(false);
    t.setPoint(0, 11, 0);
    t.sight.coverProximity = 0.5;
    expect(t.inCover(0, 1, alive, N)).toBe(false);
    t.sight.coverProximity = 2;
    expect(t.inCover(0, 1, alive, N)).toBe(true);
    t.clearTerrain(); // same spots, a new map
    square(t, 20, 10, OBSCURING);
    expect(t.inCover(0, 1, alive, N)).toBe(false);
    // Exactly at coverProximity (12 + 2 = 14: covered, EPS inclusive), then one ulp farther in x
    // along a line that just grazes: every answer the plain one.
    t.clearTerrain();
    square(t, 10, 10, COVER);
    t.setPoint(1, 11, 14);
    expect(t.inCover(0, 1, alive, N)).toBe(inCoverPlain(t, t.sight, 0, 1, alive, N));
    for (const [x0, x1] of [[12, 12], [12, 12 + 2 ** -48], [10, 10 - 2 ** -49], [11, 11]]) {
      t.setPoint(0, x0, 0);
      t.setPoint(1, x1, 13);
      const plain = inCoverPlain(t, t.sight, 0, 1, alive, N);
      expect(t.inCover(0, 1, alive, N)).toBe(plain);
      expect(t.inCover(0, 1, alive, N)).toBe(plain);
    }
  });

  it('zero-length lines: cover only inside a cover piece, memoised too', () => {
    const t = table();
    const alive = new Uint8Array(N).fill(1);
    square(t, 10, 10, COVER);
    t.setPoint(0, 11, 11);
    t.setPoint(1, 11, 11);
    expect(t.inCover(0, 1, alive, N)).toBe(true);
    expect(t.inCover(0, 1, alive, N)).toBe(true);
    t.setPoint(0, 5, 5);
    t.setPoint(1, 5, 5);
    expect(t.inCover(0, 1, alive, N)).toBe(false);
    expect(t.inCover(0, 1, alive, N)).toBe(false);
  });

  it('equals inCoverPlain on generated maps, asked again between moves, deaths and revivals', () => {
    const t = table();
    const gen = new MapGenerator();
    const rng = new Rng(1);
    let x = 777;
    const rnd = (): number => ((x = (Math.imul(x, 1103515245) + 12345) >>> 0) / 2 ** 32);
    const alive = new Uint8Array(N);
    const bad: string[] = [];
    let asks = 0, covered = 0;
    for (let map = 0; map < 60; map++) {
      rng.seed(map);
      gen.generate(t.router, rng, map % 3 === 0 ? { mirrored: false, terrain_pieces: 14, coverage: 0.45 } : { mirrored: true });
      for (let i = 0; i < N; i++) { t.setPoint(i, rnd() * 36, rnd() * 36); alive[i] = 1; }
      for (let step = 0; step < 300; step++) {
        // Move, kill or revive one point (often onto a vertex, another point's spot, or back
        // to where it was), then ask a few pairs, some twice.
        const i = Math.floor(rnd() * N), mode = rnd();
        const v = Math.floor(rnd() * t.vertexCount), j = Math.floor(rnd() * N);
        if (mode < 0.15) t.setPoint(i, t.vx[v], t.vy[v]);
        else if (mode < 0.25) t.setPoint(i, t.px[j], t.py[j]);
        else if (mode < 0.35) t.setPoint(i, (t.vx[v] + t.vx[v + 1 < t.vertexCount ? v + 1 : 0]) / 2, (t.vy[v] + t.vy[v + 1 < t.vertexCount ? v + 1 : 0]) / 2);
        else if (mode < 0.45) alive[i] ^= 1;
        else if (mode < 0.5) t.sight.coverProximity = rnd() < 0.5 ? 2 : 1;
        else if (mode < 0.6) t.setPoint(i, rnd() < 0.5 ? rnd() * 36 : t.px[i], rnd() < 0.5 ? t.py[i] : rnd() * 36); // one coordinate (or none)
        else t.setPoint(i, rnd() * 36, rnd() * 36);
        for (let k = 0; k < 6; k++) {
          const a = Math.floor(rnd() * N), b = Math.floor(rnd() * N);
          if (a === b) continue;
          for (let again = 0; again < 2; again++) {
            const fast = t.inCover(a, b, alive, N), plain = inCoverPlain(t, t.sight, a, b, alive, N);
            if (fast !== plain && bad.length < 5) bad.push(`map ${map} step ${step} ${a}->${b}: fast ${fast}, plain ${plain}`);
            asks++;
            if (plain) covered++;
          }
        }
      }
      t.sight.coverProximity = 2;
    }
    expect(bad).toEqual([]);
    expect(asks).toBeGreaterThan(150000);
    expect(covered).toBeGreaterThan(asks / 10);
  });
});
