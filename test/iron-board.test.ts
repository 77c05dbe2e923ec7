import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../engine/errors.ts';
import { UNREACHED } from '../engine/geometry/hex.ts';
import { Rng } from '../engine/rng.ts';
import { IronBoard } from '../engine/rulesets/iron-squad/rules/board.ts';
import { Deck } from '../engine/deck.ts';

/** The Explore deck as the game builds it (rules/state.ts): 20 empty, 2 US, 2 German unit cards. */
function exploreDeck(capacity: number): Deck {
  const d = new Deck(capacity);
  d.loadCounts([CARD_EMPTY, CARD_UNIT_USA, CARD_UNIT_GERMANY], [20, 2, 2]);
  return d;
}
import { IronBoardGenerator } from '../engine/rulesets/iron-squad/rules/board-gen.ts';
import { boardFromConfig, compileBoard, describeBoard } from '../engine/rulesets/iron-squad/rules/board-json.ts';
import {
  CARD_EMPTY, CARD_UNIT_GERMANY, CARD_UNIT_USA, T_BUILDING, T_CLEAR, T_HIDDEN, T_OBJECTIVE, T_ROAD, TERRAIN_MP, ZONE_GERMANY, ZONE_NONE, ZONE_USA,
} from '../engine/rulesets/iron-squad/data/board-data.ts';

const boardFile = (name: string) => JSON.parse(readFileSync(new URL(`../configs/iron-squad/boards/${name}`, import.meta.url), 'utf8'));

function generated(seed: number, opts: unknown = {}): { gen: IronBoardGenerator; board: IronBoard } {
  const gen = new IronBoardGenerator(opts);
  const board = gen.createBoard();
  gen.generate(board, new Rng(seed));
  return { gen, board };
}

function slotsOfGroup(b: IronBoard, g: number): number[] {
  return Array.from(b.groupSlots[g]);
}

/** Every per-game array, for determinism and isolation checks. */
function snapshot(b: IronBoard): string {
  const parts = [b.terrain, b.fixedTerrain, b.tileTerrain, b.elevation, b.buildingId, b.objectiveId, b.tileId, b.hidden, b.enterCost, b.losBlock, b.slotTile, b.slotRotation, b.stack, b.stackTop, b.buildingHex, b.objectiveHex];
  return parts.map((a) => Array.from(a).join(',')).join('|');
}

