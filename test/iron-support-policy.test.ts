/**
 * Iron Squad support moves (issue 12; digest section 4 item 10; item 60): with
 * medic_seeks_wounded a Medic who has not healed this round walks next to the friend
 * missing the most health and heals him; without it he moves by the weights. With
 * retreat_health a badly wounded unit moves out of the enemy's reach.
 */
import { describe, expect, it } from 'vitest';
import { build } from './iron-harness.ts';
import { activate } from '../engine/rulesets/iron-squad/policy/scripted.ts';
import { medicDestination } from '../engine/rulesets/iron-squad/policy/support.ts';
import { exposure, listFoes } from '../engine/rulesets/iron-squad/policy/scoring.ts';

describe('medic_seeks_wounded', () => {
  // A US Medic at (2,1); a US rifleman at 2 H four hexes east, a lightly hurt captain west;
  // the only enemy far to the south-west pulls a Medic who only follows the approach term.
  const scene = (seek: boolean) => {
    const b = build({ policies: [{ id: 'rush', medic_seeks_wounded: seek, objective_weight: 0, vp_weight: 0, attack_weight: 0, exposure_weight: 0, cover_weight: 0, approach_weight: 1, reveals_per_activation: 0 }, 'rush'] });
    const m = b.add(0, 'medic', 2, 1);
    const w = b.add(0, 'rifleman', 6, 1);
    const c = b.add(0, 'captain', 0, 1);
    b.add(1, 'rifleman', 0, 9);
    const g = b.g;
    g.hp[w] = 2;
    g.hp[c] = 4;
    return { g, m, w };
  };
  it('walks next to the neediest friend and heals him; without it the heal goes elsewhere or nowhere', () => {
    const on = scene(true);
    activate(on.g, on.m);
    expect(on.g.board.grid.distance(on.g.hex[on.m], on.g.hex[on.w])).toBeLessThanOrEqual(1);
    expect(on.g.hp[on.w]).toBe(4);
    const off = scene(false);
    activate(off.g, off.m);
    expect(off.g.board.grid.distance(off.g.hex[off.m], off.g.hex[off.w])).toBeGreaterThan(1);
    expect(off.g.hp[off.w]).toBe(2);
  });
  it('has no destination once he has healed this round', () => {
    const { g, m } = scene(true);
    g.medicRound[m] = g.round;
    g.board.path.reach(g.hex[m], 12);
    expect(medicDestination(g, m)).toBe(-1);
  });
});

describe('retreat_health', () => {
  // A US rifleman at 2 H at (5,4), two German riflemen two rows south; only the approach
  // term counts, so without a retreat he walks at them.
  const scene = (limit: number, hp = 2) => {
    const b = build({ policies: [{ id: 'rush', retreat_health: limit, objective_weight: 0, vp_weight: 0, attack_weight: 0, exposure_weight: 0, cover_weight: 0, approach_weight: 1, reveals_per_activation: 0, fire_first: false }, 'rush'] });
    const u = b.add(0, 'rifleman', 5, 4);
    b.add(1, 'rifleman', 5, 6);
    b.add(1, 'rifleman', 6, 6);
    b.g.hp[u] = hp;
    return { g: b.g, u };
  };
  const exposed = (g: ReturnType<typeof scene>['g'], u: number) => { listFoes(g, u); return exposure(g, g.hex[u]); };
  it('a unit at or below the limit ends out of every enemy\'s reach; above it, or with 0, it closes in', () => {
    const back = scene(2);
    activate(back.g, back.u);
    expect(exposed(back.g, back.u)).toBe(0);
    const fresh = scene(2, 3);
    activate(fresh.g, fresh.u);
    expect(exposed(fresh.g, fresh.u)).toBe(2);
    const never = scene(0);
    activate(never.g, never.u);
    expect(exposed(never.g, never.u)).toBe(2);
  });
});
