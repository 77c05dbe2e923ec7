/**
 * Issue 14: the fast Iron Squad decisions must give the plain answers, not just be trusted.
 * - IronPathFinder.reach (rules/reach.ts) against HexPathFinder.reach on generated boards
 *   with random cost modifiers: cost and prev of every hex and the order of reached[].
 * - At every activation of whole games under random policy weights (a decisions object
 *   that checks, then plays the real activation): chooseDestination (bounds, pruning,
 *   shot memo) against policy/reference.ts chooseDestinationPlain, pickTarget and
 *   pickTargetMemo against pickTargetPlain from every reached hex, fireStop against
 *   fireStopPlain, shotBase against actions.ts attackBase, and the board's distance
 *   table and face-down neighbour counts against grid.distance and revealableSlots, and
 *   the path finder's minEnter bound against every hex's cost, and board.los (the sight
 *   lists) against HexSight.visible from every reached hex to every foe.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GameEnv } from '../engine/env.ts';
import { HexPathFinder } from '../engine/geometry/hex-path.ts';
import { playOne } from '../engine/ruleset.ts';
import { compileIron } from '../engine/rulesets/iron-squad/compile.ts';
import { ironSquad } from '../engine/rulesets/iron-squad/index.ts';
import { ironPlayers } from '../engine/rulesets/iron-squad/policy/players.ts';
import { chooseBotDestination, chooseDestination, shotBounds } from '../engine/rulesets/iron-squad/policy/destination.ts';
import { chooseDestinationPlain, fireStopPlain, pickTargetPlain } from '../engine/rulesets/iron-squad/policy/reference.ts';
import { elevCase, listFoes, pickTarget, pickTargetMemo, shotBase, shotValueAt } from '../engine/rulesets/iron-squad/policy/scoring.ts';
import { fireStop } from '../engine/rulesets/iron-squad/policy/scripted.ts';
import { attackBase, mpAvailable } from '../engine/rulesets/iron-squad/rules/actions.ts';
import { dist, hasRevealable } from '../engine/rulesets/iron-squad/rules/board-cache.ts';
import { boardFromConfig } from '../engine/rulesets/iron-squad/rules/board-json.ts';
import type { IronDecisions } from '../engine/rulesets/iron-squad/rules/decisions.ts';
import { preparePath } from '../engine/rulesets/iron-squad/rules/moving.ts';
import { LEVELS } from '../engine/rulesets/iron-squad/rules/scratch.ts';
import { IronGame } from '../engine/rulesets/iron-squad/rules/state.ts';
import { sized } from './limits.ts';

/**
 * Property runs of whole games: `npm test` the small counts, `npm run test:slow` the full ones
 * (test/limits.ts). The small counts still meet every floor below (decisions, moves, shots,
 * far foes, bound fills), so each fast path is still compared thousands of times.
 */
const RUNS = { games: sized(12, 25), large: sized(2, 4) };

const UNITS_A = ['captain', 'rifleman', 'machine-gunner', 'sniper', 'medic'];
const UNITS_B = ['captain', 'rifleman', 'machine-gunner', 'grenade-thrower', 'engineer'];

interface Stats { decisions: number; moved: number; shots: number; pruned: number; farFoes: number; boundFills: number; boundShots: number }

/** A game whose every activation is first checked fast-against-plain, then played as usual. */
function checkedGame(config: unknown, stats: Stats): { g: IronGame; env: GameEnv } {
  const scn = compileIron(config);
  const env = new GameEnv(scn.plan);
  const { board, generator } = boardFromConfig(scn.map, ['map']);
  board.unrevealedBlocksLos = scn.rules.unrevealed_blocks_los;
  const seat = (d: IronDecisions): IronDecisions => ({
    ...d,
    activate(g, u) {
      const mp = mpAvailable(g, u);
      // The move decision as it stands (no reveal first), then with more MP and, when
      // the unit has not fired, as if it had (no shot term).
      checkDecision(g, u, mp, stats);
      checkDecision(g, u, mp + 4, stats);
      if (g.fired[u] === 0) {
        g.fired[u] = 1;
        checkDecision(g, u, mp, stats);
        g.fired[u] = 0;
      }
      d.activate(g, u);
    },
  });
  const g = new IronGame(scn, [seat(ironPlayers.decisionsOf(scn.policies[0])), seat(ironPlayers.decisionsOf(scn.policies[1]))], board, generator, env);
  g.st.seal(g);
  return { g, env };
}