describe('generated board (R4) and setup placement (items 11–16)', () => {
  it('R4 layout: 18 × 16, roads on rows 2 and 13, deployment north / south of them, 36 slots in groups 5/7/6/6/7/5', () => {
    const { board: b } = generated(1);
    expect([b.grid.cols, b.grid.rows, b.slotCount, b.tileCount]).toEqual([18, 16, 36, 36]);
    expect([1, 2, 3, 4, 5, 6].map((g) => b.groupSlots[g].length)).toEqual([5, 7, 6, 6, 7, 5]);
    for (let c = 0; c < 18; c++) {
      expect(b.terrain[b.grid.index(c, 2)]).toBe(T_ROAD);
      expect(b.terrain[b.grid.index(c, 13)]).toBe(T_ROAD);
      expect(b.zone[b.grid.index(c, 1)]).toBe(ZONE_USA);
      expect(b.zone[b.grid.index(c, 14)]).toBe(ZONE_GERMANY);
      expect(b.zone[b.grid.index(c, 7)]).toBe(ZONE_NONE);
    }
    for (const g of [2, 5]) expect(slotsOfGroup(b, g).map((s) => b.slotLabel[s]).sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(b.objectiveCount).toBe(10);
    expect(b.buildingCount).toBe(24);
  });

  it('items 12–14: groups 1 and 6 face up at rotation 0; 2 and 5 only their MO tiles, on labelled slots; 3 and 4 face down', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const { board: b } = generated(seed);
      for (const g of [1, 6]) for (const s of slotsOfGroup(b, g)) expect([b.slotRevealed[s], b.slotRotation[s]]).toEqual([1, 0]);
      for (const g of [3, 4]) for (const s of slotsOfGroup(b, g)) expect(b.slotRevealed[s]).toBe(0);
      for (const g of [2, 5]) {
        const up = slotsOfGroup(b, g).filter((s) => b.slotRevealed[s]);
        expect(up.length).toBe(2);
        for (const s of up) {
          expect(b.tileObjectiveCount[b.slotTile[s]]).toBe(1);
          expect(b.slotLabel[s]).toBeGreaterThan(0);
          expect(b.allowedRotations(s) & (1 << b.slotRotation[s])).not.toBe(0);
        }
        expect(b.stackEnd[g] - b.stackTop[g]).toBe(5);
      }
      // Item 16: every Mission Objective is on the board from the start, on an MO hex.
      for (let o = 0; o < b.objectiveCount; o++) {
        const h = b.objectiveHex[o];
        expect(h).toBeGreaterThanOrEqual(0);
        expect([b.terrain[h], b.objectiveId[h], b.enterCost[h], b.losBlock[h]]).toEqual([T_OBJECTIVE, o, 3, 1]);
      }
      expect(Array.from(b.objectiveHalf.subarray(0, 10)).filter((x) => x === 0).length).toBe(5);
    }
  });

  it('hidden hexes: unknown terrain, impassable, block LOS (R5); buildings on hidden tiles have no hex yet', () => {
    const { board: b } = generated(2);
    let hiddenBuildings = 0;
    for (let h = 0; h < b.size; h++) {
      if (b.hidden[h]) expect([b.terrain[h], b.enterCost[h], b.losBlock[h], b.buildingId[h]]).toEqual([T_HIDDEN, 255, 1, -1]);
      if (b.buildingId[h] >= 0) expect(b.buildingHex[b.buildingId[h]]).toBe(h);
    }
    for (let i = 0; i < b.buildingCount; i++) if (b.buildingHex[i] < 0) hiddenBuildings++;
    expect(hiddenBuildings).toBeGreaterThan(0);
  });

  it('R4: at most 1 impassable hex and 2 buildings per tile; the zones connect with every tile revealed', () => {
    const gen = new IronBoardGenerator({ hidden_tiles: false });
    const b = gen.createBoard();
    const rng = new Rng(9);
    for (let game = 0; game < 100; game++) {
      gen.generate(b, rng);
      for (let t = 0; t < b.tileCount; t++) {
        const ter = Array.from(b.tileTerrain.subarray(b.tileStart[t], b.tileStart[t + 1]));
        expect(ter.filter((x) => TERRAIN_MP[x] === 255).length).toBeLessThanOrEqual(1);
        expect(ter.filter((x) => x === T_BUILDING).length).toBeLessThanOrEqual(2);
      }
      expect(b.hiddenSlotCount()).toBe(0);
      b.path.clearModifiers();
      b.path.reach(b.grid.index(0, 2), -1); // from the northern road
      expect(b.path.cost[b.grid.index(0, 13)]).not.toBe(UNREACHED);
    }
  });
});

describe('item 13: Mission-Objective tiles of groups 2 and 5 placed by a D8', () => {
  it('each of the 7 labelled slots gets the first MO tile with probability 1/7 and holds one with 2/7 (Monte Carlo within 4 SE)', () => {
    const { board: b } = generated(3);
    // Exact: a D8 re-rolled on 8 and on taken slots is uniform over the free labels, so the
    // first tile lands on each label with 1/7 and the second, given the first, with 1/6.
    const pFirst = 1 / 7, pHeld = 1 / 7 + 6 / 7 * (1 / 6);
    expect(pHeld).toBeCloseTo(2 / 7, 12);
    const rng = new Rng(77);
    const N = 7000;
    const first = new Array(8).fill(0), held = new Array(8).fill(0);
    const g = 2;
    const firstTile = b.groupTiles[g].find((t) => b.tileObjectiveCount[t] > 0)!;
    for (let i = 0; i < N; i++) {
      b.setup(rng);
      for (const s of slotsOfGroup(b, g)) {
        if (b.slotTile[s] === firstTile) first[b.slotLabel[s]]++;
        if (b.slotTile[s] >= 0) held[b.slotLabel[s]]++;
      }
    }
    for (let n = 1; n <= 7; n++) {
      expect(Math.abs(first[n] / N - pFirst)).toBeLessThan(4 * Math.sqrt((pFirst * (1 - pFirst)) / N));
      expect(Math.abs(held[n] / N - pHeld)).toBeLessThan(4 * Math.sqrt((pHeld * (1 - pHeld)) / N));
    }
  });

  it('a group with fewer labels re-rolls the missing ones: two labels split 1/2 each', () => {
    const b = compileBoard(boardFile('village-small.json'));
    const rng = new Rng(5);
    const N = 4000;
    let onLabel1 = 0;
    for (let i = 0; i < N; i++) {
      b.setup(rng);
      for (const s of slotsOfGroup(b, 2)) if (b.slotTile[s] >= 0 && b.slotLabel[s] === 1) onLabel1++;
    }
    expect(Math.abs(onLabel1 / N - 0.5)).toBeLessThan(4 * Math.sqrt(0.25 / N));
  });
});

