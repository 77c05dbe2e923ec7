import { describe, expect, it } from 'vitest';
import { HexGrid, HexPathFinder, IMPASSABLE_COST, UNREACHED, slotRotations } from '../engine/geometry/hex.ts';
import { HexSight } from '../engine/rulesets/iron-squad/rules/sight.ts';
import { Rng } from '../engine/rng.ts';
import {
  T_BUILDING, T_CLEAR, T_FOREST, T_HIGH_GRASS, T_HILLS, T_OBJECTIVE, T_ROAD, T_ROCK, T_SAND, T_WATER, TERRAIN_BLOCKS_LOS, TERRAIN_LEVEL, TERRAIN_MP,
} from '../engine/rulesets/iron-squad/data/board-data.ts';

/** A 13 × 13 clear board with Iron Squad terrain codes; hex(dq, dr) is relative to the centre. */
function field(cols = 13, rows = 13) {
  const g = new HexGrid(cols, rows);
  const terrain = new Uint8Array(g.size).fill(T_CLEAR);
  const blocks = new Uint8Array(g.size), blockLevel = new Int8Array(g.size), level = new Int8Array(g.size);
  const sight = new HexSight(g, blocks, blockLevel, level);
  const centre = g.index(6, 6);
  const hex = (dq: number, dr: number, from = centre) => g.indexOf(g.q[from] + dq, g.r[from] + dr);
  const set = (h: number, t: number) => {
    terrain[h] = t;
    blocks[h] = TERRAIN_BLOCKS_LOS[t];
    blockLevel[h] = TERRAIN_LEVEL[t];
    level[h] = TERRAIN_LEVEL[t];
  };
  /** The hex k steps north of the centre ("#k" in the rulebook's pictures). */
  const north = (k: number) => hex(0, -k);
  return { g, terrain, sight, centre, hex, set, north };
}