const plainFinder = new Map<IronGame, HexPathFinder>();

/** A HexPathFinder of g's board with the same inputs as board.path now. */
function plainOf(g: IronGame): HexPathFinder {
  let f = plainFinder.get(g);
  if (!f) plainFinder.set(g, (f = new HexPathFinder(g.board.grid, g.board.enterCost)));
  const p = g.board.path;
  f.road = p.road; f.roadCost = p.roadCost; f.capAll = p.capAll; f.capMask = p.capMask;
  f.capValue = p.capValue; f.extra = p.extra; f.blocked = p.blocked; f.noPass = p.noPass;
  return f;
}

/** Plain comparisons (expect per element would dominate the run time); a mismatch fails with `where`. */
function same(actual: unknown, expected: unknown, where: string): void {
  if (!Object.is(actual, expected)) expect(actual, where).toBe(expected);
}

function expectSameSearch(fast: HexPathFinder, plain: HexPathFinder, where: string): void {
  same(fast.reachedCount, plain.reachedCount, `${where}: reached count`);
  for (let i = 0; i < plain.reachedCount; i++) same(fast.reached[i], plain.reached[i], `${where}: reached[${i}]`);
  for (let h = 0; h < plain.cost.length; h++) {
    same(fast.cost[h], plain.cost[h], `${where}: cost[${h}]`);
    same(fast.prev[h], plain.prev[h], `${where}: prev[${h}]`);
  }
}

function checkDecision(g: IronGame, u: number, mp: number, stats: Stats): void {
  if (mp <= 0 || g.alive[u] === 0) return;
  const where = `unit ${u} (type ${g.type[u]}, side ${g.side[u]}) at ${g.hex[u]}, mp ${mp}, fired ${g.fired[u]}, round ${g.round}`;
  const bot = g.scn.policies[g.side[u]].player === 'bot';
  preparePath(g, u);
  listFoes(g, u);
  const p = g.board.path, plain = plainOf(g);
  plain.reach(g.hex[u], mp);
  p.reach(g.hex[u], mp);
  expectSameSearch(p, plain, where);
  // Shot values from (elevation case, distance) agree with the rules' attackBase.
  const el = g.board.elevation;
  for (let i = 0; i < p.reachedCount; i++) {
    for (let f = 0; f < g.foeCount; f++) {
      const h = p.reached[i], th = g.foeHex[f], d = g.board.grid.distance(h, th);
      same(shotBase(g, u, g.foes[f], elevCase(el, h, th, d), d), attackBase(g, u, h, th), `${where}: shot base from ${h}`);
    }
  }
  // The board's derived tables: distances and face-down neighbours (kept through reveals).
  const b = g.board;
  for (let h = 0; h < b.size; h++) {
    same(hasRevealable(b, h), b.revealableSlots(h, g.slots) > 0, `${where}: hasRevealable(${h})`);
    same(dist(b, g.hex[u], h), b.grid.distance(g.hex[u], h), `${where}: dist to ${h}`);
    // The path finder's lower bound on a passable hex's cost (it prunes by it) holds.
    same(b.enterCost[h] >= p.minEnter, true, `${where}: enterCost[${h}] ${b.enterCost[h]} ≥ minEnter ${p.minEnter}`);
  }
  // Sight from every reached hex to every foe: the board's lists (rules/sight-lines.ts) give
  // HexSight's answer; and the bot's scan skips a foe out of range of every reached hex
  // (destination.ts botDestination): count those foes, so the skip is exercised.
  let rmax = 0;
  for (let i = 0; i < p.reachedCount; i++) rmax = Math.max(rmax, b.grid.distance(g.hex[u], p.reached[i]));
  for (let f = 0; f < g.foeCount; f++) {
    for (let i = 0; i < p.reachedCount; i++) same(b.los(p.reached[i], g.foeHex[f]), b.sight.visible(p.reached[i], g.foeHex[f]), `${where}: los ${p.reached[i]} -> ${g.foeHex[f]}`);
    if (bot && b.grid.distance(g.hex[u], g.foeHex[f]) > rmax + Math.min(g.rangeNow[u], 4)) stats.farFoes++;
  }
  checkShotBounds(g, u, where, stats);
  const dest = bot ? chooseBotDestination(g, u, mp) : chooseDestination(g, u, mp);
  const scores = new Float64Array(p.reachedCount);
  same(dest, chooseDestinationPlain(g, u, mp, scores), `${where}: destination`);
  if (!bot) {
    // The picked hex's score is the plain double, and bound A is at least every hex's score.
    for (let i = 0; i < p.reachedCount; i++) {
      if (p.reached[i] === dest) same(g.dec.picked[0], scores[i], `${where}: score of ${dest}`);
      if (!(g.dec.bound[i] >= scores[i])) expect(g.dec.bound[i], `${where}: bound A of ${p.reached[i]}`).toBeGreaterThanOrEqual(scores[i]);
    }
  }
  stats.decisions++;
  if (dest !== g.hex[u]) stats.moved++;
  // Every reached hex: the same target and the same double, plain, direct and memoised.
  g.dec.newShots();
  for (let i = 0; i < p.reachedCount; i++) {
    const h = p.reached[i];
    const t = pickTargetPlain(g, u, h), v = g.val[0];
    same(pickTarget(g, u, h), t, `${where}: pickTarget from ${h}`);
    same(g.val[0], v, `${where}: pickTarget value from ${h}`);
    same(pickTargetMemo(g, u, h), t, `${where}: pickTargetMemo from ${h}`);
    same(g.val[0], v, `${where}: pickTargetMemo value from ${h}`);
    if (t >= 0) stats.shots++;
  }
  if (dest !== g.hex[u]) {
    const len = p.pathTo(dest, g.path);
    same(fireStop(g, u, len), fireStopPlain(g, u, len), `${where}: fire stop`);
  }
}

