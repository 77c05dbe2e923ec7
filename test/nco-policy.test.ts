import { describe, expect, it } from 'vitest';
import { build, place, rect, SGT, PVT } from './nco-harness.ts';
import { chooseOrder } from '../engine/rulesets/nco/policy.ts';
import { O_COVER_FIRE, O_FIRE } from '../engine/rulesets/nco/state.ts';

// Scripted policy decisions (digest §4, item 6): aimed Fire or Cover Fire.
describe('scripted policy: Fire or Cover Fire', () => {
  // A rifleman 15" from a cluster of enemies standing in a wood (cover, −1).
  const wood = rect(8, 18, 14, 24, { name: 'wood', cover: true });

  it('item 22: Cover Fire at a cluster of enemies still to act, who are in cover', () => {
    const h = build({ a: [SGT, PVT], b: [SGT, PVT, PVT, PVT], terrain: [wood], policies: ['cautious', 'cautious'] });
    const { g, b0 } = h;
    place(g, 1, 11, 6); // the Private, 15" away
    place(g, 0, 30, 2);
    place(g, b0 + 1, 10.5, 21);
    place(g, b0 + 2, 11.5, 21);
    place(g, b0 + 3, 11, 22);
    place(g, b0, 30, 34);
    g.actOrder.set([1, 0, 2, 3, 4, 5]);
    chooseOrder(g, 0);
    expect(g.pick).toBe(1);
    expect(g.pickOrder).toBe(O_COVER_FIRE);
  });

  it('item 23: an aimed Fire at a lone enemy in the open', () => {
    const h = build({ a: [SGT, PVT], b: [SGT, PVT], terrain: [wood], policies: ['cautious', 'cautious'] });
    const { g, b0 } = h;
    place(g, 1, 11, 6);
    place(g, 0, 30, 2);
    place(g, b0 + 1, 20, 16);
    place(g, b0, 30, 34);
    g.actOrder.set([1, 0, 2, 3]);
    chooseOrder(g, 0);
    expect(g.pick).toBe(1);
    expect(g.pickOrder).toBe(O_FIRE);
    expect(g.pickTarget).toBe(b0 + 1);
  });
});