describe('item 15: face-down tiles revealed from an adjacent hex', () => {
  it('revealableSlots lists the hidden slots next to a hex; reveal draws the stack top at the chosen rotation', () => {
    const { board: b } = generated(4);
    const slot = slotsOfGroup(b, 3)[0];
    const top = b.slotHexes[b.slotStart[slot]]; // the slot's northern hex, next to the road
    const road = b.grid.neighbour(top, 0);
    const out = new Int32Array(6);
    const n = b.revealableSlots(road, out);
    expect(Array.from(out.subarray(0, n))).toContain(slot);
    const expected = b.stack[b.stackTop[3]];
    const left = b.stackEnd[3] - b.stackTop[3];
    expect(b.reveal(slot, 3)).toBe(expected);
    expect(b.stackEnd[3] - b.stackTop[3]).toBe(left - 1);
    // Rotation 180° on a straight column: tile position i lands on slot position 4 - i.
    for (let i = 0; i < 5; i++) {
      const h = b.slotHexes[b.slotStart[slot] + 4 - i];
      expect(b.hidden[h]).toBe(0);
      expect(b.tileId[h]).toBe(expected);
      expect(b.terrain[h]).toBe(b.tileTerrain[b.tileStart[expected] + i]);
      expect(b.enterCost[h]).toBe(TERRAIN_MP[b.terrain[h]]);
    }
    expect(b.reveal(slot, 0)).toBe(-1);
    expect(b.revealableSlots(road, out)).toBe(n - 1);
  });

  it('a rotation the slot shape does not allow counts as 0; revealing a whole group empties its stack', () => {
    const { board: b } = generated(5);
    const slots = slotsOfGroup(b, 4);
    const t = b.reveal(slots[0], 1);
    expect(b.slotRotation[slots[0]]).toBe(0);
    expect(b.terrain[b.slotHexes[b.slotStart[slots[0]]]]).toBe(b.tileTerrain[b.tileStart[t]]);
    for (const s of slots.slice(1)) expect(b.reveal(s, 0)).toBeGreaterThanOrEqual(0);
    expect(b.stackTop[4]).toBe(b.stackEnd[4]);
    expect(new Set(slots.map((s) => b.slotTile[s])).size).toBe(slots.length);
  });

  it('R5: a hidden tile blocks LOS until revealed (or never, with unrevealed_blocks_los off); it cannot be entered', () => {
    const json = {
      cols: 1, rows: 5, terrain: ['R', 'C', '?', 'C', 'R'], slots: [{ group: 3, hexes: [[0, 2]] }], tiles: [{ group: 3, terrain: 'C' }],
    };
    const b = compileBoard(json);
    b.setup(new Rng(1));
    const a = b.grid.index(0, 1), c = b.grid.index(0, 3);
    expect(b.los(a, c)).toBe(false);
    b.path.reach(a, -1);
    expect(b.path.cost[c]).toBe(UNREACHED);
    b.reveal(0, 0);
    expect(b.los(a, c)).toBe(true);
    b.path.reach(a, -1);
    expect(b.path.cost[c]).toBe(6);
    const open = compileBoard(json);
    open.unrevealedBlocksLos = false;
    open.setup(new Rng(1));
    expect(open.los(a, c)).toBe(true);
  });
});

