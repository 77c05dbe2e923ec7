/**
 * Misspelt names get the likely intent in the error (issue 13): flags, choices, config
 * fields, files. Still exit 2, and the message still names the field, value and what is
 * allowed; the hint is only added when one candidate is close.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../engine/errors.ts';
import { closest, editDistance } from '../engine/suggest.ts';
import { runMain } from './cli-main.ts';
import { ROOT } from './dist-fresh.ts';

describe('closest', () => {
  it('edit distance counts insertions, deletions, substitutions and adjacent swaps', () => {
    expect(editDistance('rifle', 'rilfe')).toBe(1); // swap
    expect(editDistance('games', 'gmes')).toBe(1); // deletion
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
  });

  it('suggests only a close candidate, ignoring case and _/- differences', () => {
    expect(closest('rilfe', ['rifle', 'smg', 'lmg'])).toBe('rifle');
    expect(closest('Veteran_Corporal', ['veteran-corporal', 'corporal'])).toBe('veteran-corporal');
    expect(closest('xyz', ['rifle', 'smg'])).toBeUndefined();
    expect(closest('smg', ['rifle', 'smg'])).toBeUndefined(); // already valid
    expect(closest('he', ['hq', 'lmg'])).toBe('hq'); // one edit is allowed for short words
    expect(closest('ab', ['xy'])).toBeUndefined();
  });

  it('ConfigError adds the hint to an "expected one of" message, and only there', () => {
    expect(new ConfigError('--weapon', 'rilfe', 'expected one of "rifle", "smg"').message).toBe('--weapon: got "rilfe"; expected one of "rifle", "smg" (did you mean "rifle"?)');
    expect(new ConfigError('--weapon', 'bazooka', 'expected one of "rifle", "smg"').message).toBe('--weapon: got "bazooka"; expected one of "rifle", "smg"');
    expect(new ConfigError('games', 5, 'expected one of "5"').message).not.toContain('did you mean');
  });
});

describe('did you mean, through the CLI (exit 2)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'squadsim-dym-'));
  const config = (policy: unknown): string => {
    const p = join(dir, `c${Math.random().toString(36).slice(2)}.json`);
    const rosters = join(ROOT, 'configs', 'nco', 'rosters');
    writeFileSync(p, JSON.stringify({
      ruleset: 'nco',
      sides: [
        { name: 'A', roster: join(rosters, 'us-army-100.json'), policy },
        { name: 'B', roster: join(rosters, 'german-heer-100.json'), policy: 'cautious' },
      ],
    }));
    return p;
  };

  it('a misspelt flag', async () => {
    const r = await runMain(['run', '--gmes', '10']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('Unknown argument: gmes (did you mean --games for --gmes?)');
  });

  it('a misspelt command', async () => {
    const r = await runMain(['tournamnet']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('Did you mean tournament?');
  });

  it('a misspelt choice', async () => {
    const r = await runMain(['odds', 'nco', '--weapon', 'rilfe']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--weapon: got "rilfe"; expected one of');
    expect(r.stderr).toContain('(did you mean "rifle"?)');
  });

  it('a misspelt policy preset', async () => {
    const r = await runMain(['run', config('agressive'), '--games', '10']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/sides\[0\]\.policy.*got "agressive".*\(did you mean "aggressive"\?\)/);
  });

  it('a misspelt config field', async () => {
    const r = await runMain(['run', config({ id: "aggressive", agression: 0.3 }), '--games', '10']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/sides\[0\]\.policy.*unknown field\(s\) "agression".*did you mean "aggression" for "agression"\?/);
  });

  it('a misspelt file name', async () => {
    const r = await runMain(['run', join(ROOT, 'configs', 'nco', 'defualt.json'), '--games', '10']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`(did you mean ${join(ROOT, 'configs', 'nco', 'default.json')}?)`);
  });
});
