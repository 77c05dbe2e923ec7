/**
 * Issue 14, continued from nco-perf-equivalence.test.ts: two shortcuts that skip work whose
 * answer is already known, each against the plain code or its premise.
 * - fireAt passes the cover its reactive-Down offer worked out on to the shot: an offer
 *   must leave every position, life and the terrain as it found them.
 * - walkPath does not evaluate a leg the router's check found free (Router.pathFree: the
 *   free straight line, or legs of a searched path): the same moves as the plain move(),
 *   which always evaluates.
 */
import { describe, expect, it } from 'vitest';
import { playOne } from '../engine/ruleset.ts';
import { offerReactiveDown, targetInCover } from '../engine/rulesets/nco/rules/shooting.ts';
import { O_NONE } from '../engine/rulesets/nco/rules/state.ts';
import { basicMirrorGame as setup, lcg } from './nco-harness.ts';
import { PlainRouter } from './nco-perf-plain.ts';


describe('fireAt reuses the cover its reactive-Down offer worked out (issue 14)', () => {
  it('an offer leaves every position, life and the terrain as it found them, so cover is unchanged', () => {
    const { g, env, ruleset } = setup('cautious');
    const t = g.table;
    const rnd = lcg(99);
    const bad: string[] = [];
    let downs = 0, covered = 0, offers = 0;
    for (let k = 0; k < 20; k++) {
      playOne(ruleset, g as never, env, 13, k); // leaves that game's generated map
      for (let q = 0; q < 100; q++) {
        for (let i = 0; i < g.n; i++) {
          t.setPoint(i, rnd() * t.width, rnd() * t.height);
          g.alive[i] = rnd() < 0.85 ? 1 : 0;
          g.order[i] = O_NONE;
          g.down[i] = 0;
        }
        g.recountAlive();
        g.touchedAll();
        const a = Math.floor(rnd() * g.split), b = g.split + Math.floor(rnd() * (g.n - g.split));
        const [shooter, target] = rnd() < 0.5 ? [a, b] : [b, a];
        if (!g.alive[shooter] || !g.alive[target] || g.primary[shooter] === 0) continue;
        const before = [targetInCover(g, shooter, target), t.px.join(), t.py.join(), g.alive.join(), t.version].join('|');
        offerReactiveDown(g, shooter, target, g.primary[shooter], 0, false);
        offers++;
        if (g.down[target] === 1) downs++;
        g.vis.fill(-1);
        const cover = targetInCover(g, shooter, target);
        if (cover) covered++;
        const after = [cover, t.px.join(), t.py.join(), g.alive.join(), t.version].join('|');
        if (before !== after && bad.length < 5) bad.push(`game ${k} offer ${q}: ${shooter} at ${target}`);
      }
    }
    expect(bad).toEqual([]);
    expect(offers).toBeGreaterThan(500);
    expect(downs).toBeGreaterThan(50);
    expect(covered).toBeGreaterThan(50);
  });
});

describe('Router: a move along the free straight line, or a searched path with legs found free, walks as before (issue 14)', () => {
  it('on random moves over generated NCO maps: same end point and inches spent', () => {
    const { g, env, ruleset } = setup('aggressive');
    const t = g.table;
    const plain = new PlainRouter(t, g.move);
    const rnd = lcg(4242);
    const bad: string[] = [];
    let free = 0, costly = 0, freeLegs = 0;
    for (let k = 0; k < 20; k++) {
      playOne(ruleset, g as never, env, 9, k);
      for (let q = 0; q < 200; q++) {
        // Slot 0 moves with the router, slot 2 (the same start) with the plain one, toward slot 1.
        const sx = rnd() * t.width, sy = rnd() * t.height;
        t.setPoint(0, sx, sy);
        t.setPoint(2, sx, sy);
        t.setPoint(1, sx + (rnd() - 0.5) * 24, sy + (rnd() - 0.5) * 24);
        const run = rnd() < 0.5, stop = rnd() < 0.3 ? 2 * rnd() : 0, budget = 1 + 12 * rnd();
        const spent = g.router.moveToward(0, 1, budget, run, stop);
        if (g.router.freeStraight) free++;
        else costly++;
        for (let i = 0; i + 1 < g.router.pathN; i++) if (!g.router.freeStraight && g.router.pathN > 2 && g.router.pathFree[i] === 1) freeLegs++;
        const spentP = plain.moveToward(2, 1, budget, run, stop);
        const a = [t.px[0], t.py[0], spent].join(), b = [t.px[2], t.py[2], spentP].join();
        if (a !== b && bad.length < 5) bad.push(`game ${k} move ${q}: ${a} / ${b}`);
      }
    }
    expect(bad).toEqual([]);
    expect(free).toBeGreaterThan(500);
    expect(costly).toBeGreaterThan(100);
    expect(freeLegs).toBeGreaterThan(100); // legs of searched paths the walk did not evaluate again
  });
});