/**
 * destination.ts shotBounds against its specification, the shots plainly: for every k up to
 * the farthest reached hex and every level e of a reached hex, the best shotValueAt
 * (backfire within the limit, else 0) at any foe from distance d in [D − k, D + k] ∩
 * [0, min(range, 4)], at the elevation case of level e against the foe's; that this bounds
 * the best in-range shot (sight ignored) from every reached hex; and every memo slot it
 * filled (foeBase + fillShotAt, or shotSlot for a grenade) holds shotValueAt's doubles.
 */
function checkShotBounds(g: IronGame, u: number, where: string, stats: Stats): void {
  const pol = g.scn.policies[g.side[u]];
  if (pol.player === 'bot' || g.fired[u] !== 0) return;
  const p = g.board.path, b = g.board, el = b.elevation, ds = g.dec;
  let rmax = 0, lo = 127, hi = -128;
  for (let i = 0; i < p.reachedCount; i++) {
    const h = p.reached[i];
    rmax = Math.max(rmax, b.grid.distance(g.hex[u], h));
    lo = Math.min(lo, el[h]);
    hi = Math.max(hi, el[h]);
  }
  same(lo >= 0 && hi < LEVELS, true, `${where}: levels ${lo}..${hi} within 0..${LEVELS - 1}`);
  ds.newShots();
  shotBounds(g, u, rmax, lo, hi);
  const reach = Math.min(g.rangeNow[u], 4);
  for (let k = 0; k <= rmax; k++) {
    for (let e = lo; e <= hi; e++) {
      let best = 0;
      for (let f = 0; f < g.foeCount; f++) {
        const th = g.foeHex[f], D = b.grid.distance(g.hex[u], th), et = el[th];
        for (let d = Math.max(D - k, 0); d <= Math.min(D + k, reach); d++) {
          shotValueAt(g, u, g.foes[f], d === 0 || e === et ? 0 : e > et ? 1 : 2, d);
          if (g.val[1] <= pol.maxBackfire && g.val[0] > best) best = g.val[0];
        }
      }
      same(ds.shotByDist[k * LEVELS + e], best, `${where}: shot bound at distance ${k}, level ${e}`);
      if (best > 0) stats.boundShots++;
    }
  }
  for (let i = 0; i < p.reachedCount; i++) {
    const h = p.reached[i];
    let vmax = 0;
    for (let f = 0; f < g.foeCount; f++) {
      const th = g.foeHex[f], d = b.grid.distance(h, th);
      if (d > reach) continue;
      shotValueAt(g, u, g.foes[f], b.elevationCase(h, th), d);
      if (g.val[1] <= pol.maxBackfire && g.val[0] > vmax) vmax = g.val[0];
    }
    const bound = ds.shotByDist[b.grid.distance(g.hex[u], h) * LEVELS + el[h]];
    if (!(vmax <= bound)) expect(vmax, `${where}: shot from ${h} within its bound`).toBeLessThanOrEqual(bound);
  }
  for (let f = 0; f < g.foeCount; f++) {
    for (let c = 0; c < 3; c++) {
      for (let d = 0; d < 5; d++) {
        const k = (f * 3 + c) * 5 + d;
        if (ds.shotStamp[k] !== ds.shotEpoch) continue;
        const v = ds.shotV[k], bf = ds.shotB[k];
        shotValueAt(g, u, g.foes[f], c, d);
        same(v, g.val[0], `${where}: memo value foe ${f} case ${c} distance ${d}`);
        same(bf, g.val[1], `${where}: memo backfire foe ${f} case ${c} distance ${d}`);
        stats.boundFills++;
      }
    }
  }
}

