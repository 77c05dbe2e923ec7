/**
 * Issue 35 item 5: unknown keys in a policy preset file are refused with a did-you-mean like
 * every other unknown key (they were ignored); an unknown-key message stays short however
 * many keys there are (100,000 made ~1 MB); OWAM's squad budget errors name
 * rules.squad_points and what it needs, not fireteams the user never wrote.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { owam } from '../engine/rulesets/owam/index.ts';
import { parseEntrants } from '../cli/entrants.ts';
import { runMain } from './cli-main.ts';
import { configErrorOf } from './config-error.ts';
import { ROOT } from './dist-fresh.ts';

const tmp = mkdtempSync(join(tmpdir(), 'squadsim-keys-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const json = (p: string): any => JSON.parse(readFileSync(p, 'utf8'));
const OWAM = join(ROOT, 'configs', 'owam', 'default.json');
const PRESET = json(join(ROOT, 'configs', 'owam', 'policies', 'default.json'));

function put(name: string, doc: unknown): string {
  const p = join(tmp, name);
  writeFileSync(p, JSON.stringify(doc));
  return p;
}

/** An OWAM config whose side 0 plays the preset file `preset`. */
function withPreset(preset: unknown): string {
  const c = json(OWAM);
  c.sides[0].policy = put(`p${Math.random().toString(36).slice(2)}.json`, preset);
  return put(`c${Math.random().toString(36).slice(2)}.json`, c);
}

async function refused(config: string): Promise<string> {
  const r = await runMain(['run', config, '--games', '10', '--workers', '0']);
  expect(r.code, r.stderr).toBe(2);
  expect(r.stdout).toBe('');
  return r.stderr;
}

describe('policy preset files', () => {
  it('a misspelt field of a preset is refused with exit 2, the file named and the field suggested', async () => {
    const { description, ...rest } = PRESET;
    const err = await refused(withPreset({ ...rest, descripton: description }));
    expect(err).toMatch(/sides\[0\]\.policy \(.*\.json\): got .*has unknown field\(s\) "descripton"; remove or correct them \(did you mean "description" for "descripton"\?\)/);
  });

  it('a misspelt "policy" is not read as the policy itself: did you mean "policy"', async () => {
    const { policy, ...rest } = PRESET;
    const err = await refused(withPreset({ ...rest, polcy: policy }));
    expect(err).toContain('did you mean "policy" for "polcy"?');
  });

  it('a preset without its policy, or with a description that is not text, is refused', async () => {
    const { policy: _p, ...rest } = PRESET;
    expect(await refused(withPreset(rest))).toMatch(/sides\[0\]\.policy \(.*\): policy: is missing; expected the preset's policy/);
    expect(await refused(withPreset({ ...PRESET, description: 3 }))).toMatch(/\): description: got 3; expected a string/);
  });

  it('the shipped presets, what tune writes and a bare policy object still load', async () => {
    expect((await runMain(['run', withPreset(PRESET), '--games', '10', '--workers', '0'])).code).toBe(0);
    expect((await runMain(['run', withPreset({ id: 'cautious', dig_in: true }), '--games', '10', '--workers', '0'])).code).toBe(0);
  });

  it('tournament and tune entrants read preset files the same way', () => {
    const file = put('entrant.json', { ...PRESET, made_bye: {} });
    expect(configErrorOf(() => parseEntrants(`aggressive,${file}`, '--entrants')).message).toMatch(/--entrants\[1\] \(.*entrant\.json\): .*unknown field\(s\) "made_bye".*did you mean "made_by"/);
    expect(parseEntrants(put('ok.json', PRESET), '--entrants')[0].policy).toEqual(PRESET.policy);
  });
});

describe('unknown-key messages are capped', () => {
  it('100,000 unknown rules keys: the first 5 are listed, then "and 99995 more" (the message was ~1 MB)', async () => {
    const c = json(OWAM);
    c.rules = Object.fromEntries(Array.from({ length: 100_000 }, (_, i) => [`k${i}`, 1]));
    const err = await refused(put('many.json', c));
    expect(err).toContain('rules: got {"k0":1');
    expect(err).toContain('has unknown field(s) "k0", "k1", "k2", "k3", "k4" and 99995 more; remove or correct them');
    expect(err.length).toBeLessThan(2000);
  });

  it('a few unknown keys are all listed, with their hints', async () => {
    const c = json(OWAM);
    c.rules = { hand_sise: 6, levl: 'colonel' };
    const err = await refused(put('few.json', c));
    expect(err).toContain('has unknown field(s) "hand_sise", "levl"; remove or correct them (did you mean "hand_size" for "hand_sise"? did you mean "level" for "levl"?)');
  });
});

describe('OWAM squad budget errors name rules.squad_points', () => {
  const base = json(OWAM);
  const teams = json(join(ROOT, 'configs', 'owam', 'missions', 'teams.json'));
  const msg = (c: unknown): string => configErrorOf(() => owam.compile(c)).message;

  it('squad_points 5 with squads the policy builds: names squad_points and the least that works', () => {
    expect(msg({ ...base, rules: { squad_points: 5 } })).toBe("rules.squad_points: got 5; is too few for side 0's squad: each FT needs a Leader, a rank above Private (items 17, 19); allowed: at least 7 for side 0's squad, which the policy builds in card order (up to 200), or give sides[0].fireteams");
  });

  it('a two-player side whose budget buys one FT: names squad_points, not players', () => {
    const sides = teams.sides.map(({ fireteams: _f, ...s }: Record<string, unknown>) => s);
    expect(msg({ ...teams, sides, rules: { squad_points: 12 } })).toMatch(/^rules\.squad_points: got 12; is too few for side 0's squad: two FTs, one per player \(item 26\).*allowed: at least 18 /);
  });

  it('given fireteams over the user\'s squad_points: names squad_points and the cost it needs', () => {
    expect(msg({ ...teams, rules: { squad_points: 20 } })).toMatch(/^rules\.squad_points: got 20; is less than side 0's squad costs: sides\[0\]\.fireteams cost \d+ squad points \(item 17\); allowed: at least \d+/);
  });
});
