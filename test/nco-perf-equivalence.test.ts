/**
 * Issue 14: NCO's fast paths must give the plain answers, not just be trusted. The plain
 * versions below are the code as it stood before the speed-ups:
 * - inCoverOf (box prefilters on pieces and bases, per-map piece list, per-target list of
 *   nearby pieces) and lineOfSight
 *   (obscuring-piece list) against inCoverPlain / losPlain;
 * - NcoMoveCost.eval (per-mode lists of relevant pieces) against evalPlain;
 * - nearestEnemy, sergeantWith and the activation order (enemy / own-side index ranges)
 *   against full scans;
 * - cover-spot distances filled on first use from the turn's snapshot against the eager
 *   start-of-turn refresh;
 * - sergeantWith's per-side item mask (sideItems);
 * - chooseSpecial stopping at the first qualifying soldier (scripted sides), against the full walk;
 * - chooseOrder's walk that stops at the first soldier when none must Rally, against the full walk;
 * - NcoGame.touchedAll (deployment) against touched() for each soldier;
 * - the router's inlined A* expand (engine/geometry/path.ts) against the offer()-per-node one.
 * Checked at every order of whole games (a decisions object that checks, then decides as
 * usual; the checks write only scratch) and on random positions over generated maps.
 */
import { dirname, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GameEnv } from '../engine/env.ts';
import { COVER, DIFFICULT, EPS, IMPASSABLE, NEG_EPS, OBSCURING } from '../engine/geometry/flags.ts';
import { Router } from '../engine/geometry/path.ts';
import type { Table } from '../engine/geometry/table.ts';
import { playOne } from '../engine/ruleset.ts';
import { I_FIELD_MAP, I_INTEL } from '../engine/rulesets/nco/data/roster-types.ts';
import { scriptedDecisions } from '../engine/rulesets/nco/policy/decisions.ts';
import { refreshSpotDistances } from '../engine/rulesets/nco/policy/cover.ts';
import type { NcoDecisions } from '../engine/rulesets/nco/rules/decisions.ts';
import { sergeantWith } from '../engine/rulesets/nco/rules/items.ts';
import { nearestEnemy } from '../engine/rulesets/nco/rules/nearest.ts';
import { qualifiesForSpecial } from '../engine/rulesets/nco/rules/special.ts';
import { prepareGame } from '../engine/rulesets/nco/rules/setup.ts';
import { NcoGame, O_NONE } from '../engine/rulesets/nco/rules/state.ts';
import type { NcoMoveCost } from '../engine/rulesets/nco/rules/terrain/move-cost.ts';
import { inCoverOf, lineOfSight, type SightRules } from '../engine/rulesets/nco/rules/terrain/sight.ts';
import { scenarioRules } from '../engine/rulesets/nco/scenarios/hooks.ts';
import { loadConfigObject, type LoadedConfig } from '../sim/config.ts';
import type { NcoScenario } from '../engine/rulesets/nco/compiled.ts';

// ---- the plain versions (before issue 14) ----

function nearEdgePlain(t: Table, s: SightRules, e: number, slot: number): boolean {
  const wx = t.px[slot] - t.vx[e], wy = t.py[slot] - t.vy[e];
  const ex = t.ex[e], ey = t.ey[e];
  const u = Math.min(Math.max((wx * ex + wy * ey) / (ex * ex + ey * ey), 0), 1);
  const qx = wx - u * ex, qy = wy - u * ey;
  return qx * qx + qy * qy <= s.edgeWindow * s.edgeWindow + EPS;
}

function losPlain(t: Table, s: SightRules, a: number, b: number): boolean {
  if (!t.setSeg(a, b)) return true;
  const len = t.seg[4];
  for (let p = 0; p < t.polygonCount; p++) {
    if ((t.pFlags[p] & OBSCURING) === 0 || !t.segBoxHits(p) || !t.clip(p)) continue;
    const aIn = t.ct[0] * len < NEG_EPS;
    const bIn = (t.ct[1] - 1) * len > EPS;
    if (aIn) {
      if (bIn) continue;
      if (!nearEdgePlain(t, s, t.ce[1], a)) return false;
    } else if (!bIn || !nearEdgePlain(t, s, t.ce[0], b)) return false;
  }
  return true;
}

