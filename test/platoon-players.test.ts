/**
 * Platoon's scripted player (issue 29): blunders of the tuned preset, each on a constructed
 * position. The tuned preset (configs/platoon/policies/default.json) has react_down_loss 0.
 */
import { describe, expect, it } from 'vitest';
import { scriptedReactToShot } from '../engine/rulesets/platoon/policy/scripted.ts';
import { makeGame, put, SECTION } from './platoon-harness.ts';

const TUNED = { id: 'aggressive', react_down_loss: 0 };

describe('platoon scripted player: reactions (R7)', () => {
  it('a vehicle shot at never reacts Down (Down gives vehicles no −2 to be hit, item 27), infantry at threshold 0 does', () => {
    const g = makeGame({ a: [{ unit: 'light-at-gun' }, SECTION], b: [{ unit: 'light-tank' }, SECTION], policies: [TUNED, TUNED] });
    put(g, 0, 30, 10); put(g, 1, 40, 10);
    put(g, 2, 30, 30, 0, -1); put(g, 3, 40, 30, 0, -1);
    expect(scriptedReactToShot(g, 2, 0)).toBe(false); // tank shot at by an AT gun at 20"
    expect(scriptedReactToShot(g, 3, 1)).toBe(true); // infantry section shot at by a section
  });
});
