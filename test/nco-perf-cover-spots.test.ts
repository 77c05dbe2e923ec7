/**
 * Issue 14: bestCoverSpot visits only the spots within reach in y (SpotCache.ord, the spots
 * in y order, rebuilt by spotsChanged with the spots) and keeps its three best by (score,
 * index) compared in full, since it no longer meets them in index order. Its choice must be
 * coverSpotPlain's (test/nco-perf-plain.ts: full rescans in index order) also when scores
 * tie exactly: here spots, soldiers and enemies stand on a whole-inch grid, so many spots
 * score the same double, and friends hold some of the best spots (the second and third
 * tries). The y order is also checked against a sort of the spots.
 * computeCoverSpots lists the pieces no walking soldier stands on once per map, not per spot:
 * its spots (values) must be the per-spot scan's (coverSpotsPlain below, the code before).
 */
import { describe, expect, it } from 'vitest';
import { GameEnv } from '../engine/env.ts';
import { W_PISTOL } from '../engine/rulesets/nco/data/weapons.ts';
import { scriptedDecisions } from '../engine/rulesets/nco/policy/decisions.ts';
import { bestCoverSpot, snapSpotDistances } from '../engine/rulesets/nco/policy/cover.ts';
import { computeCoverSpots } from '../engine/rulesets/nco/rules/cover-spots.ts';
import { COVER, IMPASSABLE, OBSCURING } from '../engine/geometry/flags.ts';
import { playOne } from '../engine/ruleset.ts';
import { prepareGame } from '../engine/rulesets/nco/rules/setup.ts';
import { NcoGame } from '../engine/rulesets/nco/rules/state.ts';
import { scenarioRules } from '../engine/rulesets/nco/scenarios/hooks.ts';
import type { NcoScenario } from '../engine/rulesets/nco/compiled.ts';
import { loadConfigObject } from '../sim/config.ts';
import { dirname, resolve } from 'node:path';
import { coverSpotPlain, spotDistancesPlain } from './nco-perf-plain.ts';

const ROOT = resolve(dirname(new URL(import.meta.url).pathname), '..');

/** computeCoverSpots as it stood: every piece's flags and height looked at for every spot. */
function coverSpotsPlain(g: NcoGame): { x: number[]; y: number[]; before: number } {
  const t = g.table, cap = g.spotX.length, off = g.r + 0.1;
  let X: number[] = [], Y: number[] = [];
  for (let p = 0; p < t.polygonCount && X.length < cap; p++) {
    const f = t.pFlags[p], s = t.pStart[p], c = t.pCount[p];
    if ((f & COVER) !== 0 && (f & IMPASSABLE) === 0 && (f & OBSCURING) === 0) {
      let cx = 0, cy = 0;
      for (let k = 0; k < c; k++) { cx += t.vx[s + k]; cy += t.vy[s + k]; }
      X.push(cx / c);
      Y.push(cy / c);
    } else if ((f & OBSCURING) !== 0) {
      let cx = 0, cy = 0;
      for (let k = 0; k < c; k++) { cx += t.vx[s + k]; cy += t.vy[s + k]; }
      cx /= c; cy /= c;
      for (let k = 0; k < c && X.length < cap; k++) {
        const k2 = k + 1 === c ? 0 : k + 1;
        const mx = (t.vx[s + k] + t.vx[s + k2]) / 2, my = (t.vy[s + k] + t.vy[s + k2]) / 2;
        const dx = mx - cx, dy = my - cy;
        const d = Math.sqrt(dx * dx + dy * dy) + 1e-12;
        X.push(mx + (dx / d) * off);
        Y.push(my + (dy / d) * off);
      }
    }
  }
  const r = g.r, w = t.width - r, h = t.height - r;
  X = X.map((v) => (v < r ? r : v > w ? w : v));
  Y = Y.map((v) => (v < r ? r : v > h ? h : v));
  const x: number[] = [], y: number[] = [];
  for (let k = 0; k < X.length; k++) {
    t.q[0] = X[k];
    t.q[1] = Y[k];
    let ok = true;
    for (let p = 0; p < t.polygonCount && ok; p++) {
      if ((t.pFlags[p] & IMPASSABLE) === 0 && t.pHeight[p] <= g.move.waistHeight) continue;
      if (t.insideQ(p)) ok = false;
    }
    if (ok) { x.push(X[k]); y.push(Y[k]); }
  }
  return { x, y, before: X.length };
}

