/**
 * `run` never writes results its readers refuse (issue 35 item 3): a line break in a label
 * the results carry (an NCO roster file's name, a Platoon roster label, a map's name, a
 * policy preset's description) made `report` and `export` exit 2 after `run` exited 0. Now
 * the run refuses it with exit 2 before playing, naming the config field, and writes
 * nothing; the check is the readers' own (sim/result-labels.ts → checkResultsText).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runMain } from './cli-main.ts';
import { ROOT } from './dist-fresh.ts';
import { shippedConfigs } from './shipped-configs.ts';
import { loadConfig } from '../sim/config.ts';
import { RULESET_IDS } from '../engine/rulesets/index.ts';

const tmp = mkdtempSync(join(tmpdir(), 'squadsim-labels-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const json = (p: string): any => JSON.parse(readFileSync(p, 'utf8'));
const cfgDir = (id: string): string => join(ROOT, 'configs', id);

/** Writes `doc` into the temp folder and returns its path. */
function put(name: string, doc: unknown): string {
  const p = join(tmp, name);
  writeFileSync(p, JSON.stringify(doc));
  return p;
}

/** Runs the config, expects exit 2 naming `field` (and a line break in the value), nothing written. */
async function refusedAtRun(config: string, field: string | RegExp): Promise<string> {
  const out = join(tmp, `out-${Math.random().toString(36).slice(2)}`);
  const r = await runMain(['run', config, '--games', '10', '--workers', '0', '--out', out]);
  expect(r.code, r.stderr).toBe(2);
  if (typeof field === 'string') expect(r.stderr).toContain(`${field}: got `);
  else expect(r.stderr).toMatch(field);
  expect(r.stderr).toMatch(/\\n/);
  expect(r.stdout).toBe('');
  expect(existsSync(out)).toBe(false);
  return r.stderr;
}

describe('labels the results carry are checked at run, as their readers check them', () => {
  it('an NCO roster file whose name holds a line break: exit 2 at run naming sides[0].roster.name', async () => {
    const roster = put('roster.json', { ...json(join(cfgDir('nco'), 'rosters', 'us-army-100.json')), name: 'US\nArmy' });
    const c = json(join(cfgDir('nco'), 'default.json'));
    c.sides[0].roster = roster;
    c.sides[1].roster = join(cfgDir('nco'), c.sides[1].roster);
    for (const s of c.sides) if (typeof s.policy === 'string' && s.policy.endsWith('.json')) s.policy = join(cfgDir('nco'), s.policy);
    const err = await refusedAtRun(put('nco.json', c), 'sides[0].roster.name');
    expect(err).toContain('summary.played.sides[0].roster');
  });

  it('a Platoon roster label with a line break: exit 2 at run naming sides[0].roster', async () => {
    const c = json(join(cfgDir('platoon'), 'default.json'));
    c.map = join(cfgDir('platoon'), c.map);
    for (const s of c.sides) s.army = join(cfgDir('platoon'), s.army);
    c.sides[0].roster = 'Line 1\nLine 2';
    const err = await refusedAtRun(put('platoon.json', c), 'sides[0].roster');
    expect(err).toContain('printable text');
  });

  it('a Skill-die map name with a line break (it is shown in what was played): exit 2 naming map.name', async () => {
    const c = json(join(cfgDir('skill-die'), 'default.json'));
    c.map = { name: 'north\nfield', size: [48, 48], terrain: [] };
    await refusedAtRun(put('skill.json', c), 'map.name');
  });

  it('a policy preset description with a line break: exit 2 naming the side\'s policy file', async () => {
    const preset = put('preset.json', { ...json(join(cfgDir('owam'), 'policies', 'default.json')), description: 'tuned\nby hand' });
    const c = json(join(cfgDir('owam'), 'default.json'));
    c.sides[1].policy = preset;
    await refusedAtRun(put('owam.json', c), /sides\[1\]\.policy \(.*preset\.json\): description: got "tuned\\nby hand"/);
  });

  it('every shipped config of every ruleset passes the check', () => {
    for (const id of RULESET_IDS) {
      const files = shippedConfigs(id);
      expect(files.length, id).toBeGreaterThan(0);
      for (const f of files) expect(() => loadConfig(f), f).not.toThrow();
    }
  }, 120_000);
});
