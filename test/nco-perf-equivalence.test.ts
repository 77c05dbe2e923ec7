/**
 * Issue 14: NCO's fast paths must give the plain answers, not just be trusted. The plain
 * versions (nco-perf-plain.ts) are the code as it stood before the speed-ups:
 * - inCoverOf (box prefilters on pieces and bases, per-map piece list, per-target list of
 *   nearby pieces, the pair memo of its terrain half) and lineOfSight (obscuring-piece list)
 *   against inCoverPlain / losPlain;
 * - NcoMoveCost.eval (per-mode lists of relevant pieces) against evalPlain;
 * - nearestEnemy, sergeantWith and the activation order (enemy / own-side index ranges)
 *   against full scans;
 * - cover-spot distances filled on first use from the turn's snapshot against the eager
 *   start-of-turn scan; inCoverSpot (remembered per position) against the scan of the spots;
 * - sergeantWith's per-side item mask (sideItems);
 * - chooseSpecial stopping at the first qualifying soldier (scripted sides), against the full walk;
 * - chooseOrder's walk that stops at the first soldier when none must Rally, against the full walk;
 * - both walks starting past the dead, ordered or done at the front of the side's range
 *   (g.actFrom), and skipping the look for a soldier who must Rally when none had to at the
 *   turn's start;
 * - NcoGame.touchedAll (deployment) against touched() for each soldier, and touched() (row
 *   first, column copied) against the one loop;
 * - bestCoverSpot (the three best kept in one scan, friends on the own side, far spots without
 *   a root, spots that cannot make the three not scored) against the full rescans;
 * - the activation order kept per side (each side's soldiers in its index range) against one
 *   sort of all soldiers, filtered by side;
 * - the router's inlined A* expand (engine/geometry/path.ts) against the offer()-per-node one.
 * Checked at every order of whole games (a decisions object that checks, then decides as
 * usual; the checks write only scratch) and on random positions over generated maps.
 */
import { dirname, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GameEnv } from '../engine/env.ts';
import { playOne } from '../engine/ruleset.ts';
import { I_FIELD_MAP, I_INTEL } from '../engine/rulesets/nco/data/roster-types.ts';
import { scriptedDecisions } from '../engine/rulesets/nco/policy/decisions.ts';
import { bestCoverSpot, inCoverSpot } from '../engine/rulesets/nco/policy/cover.ts';
import type { NcoDecisions } from '../engine/rulesets/nco/rules/decisions.ts';
import { sergeantWith } from '../engine/rulesets/nco/rules/items.ts';
import { nearestEnemy } from '../engine/rulesets/nco/rules/nearest.ts';
import { qualifiesForSpecial } from '../engine/rulesets/nco/rules/special.ts';
import { prepareGame } from '../engine/rulesets/nco/rules/setup.ts';
import { NcoGame } from '../engine/rulesets/nco/rules/state.ts';
import { inCoverOf, lineOfSight } from '../engine/rulesets/nco/rules/terrain/sight.ts';
import { scenarioRules } from '../engine/rulesets/nco/scenarios/hooks.ts';
import { loadConfigObject, type LoadedConfig } from '../sim/config.ts';
import type { NcoScenario } from '../engine/rulesets/nco/compiled.ts';
import {
  actOrderPlain, coverSpotPlain, evalPlain, inCoverPlain, inCoverSpotPlain, losPlain, nearestPlain, pickPlain, PlainRouter,
  sergeantPlain, spotDistancesPlain, touchedPlain,
} from './nco-perf-plain.ts';
import { W_PISTOL } from '../engine/rulesets/nco/data/weapons.ts';
import { COVER, DIFFICULT, IMPASSABLE } from '../engine/geometry/flags.ts';
import { NcoTable } from './nco-table.ts';
import { sized } from './limits.ts';

/**
 * Sizes: `npm test` plays the small ones, `npm run test:slow` the full ones (test/limits.ts).
 * The small sizes still meet every floor below (orders, cover, spot picks, rallies, specials,
 * searched routes), so each fast path is still compared thousands of times; a mismatch that
 * shows only in rarer positions is left to the full sizes.
 */
const N = {
  games: sized(14, 25), intel: sized(7, 12), scenario: sized(4, 8), maps: sized(8, 20), routeMaps: sized(8, 20),
};

// ---- checks ----

interface Stats { specials: number; rallies: number; orders: number; pairs: number; covered: number; blocked: number; segments: number; spotTurns: number; spotPicks: number; spotRetries: number; bad: string[] }

