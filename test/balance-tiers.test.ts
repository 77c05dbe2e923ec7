/** Balance across player tiers (issue 28): the same sweep under each pair of players, verdicts labelled by agreement. */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { combineTiers } from '../analysis/tiers.ts';
import type { BalanceDoc } from '../analysis/balance.ts';
import { loadSweepObject } from '../sim/sweep.ts';
import { configErrorOf } from './config-error.ts';
import { cliSandbox } from './cli-harness.ts';
import { ROOT } from './dist-fresh.ts';

const doc = (verdicts: Record<string, string>): BalanceDoc =>
  ({ features: Object.entries(verdicts).map(([id, verdict]) => ({ id, label: id, cost: 10, fairCost: verdict === 'over-costed' ? 5 : verdict === 'under-costed' ? 20 : 10, verdict })) }) as unknown as BalanceDoc;

describe('combineTiers', () => {
  it('a call every tier states holds; stated for some is the players; opposite calls are contradicted', () => {
    const t = combineTiers(['scripted', 'tuned'], [
      doc({ a: 'over-costed', b: 'over-costed', c: 'ok', d: 'under-costed', e: 'unsettled' }),
      doc({ a: 'over-costed', b: 'unsettled', c: 'ok', d: 'over-costed', e: 'ok' }),
    ]);
    expect(Object.fromEntries(t.features.map((f) => [f.id, f.agreement]))).toEqual({
      a: 'holds for every tier', b: 'depends on the players', c: 'ok for every tier', d: 'contradicted', e: 'ok for every tier',
    });
    expect(t.robust).toEqual([{ id: 'a', flag: 'over-costed', printed: 10, fair: [5, 5] }]);
  });
});

describe('tiers in a sweep file', () => {
  const base = { ruleset: 'nco', pairs: 20, games_per_pair: 2, features: ['types'] };
  it('bad tiers name the field', () => {
    expect(configErrorOf(() => loadSweepObject({ ...base, tiers: [{ name: 'a', policies: ['aggressive', 'aggressive'] }] }, ROOT))?.path).toBe('tiers');
    expect(configErrorOf(() => loadSweepObject({ ...base, tiers: [{ name: 'a', policies: ['aggressive', 'aggressive'] }, { name: 'a', policies: ['cautious', 'cautious'] }] }, ROOT))?.path).toBe('tiers[1].name');
    expect(configErrorOf(() => loadSweepObject({ ...base, policies: ['aggressive', 'aggressive'], tiers: [{ name: 'a', policies: ['aggressive', 'aggressive'] }, { name: 'b', policies: ['cautious', 'cautious'] }] }, ROOT))?.path).toBe('policies');
    expect(configErrorOf(() => loadSweepObject({ ...base, tiers: [{ name: 'a', policies: ['aggressive', 'aggressive'] }, { name: 'b', policies: ['cautious', 'no-such-player'] }] }, ROOT))?.path).toMatch(/^tiers\[1\]\.policies\[1\]/);
  });

  const { cli, dir } = cliSandbox('squadsim-tiers-');
  it('fits each tier on the same rosters and labels every verdict', () => {
    const tmp = dir();
    const sweep = join(tmp, 'tiers.json');
    writeFileSync(sweep, JSON.stringify({ ...base, pairs: 40, games_per_pair: 3, bootstrap: 20, tiers: [{ name: 'aggressive', policies: ['aggressive', 'aggressive'] }, { name: 'cautious', policies: ['cautious', 'cautious'] }] }));
    const r = cli(['balance', sweep, '-w', '1', '--out', join(tmp, 'o')], 120_000);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/across 2 player tiers \(aggressive, cautious\)/);
    const d = JSON.parse(readFileSync(join(tmp, 'o', 'balance.json'), 'utf8'));
    expect(d.tiers.names).toEqual(['aggressive', 'cautious']);
    expect(d.tiers.fits).toHaveLength(2);
    expect(d.games).toBe(2 * 40 * 3); // the top-level fit is the first tier's
    // Same rosters under both tiers: every feature's mean count per roster is the same.
    expect(d.tiers.fits[1].features.map((f: { meanCount: number }) => f.meanCount)).toEqual(d.tiers.fits[0].features.map((f: { meanCount: number }) => f.meanCount));
    // Different players: the fits differ.
    expect(d.tiers.fits[1].fit.lambda).not.toBe(d.tiers.fits[0].fit.lambda);
    for (const f of d.tiers.features) expect(f.verdicts).toHaveLength(2);
    const noReprice = cli(['balance', sweep, '--reprice', '--out', join(tmp, 'x')]);
    expect(noReprice.code).toBe(2);
    expect(noReprice.stderr).toMatch(/tiers.*not for --reprice/);
  });
});
