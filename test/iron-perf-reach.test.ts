/**
 * Issue 14: IronPathFinder.reach skips a search whose key equals the last one's (rules/reach.ts:
 * origin, budget, every input field, arrays by identity, and the `inputs` counter the rules
 * bump on every write into an input array). Over whole games, every real search (skipped or
 * not) must equal HexPathFinder.reach's on the same inputs, value for value; and on every
 * skip the input arrays must hold what they held at the search it keeps (so no hook is
 * missing, even where a missed change would happen not to alter the answer).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GameEnv } from '../engine/env.ts';
import { HexPathFinder } from '../engine/geometry/hex-path.ts';
import { playOne } from '../engine/ruleset.ts';
import { compileIron } from '../engine/rulesets/iron-squad/compile.ts';
import { ironSquad } from '../engine/rulesets/iron-squad/index.ts';
import { ironPlayers } from '../engine/rulesets/iron-squad/policy/players.ts';
import { boardFromConfig } from '../engine/rulesets/iron-squad/rules/board-json.ts';
import { IronGame } from '../engine/rulesets/iron-squad/rules/state.ts';
import { explore, forgetClearedPaths, preparePath, refreshExploreExtra, walkRange } from '../engine/rulesets/iron-squad/rules/moving.ts';
import { T_FOREST } from '../engine/rulesets/iron-squad/data/board-data.ts';
import { build, openBoard, setTerrain } from './iron-harness.ts';
import { sized } from './limits.ts';

const UNITS_A = ['captain', 'rifleman', 'machine-gunner', 'sniper', 'medic'];
const UNITS_B = ['captain', 'rifleman', 'machine-gunner', 'grenade-thrower', 'engineer'];

interface Stats { searches: number; reused: number; changed: number }

function same(actual: unknown, expected: unknown, where: string): void {
  if (!Object.is(actual, expected)) expect(actual, where).toBe(expected);
}

/** The contents of the inputs a search reads, copied (null stays null). */
function snapshot(p: HexPathFinder): (Uint8Array | null)[] {
  return [p.enterCost, p.road, p.capMask, p.extra, p.blocked].map((a) => (a === null ? null : a.slice()));
}

function sameContents(a: (Uint8Array | null)[], b: (Uint8Array | null)[]): boolean {
  for (let k = 0; k < a.length; k++) {
    const x = a[k], y = b[k];
    if (x === null || y === null) { if (x !== y) return false; continue; }
    for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return false;
  }
  return true;
}

/** Plays `games` games of `config`, checking every search of board.path as described above. */
function playChecked(config: unknown, seed: number, games: number, stats: Stats): void {
  const scn = compileIron(config);
  const env = new GameEnv(scn.plan);
  const { board, generator } = boardFromConfig(scn.map, ['map']);
  board.unrevealedBlocksLos = scn.rules.unrevealed_blocks_los;
  const g = new IronGame(scn, [ironPlayers.decisionsOf(scn.policies[0]), ironPlayers.decisionsOf(scn.policies[1])], board, generator, env);
  g.st.seal(g);
  const p = board.path, plain = new HexPathFinder(board.grid, board.enterCost);
  const fast = p.reach.bind(p);
  // The key and inputs of the last search that ran (not skipped).
  let last: { from: number; budget: number; fields: unknown[]; inputs: (Uint8Array | null)[] } | null = null;
  const fields = () => [p.enterCost, p.road, p.roadCost, p.capAll, p.capMask, p.capValue, p.extra, p.blocked, p.noPass];
  p.reach = (from: number, budget: number): number => {
    const where = `game seed ${seed}, round ${g.round}, from ${from}, budget ${budget}`;
    const reused = p.reuses(from, budget), now = snapshot(p), f = fields();
    if (reused) {
      stats.reused++;
      same(last !== null && sameContents(last.inputs, now), true, `${where}: a skipped search's inputs are the kept one's`);
    } else if (last !== null && last.from === from && last.budget === budget && last.fields.every((x, k) => x === f[k]) && !sameContents(last.inputs, now)) {
      stats.changed++; // same key fields, new contents: a hook bumped `inputs`
    }
    const n = fast(from, budget);
    if (!reused) last = { from, budget, fields: f, inputs: now };
    plain.road = p.road; plain.roadCost = p.roadCost; plain.capAll = p.capAll; plain.capMask = p.capMask;
    plain.capValue = p.capValue; plain.extra = p.extra; plain.blocked = p.blocked; plain.noPass = p.noPass;
    plain.reach(from, budget);
    same(n, plain.reachedCount, `${where}: reached count`);
    for (let i = 0; i < n; i++) same(p.reached[i], plain.reached[i], `${where}: reached[${i}]`);
    for (let h = 0; h < board.size; h++) {
      same(p.cost[h], plain.cost[h], `${where}: cost[${h}]`);
      same(p.prev[h], plain.prev[h], `${where}: prev[${h}]`);
    }
    stats.searches++;
    return n;
  };
  for (let i = 0; i < games; i++) playOne(ironSquad, g, env, seed, i);
}