function newStats(): Stats {
  return { specials: 0, rallies: 0, orders: 0, pairs: 0, covered: 0, blocked: 0, segments: 0, spotTurns: 0, spotPicks: 0, spotRetries: 0, bad: [] };
}

/** Records a mismatch (an expect per comparison would take minutes). */
function same(st: Stats, what: string, fast: unknown, plain: unknown): void {
  if (fast !== plain && st.bad.length < 10) st.bad.push(`${what}: fast ${String(fast)}, plain ${String(plain)}`);
}

/** Index of the first entry where a and b differ, or −1. */
function firstDiff(a: Float64Array, b: Float64Array): number {
  for (let k = 0; k < a.length; k++) if (a[k] !== b[k]) return k;
  return -1;
}

/** Movement cost of the segment a→b (point slots), fast against plain, walking and running. */
function checkSegment(g: NcoGame, st: Stats, a: number, b: number): void {
  const t = g.table;
  for (const run of [false, true]) {
    t.setSeg(a, b);
    const ok = g.move.eval(run, false);
    const extra = g.move.extra[0];
    t.setSeg(a, b);
    const [okP, extraP] = evalPlain(t, g.move, run);
    same(st, `eval ${a}->${b} run ${run}`, ok, okP);
    if (ok && okP) same(st, `eval extra ${a}->${b} run ${run}`, extra, extraP);
    st.segments++;
  }
}

/** Sight and cover of b from a, fast against plain. */
function checkPair(g: NcoGame, st: Stats, a: number, b: number): void {
  const t = g.table;
  const los = lineOfSight(t, g.sight, a, b);
  same(st, `los ${a}->${b}`, los, losPlain(t, g.sight, a, b));
  const cov = inCoverOf(t, g.sight, a, b, g.alive, g.n);
  same(st, `cover ${a}->${b}`, cov, inCoverPlain(t, g.sight, a, b, g.alive, g.n));
  // Asked again on the same spots: the terrain half from the pair memo.
  same(st, `cover again ${a}->${b}`, inCoverOf(t, g.sight, a, b, g.alive, g.n), cov);
  st.pairs++;
  if (!los) st.blocked++;
  if (cov) st.covered++;
}

/** Every fast answer on the game's current state against the plain one (writes only scratch). */
function checkState(g: NcoGame, st: Stats, spotD: number[]): void {
  g.move.terrainChanged(); // the router refreshes it before any leg; this game's may not have run yet
  for (let a = 0; a < g.n; a++) {
    if (!g.alive[a]) continue;
    same(st, `nearest ${a}`, nearestEnemy(g, a, false), nearestPlain(g, a, false));
    same(st, `nearest visible ${a}`, nearestEnemy(g, a, true), nearestPlain(g, a, true));
    same(st, `inCoverSpot ${a}`, inCoverSpot(g, a), inCoverSpotPlain(g, a));
    for (let b = 0; b < g.n; b++) {
      if (b === a) continue;
      checkPair(g, st, a, b);
      checkSegment(g, st, a, b);
    }
  }
  checkCoverSpots(g, st, spotD);
  for (let s = 0; s < 2; s++) {
    for (const item of [I_INTEL, I_FIELD_MAP]) same(st, `sergeantWith ${s} ${item}`, sergeantWith(g, s, item), sergeantPlain(g, s, item));
  }
}

/**
 * bestCoverSpot (the three best kept in one scan, spot distances on first use, friends looked
 * for on the own side) against the full rescans on the turn's eager distances, at a few budgets.
 */
function checkCoverSpots(g: NcoGame, st: Stats, spotD: number[]): void {
  const t = g.table;
  for (let i = 0; i < g.n; i++) {
    if (!g.alive[i]) continue;
    const w = g.primary[i];
    const want = g.scn.weapons.range[w === 0 ? W_PISTOL : w] * (1 - 0.6 * g.scn.policies[g.side[i]].aggression);
    for (const budget of [2, 5, 12]) {
      const slot = bestCoverSpot(g, i, budget); // fills the turn's spot distances first, as in play
      const plain = coverSpotPlain(g, i, budget, want, spotD);
      const fast = slot < 0 ? 'none' : `${t.px[slot]},${t.py[slot]}`;
      same(st, `bestCoverSpot ${i} budget ${budget}`, fast, plain.best < 0 ? 'none' : `${g.spotX[plain.best]},${g.spotY[plain.best]}`);
      st.spotPicks++;
      if (plain.retried) st.spotRetries++;
    }
  }
}

