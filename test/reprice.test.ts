/** `squadsim balance --reprice` (issue 28): fit, reprice, verify on fresh seeds. */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { nextPrice } from '../cli/reprice.ts';
import { cliSandbox } from './cli-harness.ts';

describe('nextPrice', () => {
  it('rounds the suggestion, never below 0, always moves at least one point the called way, and at most doubles or halves', () => {
    expect(nextPrice(10, 18.6, 'under-costed')).toBe(19);
    expect(nextPrice(10, 38.6, 'under-costed')).toBe(20); // doubled at most
    expect(nextPrice(3, 38.6, 'under-costed')).toBe(13); // from under 10: 10 points up at most
    expect(nextPrice(0, 3.2, 'under-costed')).toBe(3);
    expect(nextPrice(10, 10.2, 'under-costed')).toBe(11);
    expect(nextPrice(8, -4.9, 'over-costed')).toBe(4); // halved at most
    expect(nextPrice(75, -16, 'over-costed')).toBe(37);
    expect(nextPrice(1, -4.9, 'over-costed')).toBe(0);
    expect(nextPrice(8, 7.8, 'over-costed')).toBe(7);
    expect(nextPrice(0, -3, 'over-costed')).toBe(0);
  });
});

describe('squadsim balance --reprice (CLI)', () => {
  const { cli, dir } = cliSandbox('squadsim-reprice-');
  // Skill-die's mortar is printed at 10 and worth about 45 to these players: even a small
  // sweep (80 pairs x 2 seats x 6 games a round) states it under-costed at once.
  const small = { ruleset: 'skill-die', pairs: 80, games_per_pair: 6, bootstrap: 60, seed: 5 };

  it('raises the mortar, writes reprice.json and cost-overrides.json, and is deterministic', () => {
    const tmp = dir();
    const sweep = join(tmp, 'sd.json');
    writeFileSync(sweep, JSON.stringify(small));
    const r = cli(['balance', sweep, '--reprice', '--rounds', '2', '--max-changes', '1', '-w', '1', '--out', join(tmp, 'a')], 120_000);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/reprice round 1\/2 .*next: mortar 10 -> \d+/);
    const doc = JSON.parse(readFileSync(join(tmp, 'a', 'reprice.json'), 'utf8'));
    expect(doc.schema).toBe('squadsim.reprice/1');
    expect(doc.rounds[0].changes).toHaveLength(1); // --max-changes 1
    expect(doc.rounds[0].changes[0]).toMatchObject({ id: 'mortar', from: 10 });
    expect(doc.costOverrides.mortar).toBeGreaterThan(12);
    expect(doc.costOverrides.mortar).toBeLessThanOrEqual(20); // at most doubled in a round
    const costs = JSON.parse(readFileSync(join(tmp, 'a', 'cost-overrides.json'), 'utf8'));
    expect(costs).toEqual(doc.costOverrides);
    expect(doc.games).toBe(doc.rounds.length * 2 * 80 * 6);
    // Each round is its own seed, none the sweep's own.
    expect(new Set(doc.rounds.map((x: { seed: number }) => x.seed)).size).toBe(doc.rounds.length);
    // The features at the end carry the price they were played at and the one printed before.
    expect(doc.features.find((f: { id: string }) => f.id === 'mortar')).toMatchObject({ original: 10, printed: doc.costOverrides.mortar });
    expect(r.stdout).toMatch(/mortar\s+10\s+\d+/);
    // Same sweep, other worker count: the same document but for the elapsed time.
    const b = cli(['balance', sweep, '--reprice', '--rounds', '2', '--max-changes', '1', '-w', '0', '--out', join(tmp, 'b')], 120_000);
    expect(b.code).toBe(0);
    const strip = (d: Record<string, unknown>) => ({ ...d, elapsedSeconds: 0 });
    expect(strip(JSON.parse(readFileSync(join(tmp, 'b', 'reprice.json'), 'utf8')))).toEqual(strip(doc));
    // A sweep may name the written costs as its cost_overrides.
    const next = join(tmp, 'a', 'next.json');
    writeFileSync(next, JSON.stringify({ ...small, cost_overrides: 'cost-overrides.json' }));
    const c = cli(['balance', next, '--json', '-w', '1']);
    expect(c.code, c.stderr).toBe(0);
    expect(JSON.parse(c.stdout).features.find((f: { id: string }) => f.id === 'mortar').cost).toBe(doc.costOverrides.mortar);
  });

  it('bad flags exit 2 and write nothing', () => {
    const tmp = dir();
    const sweep = join(tmp, 'sd2.json');
    writeFileSync(sweep, JSON.stringify(small));
    const noReprice = cli(['balance', sweep, '--rounds', '3', '--out', join(tmp, 'x')]);
    expect(noReprice.code).toBe(2);
    expect(noReprice.stderr).toMatch(/--rounds.*only for --reprice/);
    const zero = cli(['balance', sweep, '--reprice', '--rounds', '0', '--out', join(tmp, 'x')]);
    expect(zero.code).toBe(2);
    expect(zero.stderr).toMatch(/rounds/);
    const iron = join(tmp, 'iron.json');
    writeFileSync(iron, JSON.stringify({ ruleset: 'iron-squad', pairs: 10, games_per_pair: 2 }));
    const noPoints = cli(['balance', iron, '--reprice', '--out', join(tmp, 'x')]);
    expect(noPoints.code).toBe(2);
    expect(noPoints.stderr).toMatch(/prints no points/);
    const missing = join(tmp, 'missing.json');
    writeFileSync(missing, JSON.stringify({ ...small, cost_overrides: 'nope.json' }));
    const m = cli(['balance', missing, '--out', join(tmp, 'x')]);
    expect(m.code).toBe(2);
    expect(m.stderr).toContain('cost_overrides');
    expect(existsSync(join(tmp, 'x'))).toBe(false);
  });
});
