/**
 * Iron Squad scripted policies (issue 12): item 22 lets a unit fire once at any moment of its
 * activation (move, fire, move on). The policies used to fire only before or after moving;
 * fireStop picks the point of the path with the best shot when it beats the end hex's.
 */
import { describe, expect, it } from 'vitest';
import { build } from './iron-harness.ts';
import { fireStop, pickTarget } from '../engine/rulesets/iron-squad/policy/scripted.ts';

describe('item 22: fire mid-move', () => {
  // A rifleman walks east along row 2 from column 0 to column 10; the only enemy stands in
  // row 4, in range of some hexes of the path and not of the end.
  const scene = (enemyCol: number) => {
    const b = build({ policies: ['rush', 'rush'] });
    const u = b.add(0, 'rifleman', 0, 2);
    const e = b.add(1, 'rifleman', enemyCol, 4);
    const g = b.g;
    const len = 10;
    for (let k = 0; k < len; k++) g.path[k] = b.at(k + 1, 2);
    g.foeCount = 1;
    g.foes[0] = e;
    g.foeHex[0] = g.hex[e];
    return { g, u, e, len, at: b.at };
  };
  it('fires from the path hex with the best shot when the end hex has a worse one, and from the end otherwise', () => {
    const { g, u, len } = scene(4);
    const values = Array.from({ length: len + 1 }, (_, k) => { pickTarget(g, u, k === 0 ? g.hex[u] : g.path[k - 1]); return g.val[0]; });
    const best = values.indexOf(Math.max(...values));
    expect(values[len]).toBeLessThan(values[best]); // the end hex (path[len − 1]) is not the best place to shoot
    expect(fireStop(g, u, len)).toBe(best);
    const near = scene(11); // the enemy is nearest the end of the walk: fire there
    expect(fireStop(near.g, near.u, near.len)).toBe(-1);
  });
  it('a whole rush activation with the enemy beside its path fires exactly once and moves', async () => {
    const { activate } = await import('../engine/rulesets/iron-squad/policy/scripted.ts');
    let fired = 0, moved = 0;
    for (let seed = 1; seed <= 20; seed++) {
      const b = build({ policies: [{ id: 'rush', approach_weight: 0, objective_weight: 0, vp_weight: 0, attack_weight: 0.5, cover_weight: 0 }, 'rush'], seed });
      const u = b.add(0, 'rifleman', 0, 2);
      b.add(1, 'rifleman', 4, 4);
      const start = b.g.hex[u];
      activate(b.g, u);
      fired += b.g.fired[u];
      if (b.g.hex[u] !== start) moved++;
    }
    expect(fired).toBe(20);
    expect(moved).toBeGreaterThan(0);
  });
});