function inCoverPlain(t: Table, sr: SightRules, shooter: number, target: number, alive: Uint8Array, nModels: number): boolean {
  const s = t.seg;
  const point = !t.setSeg(shooter, target);
  t.q[0] = t.px[target];
  t.q[1] = t.py[target];
  const len = s[4];
  const near = sr.coverProximity + EPS;
  for (let p = 0; p < t.polygonCount; p++) {
    const f = t.pFlags[p];
    if ((f & (COVER | OBSCURING)) === 0) continue;
    const inside = (f & COVER) !== 0 && t.insideQ(p);
    if (point) {
      if (inside) return true;
      continue;
    }
    if (!t.segBoxHits(p) || !t.clip(p)) continue;
    const t1 = Math.min(t.ct[1], 1);
    if ((1 - t1) * len <= near) return true;
  }
  if (point) return false;
  const ax = s[0], ay = s[1], dx = s[2], dy = s[3];
  const inv = 1 / (len * len);
  const r2 = t.baseRadius * t.baseRadius;
  for (let i = 0; i < nModels; i++) {
    if (alive[i] === 0 || i === shooter || i === target) continue;
    const wx = t.px[i] - ax, wy = t.py[i] - ay;
    const u = Math.min(Math.max((wx * dx + wy * dy) * inv, 0), 1);
    const qx = wx - u * dx, qy = wy - u * dy;
    if (qx * qx + qy * qy < r2) return true;
  }
  return false;
}

/** NcoMoveCost.eval before its per-mode piece lists: [allowed, extra]. */
function evalPlain(T: Table, m: NcoMoveCost, run: boolean): [boolean, number] {
  const len = T.seg[4];
  if (len <= EPS) return [true, 0];
  const bit = run ? 2 : 1;
  const cross: [number, number, number][] = [];
  for (let p = 0; p < T.polygonCount; p++) {
    const fl = T.pFlags[p], h = T.pHeight[p];
    const relevant = (h > 0 ? 3 : 0) | (fl & IMPASSABLE ? 3 : 0) | (fl & DIFFICULT ? 2 : 0);
    if ((relevant & bit) === 0 || !T.segBoxHits(p) || !T.clip(p)) continue;
    if (fl & IMPASSABLE) return [false, 0];
    if (run && fl & DIFFICULT) return [false, 0];
    if (h > 0) cross.push([p, T.ct[0], T.ct[1]]);
  }
  if (cross.length === 0) return [true, 0];
  let cur = 0;
  const ev: [number, number][] = [];
  const active = cross.map(() => 0);
  const push = (t: number, k: number): void => {
    let j = ev.length;
    ev.push([0, 0]);
    while (j > 0 && ev[j - 1][0] > t) { ev[j] = ev[j - 1]; j--; }
    ev[j] = [t, k];
  };
  cross.forEach(([p, t0, t1], k) => {
    const startIn = t0 * len < NEG_EPS;
    const endIn = (t1 - 1) * len > EPS;
    active[k] = startIn ? 1 : 0;
    if (startIn && T.pHeight[p] > cur) cur = T.pHeight[p];
    if (!startIn) push(Math.max(t0, 0), k);
    if (!endIn) push(Math.min(t1, 1), k);
  });
  let extra = 0;
  for (let i = 0; i < ev.length; ) {
    const tt = ev[i][0];
    while (i < ev.length && ev[i][0] - tt <= EPS) { active[ev[i][1]] ^= 1; i++; }
    let h = 0;
    cross.forEach(([p], k) => { if (active[k] && T.pHeight[p] > h) h = T.pHeight[p]; });
    const d = h - cur;
    if (d === 0) continue;
    const ad = Math.abs(d);
    let c = 0;
    if (ad > m.waistHeight + EPS) {
      if (m.climbRequiresRun && !run) return [false, 0];
      c = ad;
    } else if (d > 0) c = m.waistHighCost;
    cur = h;
    extra += c;
  }
  return [true, extra];
}

function nearestPlain(g: NcoGame, i: number, visibleOnly: boolean): number {
  let best = -1, bestD = 1e9;
  for (let j = 0; j < g.n; j++) {
    if (!g.alive[j] || g.side[j] === g.side[i]) continue;
    const d = g.dd[i * g.n + j];
    if (d >= bestD) continue;
    if (visibleOnly && !losPlain(g.table, g.sight, i, j)) continue;
    bestD = d;
    best = j;
  }
  return best;
}

function sergeantPlain(g: NcoGame, s: number, item: number): number {
  for (let i = 0; i < g.n; i++) if (g.side[i] === s && (g.itemsLeft[i] & item) !== 0) return g.alive[i] ? i : -1;
  return -1;
}

