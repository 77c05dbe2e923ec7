/**
 * Bad input that used to pass the main thread's checks and fail (exit 3) or play nonsense
 * inside the workers is now refused at compile time, with the field path, the value and
 * what is allowed; and a ConfigError raised inside a worker stays a ConfigError (exit 2).
 */
import { GameEnv } from '../engine/env.ts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../engine/errors.ts';
import { MAX_MAP_PIECES, MAX_MAP_VERTICES } from '../engine/rulesets/nco/compile.ts';
import { loadConfigObject } from '../sim/config.ts';
import { executeChunks } from '../sim/execute.ts';
import { configErrorOf } from './config-error.ts';
import { ROOT } from './dist-fresh.ts';

type Json = Record<string, any>;
const NCO = join(ROOT, 'configs', 'nco');
const nco = (over: Json = {}): Json => ({
  ruleset: 'nco',
  sides: [
    { name: 'A', roster: join(NCO, 'rosters', 'us-army-100.json'), policy: 'aggressive' },
    { name: 'B', roster: join(NCO, 'rosters', 'german-heer-100.json'), policy: 'cautious' },
  ],
  ...over,
});
const iron = (map: unknown, names = ['USA', 'Germany']): Json => ({
  ruleset: 'iron-squad',
  map,
  sides: names.map((name) => ({ name, policy: 'rush' })),
});
const load = (c: Json) => loadConfigObject(structuredClone(c), ROOT);
/** A small square piece at (x, y). */
const square = (x: number, y: number, s = 0.5, extra: Json = {}): Json => ({ name: 'rock', polygon: [[x, y], [x + s, y], [x + s, y + s], [x, y + s]], ...extra });

describe('NCO maps', () => {
  it('map.generate.coverage 0 with terrain pieces is refused (it crashed every run); with no pieces it plays', () => {
    const e = configErrorOf(() => load(nco({ map: { generate: { coverage: 0 } } })));
    expect(e.message).toMatch(/^map\.generate\.coverage: got 0; .*at least 0\.001 when terrain_pieces > 0/);
    expect(load(nco({ map: { generate: { coverage: 0, terrain_pieces: 0 } } })).scn.ruleset).toBe('nco');
    expect(load(nco({ map: { generate: { coverage: 0.001 } } })).scn.ruleset).toBe('nco');
  });

  it(`a fixed map over ${MAX_MAP_PIECES} pieces or ${MAX_MAP_VERTICES} vertices is refused at compile time; one at the limits builds its game`, () => {
    const grid = (n: number) => Array.from({ length: n }, (_, i) => square(6 + (i % 12) * 2, 8 + Math.floor(i / 12) * 2));
    const limit = load(nco({ map: { size: [36, 36], terrain: grid(MAX_MAP_PIECES) } }));
    expect(() => limit.ruleset.createGame(limit.scn, new GameEnv(limit.scn.plan))).not.toThrow();
    expect(configErrorOf(() => load(nco({ map: { size: [36, 36], terrain: grid(MAX_MAP_PIECES + 1) } }))).message).toBe('map.terrain: got "49 pieces"; allowed: at most 48 terrain pieces');
    const circle = (n: number) => ({ name: 'pond', polygon: Array.from({ length: n }, (_, k) => [18 + 6 * Math.cos((2 * Math.PI * k) / n), 18 + 6 * Math.sin((2 * Math.PI * k) / n)]) });
    const most = load(nco({ map: { size: [36, 36], terrain: [circle(MAX_MAP_VERTICES)] } }));
    expect(() => most.ruleset.createGame(most.scn, new GameEnv(most.scn.plan))).not.toThrow();
    expect(configErrorOf(() => load(nco({ map: { size: [36, 36], terrain: [circle(MAX_MAP_VERTICES + 1)] } }))).message).toBe('map.terrain: got "385 vertices"; allowed: at most 384 polygon vertices over all pieces');
  });

  it('an impassable piece over a deployment zone (or the whole table) is refused; one leaving room is fine', () => {
    const lake = (poly: number[][]) => ({ size: [36, 36], terrain: [{ name: 'lake', polygon: poly, impassable: true }] });
    expect(configErrorOf(() => load(nco({ map: lake([[0, 0], [36, 0], [36, 36], [0, 36]]) }))).message)
      .toMatch(/^map\.terrain: got \["lake"\]; leave no room for a model outside impassable terrain in the deployment zone along the y = 0 edge/);
    expect(configErrorOf(() => load(nco({ map: lake([[0, 30], [36, 30], [36, 36], [0, 36]]) }))).message).toMatch(/along the y = 36 edge/);
    expect(load(nco({ map: lake([[0, 30], [34, 30], [34, 36], [0, 36]]) })).scn.ruleset).toBe('nco');
    // The shipped village has buildings on the edges: still fine.
    expect(load(nco({ map: join(NCO, 'maps', 'village.json') })).scn.ruleset).toBe('nco');
  });
});

