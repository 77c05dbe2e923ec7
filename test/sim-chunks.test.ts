import { describe, expect, it } from 'vitest';
import { CHUNK_GAMES, OrderedMerger, planChunks } from '../sim/chunks.ts';
import { mergeInto } from '../engine/record.ts';

describe('planChunks', () => {
  it('cuts games into fixed, contiguous chunks', () => {
    expect(planChunks(0)).toEqual([]);
    expect(planChunks(1)).toEqual([[0, 1]]);
    expect(planChunks(CHUNK_GAMES)).toEqual([[0, CHUNK_GAMES]]);
    expect(planChunks(2 * CHUNK_GAMES + 7)).toEqual([
      [0, CHUNK_GAMES],
      [CHUNK_GAMES, CHUNK_GAMES],
      [2 * CHUNK_GAMES, 7],
    ]);
  });

  it('covers every game exactly once', () => {
    for (const games of [1, 499, 500, 501, 12345, 100000]) {
      const chunks = planChunks(games);
      let next = 0;
      for (const [start, count] of chunks) {
        expect(start).toBe(next);
        expect(count).toBeGreaterThan(0);
        expect(count).toBeLessThanOrEqual(CHUNK_GAMES);
        next += count;
      }
      expect(next).toBe(games);
    }
  });

  it('depends only on the game count (the plan has no worker parameter)', () => {
    // The runner hands the same plan to 1 or N threads; only scheduling differs.
    expect(planChunks.length).toBe(1);
    expect(CHUNK_GAMES).toBe(500);
  });

  it('rejects bad counts', () => {
    expect(() => planChunks(-1)).toThrow(RangeError);
    expect(() => planChunks(1.5)).toThrow(RangeError);
    expect(() => planChunks(10, 0)).toThrow(RangeError);
  });
});

describe('OrderedMerger', () => {
  // Floating-point addition is not associative: these values sum differently in
  // different orders, so only a strict chunk-order merge is reproducible.
  const chunks = [[1e16, 0.1], [1, 0.2], [-1e16, 0.3], [1, 1e-17], [0.5, 3]].map((c) => Float64Array.from(c));

  function sequential(): Float64Array {
    const dst = new Float64Array(2);
    for (const c of chunks) mergeInto(dst, c);
    return dst;
  }

  function permutations<T>(xs: T[]): T[][] {
    if (xs.length <= 1) return [xs];
    return xs.flatMap((x, i) => permutations([...xs.slice(0, i), ...xs.slice(i + 1)]).map((p) => [x, ...p]));
  }

  it('gives the chunk-order sum bit for bit, whatever order chunks arrive in', () => {
    const want = sequential();
    // Sanity: a different order really gives a different sum here.
    const reversed = new Float64Array(2);
    for (const c of [...chunks].reverse()) mergeInto(reversed, c);
    expect(Array.from(reversed)).not.toEqual(Array.from(want));

    for (const order of permutations([0, 1, 2, 3, 4])) {
      const m = new OrderedMerger(new Float64Array(2));
      for (const i of order) m.add(i, chunks[i]);
      expect(m.merged).toBe(5);
      expect(Array.from(m.dst)).toEqual(Array.from(want));
    }
  });

  it('holds early chunks until the ones before them arrive', () => {
    const m = new OrderedMerger(new Float64Array(2));
    m.add(2, chunks[2]);
    m.add(1, chunks[1]);
    expect(m.merged).toBe(0);
    expect(Array.from(m.dst)).toEqual([0, 0]);
    m.add(0, chunks[0]);
    expect(m.merged).toBe(3);
  });

  it('refuses a chunk twice', () => {
    const m = new OrderedMerger(new Float64Array(2));
    m.add(1, chunks[1]);
    expect(() => m.add(1, chunks[1])).toThrow(/twice/);
    m.add(0, chunks[0]);
    expect(() => m.add(0, chunks[0])).toThrow(/twice/);
  });
});
