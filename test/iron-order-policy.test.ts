/**
 * Iron Squad activation order (issue 12; digest section 4 item 4; item 21): the Engineer
 * goes first and the Medic last; with shots_first the units between go in order of the
 * best shot they have from where they stand.
 */
import { describe, expect, it } from 'vitest';
import { build } from './iron-harness.ts';
import { buildOrder } from '../engine/rulesets/iron-squad/policy/scripted.ts';

describe('shots_first', () => {
  // US: a Captain with nobody in range, a Rifleman next to an enemy, an MG two hexes
  // from it, a Medic and an Engineer; roster order captain, rifleman, MG.
  const order = (first: boolean) => {
    const b = build({ policies: [{ id: 'rush', shots_first: first }, 'rush'] });
    const c = b.add(0, 'captain', 0, 0);
    const r = b.add(0, 'rifleman', 5, 2);
    const mg = b.add(0, 'machine-gunner', 8, 2);
    const m = b.add(0, 'medic', 1, 0);
    const e = b.add(0, 'engineer', 2, 0);
    const foe = b.add(1, 'rifleman', 6, 3);
    b.g.hp[foe] = 2;
    buildOrder(b.g, 0);
    return { got: Array.from(b.g.order.subarray(0, b.g.orderLen)), c, r, mg, m, e };
  };
  it('keeps roster order without it and puts the units with shots first with it', () => {
    const off = order(false);
    expect(off.got).toEqual([off.e, off.c, off.r, off.mg, off.m]);
    const on = order(true);
    expect(on.got[0]).toBe(on.e);
    expect(on.got[4]).toBe(on.m);
    expect(on.got.indexOf(on.c)).toBe(3); // no shot: last of the three
    expect(new Set(on.got.slice(1, 3))).toEqual(new Set([on.r, on.mg]));
  });
});
