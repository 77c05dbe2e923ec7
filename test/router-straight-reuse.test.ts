/**
 * Issue 14: the start→goal leg worked out once.
 * - When the search pops the goal from the start (its lazy offer at the straight distance),
 *   check() takes the blocked straight leg's result from solve() (out[6]) instead of
 *   evaluating the same segment again (engine/geometry/route-search.ts).
 * - solve() takes the start-goal distance's square root once for the "already there" test,
 *   goalTarget(S) and the segment (engine/geometry/path.ts), and walkPath takes the free
 *   straight line's length from its cost, loading no segment for a leg found free (walk.ts).
 * Against the plain router (router-plain.ts: solvePlain and checkPlain, every checked leg
 * evaluated and every square root taken; movePlain, every leg evaluated): same success, cost
 * (doubles), path points and each leg's free flag, and after a walk the same end point and
 * inches spent; the plain router's own evaluations of the straight leg in the search are
 * counted (all refused).
 */
import { describe, expect, it } from 'vitest';
import { playOne } from '../engine/ruleset.ts';
import { basicMirrorGame as setup, lcg } from './nco-harness.ts';
import { PlainRouter } from './router-plain.ts';
import type { Router } from '../engine/geometry/path.ts';


/** The solved answer as a string of its values: success, cost, points, each leg's free flag. */
function answer(r: Router, ok: boolean): string {
  if (!ok) return 'none';
  const n = r.pathN;
  return [r.out[0], ...r.pathX.subarray(0, n), ...r.pathY.subarray(0, n), ...r.pathFree.subarray(0, n - 1)].join();
}

/** The plain router, counting its evaluations of the start→goal leg inside the search and how many were allowed. */
class CountingPlain extends PlainRouter {
  straight = 0;
  allowed = 0;
  override check(p: number, v: number, run: boolean): void {
    super.check(p, v, run);
    const n = this.nNodes;
    if (p === n && v === n + 1) {
      this.straight++;
      if ((this as unknown as { gCost: Float64Array }).gCost[p] < Infinity) this.allowed++;
    }
  }
}

describe('Router: the blocked straight leg is not evaluated again by the search (issue 14)', () => {
  it('on random queries and walks over generated NCO maps: same costs, paths, free flags and walks', () => {
    const { g, env, ruleset } = setup('cautious');
    const t = g.table;
    const plain = new CountingPlain(t, g.move);
    const rnd = lcg(9191);
    const bad: string[] = [];
    let searched = 0, moves = 0;
    for (let k = 0; k < 24; k++) {
      playOne(ruleset, g as never, env, 3, k);
      for (let q = 0; q < 160; q++) {
        const sx = rnd() * t.width, sy = rnd() * t.height;
        t.setPoint(0, sx, sy);
        t.setPoint(2, sx, sy);
        t.setPoint(1, rnd() * t.width, rnd() * t.height);
        const run = rnd() < 0.5, stop = rnd() < 0.3 ? 2 * rnd() : 0;
        if (q % 4 === 3) { // a walk: the free flags decide which legs walkPath evaluates again
          const budget = 2 + 14 * rnd();
          const spent = g.router.moveToward(0, 1, budget, run, stop);
          const spentP = plain.moveToward(2, 1, budget, run, stop);
          const a = [t.px[0], t.py[0], spent].join(), b = [t.px[2], t.py[2], spentP].join();
          if (a !== b && bad.length < 5) bad.push(`game ${k} move ${q}: ${a} / ${b}`);
          moves++;
        } else {
          g.router.out[4] = stop;
          plain.out[4] = stop;
          const ok = g.router.solve(0, 1, run), okP = plain.solve(0, 1, run);
          const a = answer(g.router, ok), b = answer(plain, okP);
          if (a !== b && bad.length < 5) bad.push(`game ${k} query ${q}: ${a} / ${b}`);
          if (ok && !g.router.freeStraight && g.router.pathN > 1) searched++;
        }
      }
    }
    expect(bad).toEqual([]);
    expect(searched).toBeGreaterThan(1000);
    expect(moves).toBeGreaterThan(500);
    expect(plain.straight).toBeGreaterThan(1000); // the leg the fast router took from solve()
    expect(plain.allowed).toBe(0); // only ever a blocked one: a passable straight leg is known to the search
  });
});