describe('hex grid: coordinates, distance, neighbours', () => {
  const g = new HexGrid(18, 16);

  it('cube coordinates round-trip through indices, with q + r + s = 0', () => {
    for (let h = 0; h < g.size; h++) {
      expect(g.indexOf(g.q[h], g.r[h])).toBe(h);
      expect(g.index(g.col(h), g.row(h))).toBe(h);
    }
    expect(g.indexOf(-1, 0)).toBe(-1);
    expect(g.index(18, 0)).toBe(-1);
  });

  it('distance: known pairs, symmetry and the triangle inequality', () => {
    expect(g.distance(g.index(0, 0), g.index(0, 5))).toBe(5); // a straight column
    expect(g.distance(g.index(0, 0), g.index(4, 0))).toBe(4); // a row zig-zags: 1 per column
    expect(g.distance(g.index(0, 0), g.index(4, 4))).toBe(6);
    expect(g.distance(g.index(3, 7), g.index(3, 7))).toBe(0);
    const rng = new Rng(5);
    for (let i = 0; i < 500; i++) {
      const a = rng.below(g.size), b = rng.below(g.size), c = rng.below(g.size);
      expect(g.distance(a, b)).toBe(g.distance(b, a));
      expect(g.distance(a, c)).toBeLessThanOrEqual(g.distance(a, b) + g.distance(b, c));
    }
  });

  it('neighbour table: six at distance 1 inside, fewer on the edge, and reciprocal', () => {
    for (let h = 0; h < g.size; h++) {
      let n = 0;
      for (let d = 0; d < 6; d++) {
        const v = g.nb[h * 6 + d];
        if (v < 0) continue;
        n++;
        expect(g.distance(h, v)).toBe(1);
        expect(g.nb[v * 6 + ((d + 3) % 6)]).toBe(h);
        expect(g.directionTo(h, v)).toBe(d);
      }
      const c = g.col(h), r = g.row(h);
      if (c > 0 && c < 17 && r > 0 && r < 15) expect(n).toBe(6);
    }
    expect(g.neighbour(g.index(0, 0), 0)).toBe(-1); // nothing north of the top row
    expect(g.neighbour(g.index(4, 4), 0)).toBe(g.index(4, 3)); // N is straight up a column
    expect(g.neighbour(g.index(4, 4), 3)).toBe(g.index(4, 5));
  });

  it('a ring of radius k holds 6k hexes, clockwise from the start direction', () => {
    const out = new Int32Array(64);
    const c = g.index(8, 8);
    for (let k = 1; k <= 3; k++) {
      const n = g.ring(c, k, 0, out);
      expect(n).toBe(6 * k);
      for (let i = 0; i < n; i++) expect(g.distance(c, out[i])).toBe(k);
      expect(new Set(out.subarray(0, n)).size).toBe(n);
    }
    g.ring(c, 1, 0, out);
    expect(Array.from(out.subarray(0, 6))).toEqual([0, 1, 2, 3, 4, 5].map((d) => g.neighbour(c, d)));
  });

  it('R10 cone: depth 4 in front of a vertex is 14 hexes, its first row the two frontal neighbours', () => {
    const out = new Int32Array(32);
    const c = g.index(8, 8);
    const n = g.cone(c, 1, 4, out);
    expect(n).toBe(14);
    expect(new Set([out[0], out[1]])).toEqual(new Set([g.neighbour(c, 1), g.neighbour(c, 2)]));
    for (let i = 0; i < n; i++) expect(g.distance(c, out[i])).toBeGreaterThanOrEqual(1);
    expect(g.cone(g.index(0, 0), 0, 4, out)).toBeLessThan(14); // clipped at the board edge
  });

  it('rotation about a hex and the rotations a slot shape allows', () => {
    const c = g.index(8, 8);
    for (let d = 0; d < 6; d++) expect(g.rotateAbout(g.neighbour(c, d), c, 1)).toBe(g.neighbour(c, (d + 1) % 6));
    const perm = new Int32Array(6 * 7);
    const column = [0, 1, 2, 3, 4].map((i) => g.index(5, 3 + i));
    expect(slotRotations(g, column, perm)).toBe(0b001001); // 0° and 180°
    expect(Array.from(perm.subarray(3 * 5, 4 * 5))).toEqual([4, 3, 2, 1, 0]);
    const megahex = [c, 0, 1, 2, 3, 4, 5].map((d, i) => (i === 0 ? c : g.neighbour(c, d)));
    expect(slotRotations(g, megahex, perm)).toBe(0b111111);
    const bent = [g.index(5, 5), g.index(5, 6), g.index(6, 6)];
    expect(slotRotations(g, bent, perm) & 1).toBe(1);
  });
});