/** scriptedDecisions that first checks the fast paths; plays exactly like the shipped ones. */
function checkedDecisions(st: Stats): NcoDecisions {
  let eager: number[] = []; // this turn's spot distances by the eager scan of every soldier
  return {
    ...scriptedDecisions,
    turnStarted(g: NcoGame): void {
      const c = g.spotCache;
      let filled = 0;
      for (let k = 0; k < g.spotCount && eager.length > 0; k++) { // last turn filled some on first use: same numbers?
        for (let s = 0; s < 2; s++) {
          if (c.stamp[160 * s + k] !== c.turn) continue;
          same(st, `spot ${k} side ${s}`, g.spotEnemyD[160 * s + k], eager[2 * k + s]);
          filled++;
        }
      }
      if (filled > 0) st.spotTurns++;
      scriptedDecisions.turnStarted(g);
      same(st, 'actOrder', Array.from(g.actOrder).join(), actOrderPlain(g).join());
      eager = spotDistancesPlain(g, g.table.px, g.table.py, g.alive);
    },
    chooseOrder(g: NcoGame, s: number): void {
      checkState(g, st, eager);
      st.orders++;
      const lo = s === 0 ? 0 : g.split;
      for (let k = lo; k < g.actFrom.orderFrom[s]; k++) { // the walk skips only the dead and ordered
        const j = g.actOrder[k];
        same(st, `orderFrom side ${s}: entry ${k} skipped`, g.alive[j] === 0 || g.order[j] !== 0, true);
      }
      const [pick, rally] = pickPlain(g, s);
      if (rally) st.rallies++;
      scriptedDecisions.chooseOrder(g, s);
      same(st, `chooseOrder pick side ${s}`, g.pick, pick);
    },
    chooseSpecial(g: NcoGame, s: number): void {
      let first = -1; // the full walk: the first qualifying soldier in activation order
      for (let k = 0; k < g.n && first < 0; k++) {
        const j = g.actOrder[k];
        if (g.side[j] === s && g.specialDone[j] === 0 && qualifiesForSpecial(g, j)) first = j;
      }
      for (let k = s === 0 ? 0 : g.split; k < g.actFrom.specialFrom[s]; k++) { // only the dead and done skipped
        const j = g.actOrder[k];
        same(st, `specialFrom side ${s}: entry ${k} skipped`, g.alive[j] === 0 || g.specialDone[j] !== 0, true);
      }
      scriptedDecisions.chooseSpecial(g, s);
      same(st, `chooseSpecial pick side ${s}`, g.pick, first);
      st.specials++;
    },
  };
}

const ROOT = resolve(dirname(new URL(import.meta.url).pathname), '..');

function loaded(policies: [string, string], scenario = 'basic', rosters = ['us-army-100', 'german-heer-100']): LoadedConfig {
  const raw = {
    ruleset: 'nco', scenario, map: { generate: { mirrored: true } }, rules: {},
    sides: [
      { name: 'A', roster: `rosters/${rosters[0]}.json`, policy: policies[0] },
      { name: 'B', roster: `rosters/${rosters[1]}.json`, policy: policies[1] },
    ],
  };
  return loadConfigObject(raw, resolve(ROOT, 'configs/nco'));
}

/** A prepared basic game between two `aggressive` sides, for probing fast paths on its maps. */
function scriptedGame(): { l: LoadedConfig; g: NcoGame; env: GameEnv } {
  const l = loaded(['aggressive', 'aggressive']);
  const scn = l.scn as unknown as NcoScenario;
  const env = new GameEnv(scn.plan);
  const g = new NcoGame(scn, scriptedDecisions, scenarioRules, env);
  prepareGame(g);
  return { l, g, env };
}

function play(l: LoadedConfig, games: number, seed: number): Stats {
  const scn = l.scn as unknown as NcoScenario;
  const env = new GameEnv(scn.plan);
  const st = newStats();
  const g = new NcoGame(scn, checkedDecisions(st), scenarioRules, env);
  prepareGame(g);
  for (let i = 0; i < games; i++) playOne(l.ruleset, g as never, env, seed, i);
  return st;
}