function actOrderPlain(g: NcoGame): number[] {
  const score: number[] = [];
  for (let i = 0; i < g.n; i++) {
    let best = 1e9;
    if (g.alive[i]) for (let j = 0; j < g.n; j++) if (g.alive[j] && g.side[j] !== g.side[i] && g.dd[i * g.n + j] < best) best = g.dd[i * g.n + j];
    score.push(best);
  }
  const act = score.map((_, i) => i);
  for (let a = 1; a < act.length; a++) { // the same stable insertion sort
    const v = act[a];
    let b = a - 1;
    while (b >= 0 && score[act[b]] > score[v]) { act[b + 1] = act[b]; b--; }
    act[b + 1] = v;
  }
  return act;
}

/** The soldier chooseOrder hands the die to for a scripted side, by the full walk it made: [pick, rally]. */
function pickPlain(g: NcoGame, s: number): [number, boolean] {
  let i = -1, waiting = -1;
  for (let k = 0; k < g.n; k++) {
    const j = g.actOrder[k];
    if (g.side[j] !== s || !g.alive[j] || g.order[j] !== O_NONE) continue;
    if (g.mustRally[j]) return [j, true];
    if (g.ambush[j] > 0) { if (waiting < 0) waiting = j; continue; }
    if (i < 0) i = j;
  }
  return [i < 0 ? waiting : i, false];
}

// ---- checks ----

interface Stats { specials: number; rallies: number; orders: number; pairs: number; covered: number; blocked: number; segments: number; spotTurns: number; bad: string[] }

/** Records a mismatch (an expect per comparison would take minutes). */
function same(st: Stats, what: string, fast: unknown, plain: unknown): void {
  if (fast !== plain && st.bad.length < 10) st.bad.push(`${what}: fast ${String(fast)}, plain ${String(plain)}`);
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
  st.pairs++;
  if (!los) st.blocked++;
  if (cov) st.covered++;
}

/** Every fast answer on the game's current state against the plain one (writes only scratch). */
function checkState(g: NcoGame, st: Stats): void {
  g.move.terrainChanged(); // the router refreshes it before any leg; this game's may not have run yet
  for (let a = 0; a < g.n; a++) {
    if (!g.alive[a]) continue;
    same(st, `nearest ${a}`, nearestEnemy(g, a, false), nearestPlain(g, a, false));
    same(st, `nearest visible ${a}`, nearestEnemy(g, a, true), nearestPlain(g, a, true));
    for (let b = 0; b < g.n; b++) {
      if (b === a) continue;
      checkPair(g, st, a, b);
      checkSegment(g, st, a, b);
    }
  }
  for (let s = 0; s < 2; s++) {
    for (const item of [I_INTEL, I_FIELD_MAP]) same(st, `sergeantWith ${s} ${item}`, sergeantWith(g, s, item), sergeantPlain(g, s, item));
  }
}