const weight = fc.oneof(fc.constant(0), fc.double({ min: 0, max: 10, noNaN: true }), fc.integer({ min: 0, max: 4 }));
const policyArb = fc.record({
  id: fc.constantFrom('rush', 'farm', 'bot'),
  attack_weight: weight, cover_weight: weight, objective_weight: weight, vp_weight: weight,
  exposure_weight: weight, approach_weight: weight, deny_weight: weight,
  target_rule: fc.constantFrom('lowest-hp', 'max-damage'),
  reveals_per_activation: fc.integer({ min: 0, max: 3 }),
  fire_first: fc.boolean(),
  max_backfire: fc.double({ min: 0, max: 1, noNaN: true }),
  mission_kill_bonus: weight,
  hunt_mission: fc.boolean(),
  finish_mission: fc.boolean(),
  medic_seeks_wounded: fc.boolean(),
  shots_first: fc.boolean(),
  retreat_health: fc.integer({ min: 0, max: 4 }),
});

describe('issue 14: fast Iron Squad decisions equal the plain ones', () => {
  it('IronPathFinder.reach gives HexPathFinder.reach\'s cost, prev and reached order under random modifiers', () => {
    const scn = compileIron({ ruleset: 'iron-squad', scenario: 'versus', map: { generate: {} }, rules: {}, sides: [{ name: 'A', units: UNITS_A, policy: 'rush' }, { name: 'B', units: UNITS_B, policy: 'farm' }] });
    const env = new GameEnv(scn.plan);
    const g = ironSquad.createGame(scn, env);
    const b = g.board, n = b.size, fast = b.path, plain = new HexPathFinder(b.grid, b.enterCost);
    plain.road = b.road;
    plain.roadCost = fast.roadCost;
    const mask = fc.option(fc.uint8Array({ minLength: n, maxLength: n, min: 0, max: 1 }), { nil: null });
    const query = fc.record({
      from: fc.integer({ min: 0, max: n - 1 }),
      budget: fc.oneof(fc.constant(-1), fc.integer({ min: 0, max: 24 })),
      capAll: fc.constantFrom(255, 0, 1, 2, 3, 4),
      capValue: fc.constantFrom(255, 0, 1, 3),
      capMask: mask,
      // Dense or sparse (as the explore MP is: on Buildings only), so that searches also run
      // to the budget's edge on plain costs, where a frontier hex expands nothing.
      extra: fc.option(fc.oneof(
        fc.uint8Array({ minLength: n, maxLength: n, min: 0, max: 3 }),
        fc.uint8Array({ minLength: n, maxLength: n, min: 0, max: 3 }).map((a) => a.map((x, i) => (i % 7 === 0 ? x : 0))),
      ), { nil: null }),
      blocked: fc.option(fc.uint8Array({ minLength: n, maxLength: n, min: 0, max: 1 }).map((a) => a.map((x, i) => (i % 5 === 0 ? x : 0))), { nil: null }),
      noPass: fc.option(fc.uint8Array({ minLength: n, maxLength: n, min: 0, max: 1 }), { nil: null, freq: 8 }),
    });
    let game = 0, searched = 0;
    fc.assert(fc.property(fc.array(query, { minLength: 1, maxLength: 6 }), (qs) => {
      playOne(ironSquad, g, env, 11, game++); // a fresh board, part revealed, at each run
      for (const q of qs) { // several searches in a row: each must reset the last one's output
        for (const f of [fast, plain]) {
          f.capAll = q.capAll; f.capValue = q.capValue; f.capMask = q.capMask; f.extra = q.extra; f.blocked = q.blocked; f.noPass = q.noPass;
        }
        plain.reach(q.from, q.budget);
        fast.reach(q.from, q.budget);
        expectSameSearch(fast, plain, JSON.stringify({ from: q.from, budget: q.budget, capAll: q.capAll, capValue: q.capValue }));
        searched += fast.reachedCount > 1 ? 1 : 0;
      }
    }), { numRuns: 60, seed: 14 });
    expect(searched).toBeGreaterThan(100); // most searches leave the origin
  });

  it('destinations, targets and fire stops match at every activation of games under random policies and rules', () => {
    const stats: Stats = { decisions: 0, moved: 0, shots: 0, pruned: 0, farFoes: 0, boundFills: 0, boundShots: 0 };
    fc.assert(fc.property(policyArb, policyArb, fc.boolean(), fc.boolean(), fc.integer({ min: 1, max: 1e6 }), (a, b, solo, fullInfo, seed) => {
      const sides = solo
        ? [{ name: 'A', units: UNITS_A, policy: { ...a, id: a.id === 'bot' ? 'farm' : a.id } }, { name: 'Bot', policy: 'bot' }]
        : [{ name: 'A', units: UNITS_A, policy: a }, { name: 'B', units: UNITS_B, policy: b }];
      const config = {
        ruleset: 'iron-squad', scenario: solo ? { id: 'solo', player_side: 0 } : 'versus', map: { generate: {} },
        rules: { full_information: fullInfo }, sides,
      };
      const { g, env } = checkedGame(config, stats);
      for (let i = 0; i < 2; i++) playOne(ironSquad, g, env, seed, i);
    }), { numRuns: RUNS.games, seed: 1414 });
    // The runs decided real moves and shots, so the comparisons above had something to compare.
    expect(stats.decisions).toBeGreaterThan(2000);
    expect(stats.moved).toBeGreaterThan(stats.decisions / 4);
    expect(stats.shots).toBeGreaterThan(1000);
    expect(stats.farFoes).toBeGreaterThan(100); // bot decisions with a foe its scan skips
    expect(stats.boundFills).toBeGreaterThan(5000); // shotBounds' memo fills checked
    expect(stats.boundShots).toBeGreaterThan(2000); // and shot bounds above 0
  });

  it('the same on a board too large for a distance table (destination.ts computes its distance rows)', () => {
    const stats: Stats = { decisions: 0, moved: 0, shots: 0, pruned: 0, farFoes: 0, boundFills: 0, boundShots: 0 };
    fc.assert(fc.property(policyArb, policyArb, fc.integer({ min: 1, max: 1e6 }), (a, b, seed) => {
      const config = {
        ruleset: 'iron-squad', scenario: 'versus', rules: { full_information: true },
        // 60 × 28 = 1,680 hexes, past DIST_TABLE_MAX_HEXES; the roads and bands as the default's.
        map: { generate: { board_cols: 60, board_rows: 28, group_sizes: [20, 20, 20, 20, 20, 20] } },
        sides: [{ name: 'A', units: UNITS_A, policy: { ...a, id: a.id === 'bot' ? 'rush' : a.id } }, { name: 'B', units: UNITS_B, policy: { ...b, id: b.id === 'bot' ? 'farm' : b.id } }],
      };
      const { g, env } = checkedGame(config, stats);
      expect(g.board.distTable.length).toBe(0);
      playOne(ironSquad, g, env, seed, 0);
    }), { numRuns: RUNS.large, seed: 1415 });
    expect(stats.decisions).toBeGreaterThan(200);
    expect(stats.moved).toBeGreaterThan(stats.decisions / 4);
  });
});