describe('Iron Squad boards', () => {
  const board = (terrain: string[], zones?: string[]): Json => ({ cols: terrain[0].length, rows: terrain.length, terrain, ...(zones ? { zones } : {}) });
  it('a board with no deployment zone for a side, a 1×1 board or an all-water zone is refused', () => {
    expect(configErrorOf(() => load(iron(board(['R'])))).message).toMatch(/^map\.terrain: got "0 hexes in zone U, none passable"; expected a deployment zone U/);
    expect(configErrorOf(() => load(iron(board(['CC', 'CC'], ['..', '..'])))).message).toMatch(/^map\.zones: got "0 hexes in zone U/);
    expect(configErrorOf(() => load(iron(board(['CC', 'CC'], ['UU', '..'])))).message).toMatch(/^map\.zones: got "0 hexes in zone G/);
    expect(configErrorOf(() => load(iron(board(['WW', 'CC'], ['UU', 'GG'])))).message).toMatch(/"2 hexes in zone U, none passable"/);
    expect(load(iron(board(['CW', 'CC'], ['UU', 'GG']))).scn.ruleset).toBe('iron-squad');
  });

  it('a slot hex at a negative row is a ConfigError (found by the fuzz corpus: the board check ran on it and crashed)', () => {
    const b = JSON.parse(readFileSync(join(ROOT, 'configs', 'iron-squad', 'boards', 'normandy-36.json'), 'utf8'));
    b.slots[22].hexes[2][1] = -1e308;
    expect(configErrorOf(() => load(iron(b))).message).toMatch(/^map\.slots\[22\]\.hexes\[2\]\[1\]: got -1e\+308; allowed: at least /);
  });
});

describe('side names', () => {
  it('must be printable, different from each other and not "draw" (every ruleset)', () => {
    const cases: [string[], RegExp][] = [
      [['A\nB', 'C'], /^sides\[0\]\.name: got "A\\nB"; is invalid: must be printable text/],
      [['A\u2028B', 'C'], /^sides\[0\]\.name: [^]*must be printable text/],
      [['A', 'Tab\there'], /^sides\[1\]\.name: .*must be printable text/],
      [['Blue', ' blue '], /^sides\[1\]\.name: got " blue "; expected a name other than side 1's "Blue"/],
      [['draw', 'B'], /^sides\[0\]\.name: got "draw"; is reserved for drawn games/],
      [['A', 'Draw'], /^sides\[1\]\.name: got "Draw"; is reserved/],
    ];
    for (const [names, msg] of cases) {
      const c = nco();
      c.sides.forEach((s: Json, i: number) => (s.name = names[i]));
      expect(configErrorOf(() => load(c)).message).toMatch(msg);
      expect(configErrorOf(() => load(iron({ generate: {} }, names))).message).toMatch(msg);
    }
  });
});

describe('a ConfigError inside a worker', () => {
  it('reaches the main thread as a ConfigError (exit 2), not an internal error', async () => {
    const config = JSON.parse(readFileSync(join(NCO, 'default.json'), 'utf8'));
    // The main thread never compiled this config: the worker's own compile refuses it.
    const task = { config: { ...config, rules: { turns: 99 } }, configHash: 'sha256:not-compiled', seed: 1, start: 0, count: 1 };
    const run = executeChunks({ tasks: [task], threads: 1, onResult: () => {} });
    await expect(run).rejects.toBeInstanceOf(ConfigError);
    await expect(run).rejects.toThrow(/^rules\.turns: got 99; allowed: at most 12 \(met while playing game 0 of seed 1\)$/);
  });

  it('keeps its game in the message from the in-process loop too', async () => {
    const task = { config: { ruleset: 'nco', sides: [] }, configHash: 'sha256:x', seed: 3, start: 500, count: 1 };
    await expect(executeChunks({ tasks: [task], threads: 0, onResult: () => {} })).rejects.toThrow(/\(met while playing game 500 of seed 3\)$/);
  });
});