function loaded() {
  const raw = {
    ruleset: 'nco', scenario: 'basic', map: { generate: { mirrored: true } }, rules: {},
    sides: [
      { name: 'A', roster: 'rosters/us-army-100.json', policy: 'cautious' },
      { name: 'B', roster: 'rosters/german-heer-100.json', policy: 'aggressive' },
    ],
  };
  return loadConfigObject(raw, resolve(ROOT, 'configs/nco'));
}

function game(): NcoGame {
  const scn = loaded().scn as unknown as NcoScenario;
  const g = new NcoGame(scn, scriptedDecisions, scenarioRules, new GameEnv(scn.plan));
  prepareGame(g);
  return g;
}

describe('computeCoverSpots (issue 14)', () => {
  it('gives the spots of the per-spot scan on generated maps', () => {
    const l = loaded();
    const scn = l.scn as unknown as NcoScenario;
    const env = new GameEnv(scn.plan);
    const g = new NcoGame(scn, scriptedDecisions, scenarioRules, env);
    prepareGame(g);
    const bad: string[] = [];
    let dropped = 0, spots = 0;
    for (let i = 0; i < 300; i++) {
      playOne(l.ruleset, g as never, env, 13, i); // leaves that game's generated map
      computeCoverSpots(g);
      const plain = coverSpotsPlain(g);
      const fast = { x: Array.from(g.spotX.subarray(0, g.spotCount)), y: Array.from(g.spotY.subarray(0, g.spotCount)) };
      if (fast.x.join() !== plain.x.join() || fast.y.join() !== plain.y.join()) bad.push(`map ${i}`);
      spots += plain.x.length;
      dropped += plain.before - plain.x.length;
    }
    expect(bad).toEqual([]);
    expect(spots).toBeGreaterThan(3000);
    expect(dropped).toBeGreaterThan(50); // spots inside impassable or tall pieces: the drop has work
  });
});