describe('NCO fast paths equal the plain ones (issue 14)', () => {
  it('at every order of whole games (cautious v aggressive: cover spots in use)', () => {
    const st = play(loaded(['cautious', 'aggressive']), N.games, 7);
    expect(st.bad).toEqual([]);
    expect(st.orders).toBeGreaterThan(1000);
    expect(st.covered).toBeGreaterThan(100);
    expect(st.blocked).toBeGreaterThan(100);
    expect(st.spotTurns).toBeGreaterThan(20);
    expect(st.spotPicks).toBeGreaterThan(10000);
    expect(st.spotRetries).toBeGreaterThan(100);
    expect(st.rallies).toBeGreaterThan(5);
    expect(st.specials).toBeGreaterThan(500);
  });

  it('at every order of whole games with Intel (airborne v Soviet)', () => {
    const st = play(loaded(['aggressive', 'cautious'], 'basic', ['us-airborne-100', 'soviet-army-100']), N.intel, 5);
    expect(st.bad).toEqual([]);
    expect(st.orders).toBeGreaterThan(500);
  });

  it('at every order of whole scenario games (S3, S5)', () => {
    for (const s of ['s3-rescue-mission', 's5-search-and-destroy']) {
      const st = play(loaded(['cautious', 'aggressive'], s), N.scenario, 11);
      expect(st.bad).toEqual([]);
      expect(st.orders).toBeGreaterThan(200);
    }
  });

  it('sight, cover and movement cost on random positions over generated maps', () => {
    const { l, g, env } = scriptedGame();
    const t = g.table;
    let x = 12345;
    const rnd = (): number => ((x = (Math.imul(x, 1103515245) + 12345) >>> 0) / 2 ** 32);
    const st = newStats();
    for (let game = 0; game < N.maps; game++) {
      playOne(l.ruleset, g as never, env, 3, game); // leaves that game's generated map
      g.move.terrainChanged();
      for (let round = 0; round < 40; round++) {
        for (let i = 0; i < g.n; i++) {
          // Some soldiers share a spot or stand on a piece's corner (zero-length and grazing lines).
          const k = t.vertexCount > 0 ? Math.floor(rnd() * t.vertexCount) : 0;
          const mode = rnd();
          if (mode < 0.1 && i > 0) t.setPoint(i, t.px[i - 1], t.py[i - 1]);
          else if (mode < 0.2) t.setPoint(i, t.vx[k], t.vy[k]);
          else t.setPoint(i, rnd() * t.width, rnd() * t.height);
          g.alive[i] = rnd() < 0.8 ? 1 : 0;
        }
        // touched() (row and column in one pass, caches wiped in another) against the plain loop, in the first rounds; then
        // deployment's touchedAll against touched() for each soldier in turn.
        for (let i = 0; i < g.n; i++) {
          const plain = round < 4 ? touchedPlain(g, i) : null;
          g.touched(i);
          if (plain === null) continue;
          same(st, `touched ${i} dd: first differing entry`, firstDiff(g.dd, plain.dd), -1);
          same(st, `touched ${i} rd: first differing entry`, firstDiff(g.rd, plain.rd), -1);
          let wiped = true;
          for (let j = 0; j < g.n; j++) {
            const r = i * g.n + j, c = j * g.n + i;
            if (g.vis[r] !== -1 || g.vis[c] !== -1 || g.cov[r] !== -1 || g.cov[c] !== -1) wiped = false;
          }
          same(st, `touched ${i} caches`, wiped, true);
        }
        const dd = g.dd.slice(), rd = g.rd.slice(), elev = g.elevC.slice();
        g.vis.fill(1);
        g.cov.fill(0);
        g.touchedAll();
        same(st, 'touchedAll dd', g.dd.join(), dd.join());
        same(st, 'touchedAll rd', g.rd.join(), rd.join());
        same(st, 'touchedAll elev', g.elevC.join(), elev.join());
        same(st, 'touchedAll caches', g.vis.every((v) => v === -1) && g.cov.every((v) => v === -1), true);
        for (let a = 0; a < g.n; a++) {
          for (let b = 0; b < g.n; b++) {
            if (a === b) continue;
            checkPair(g, st, a, b);
            checkSegment(g, st, a, b);
          }
        }
      }
    }
    expect(st.bad).toEqual([]);
    const covered = st.covered;
    expect(covered).toBeGreaterThan(1000);
  });
});