/** scriptedDecisions that first checks the fast paths; plays exactly like the shipped ones. */
function checkedDecisions(st: Stats): NcoDecisions {
  let eager: Float64Array | null = null; // spot distances as the eager refresh gave them
  return {
    ...scriptedDecisions,
    turnStarted(g: NcoGame): void {
      if (eager !== null && g.spotSnap === 2) { // last turn filled them lazily: same numbers?
        for (let k = 0; k < g.spotCount; k++) {
          same(st, `spot ${k} side 0`, g.spotEnemyD[k], eager[k]);
          same(st, `spot ${k} side 1`, g.spotEnemyD[160 + k], eager[160 + k]);
        }
        st.spotTurns++;
      }
      scriptedDecisions.turnStarted(g);
      same(st, 'actOrder', Array.from(g.actOrder).join(), actOrderPlain(g).join());
      const keep = g.spotEnemyD.slice();
      refreshSpotDistances(g, g.table.px, g.table.py, g.alive); // the eager refresh, as it was
      eager = g.spotEnemyD.slice();
      g.spotEnemyD.set(keep);
    },
    chooseOrder(g: NcoGame, s: number): void {
      checkState(g, st);
      st.orders++;
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

function play(l: LoadedConfig, games: number, seed: number): Stats {
  const scn = l.scn as unknown as NcoScenario;
  const env = new GameEnv(scn.plan);
  const st: Stats = { specials: 0, rallies: 0, orders: 0, pairs: 0, covered: 0, blocked: 0, segments: 0, spotTurns: 0, bad: [] };
  const g = new NcoGame(scn, checkedDecisions(st), scenarioRules, env);
  prepareGame(g);
  for (let i = 0; i < games; i++) playOne(l.ruleset, g as never, env, seed, i);
  return st;
}

describe('NCO fast paths equal the plain ones (issue 14)', () => {
  it('at every order of whole games (cautious v aggressive: cover spots in use)', () => {
    const st = play(loaded(['cautious', 'aggressive']), 25, 7);
    expect(st.bad).toEqual([]);
    expect(st.orders).toBeGreaterThan(1000);
    expect(st.covered).toBeGreaterThan(100);
    expect(st.blocked).toBeGreaterThan(100);
    expect(st.spotTurns).toBeGreaterThan(20);
    expect(st.rallies).toBeGreaterThan(5);
    expect(st.specials).toBeGreaterThan(500);
  });

  it('at every order of whole games with Intel (airborne v Soviet)', () => {
    const st = play(loaded(['aggressive', 'cautious'], 'basic', ['us-airborne-100', 'soviet-army-100']), 12, 5);
    expect(st.bad).toEqual([]);
    expect(st.orders).toBeGreaterThan(500);
  });

  it('at every order of whole scenario games (S3, S5)', () => {
    for (const s of ['s3-rescue-mission', 's5-search-and-destroy']) {
      const st = play(loaded(['cautious', 'aggressive'], s), 8, 11);
      expect(st.bad).toEqual([]);
      expect(st.orders).toBeGreaterThan(200);
    }
  });

  it('sight, cover and movement cost on random positions over generated maps', () => {
    const l = loaded(['aggressive', 'aggressive']);
    const scn = l.scn as unknown as NcoScenario;
    const env = new GameEnv(scn.plan);
    const g = new NcoGame(scn, scriptedDecisions, scenarioRules, env);
    prepareGame(g);
    const t = g.table;
    let x = 12345;
    const rnd = (): number => ((x = (Math.imul(x, 1103515245) + 12345) >>> 0) / 2 ** 32);
    const st: Stats = { specials: 0, rallies: 0, orders: 0, pairs: 0, covered: 0, blocked: 0, segments: 0, spotTurns: 0, bad: [] };
    for (let game = 0; game < 20; game++) {
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
        // Deployment's touchedAll against touched() for each soldier in turn.
        for (let i = 0; i < g.n; i++) g.touched(i);
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

/** The router with A*'s expand as it was (offer() per node), for the inlined expand. */
class PlainRouter extends Router {
  expandPlain(u: number, run: boolean): void {
    const r = this as unknown as {
      nNodes: number; g: Float64Array; f: Float64Array; hv: Float64Array; state: Uint8Array; nodeMode: Uint8Array;
      prev: Int32Array; lazy: Uint8Array; out: Float64Array; heap: { push(v: number, cap: number): void };
      offer(p: number, v: number, run: boolean): number;
    };
    const n = r.nNodes, G = n + 1, bit = run ? 2 : 1;
    for (let v = 0; v <= G; v++) {
      if (v === n || r.state[v] === 2) continue;
      if (v < n && (r.nodeMode[v] & bit) === 0) continue;
      const kind = r.offer(u, v, run);
      if (kind === 0) continue;
      const ng = r.g[u] + r.out[5];
      if (r.state[v] !== 0 && ng >= r.g[v]) continue;
      r.g[v] = ng;
      r.prev[v] = u;
      r.lazy[v] = kind === 2 ? 1 : 0;
      r.f[v] = v === G ? r.g[v] : r.g[v] + r.hv[v];
      r.state[v] = 1;
      r.heap.push(v, n + 2);
    }
  }
}
(PlainRouter.prototype as unknown as { expand: unknown }).expand = PlainRouter.prototype.expandPlain;

describe('Router: the inlined A* expand finds the same routes (issue 14)', () => {
  it('on random queries over generated NCO maps', () => {
    const l = loaded(['aggressive', 'aggressive']);
    const scn = l.scn as unknown as NcoScenario;
    const env = new GameEnv(scn.plan);
    const g = new NcoGame(scn, scriptedDecisions, scenarioRules, env);
    prepareGame(g);
    const t = g.table;
    const plain = new PlainRouter(t, g.move);
    let x = 777;
    const rnd = (): number => ((x = (Math.imul(x, 1103515245) + 12345) >>> 0) / 2 ** 32);
    const bad: string[] = [];
    let searched = 0;
    for (let game = 0; game < 20; game++) {
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
      }
    }
    expect(bad).toEqual([]);
    expect(searched).toBeGreaterThan(200);
  });
});