describe('path costs (items 25–26, 57, 61; R17, R18)', () => {
  /** A one-row strip: a row of hexes is a connected line. */
  function strip(terrain: number[]) {
    const g = new HexGrid(terrain.length, 1);
    const cost = Uint8Array.from(terrain.map((t) => TERRAIN_MP[t]));
    const road = Uint8Array.from(terrain.map((t) => (t === T_ROAD ? 1 : 0)));
    const p = new HexPathFinder(g, cost);
    p.road = road;
    p.roadCost = 2;
    return { g, p };
  }

  it('item 25: cost to enter each terrain; road 2 only along the road (R18)', () => {
    const { p } = strip([T_CLEAR, T_FOREST, T_HILLS, T_HIGH_GRASS, T_SAND, T_BUILDING, T_OBJECTIVE, T_ROAD, T_ROAD, T_ROAD, T_CLEAR]);
    p.reach(0, -1);
    expect(Array.from(p.cost)).toEqual([0, 4, 9, 13, 17, 20, 23, 26, 28, 30, 33]);
  });

  it('item 25: Water and Rock are impassable', () => {
    const { p } = strip([T_CLEAR, T_CLEAR, T_WATER, T_CLEAR]);
    p.reach(0, -1);
    expect(p.cost[2]).toBe(UNREACHED);
    expect(p.cost[3]).toBe(UNREACHED);
    expect(p.stepCost(1, 2)).toBe(IMPASSABLE_COST);
    const r = strip([T_CLEAR, T_ROCK, T_CLEAR]).p;
    r.reach(0, -1);
    expect(r.cost[2]).toBe(UNREACHED);
  });

  it('item 61: the Rifleman pays at most 4 (Hills 4); item 57/R17: Engineer-cleared hexes at most 3, Road stays 2', () => {
    const { p } = strip([T_CLEAR, T_HILLS, T_FOREST, T_ROAD, T_ROAD, T_HILLS]);
    p.capAll = 4;
    p.reach(0, -1);
    expect(Array.from(p.cost)).toEqual([0, 4, 8, 11, 13, 17]);
    p.clearModifiers();
    p.capMask = Uint8Array.of(0, 1, 1, 1, 1, 0);
    p.capValue = 3;
    p.reach(0, -1);
    expect(Array.from(p.cost)).toEqual([0, 3, 6, 9, 11, 16]);
  });

  it('budget, extra cost, blocked and no-pass hexes', () => {
    const { p } = strip([T_CLEAR, T_CLEAR, T_CLEAR, T_CLEAR, T_CLEAR]);
    expect(p.reach(0, 7)).toBe(3);
    expect(Array.from(p.reached.subarray(0, 3))).toEqual([0, 1, 2]);
    expect(p.cost[3]).toBe(UNREACHED);
    p.extra = Uint8Array.of(0, 1, 0, 0, 0);
    p.reach(0, -1);
    expect(p.cost[4]).toBe(13);
    p.clearModifiers();
    p.blocked = Uint8Array.of(0, 0, 1, 0, 0);
    p.reach(0, -1);
    expect(p.cost[1]).toBe(3);
    expect(p.cost[3]).toBe(UNREACHED);
    p.clearModifiers();
    p.noPass = Uint8Array.of(0, 0, 1, 0, 0);
    p.reach(0, -1);
    expect(p.cost[2]).toBe(6); // may end there
    expect(p.cost[3]).toBe(UNREACHED); // but not go on
    p.reach(2, -1); // a unit standing on it may leave
    expect(p.cost[4]).toBe(6);
  });

  it('reach equals Bellman–Ford on random boards; reverse costs equal forward ones; pathTo walks the path', () => {
    const rng = new Rng(11);
    const mix = [T_CLEAR, T_CLEAR, T_FOREST, T_HILLS, T_HIGH_GRASS, T_SAND, T_ROAD, T_ROAD, T_WATER, T_BUILDING];
    const path = new Int32Array(400);
    for (let trial = 0; trial < 8; trial++) {
      const g = new HexGrid(9, 8);
      const terrain = Array.from({ length: g.size }, () => mix[rng.below(mix.length)]);
      const cost = Uint8Array.from(terrain.map((t) => TERRAIN_MP[t]));
      const p = new HexPathFinder(g, cost);
      p.road = Uint8Array.from(terrain.map((t) => (t === T_ROAD ? 1 : 0)));
      if (trial % 2) p.capAll = 4;
      const from = rng.below(g.size);
      cost[from] = TERRAIN_MP[T_CLEAR];
      const bf = new Array(g.size).fill(Infinity);
      bf[from] = 0;
      for (let it = 0; it < g.size; it++) {
        for (let u = 0; u < g.size; u++) {
          if (bf[u] === Infinity) continue;
          for (let d = 0; d < 6; d++) {
            const v = g.nb[u * 6 + d];
            if (v < 0) continue;
            const c = p.stepCost(u, v);
            if (c < IMPASSABLE_COST && bf[u] + c < bf[v]) bf[v] = bf[u] + c;
          }
        }
      }
      p.reach(from, -1);
      const fwd = Array.from(p.cost);
      expect(fwd.map((c) => (c === UNREACHED ? Infinity : c))).toEqual(bf);
      for (let t = 0; t < g.size; t++) {
        if (fwd[t] === UNREACHED || t === from) continue;
        const n = p.pathTo(t, path);
        let sum = 0, u = from;
        for (let i = 0; i < n; i++) {
          sum += p.stepCost(u, path[i]);
          u = path[i];
        }
        expect(u).toBe(t);
        expect(sum).toBe(fwd[t]);
      }
      const goal = from;
      p.reachReverse(goal, -1);
      const rev = Array.from(p.cost);
      for (let s = 0; s < g.size; s += 7) {
        if (cost[s] >= IMPASSABLE_COST) continue;
        p.reach(s, -1);
        expect(rev[s]).toBe(p.cost[goal]);
      }
    }
  });
});

