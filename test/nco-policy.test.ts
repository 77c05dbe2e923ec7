import { describe, expect, it } from 'vitest';
import { build, place, rect, SGT, PVT } from './nco-harness.ts';
import { chooseOrder } from '../engine/rulesets/nco/policy/orders.ts';
import { O_COVER_FIRE, O_FIRE } from '../engine/rulesets/nco/rules/state.ts';

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

// R36: full information: the scripted policy reads the enemy's roster and state (values,
// wounds) when it picks a target; only S4's missions are hidden (guessMission, R32).
describe('R36 full information: target_priority reads the enemy roster and state', () => {
  /** Index of the target (0 = the enemy Private, listed first so he wins ties; 1 = the Sergeant). */
  const pick = (priority: string, hurtSergeant: boolean) => {
    const { g, b0 } = build({ a: [SGT, PVT], b: [PVT, SGT], policies: [{ id: 'cautious', target_priority: priority }, 'cautious'] });
    place(g, 1, 18, 8);
    place(g, 0, 34, 2);
    place(g, b0, 24, 20); // the enemy Private and Sergeant, equally far, both in the open
    place(g, b0 + 1, 12, 20);
    if (hurtSergeant) g.health[b0 + 1] -= 1;
    g.actOrder.set([1, 0, 2, 3]);
    chooseOrder(g, 0);
    expect(g.pick).toBe(1);
    return g.pickTarget - b0;
  };

  it('R36 target_priority valuable reads the enemy Sergeant\'s kill value, weakest his wound', () => {
    expect(pick('nearest', false)).toBe(0); // a tie: the first listed
    expect(pick('weakest', false)).toBe(0);
    expect(pick('valuable', false)).toBe(1);
    expect(pick('weakest', true)).toBe(1);
  });
});