describe('items 17–18: the Explore deck', () => {
  it('24 cards: 20 empty, 2 US and 2 German units, drawn without replacement, then empty', () => {
    const deck = exploreDeck(24);
    deck.reset(new Rng(1));
    const drawn = Array.from({ length: 24 }, () => deck.draw());
    expect(drawn.filter((c) => c === CARD_EMPTY).length).toBe(20);
    expect(drawn.filter((c) => c === CARD_UNIT_USA).length).toBe(2);
    expect(drawn.filter((c) => c === CARD_UNIT_GERMANY).length).toBe(2);
    expect(deck.remaining).toBe(0);
    expect(deck.draw()).toBe(-1); // spent: explore() treats it as an empty card
    expect(() => deck.loadCounts([CARD_EMPTY, CARD_UNIT_USA, CARD_UNIT_GERMANY], [30, 2, 2])).toThrow(RangeError);
  });

  it('shuffled per game: the k-th card is a unit with probability 4/24 (Monte Carlo within 4 SE), same seed same order', () => {
    const deck = exploreDeck(24);
    const rng = new Rng(2);
    const N = 6000;
    let first = 0, tenth = 0;
    for (let i = 0; i < N; i++) {
      deck.reset(rng);
      if (deck.draw() !== CARD_EMPTY) first++;
      deck.burn(8);
      if (deck.draw() !== CARD_EMPTY) tenth++;
    }
    const p = 4 / 24, tol = 4 * Math.sqrt((p * (1 - p)) / N);
    expect(Math.abs(first / N - p)).toBeLessThan(tol);
    expect(Math.abs(tenth / N - p)).toBeLessThan(tol);
    const a = exploreDeck(24), b = exploreDeck(24);
    a.reset(new Rng(9));
    b.reset(new Rng(9));
    expect(Array.from({ length: 24 }, () => a.draw())).toEqual(Array.from({ length: 24 }, () => b.draw()));
  });
});

describe('generator determinism and isolation', () => {
  it('the same seed gives the same board; another seed a different one', () => {
    expect(snapshot(generated(42).board)).toBe(snapshot(generated(42).board));
    expect(snapshot(generated(42).board)).not.toBe(snapshot(generated(43).board));
  });

  it("a game's board does not depend on the games generated before it in the same worker", () => {
    const { gen, board } = generated(7);
    const fresh = snapshot(board);
    const rng = new Rng(8);
    for (let i = 0; i < 5; i++) {
      gen.generate(board, rng);
      for (let s = 0; s < board.slotCount; s += 3) board.reveal(s, 3); // mid-game reveals
    }
    gen.generate(board, new Rng(7));
    expect(snapshot(board)).toBe(fresh);
  });

  it('hand-made boards reset fully on setup too', () => {
    const b = compileBoard(boardFile('normandy-36.json'));
    b.setup(new Rng(3));
    const first = snapshot(b);
    for (let s = 0; s < b.slotCount; s++) b.reveal(s, 0);
    b.setup(new Rng(99));
    b.setup(new Rng(3));
    expect(snapshot(b)).toBe(first);
  });
});

describe('hand-made boards (configs/iron-squad/boards/)', () => {
  it('normandy-36.json: 36 tiles, 10 objectives, 24 buildings; it round-trips through describeBoard', () => {
    const json = boardFile('normandy-36.json');
    const b = compileBoard(json, ['map']);
    b.setup(new Rng(1));
    expect([b.slotCount, b.objectiveCount, b.buildingCount]).toEqual([36, 10, 24]);
    expect(b.objectiveName.slice(0, 3)).toEqual(['Lighthouse', 'Airport', 'Dock']);
    const again = compileBoard(describeBoard(b));
    again.setup(new Rng(1));
    expect(snapshot(again)).toBe(snapshot(b));
  });

  it('village-small.json: hexagonal tiles rotate freely; named objectives; zones from the roads', () => {
    const b = compileBoard(boardFile('village-small.json'));
    b.setup(new Rng(2));
    for (let s = 0; s < b.slotCount; s++) expect(b.allowedRotations(s)).toBe(0b111111);
    expect(b.objectiveName.slice(0, b.objectiveCount)).toEqual(['Church', 'Lighthouse', 'Dock', 'Mill']);
    expect(b.zone[b.grid.index(3, 0)]).toBe(ZONE_USA);
    expect(b.zone[b.grid.index(3, 13)]).toBe(ZONE_GERMANY);
    // Rotation k turns the tile: its centre stays, its north hex goes to direction k.
    const s = slotsOfGroup(b, 3)[0];
    const t = b.reveal(s, 2);
    const centre = b.slotHexes[b.slotStart[s]];
    expect(b.terrain[centre]).toBe(b.tileTerrain[b.tileStart[t]]);
    expect(b.terrain[b.grid.neighbour(centre, 2)]).toBe(b.tileTerrain[b.tileStart[t] + 1]);
  });

  it("placement 'as-listed' lays tile k of a group on slot k whatever the seed; hidden_tiles false lays them all", () => {
    const json = { ...boardFile('village-small.json'), placement: 'as-listed', hidden_tiles: false };
    const b = compileBoard(json);
    b.setup(new Rng(1));
    const first = snapshot(b);
    b.setup(new Rng(2));
    expect(snapshot(b)).toBe(first);
    expect(b.hiddenSlotCount()).toBe(0);
    expect(b.slotTile[0]).toBe(0);
    expect(b.terrain[b.slotHexes[b.slotStart[0]]]).toBe(T_OBJECTIVE);
    expect(b.terrain[b.grid.index(0, 0)]).toBe(T_CLEAR);
  });
});