describe('line of sight, rulebook §2.5.1 worked examples (items 33–35)', () => {
  it('Example #1 (Engineer, range 2, heading north): clear, clear -> the 2nd hex is visible', () => {
    const f = field();
    expect(f.sight.visible(f.centre, f.north(2))).toBe(true);
  });

  it('Example #1: adjacent clear, Forest 2nd -> the Forest hex itself can be shot', () => {
    const f = field();
    f.set(f.north(2), T_FOREST);
    expect(f.sight.visible(f.centre, f.north(2))).toBe(true);
  });

  it('Example #1: adjacent Forest -> the adjacent Forest is visible, the hex behind it is not', () => {
    const f = field();
    f.set(f.north(1), T_FOREST);
    expect(f.sight.visible(f.centre, f.north(1))).toBe(true);
    expect(f.sight.visible(f.centre, f.north(2))).toBe(false);
    expect(f.sight.visible(f.north(2), f.centre)).toBe(false);
  });

  it('Example #2 (Rifleman -> Captain 2 hexes away): a line along the edge of a Forest hex is clear', () => {
    const f = field();
    const target = f.hex(1, -2); // the line runs along the edge between N and NE of the centre
    expect(f.g.distance(f.centre, target)).toBe(2);
    f.set(f.hex(0, -1), T_FOREST);
    expect(f.sight.visible(f.centre, target)).toBe(true);
    f.set(f.hex(0, -1), T_CLEAR);
    f.set(f.hex(1, -1), T_FOREST);
    expect(f.sight.visible(f.centre, target)).toBe(true);
    // R9: along the edge between two blocking hexes it is blocked.
    f.set(f.hex(0, -1), T_FOREST);
    expect(f.sight.visible(f.centre, target)).toBe(false);
  });

  it('Example #3 (Captain 3 hexes away): a line THROUGH a Forest hex is blocked', () => {
    const f = field();
    const target = f.hex(1, -3);
    expect(f.g.distance(f.centre, target)).toBe(3);
    const n = f.sight.trace(f.centre, target, 1);
    expect(Array.from(f.sight.traced.subarray(0, n))).toEqual([f.hex(0, -1), f.hex(1, -2)]);
    f.set(f.hex(0, -1), T_FOREST);
    expect(f.sight.visible(f.centre, target)).toBe(false);
    f.set(f.hex(0, -1), T_CLEAR);
    f.set(f.hex(1, -1), T_FOREST); // beside the line, not on it
    expect(f.sight.visible(f.centre, target)).toBe(true);
  });

  it('item 34: Rocks, Buildings, Forest, Hills and MO hexes block; Clear, High Grass, Sand and Water do not', () => {
    for (const [t, blocks] of [[T_ROCK, true], [T_BUILDING, true], [T_FOREST, true], [T_HILLS, true], [T_OBJECTIVE, true], [T_CLEAR, false], [T_HIGH_GRASS, false], [T_SAND, false], [T_WATER, false]] as const) {
      const f = field();
      f.set(f.north(2), t);
      expect(f.sight.visible(f.centre, f.north(3)), `terrain ${t}`).toBe(!blocks);
    }
  });

  it('the walk lists every hex a line clips, where sampling at hex steps would miss some', () => {
    const f = field(31, 31);
    const a = f.g.index(15, 15);
    const b = f.g.indexOf(f.g.q[a] - 1, f.g.r[a] - 6); // distance 7, a shallow slant
    const n = f.sight.trace(a, b, 1);
    expect(n).toBeGreaterThan(f.g.distance(a, b) - 1);
    for (let i = 0; i < n; i++) {
      const h = f.sight.traced[i];
      f.set(h, T_FOREST);
      expect(f.sight.traceBlocked(a, b, 0, 0, 1)).toBe(true);
      f.set(h, T_CLEAR);
    }
  });
});