describe('bestCoverSpot over the spots in y order (issue 14)', () => {
  it('chooses as the rescans in index order, with exact ties and held spots', () => {
    const g = game();
    const t = g.table;
    let x = 99;
    const rnd = (): number => ((x = (Math.imul(x, 1103515245) + 12345) >>> 0) / 2 ** 32);
    const grid = (): number => Math.floor(rnd() * 37); // whole inches on the 36" table
    const bad: string[] = [];
    let picks = 0, retried = 0, found = 0, tied = 0;
    for (let round = 0; round < 400; round++) {
      // Odd rounds: a pattern symmetric under quarter turns about the centre C, so spots at
      // other heights tie exactly for the soldiers of side 0, who all stand at C: the spots
      // in orbits of four, side 1 (the enemies) in orbits of four (the rest at C or dead).
      const sym = round % 2 === 1, C = 18;
      let m = 0;
      if (sym) {
        const orbits = 1 + Math.floor(rnd() * 12);
        for (let o = 0; o < orbits; o++) {
          const a = Math.floor(rnd() * 19) - 9, b = Math.floor(rnd() * 19) - 9;
          for (const [u, v] of [[a, b], [-b, a], [-a, -b], [b, -a]]) { g.spotX[m] = C + u; g.spotY[m] = C + v; m++; }
        }
        for (let k = m - 1; k > 0; k--) { // shuffled, so index order is not orbit order
          const j = Math.floor(rnd() * (k + 1));
          [g.spotX[k], g.spotX[j]] = [g.spotX[j], g.spotX[k]];
          [g.spotY[k], g.spotY[j]] = [g.spotY[j], g.spotY[k]];
        }
      } else {
        m = 1 + Math.floor(rnd() * 60);
        for (let k = 0; k < m; k++) {
          g.spotX[k] = grid();
          g.spotY[k] = grid();
        }
      }
      g.spotCount = m;
      g.spotCache.spotsChanged(g.spotY, m);
      const order = Array.from({ length: m }, (_, k) => k).sort((a, b) => g.spotY[a] - g.spotY[b] || a - b);
      if (Array.from(g.spotCache.ord.subarray(0, m)).join() !== order.join()) bad.push(`round ${round}: y order`);
      if (sym) {
        for (let i = 0; i < g.split; i++) { t.setPoint(i, C, C); g.alive[i] = 1; }
        for (let i = g.split; i < g.n; i += 4) {
          const a = Math.floor(rnd() * 37) - 18, b = Math.floor(rnd() * 37) - 18;
          const q = [[a, b], [-b, a], [-a, -b], [b, -a]];
          const whole = i + 4 <= g.n;
          for (let r = 0; r < 4 && i + r < g.n; r++) {
            t.setPoint(i + r, whole ? C + q[r][0] : C, whole ? C + q[r][1] : C);
            g.alive[i + r] = whole || rnd() < 0.5 ? 1 : 0;
          }
        }
      } else {
        for (let i = 0; i < g.n; i++) {
          // Some soldiers stand on a spot (a friend holding it for the others), the rest anywhere.
          const k = Math.floor(rnd() * m);
          if (rnd() < 0.4) t.setPoint(i, g.spotX[k], g.spotY[k]);
          else t.setPoint(i, grid(), grid());
          g.alive[i] = rnd() < 0.85 ? 1 : 0;
        }
      }
      snapSpotDistances(g);
      const dist = spotDistancesPlain(g, t.px, t.py, g.alive);
      for (let i = 0; i < g.n; i++) {
        if (!g.alive[i]) continue;
        const w = g.primary[i];
        const want = g.scn.weapons.range[w === 0 ? W_PISTOL : w] * (1 - 0.6 * g.scn.policies[g.side[i]].aggression);
        for (const budget of [1, 3, 5, 12]) {
          const slot = bestCoverSpot(g, i, budget);
          const plain = coverSpotPlain(g, i, budget, want, dist);
          const fast = slot < 0 ? 'none' : `${t.px[slot]},${t.py[slot]}`;
          const expect_ = plain.best < 0 ? 'none' : `${g.spotX[plain.best]},${g.spotY[plain.best]}`;
          if (fast !== expect_ && bad.length < 10) bad.push(`round ${round} soldier ${i} budget ${budget}: ${fast} / ${expect_}`);
          picks++;
          if (plain.retried) retried++;
          if (plain.best >= 0) {
            found++;
            // Another spot at another place with the very same score: the index decides.
            const sb = Math.abs(dist[2 * plain.best + g.side[i]] - want) + 0.3 * Math.hypot(g.spotX[plain.best] - t.px[i], g.spotY[plain.best] - t.py[i]);
            for (let k = 0; k < m; k++) {
              if (g.spotX[k] === g.spotX[plain.best] && g.spotY[k] === g.spotY[plain.best]) continue;
              const sk = Math.abs(dist[2 * k + g.side[i]] - want) + 0.3 * Math.hypot(g.spotX[k] - t.px[i], g.spotY[k] - t.py[i]);
              if (sk === sb) { tied++; break; }
            }
          }
        }
      }
    }
    expect(bad).toEqual([]);
    expect(picks).toBeGreaterThan(20000);
    expect(found).toBeGreaterThan(10000);
    expect(retried).toBeGreaterThan(500);
    expect(tied).toBeGreaterThan(200);
  });
});