const weight = fc.oneof(fc.constant(0), fc.double({ min: 0, max: 10, noNaN: true }), fc.integer({ min: 0, max: 4 }));
const policyArb = fc.record({
  id: fc.constantFrom('rush', 'farm'),
  attack_weight: weight, cover_weight: weight, objective_weight: weight, approach_weight: weight,
  reveals_per_activation: fc.integer({ min: 0, max: 3 }),
  fire_first: fc.boolean(),
  fire_mid_move: fc.boolean(),
});

describe('issue 14: a skipped search (IronPathFinder.reach, same key as the last) equals the plain one', () => {
  it('every hook that writes into a search input makes the next search run', () => {
    const { g, at, add } = build({ board: setTerrain(openBoard(), 6, 5, 'B') });
    const p = g.board.path, eng = add(1, 'engineer', 5, 5), mg = add(0, 'machine-gunner', 2, 2);
    g.facing[mg] = 0;
    const from = g.hex[eng];
    const search = () => { preparePath(g, eng); p.reach(from, 12); };
    search();
    preparePath(g, eng);
    expect(p.reuses(from, 12)).toBe(true); // the same blocked hexes: nothing changed
    expect(p.reuses(from, 11)).toBe(false);
    g.facing[mg] = 3; // other blocked hexes
    preparePath(g, eng);
    expect(p.reuses(from, 12)).toBe(false);
    search();
    g.board.setTerrain(at(7, 5), T_FOREST); // enterCost (a reveal lays tiles this way)
    expect(p.reuses(from, 12)).toBe(false);
    search();
    refreshExploreExtra(g); // the explore MP
    expect(p.reuses(from, 12)).toBe(false);
    search();
    g.path[0] = at(5, 6); // the Engineer clears the hexes he walks
    walkRange(g, eng, 0, 1);
    expect(p.reuses(from, 12)).toBe(false);
    search();
    forgetClearedPaths(g); // the round's end
    expect(p.reuses(from, 12)).toBe(false);
    search();
    explore(g, eng, at(6, 5), at(5, 6)); // the Building's explore MP
    expect(p.reuses(from, 12)).toBe(false);
    search();
    g.reset(); // a new game
    expect(p.reuses(from, 12)).toBe(false);
  });

  it('on the perf configs\' line-ups (rush against farm, solo)', () => {
    const stats: Stats = { searches: 0, reused: 0, changed: 0 };
    const versus = { ruleset: 'iron-squad', scenario: 'versus', map: { generate: {} }, rules: {}, sides: [{ name: 'A', units: UNITS_A, policy: { id: 'rush', fire_mid_move: false } }, { name: 'B', units: UNITS_B, policy: { id: 'farm', fire_mid_move: false } }] };
    const solo = { ruleset: 'iron-squad', scenario: { id: 'solo', player_side: 0 }, map: { generate: {} }, rules: {}, sides: [{ name: 'A', units: UNITS_A, policy: 'farm' }, { name: 'Bot', policy: 'bot' }] };
    playChecked(versus, 11, 100, stats);
    playChecked(solo, 12, 100, stats);
    expect(stats.searches).toBeGreaterThan(4000);
    expect(stats.reused).toBeGreaterThan(stats.searches / 20); // stacked units moving in a row
    expect(stats.changed).toBeGreaterThan(20); // and searches the hooks kept from being skipped
  });

  it('under random policies (reveals, both unit lists on either side)', () => {
    const stats: Stats = { searches: 0, reused: 0, changed: 0 };
    fc.assert(fc.property(policyArb, policyArb, fc.boolean(), fc.integer({ min: 1, max: 1e6 }), (a, b, swap, seed) => {
      const sides = [{ name: 'A', units: swap ? UNITS_B : UNITS_A, policy: a }, { name: 'B', units: swap ? UNITS_A : UNITS_B, policy: b }];
      playChecked({ ruleset: 'iron-squad', scenario: 'versus', map: { generate: {} }, rules: {}, sides }, seed, 4, stats);
    }), { numRuns: sized(25, 60), seed: 1416 }); // npm test / test:slow (test/limits.ts); both meet the floors below
    expect(stats.reused).toBeGreaterThan(100);
    expect(stats.changed).toBeGreaterThan(20);
  });
});
