import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfigObject } from '../sim/config.ts';
import { runSimulation } from '../sim/run.ts';

// Done-when of the foundation issue: with the same roster and policy on both sides and
// generated mirrored maps, the two win rates agree within their intervals. The engine
// has no side-0 advantage to hide behind: roll-off, first die and edges are all random.
const CONFIGS = join(import.meta.dirname, '..', 'configs', 'nco');

function mirror(policyA: string, policyB: string) {
  return loadConfigObject({
    ruleset: 'nco', scenario: 'basic', map: { generate: { mirrored: true } },
    sides: [
      { name: 'A', roster: 'rosters/mirror-test.json', policy: policyA },
      { name: 'B', roster: 'rosters/mirror-test.json', policy: policyB },
    ],
  }, CONFIGS);
}

const overlap = (a: number[], b: number[]) => a[0] <= b[1] && b[0] <= a[1];

describe('mirror matches', () => {
  for (const policy of ['aggressive', 'cautious', 'random']) {
    it(`same roster and ${policy} policy on both sides: win-rate intervals overlap`, async () => {
      const { summary } = await runSimulation({ config: mirror(policy, policy), games: 3000, seed: 11, workers: 0 });
      const [a, b] = summary.sides;
      expect(overlap(a.winRateInterval, b.winRateInterval)).toBe(true);
    }, 120_000);
  }

  it('the same check has power: aggressive against cautious does not overlap', async () => {
    const { summary } = await runSimulation({ config: mirror('aggressive', 'cautious'), games: 3000, seed: 11, workers: 0 });
    const [a, b] = summary.sides;
    expect(overlap(a.winRateInterval, b.winRateInterval)).toBe(false);
  }, 120_000);
});