describe('bad board JSON -> ConfigError naming the path', () => {
  const base = () => boardFile('village-small.json');
  const cases: [string, (j: any) => unknown, string][] = [
    ['a short terrain row', (j) => (j.terrain[3] = 'CC', j), 'map.terrain[3]'],
    ['an unknown terrain letter', (j) => (j.terrain[0] = 'CCFCCBCCGCCZ', j), 'map.terrain[0]'],
    ['a slot hex off the board', (j) => (j.slots[0].hexes[1] = [40, 3], j), 'map.slots[0].hexes[1]'],
    ['a slot hex that is not "?"', (j) => (j.slots[0].hexes[1] = [0, 0], j), 'map.slots[0].hexes[1]'],
    ['a tile of the wrong length', (j) => (j.tiles[3].terrain = 'CC', j), 'map.tiles[3].terrain'],
    ['an objective in group 3', (j) => (j.tiles[3].terrain = 'OCCCCCC', j), 'map.tiles[3].terrain'],
    ['a missing tile', (j) => (j.tiles.pop(), j), 'map.tiles'],
    ['a label outside groups 2 and 5', (j) => (j.slots[0].label = 3, j), 'map.slots[0].label'],
    ['an unknown field', (j) => ((j.colour = 'red'), j), 'map'],
    ['a bad placement', (j) => ((j.placement = 'random'), j), 'map.placement'],
  ];
  for (const [what, mutate, path] of cases) {
    it(what, () => {
      let err: unknown;
      try {
        boardFromConfig(mutate(base()), ['map']);
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(ConfigError);
      expect((err as ConfigError).path).toBe(path);
    });
  }

  it('bad generator options name map.generate.<field>', () => {
    expect(() => boardFromConfig({ generate: { board_cols: 2 } })).toThrow(/map\.generate\.board_cols/);
    expect(() => boardFromConfig({ generate: { group_sizes: [5, 7, 6, 6, 7, 6] } })).toThrow(/map\.generate\.group_sizes/);
    const ok = boardFromConfig({ generate: {} });
    expect(ok.generator).not.toBeNull();
    expect(ok.board.slotCount).toBe(36);
  });
});

describe('board queries for the combat rules', () => {
  it('item 45 elevation case and item 43 / R3 TAM column by target terrain', () => {
    const b = compileBoard({ cols: 6, rows: 1, terrain: ['HCFGBS'], zones: ['UUU...'.replace(/\./g, 'G')] });
    b.setup(new Rng(1));
    const [hill, clear, forest, grass, building, sand] = [0, 1, 2, 3, 4, 5];
    expect([b.elevationCase(hill, clear), b.elevationCase(clear, hill), b.elevationCase(clear, forest), b.elevationCase(hill, hill)]).toEqual([1, 2, 0, 0]);
    expect([clear, building, grass, forest, sand].map((h) => b.tamColumn(h, 0))).toEqual([0, 1, 2, 3, 0]);
    expect(b.tamColumn(hill, 3)).toBe(3); // Hills read the rules' hills_tam_column
  });
});