describe('line of sight with elevation, rulebook §5.2.1 worked examples (items 36–40, R9)', () => {
  it('Example #1: low attacker, adjacent Hill: the Hill is visible, low hexes behind it are not', () => {
    const f = field();
    f.set(f.north(1), T_HILLS);
    expect(f.sight.visible(f.centre, f.north(1))).toBe(true);
    for (const k of [2, 3, 4]) expect(f.sight.visible(f.centre, f.north(k))).toBe(false);
    // Other directions stay clear (the pictures' green checkmarks).
    expect(f.sight.visible(f.centre, f.hex(0, 4))).toBe(true);
  });

  it('Example #2: high attacker, open ground: #0 to #4 visible', () => {
    const f = field();
    f.set(f.centre, T_HILLS);
    for (const k of [0, 1, 2, 3, 4]) expect(f.sight.visible(f.centre, f.north(k))).toBe(true);
  });

  it('Example #3: high attacker, adjacent Forest: #0 to #4 visible (he sees over it)', () => {
    const f = field();
    f.set(f.centre, T_HILLS);
    f.set(f.north(1), T_FOREST);
    for (const k of [0, 1, 2, 3, 4]) expect(f.sight.visible(f.centre, f.north(k))).toBe(true);
    f.sight.highSeesOverAdjacentLower = false;
    expect(f.sight.visible(f.centre, f.north(2))).toBe(false);
  });

  it('Example #4: high attacker, Forest not adjacent (#2): #0, #1, #2 visible, low #3 and #4 not', () => {
    const f = field();
    f.set(f.centre, T_HILLS);
    f.set(f.north(2), T_FOREST);
    for (const k of [0, 1, 2]) expect(f.sight.visible(f.centre, f.north(k))).toBe(true);
    for (const k of [3, 4]) expect(f.sight.visible(f.centre, f.north(k))).toBe(false);
  });

  it('Example #5: high attacker, adjacent Hill #1: low #2 blocked, Hills #3 and #4 visible (item 40)', () => {
    const f = field();
    f.set(f.centre, T_HILLS);
    f.set(f.north(1), T_HILLS);
    f.set(f.north(3), T_HILLS);
    f.set(f.north(4), T_HILLS);
    expect(f.sight.visible(f.centre, f.north(0))).toBe(true);
    expect(f.sight.visible(f.centre, f.north(1))).toBe(true);
    expect(f.sight.visible(f.centre, f.north(2))).toBe(false);
    expect(f.sight.visible(f.centre, f.north(3))).toBe(true);
    expect(f.sight.visible(f.centre, f.north(4))).toBe(true);
    f.sight.highSeesHigh = false;
    expect(f.sight.visible(f.centre, f.north(3))).toBe(false);
  });

  it('Example #5: a Hill further along (not adjacent) also blocks the low hexes beyond it', () => {
    const f = field();
    f.set(f.centre, T_HILLS);
    f.set(f.north(2), T_HILLS);
    expect(f.sight.visible(f.centre, f.north(3))).toBe(false);
  });

  it('item 40: Hill to Hill is visible whatever Hills or Forest lie between', () => {
    const f = field();
    f.set(f.centre, T_HILLS);
    f.set(f.north(1), T_FOREST);
    f.set(f.north(2), T_HILLS);
    f.set(f.north(3), T_FOREST);
    f.set(f.north(4), T_HILLS);
    expect(f.sight.visible(f.centre, f.north(4))).toBe(true);
  });

  it('item 38: low attacker: a Hill between blocks what lies beyond; R9: a Forest does not hide a Hill target', () => {
    const f = field();
    f.set(f.north(2), T_HILLS);
    expect(f.sight.visible(f.centre, f.north(3))).toBe(false);
    f.set(f.north(3), T_HILLS);
    expect(f.sight.visible(f.centre, f.north(3))).toBe(false); // a Hill blocks at the Hill level
    const g2 = field();
    g2.set(g2.north(1), T_FOREST);
    g2.set(g2.north(2), T_HILLS);
    expect(g2.sight.visible(g2.centre, g2.north(2))).toBe(true);
  });

  it('item 37: the own hex and adjacent hexes are always visible', () => {
    const f = field();
    for (let d = 0; d < 6; d++) f.set(f.g.neighbour(f.centre, d), T_ROCK);
    for (let d = 0; d < 6; d++) expect(f.sight.visible(f.centre, f.g.neighbour(f.centre, d))).toBe(true);
    expect(f.sight.visible(f.centre, f.centre)).toBe(true);
    expect(f.sight.visible(f.centre, f.north(2))).toBe(false);
  });

  it('LOS is symmetric between two low hexes', () => {
    const f = field();
    const rng = new Rng(3);
    for (let h = 0; h < f.g.size; h++) if (rng.below(5) === 0) f.set(h, T_FOREST);
    for (let i = 0; i < 400; i++) {
      const a = rng.below(f.g.size), b = rng.below(f.g.size);
      expect(f.sight.visible(a, b)).toBe(f.sight.visible(b, a));
    }
  });
});