describe('Router: node build on overlapping pieces (issue 14)', () => {
  it('drops the corners inside what a mode may not enter, as the plain build', () => {
    // Random overlapping boxes: impassable, difficult, tall and low, so offset corners land inside others.
    let x = 4242;
    const rnd = (): number => ((x = (Math.imul(x, 1103515245) + 12345) >>> 0) / 2 ** 32);
    const bad: string[] = [];
    let dropped = 0;
    for (let m = 0; m < 40; m++) {
      const t = new NcoTable({ maxPolygons: 24, maxVertices: 96, points: 4 });
      t.setOptions({ width: 24, height: 24, baseRadius: 0.5 });
      for (let p = 0; p < 14; p++) {
        const x0 = rnd() * 20, y0 = rnd() * 20, w = 1 + rnd() * 5, h = 1 + rnd() * 5;
        const fl = [IMPASSABLE, DIFFICULT, 0, DIFFICULT | COVER][Math.floor(rnd() * 4)];
        t.addPolygon([x0, x0 + w, x0 + w, x0], [y0, y0, y0 + h, y0 + h], 4, fl, fl === 0 ? 1 + rnd() * 3 : 0);
      }
      const plain = new PlainRouter(t, t.move);
      for (let q = 0; q < 20; q++) {
        t.setPoint(0, q === 0 ? 1 : rnd() * 24, q === 0 ? 1 : rnd() * 24);
        t.setPoint(1, q === 0 ? 23 : rnd() * 24, q === 0 ? 23 : rnd() * 24);
        const run = q % 2 === 1;
        t.router.out[4] = 0;
        plain.out[4] = 0;
        const ok = t.router.solve(0, 1, run), okP = plain.solve(0, 1, run);
        const a = ok ? [t.router.out[0], ...t.router.pathX.subarray(0, t.router.pathN), ...t.router.pathY.subarray(0, t.router.pathN)] : [];
        const b = okP ? [plain.out[0], ...plain.pathX.subarray(0, plain.pathN), ...plain.pathY.subarray(0, plain.pathN)] : [];
        if (ok !== okP || a.join() !== b.join()) bad.push(`map ${m} query ${q} run ${run}`);
      }
      const r = t.router, n = r.nNodes;
      const mine = [n, ...r.nodeX.subarray(0, n), ...r.nodeY.subarray(0, n), ...r.nodeMode.subarray(0, n)].join();
      const theirs = [plain.nNodes, ...plain.nodeX.subarray(0, plain.nNodes), ...plain.nodeY.subarray(0, plain.nNodes), ...plain.nodeMode.subarray(0, plain.nNodes)].join();
      if (mine !== theirs) bad.push(`map ${m}: nodes differ`);
      for (let k = 0; k < n; k++) if (r.nodeMode[k] !== 3) dropped++;
    }
    expect(bad).toEqual([]);
    expect(dropped).toBeGreaterThan(20); // some corners lost a mode to an overlapping piece
  });
});

describe('Router: the inlined A* expand, the fused start, the lazy distance rows and the node build find the same routes (issue 14)', () => {
  it('on random queries over generated NCO maps', () => {
    const { l, g, env } = scriptedGame();
    const t = g.table;
    const plain = new PlainRouter(t, g.move);
    let x = 777;
    const rnd = (): number => ((x = (Math.imul(x, 1103515245) + 12345) >>> 0) / 2 ** 32);
    const bad: string[] = [];
    let searched = 0;
    for (let game = 0; game < N.routeMaps; game++) {
      playOne(l.ruleset, g as never, env, 5, game);
      for (let q = 0; q < 200; q++) {
        t.setPoint(0, rnd() * t.width, rnd() * t.height);
        t.setPoint(1, rnd() * t.width, rnd() * t.height);
        const run = rnd() < 0.5, stop = rnd() < 0.3 ? 2 * rnd() : 0;
        g.router.out[4] = stop;
        plain.out[4] = stop;
        const ok = g.router.solve(0, 1, run), okP = plain.solve(0, 1, run);
        const a = ok ? [g.router.out[0], ...g.router.pathX.subarray(0, g.router.pathN), ...g.router.pathY.subarray(0, g.router.pathN)] : [];
        const b = okP ? [plain.out[0], ...plain.pathX.subarray(0, plain.pathN), ...plain.pathY.subarray(0, plain.pathN)] : [];
        if ((ok !== okP || a.join() !== b.join()) && bad.length < 5) bad.push(`game ${game} query ${q}: ${ok} ${a.join()} / ${okP} ${b.join()}`);
        if (ok && g.router.pathN > 2) searched++;
        if (q === 0) { // the nodes (route-nodes.ts skips containment tests that cannot drop a mode) as the plain build's
          const r = g.router, n = r.nNodes;
          const mine = [n, ...r.nodeX.subarray(0, n), ...r.nodeY.subarray(0, n), ...r.nodeMode.subarray(0, n)].join();
          const theirs = [plain.nNodes, ...plain.nodeX.subarray(0, plain.nNodes), ...plain.nodeY.subarray(0, plain.nNodes), ...plain.nodeMode.subarray(0, plain.nNodes)].join();
          if (mine !== theirs && bad.length < 5) bad.push(`game ${game}: nodes ${mine} / ${theirs}`);
        }
      }
    }
    expect(bad).toEqual([]);
    expect(searched).toBeGreaterThan(200);
  });
});