describe('hex grid: hexes within a radius', () => {
  it('within(r) lists 1 + 3r(r+1) hexes inside the board, each once, centre first', () => {
    const g = new HexGrid(18, 16);
    const out = new Int32Array(128);
    const c = g.index(8, 8);
    for (const r of [0, 1, 2, 4]) {
      const n = g.within(c, r, out);
      expect(n).toBe(1 + 3 * r * (r + 1));
      expect(out[0]).toBe(c);
      expect(new Set(out.subarray(0, n)).size).toBe(n);
      for (let i = 0; i < n; i++) expect(g.distance(c, out[i])).toBeLessThanOrEqual(r);
    }
    const corner = g.index(0, 0);
    const n = g.within(corner, 2, out);
    let count = 0;
    for (let h = 0; h < g.size; h++) if (g.distance(corner, h) <= 2) count++;
    expect(n).toBe(count);
  });
});

describe('§4.5.7 Sniper example: two Forest hexes hide half of the Defensive Area (R10 cone + LOS)', () => {
  it('Forest on two hexes of the second row hides the 7 hexes behind them; the rest stay in sight', () => {
    const f = field();
    const out = new Int32Array(16);
    const n = f.g.cone(f.centre, 0, 4, out); // facing the N/NE vertex
    expect(n).toBe(14);
    f.set(f.hex(0, -2), T_FOREST);
    f.set(f.hex(1, -2), T_FOREST);
    const hidden: number[] = [];
    for (let i = 0; i < n; i++) if (!f.sight.visible(f.centre, out[i])) hidden.push(out[i]);
    expect(new Set(hidden)).toEqual(new Set([f.hex(0, -3), f.hex(1, -3), f.hex(2, -3), f.hex(0, -4), f.hex(1, -4), f.hex(2, -4), f.hex(3, -4)]));
  });
});
